import FoundryInternals

/// Why and where XML input was rejected.
///
/// The description prints like a compiler diagnostic, as JSON errors do:
///
/// ```swift
/// do {
///   _ = try XMLTree(string: "<a><b></a>", sourceName: "feed.xml")
/// } catch {
///   print(error)
///   // error: end tag '</a>' does not match start tag '<b>'
///   // --> feed.xml:1:7
///   //  1 | <a><b></a>
///   //    |       ^
/// }
/// ```
public struct XMLParsingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The broad class of the failure, for programmatic handling.
  public let code: Code
  /// What went wrong, in one line, without the location.
  public let message: String
  let location: SourceLocation?
  /// The file name shown in ``description``; `nil` prints as `<input>`.
  public var sourceName: String?

  package init(_ code: Code, _ message: String, location: SourceLocation?, sourceName: String?) {
    self.code = code
    self.message = message
    self.location = location
    self.sourceName = sourceName
  }

  /// Zero-based byte offset of the failure in the (UTF-8) text; `nil` for a failure of the
  /// whole input (a file that cannot be read, input over the size limit). Input in another
  /// encoding is converted to UTF-8 first; offsets count the converted bytes.
  public var offset: Int? { location?.offset }
  /// One-based line of the failure; `nil` for a failure of the whole input.
  public var line: Int? { location?.line }
  /// One-based column of the failure, in Unicode scalars; `nil` for a failure of the whole input.
  public var column: Int? { location?.column }

  /// The compiler-style rendering: message, `--> file:line:column`, the line and a caret.
  public var description: String { description(namingLimit: { $0 }) }

  /// The options of the limits on hostile XML, as messages name them: `(maximumAttributeCount)`.
  package static let limitOptions = [
    "maximumAttributeCount", "maximumEntityExpansion", "maximumEntityDepth", "maximumDefaultedAttributeBytes",
  ]

  /// The rendering, with a limit the message names by its option named as `namingLimit` says
  /// (a command line names its flag: `(--max-attributes)`).
  ///
  /// ```swift
  /// error.description(namingLimit: { $0 == "maximumAttributeCount" ? "--max-attributes" : $0 })
  /// ```
  ///
  /// - Parameters:
  ///   - namingLimit: The name to print for a limit's option, by its property name.
  package func description(namingLimit: (String) -> String) -> String {
    var message = message
    for option in Self.limitOptions where message.contains("(\(option))") {
      message = message.replacing("(\(option))", with: "(\(namingLimit(option)))")
    }
    guard let location else { return Diagnostic.render(message: message, sourceName: sourceName) }
    return Diagnostic.render(message: message, location: location, sourceName: sourceName)
  }

  /// The broad class of an ``XMLParsingError``.
  ///
  /// ```swift
  /// catch let error as XMLParsingError where error.code == .entityExpansionLimit { ... }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// The input ended inside markup or before the root element closed.
    public static let unexpectedEndOfInput = Code(description: "unexpectedEndOfInput")
    /// Markup that breaks the XML grammar (a well-formedness error).
    public static let syntax = Code(description: "syntax")
    /// A character that XML does not allow where it was found (`Char`, `NameChar`, ...).
    public static let invalidCharacter = Code(description: "invalidCharacter")
    /// An end tag that does not match its start tag.
    public static let mismatchedTag = Code(description: "mismatchedTag")
    /// The same attribute twice on one element (also through two prefixes for one namespace).
    public static let duplicateAttribute = Code(description: "duplicateAttribute")
    /// A reference to an entity that is not declared, or declared in a way that forbids it here.
    public static let undefinedEntity = Code(description: "undefinedEntity")
    /// An entity that refers to itself, directly or through others.
    public static let recursiveEntity = Code(description: "recursiveEntity")
    /// A reference to an external entity, which is never loaded.
    public static let externalEntity = Code(description: "externalEntity")
    /// Entity expansion beyond ``XMLParsingOptions/maximumEntityExpansion``.
    public static let entityExpansionLimit = Code(description: "entityExpansionLimit")
    /// A namespace constraint broken: an undeclared prefix, a reserved prefix misused, ...
    public static let namespace = Code(description: "namespace")
    /// An encoding other than UTF-8, UTF-16, ISO-8859-1 and US-ASCII, or bytes that are not
    /// valid in the declared encoding.
    public static let encoding = Code(description: "encoding")
    /// Nesting deeper than ``XMLParsingOptions/maximumDepth``.
    public static let depthLimitExceeded = Code(description: "depthLimitExceeded")
    /// Input larger than ``XMLParsingOptions/maximumInputSize``.
    public static let sizeLimitExceeded = Code(description: "sizeLimitExceeded")
    /// An element with more attributes than ``XMLParsingOptions/maximumAttributeCount``.
    public static let attributeLimitExceeded = Code(description: "attributeLimitExceeded")
    /// A file that could not be read.
    public static let unreadableInput = Code(description: "unreadableInput")
  }
}

extension XMLParsingError: UnreadableInputError {
  /// `cannot read 'path': reason`, with code ``Code/unreadableInput``.
  public init(_unreadable path: String, reason: String) {
    self.init(.unreadableInput, "cannot read '\(path)': \(reason)", location: nil, sourceName: path)
  }

  /// The chunk size of a file read without one: ``XMLStreamOptions/bufferSize``.
  public static var _fileChunkSize: Int { XMLStreamOptions().bufferSize }
}
