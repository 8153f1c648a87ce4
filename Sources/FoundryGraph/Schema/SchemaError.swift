/// A schema that cannot work: a dangling inverse, an unknown destination, a missing identity
/// attribute, and so on. The message names the entity and property.
///
/// ```swift
/// do { _ = try Schema([Entity("Book") { Relationship("author", to: "Writer") }]) }
/// catch let error as SchemaError {
///   print(error)   // error: Book.author: destination entity "Writer" is not in the schema
/// }
/// ```
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
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
  }

  /// What is wrong.
  public let code: Code
  /// The entity, and the property when there is one: `Book.author`.
  public let location: String
  /// The explanation, without the location.
  public let message: String

  /// An error at `location` (`Entity` or `Entity.property`).
  /// - Parameters:
  ///   - code: The kind of error.
  ///   - location: The entity or property at fault (`Entity` or `Entity.property`).
  ///   - message: What went wrong, in one line.
  public init(_ code: Code, at location: String, _ message: String) {
    self.code = code
    self.location = location
    self.message = message
  }

  /// `error: Book.author: destination entity "Writer" is not in the schema`.
  public var description: String { "error: \(location): \(message)" }
}
