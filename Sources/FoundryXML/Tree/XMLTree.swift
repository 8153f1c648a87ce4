#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// A parsed, well-formed, immutable XML document.
///
/// The document keeps the text (as UTF-8) and a flat tape of nodes over it; names are
/// interned and text is decoded only when read.
///
/// ```swift
/// let tree = try XMLTree(string: """
///   <feed xmlns="http://www.w3.org/2005/Atom">
///     <title>Notes</title>
///     <link rel="alternate" href="https://example.com/"/>
///   </feed>
///   """)
/// tree.root.name.localName                   // "feed"
/// tree.root.firstElement(named: "title")?.text // "Notes"
/// tree.root.firstElement(named: "link")?["href"] // "https://example.com/"
/// ```
///
/// The type is named `XMLTree` so that it never collides with Foundation's `XMLDocument`.
/// A tree is `Sendable`: share it between tasks freely.
public struct XMLTree: Sendable {
  let storage: XMLStorage

  init(storage: XMLStorage) { self.storage = storage }

  /// Parses a document in UTF-8, UTF-16 (with a byte order mark or a declaration),
  /// ISO-8859-1 or US-ASCII.
  ///
  /// - Parameters:
  ///   - bytes: The encoded document.
  ///   - options: What the reader keeps and its limits.
  ///   - sourceName: The name errors print (`--> name:line:column`), usually a file name.
  /// - Throws: ``XMLParsingError`` with the place and the reason.
  /// - Complexity: O(*n*) in the size of the input (plus entity expansion, which is bounded).
  public init(bytes: [UInt8], options: XMLParsingOptions = .init(), sourceName: String? = nil) throws {
    self = try Self.parse(bytes: bytes, options: options, sourceName: sourceName)
  }

  /// Parses encoded `Data`.
  /// - Parameters:
  ///   - data: The XML document.
  ///   - options: The parser options and limits.
  ///   - sourceName: The file name errors mention.
  public init(data: Data, options: XMLParsingOptions = .init(), sourceName: String? = nil) throws {
    self = try Self.parse(bytes: [UInt8](data), options: options, sourceName: sourceName)
  }

  /// Parses a string (its UTF-8; an encoding declaration inside, if any, must agree).
  /// - Parameters:
  ///   - string: The XML document, as text.
  ///   - options: The parser options and limits.
  ///   - sourceName: The file name errors mention.
  public init(string: String, options: XMLParsingOptions = .init(), sourceName: String? = nil) throws {
    self = try Self.parse(bytes: Array(string.utf8), options: options, sourceName: sourceName)
  }

  /// Reads and parses a file (`-` reads standard input); errors name the file as given.
  ///
  /// ```swift
  /// let tree = try XMLTree(contentsOfFile: "Examples/feed.rss")
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - options: The parser options and limits.
  public init(contentsOfFile path: String, options: XMLParsingOptions = .init()) throws {
    self = try Self.parse(bytes: Self.readFile(path), options: options, sourceName: path)
  }

  /// The typed-throws entry for code inside this package.
  package static func parse(bytes: [UInt8], options: XMLParsingOptions, sourceName: String?) throws(XMLParsingError) -> XMLTree {
    try parse(bytes: bytes, options: options, sourceName: sourceName, names: XMLNameTable())
  }

  /// Parses with names interned into `names` (see ``XMLStorage/init(source:names:)``).
  static func parse(bytes: [UInt8], options: XMLParsingOptions, sourceName: String?, names: XMLNameTable) throws(XMLParsingError) -> XMLTree {
    let storage = try makeStorage(bytes: bytes, options: options, sourceName: sourceName, names: names)
    var scanner = XMLScanner(storage: storage, options: options, sourceName: sourceName)
    try scanner.parse()
    return XMLTree(storage: storage)
  }

  /// Checks the size, converts the text to UTF-8 and makes the storage the scanner fills.
  static func makeStorage(
    bytes: [UInt8], options: XMLParsingOptions, sourceName: String?, names: XMLNameTable = XMLNameTable()
  ) throws(XMLParsingError) -> XMLStorage {
    let limit = min(options.maximumInputSize, XMLParsingOptions.largestInputSize)
    guard bytes.count <= limit else {
      throw XMLParsingError(.sizeLimitExceeded, "input of \(bytes.count) bytes exceeds the limit of \(limit) bytes", location: nil, sourceName: sourceName)
    }
    let text = try XMLEncoding.utf8(from: bytes, sourceName: sourceName)
    return XMLStorage(source: text, names: names)
  }

  /// Reads a file for the initializers, turning a failure into an ``XMLParsingError``.
  package static func readFile(_ path: String) throws(XMLParsingError) -> [UInt8] {
    do {
      return try FileReader.read(path)
    } catch {
      throw XMLParsingError(.unreadableInput, "cannot read '\(path)': \(error.reason)", location: nil, sourceName: path)
    }
  }

  // MARK: - Reading

  /// The root element.
  public var root: Element { Element(storage: storage, index: storage.rootIndex) }

  /// The XML declaration, when the document starts with one.
  public var declaration: XMLDeclaration? { storage.declaration }

  /// The name in the document type declaration (`<!DOCTYPE name ...>`), if there is one.
  public var doctypeName: String? { storage.doctypeName }

  /// The top-level nodes in order: comments and processing instructions before and after the
  /// root (when the options keep them), and the root element.
  public var topLevelNodes: [Node] {
    storage.topLevel.compactMap { Node(storage: storage, index: $0) }
  }

  /// The size of the text in bytes (UTF-8).
  public var byteCount: Int { storage.source.count }

  /// The number of nodes on the tape (elements, attributes, text, comments and instructions).
  public var nodeCount: Int { storage.nodes.count }

  /// The line and column of a byte offset, for diagnostics of your own.
  package func sourceLocation(ofOffset offset: Int) -> SourceLocation {
    if let locator = storage.locator { return locator.location(ofOffset: offset) }
    return storage.source.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
  }
}
