import FoundryInternals
import FoundryXML

/// Why an Xcode Core Data model could not be read, and where: the file, and the line and
/// column when the failure is at a place in it.
///
/// The description prints like a compiler diagnostic:
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
public struct ModelFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The broad class of a ``ModelFileError``.
  ///
  /// ```swift
  /// catch let error as ModelFileError where error.code == .unsupportedConstruct { ... }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// The file or directory does not exist or cannot be read.
    public static let unreadableFile = Code(description: "unreadableFile")
    /// The file is not XML.
    public static let malformedXML = Code(description: "malformedXML")
    /// The XML's root element is not `<model>`, or a directory holds no model.
    public static let notAModel = Code(description: "notAModel")
    /// A `.xcdatamodeld` bundle whose current version cannot be chosen: a `.xccurrentversion`
    /// that names no version or a missing one, or several versions and no `.xccurrentversion`.
    public static let invalidVersion = Code(description: "invalidVersion")
    /// An element lacks an XML attribute the model needs (an entity without `name`).
    public static let missingAttribute = Code(description: "missingAttribute")
    /// An XML attribute or user info entry with a value that cannot be used: an unknown
    /// attribute type or deletion rule, a default value of the wrong type, a bad count.
    public static let invalidValue = Code(description: "invalidValue")
    /// A Core Data feature Foundry does not model: fetched properties, derived and composite
    /// attributes, unknown elements.
    public static let unsupportedConstruct = Code(description: "unsupportedConstruct")
    /// The entities read do not make a valid ``Schema``; ``ModelFileError/schemaError`` says why.
    public static let invalidSchema = Code(description: "invalidSchema")
  }

  /// The broad class of the failure.
  public let code: Code
  /// What went wrong, in one line, without the location.
  public let message: String
  /// The path of the file (or directory) at fault, as printed after `-->`.
  public let path: String
  /// One-based line of the failure in ``path``, when known.
  public let line: Int?
  /// One-based column of the failure, in Unicode scalars, when known.
  public let column: Int?
  /// The schema check that failed, for ``Code/invalidSchema``.
  public let schemaError: SchemaError?
  /// Where in the file, when the failure is at a place in it.
  let location: SourceLocation?
  /// A complete rendering taken over from an XML parsing error.
  let rendered: String?

  init(_ code: Code, _ message: String, path: String, location: SourceLocation? = nil, schemaError: SchemaError? = nil) {
    self.code = code
    self.message = message
    self.path = path
    self.location = location
    self.line = location?.line
    self.column = location?.column
    self.schemaError = schemaError
    rendered = nil
  }

  /// An error at the start tag of `element`.
  init(_ code: Code, _ message: String, path: String, at element: XMLTree.Element) {
    let location = element.sourceText.withUnsafeBufferPointer { SourceLocation(offset: element.byteOffset, in: $0) }
    self.init(code, message, path: path, location: location)
  }

  /// An XML parsing failure, rendered as the XML reader renders it, at the same place.
  init(wrapping error: XMLParsingError, path: String) {
    code = .malformedXML
    message = error.message
    self.path = path
    location = nil
    line = error.line
    column = error.column
    schemaError = nil
    rendered = error.description
  }

  /// The compiler-style rendering: message, `--> path:line:column`, the line and a caret.
  public var description: String {
    if let rendered { return rendered }
    guard let location else { return Diagnostic.render(message: message, sourceName: path) }
    return Diagnostic.render(message: message, location: location, sourceName: path)
  }
}
