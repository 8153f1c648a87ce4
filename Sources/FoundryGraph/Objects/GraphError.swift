/// What went wrong in a schema, a graph or an object: a schema that cannot work (a dangling
/// inverse, an unknown destination), an unknown property, a value of the wrong type, a delete
/// the rules deny, a required value missing at validation.
///
/// One error type for the module, told apart by ``code`` (as GRDB's `DatabaseError` is by its
/// result code); ``SchemaError`` is the same type, named for the schema checks.
///
/// ```swift
/// do { try author.setValue(.string("x"), forKey: "age") }
/// catch let error as GraphError { print(error) }
/// // error: Author.age: expected Integer 16, found "x"
/// ```
public struct GraphError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong: `error.code == .typeMismatch`.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name: `GraphError.Code.typeMismatch.description == "typeMismatch"`.
    public let description: String

    // MARK: - Schemas

    public static let duplicateEntity = Code(description: "duplicateEntity")
    public static let duplicateProperty = Code(description: "duplicateProperty")
    public static let unknownParent = Code(description: "unknownParent")
    public static let inheritanceCycle = Code(description: "inheritanceCycle")
    public static let unknownDestination = Code(description: "unknownDestination")
    public static let unknownInverse = Code(description: "unknownInverse")
    public static let inverseMismatch = Code(description: "inverseMismatch")
    public static let unknownIdentityAttribute = Code(description: "unknownIdentityAttribute")
    public static let invalidIdentityAttribute = Code(description: "invalidIdentityAttribute")
    public static let invalidCount = Code(description: "invalidCount")
    public static let invalidKeyedBy = Code(description: "invalidKeyedBy")
    public static let invalidDefault = Code(description: "invalidDefault")

    // MARK: - Graphs and objects

    public static let unknownEntity = Code(description: "unknownEntity")
    public static let unknownAttribute = Code(description: "unknownAttribute")
    public static let unknownRelationship = Code(description: "unknownRelationship")
    public static let typeMismatch = Code(description: "typeMismatch")
    public static let wrongDestination = Code(description: "wrongDestination")
    public static let abstractEntity = Code(description: "abstractEntity")
    public static let deleteDenied = Code(description: "deleteDenied")
    public static let deletedObject = Code(description: "deletedObject")
    public static let otherGraph = Code(description: "otherGraph")
    public static let missingValue = Code(description: "missingValue")
    public static let countOutOfRange = Code(description: "countOutOfRange")
    public static let unboundTransformer = Code(description: "unboundTransformer")
    public static let unboundEntityMapper = Code(description: "unboundEntityMapper")
    public static let nestingTooDeep = Code(description: "nestingTooDeep")
    /// A value breaks its attribute's rules (range, length, pattern).
    public static let invalidValue = Code(description: "invalidValue")
    /// The graph's store could not load an object or relationship.
    public static let loadFailed = Code(description: "loadFailed")
  }

  /// What went wrong.
  public let code: Code
  /// `Entity` or `Entity.property`, or an object such as `Author #2`.
  public let location: String
  /// The explanation, without the location.
  public let message: String

  /// An error at `location`.
  ///
  /// ```swift
  /// throw GraphError(.missingValue, at: "Book.title", "a value is required")
  /// ```
  /// - Parameters:
  ///   - code: The kind of error.
  ///   - location: Where it happened (`Author.books`, or an object such as `Author #2`).
  ///   - message: What went wrong, in one line.
  public init(_ code: Code, at location: String, _ message: String) {
    self.code = code
    self.location = location
    self.message = message
  }

  /// `error: Author.age: expected Integer 16, found "x"`.
  public var description: String { "error: \(location): \(message)" }
}

/// A schema that cannot work: a ``GraphError`` with one of the schema codes
/// (``GraphError/Code/duplicateEntity`` to ``GraphError/Code/invalidDefault``). The message
/// names the entity and property.
///
/// ```swift
/// do { _ = try Schema([Entity("Book") { Relationship("author", to: "Writer") }]) }
/// catch let error as SchemaError {
///   print(error)   // error: Book.author: destination entity "Writer" is not in the schema
/// }
/// ```
public typealias SchemaError = GraphError
