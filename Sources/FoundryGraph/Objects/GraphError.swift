/// A misuse of a graph or object: an unknown property, a value of the wrong type, a delete the
/// rules deny, a required value missing at validation.
///
/// ```swift
/// do { try author.setValue(.string("x"), forKey: "age") }
/// catch let error as GraphError { print(error) }
/// // error: Author.age: expected Integer 16, found "x"
/// ```
public struct GraphError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
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
  /// `Entity` or `Entity.property`.
  public let location: String
  /// The explanation, without the location.
  public let message: String

  /// An error at `location`.
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
