import FoundryInternals

/// What went wrong in a model file, a schema, a graph or an object: an Xcode model that cannot
/// be read, a schema that cannot work (a dangling inverse, an unknown destination), an unknown
/// property, a value of the wrong type, a delete the rules deny, a required value missing at
/// validation.
///
/// One error type for the module, told apart by ``code`` (as GRDB's `DatabaseError` is by its
/// result code); each code belongs to a ``Code/Group``, so a caller who cares only about
/// schema checks asks for `error.code.group == .schema`.
///
/// ```swift
/// do { try author.setValue(.string("x"), forKey: "age") }
/// catch let error as GraphError { print(error) }
/// // error: Author.age: expected Integer 16, found "x"
/// ```
///
/// An error found in an Xcode model also says where in the file (``file``), and prints like a
/// compiler diagnostic:
///
/// ```swift
/// do {
///   _ = try Schema(modelAt: URL(fileURLWithPath: "/Models/Library.xcdatamodeld"))
/// } catch {
///   print(error)
///   // error: unsupported construct <fetchedProperty>
///   // --> /Models/Library.xcdatamodeld/Library 2.xcdatamodel/contents:12:9
///   //  12 |         <fetchedProperty name="recentBooks" optional="YES">
///   //     |         ^
/// }
/// ```
public struct GraphError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong: `error.code == .typeMismatch`.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name: `GraphError.Code.typeMismatch.description == "typeMismatch"`.
    public let description: String
    /// The layer the code belongs to: `GraphError.Code.unknownInverse.group == .schema`.
    public let group: Group

    /// The layers a ``GraphError`` comes from.
    ///
    /// ```swift
    /// catch let error as GraphError where error.code.group == .schema { ... }
    /// ```
    public enum Group: Sendable, Hashable {
      /// An Xcode model file that cannot be read (``unreadableFile`` to ``unsupportedConstruct``).
      case modelFile
      /// A schema that cannot work (``duplicateEntity`` to ``invalidDefault``), whether declared
      /// in code or read from a model file.
      case schema
      /// A graph or one of its objects (``unknownEntity`` to ``loadFailed``).
      case graph
    }

    init(_ description: String, _ group: Group) {
      self.description = description
      self.group = group
    }

    // MARK: - Model files

    /// The file or directory does not exist or cannot be read.
    public static let unreadableFile = Code("unreadableFile", .modelFile)
    /// The file is not XML.
    public static let malformedXML = Code("malformedXML", .modelFile)
    /// The XML's root element is not `<model>`, or a directory holds no model.
    public static let notAModel = Code("notAModel", .modelFile)
    /// A `.xcdatamodeld` bundle whose current version cannot be chosen: a `.xccurrentversion`
    /// that names no version or a missing one, or several versions and no `.xccurrentversion`.
    public static let invalidVersion = Code("invalidVersion", .modelFile)
    /// An element lacks an XML attribute the model needs (an entity without `name`).
    public static let missingXMLAttribute = Code("missingXMLAttribute", .modelFile)
    /// An XML attribute or user info entry with a value that cannot be used: an unknown
    /// attribute type or deletion rule, a default value of the wrong type, a bad count.
    public static let invalidModelValue = Code("invalidModelValue", .modelFile)
    /// A Core Data feature Foundry does not model: fetched properties, derived and composite
    /// attributes, unknown elements.
    public static let unsupportedConstruct = Code("unsupportedConstruct", .modelFile)

    // MARK: - Schemas

    public static let duplicateEntity = Code("duplicateEntity", .schema)
    public static let duplicateProperty = Code("duplicateProperty", .schema)
    public static let unknownParent = Code("unknownParent", .schema)
    public static let inheritanceCycle = Code("inheritanceCycle", .schema)
    public static let unknownDestination = Code("unknownDestination", .schema)
    public static let unknownInverse = Code("unknownInverse", .schema)
    public static let inverseMismatch = Code("inverseMismatch", .schema)
    public static let unknownIdentityAttribute = Code("unknownIdentityAttribute", .schema)
    public static let invalidIdentityAttribute = Code("invalidIdentityAttribute", .schema)
    public static let invalidCount = Code("invalidCount", .schema)
    public static let invalidKeyedBy = Code("invalidKeyedBy", .schema)
    public static let invalidDefault = Code("invalidDefault", .schema)

    // MARK: - Graphs and objects

    public static let unknownEntity = Code("unknownEntity", .graph)
    public static let unknownAttribute = Code("unknownAttribute", .graph)
    public static let unknownRelationship = Code("unknownRelationship", .graph)
    public static let typeMismatch = Code("typeMismatch", .graph)
    public static let wrongDestination = Code("wrongDestination", .graph)
    public static let abstractEntity = Code("abstractEntity", .graph)
    public static let deleteDenied = Code("deleteDenied", .graph)
    public static let deletedObject = Code("deletedObject", .graph)
    public static let otherGraph = Code("otherGraph", .graph)
    public static let missingValue = Code("missingValue", .graph)
    public static let countOutOfRange = Code("countOutOfRange", .graph)
    public static let unboundTransformer = Code("unboundTransformer", .graph)
    public static let unboundEntityMapper = Code("unboundEntityMapper", .graph)
    public static let nestingTooDeep = Code("nestingTooDeep", .graph)
    /// A value breaks its attribute's rules (range, length, pattern).
    public static let invalidValue = Code("invalidValue", .graph)
    /// The graph's store could not load an object or relationship.
    public static let loadFailed = Code("loadFailed", .graph)
  }

  /// What went wrong.
  public let code: Code
  /// The explanation, without the location.
  public let message: String
  /// The entity or property (`Author.age`) or object (`Author #2`) at fault; `nil` when the
  /// failure is no entity's, such as a model file that cannot be read.
  public let location: String?
  /// Where in an Xcode model file the failure was found; `nil` for schemas declared in code
  /// and for graphs.
  public let file: FilePosition?
  /// The place in the file, with the line's text for the diagnostic's excerpt.
  let source: SourceLocation?
  /// A complete rendering taken over from an XML parsing error.
  let rendered: String?

  /// A place in a model file: the path, and the line and column when the failure is at a
  /// place in it.
  ///
  /// ```swift
  /// error.file?.path    // "Models/Library.xcdatamodel/contents"
  /// error.file?.line    // 12
  /// ```
  public struct FilePosition: Sendable, Hashable, CustomStringConvertible {
    /// The path of the file (or directory) at fault, as printed after `-->`.
    public let path: String
    /// One-based line, when known.
    public let line: Int?
    /// One-based column, in Unicode scalars, when known.
    public let column: Int?

    /// `path:line:column`, or the path alone.
    public var description: String {
      guard let line, let column else { return path }
      return "\(path):\(line):\(column)"
    }
  }

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
    self.init(code, message, location: location, file: nil, source: nil, rendered: nil)
  }

  init(_ code: Code, _ message: String, location: String?, file: FilePosition?, source: SourceLocation?, rendered: String?) {
    self.code = code
    self.message = message
    self.location = location
    self.file = file
    self.source = source
    self.rendered = rendered
  }

  /// `error: Author.age: expected Integer 16, found "x"`; an error in a model file adds
  /// `--> path:line:column` and the line with a caret.
  public var description: String {
    if let rendered { return rendered }
    guard let file else { return "error: \(locatedMessage)" }
    guard let source else { return Diagnostic.render(message: locatedMessage, sourceName: file.path) }
    return Diagnostic.render(message: locatedMessage, location: source, sourceName: file.path)
  }

  /// The same error with another message, at the same place.
  func withMessage(_ message: String) -> GraphError {
    GraphError(code, message, location: location, file: file, source: source, rendered: nil)
  }

  /// The message after its location: `Author.age: expected Integer 16, found "x"`.
  package var locatedMessage: String {
    location.map { "\($0): \(message)" } ?? message
  }
}
