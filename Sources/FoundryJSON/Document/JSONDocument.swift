#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// A parsed, validated, immutable JSON document.
///
/// The document keeps a copy of the input and a flat tape of nodes over it; strings and numbers
/// are decoded only when read, so parsing costs one pass and a few bytes per value.
///
/// ```swift
/// let document = try JSONDocument(string: #"{"user": {"name": "Ada", "ids": [7, 8]}}"#)
/// document.root["user"]?["name"]?.string   // "Ada"
/// document.root[path: "user.ids.-1"]?.int  // 8
/// let value: JSONValue = document.value    // the whole tree, materialized
/// ```
///
/// A document is `Sendable`: share it between tasks freely.
///
/// The initializers throw only ``JSONParsingError``. They are declared with plain `throws`
/// rather than `throws(JSONParsingError)`: Swift 6.3's optimizer crashes on the natural
/// `catch let error as JSONParsingError where ...` against a typed-throws call, and untyped
/// throws keep the API free to grow.
public struct JSONDocument: Sendable {
  let storage: JSONStorage

  /// Parses UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 encoded JSON text.
  ///   - options: What the reader accepts; strict RFC 8259 by default.
  ///   - sourceName: The name errors print (`--> name:line:column`), usually a file name.
  /// - Throws: ``JSONParsingError`` with the place and the reason.
  /// - Complexity: O(*n*) in the size of the input.
  public init(bytes: [UInt8], options: JSONParsingOptions = .init(), sourceName: String? = nil) throws {
    self = try Self.parse(bytes: bytes, options: options, sourceName: sourceName)
  }

  /// Parses UTF-8 encoded `Data`.
  /// - Parameters:
  ///   - data: The JSON text, UTF-8.
  ///   - options: The parser relaxations and limits.
  ///   - sourceName: The file name errors mention.
  public init(data: Data, options: JSONParsingOptions = .init(), sourceName: String? = nil) throws {
    storage = try data.withUnsafeBytes { buffer in
      Result { () throws(JSONParsingError) in try Self.parse(buffer, options: options, sourceName: sourceName) }
    }.get()
  }

  /// Parses a string's UTF-8.
  /// - Parameters:
  ///   - string: The JSON text.
  ///   - options: The parser relaxations and limits.
  ///   - sourceName: The file name errors mention.
  public init(string: String, options: JSONParsingOptions = .init(), sourceName: String? = nil) throws {
    var string = string
    storage = try string.withUTF8 { buffer in
      Result { () throws(JSONParsingError) in
        try Self.parse(UnsafeRawBufferPointer(buffer), options: options, sourceName: sourceName)
      }
    }.get()
  }

  /// Parses bytes in memory the caller owns; they are copied, so the buffer may go afterwards.
  /// - Parameters:
  ///   - buffer: The JSON text, UTF-8; it is copied.
  ///   - options: The parser relaxations and limits.
  ///   - sourceName: The file name errors mention.
  public init(buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = .init(), sourceName: String? = nil) throws {
    storage = try Self.parse(buffer, options: options, sourceName: sourceName)
  }

  /// Reads and parses a file (`-` reads standard input); errors name the file as given.
  ///
  /// ```swift
  /// let document = try JSONDocument(contentsOfFile: "Examples/earthquakes.json")
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - options: The parser relaxations and limits.
  public init(contentsOfFile path: String, options: JSONParsingOptions = .init()) throws {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path)
    } catch {
      throw JSONParsingError(.unreadable(path: path, reason: error.reason), location: .start, sourceName: path)
    }
    try self.init(bytes: bytes, options: options, sourceName: path)
  }

  /// The typed-throws entry for code inside this package, which knows the error type statically.
  package static func parse(bytes: [UInt8], options: JSONParsingOptions, sourceName: String?) throws(JSONParsingError) -> JSONDocument {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParsingError) in
        JSONDocument(storage: try parse(buffer, options: options, sourceName: sourceName))
      }
    }.get()
  }

  init(storage: JSONStorage) { self.storage = storage }

  /// The value at `start` of `block`, parsed where it stands up to its last byte and no
  /// further; `nil` when it is malformed or runs past the block (the caller then reads it
  /// another way, which reports the error).
  ///
  /// - Parameters:
  ///   - nodeCapacity: The tape's first capacity (a guess: it grows as needed).
  static func parseInPlace(
    _ block: JSONByteBlock, from start: Int, nodeCapacity: Int, options: JSONParsingOptions, sourceName: String?
  ) -> JSONDocument? {
    let storage = JSONStorage(sharing: block, from: start, nodeCapacity: nodeCapacity, options: options)
    var parser = JSONParser(storage: storage, options: options, sourceName: sourceName)
    parser.stopsAfterValue = true
    do {
      try parser.parseValue()
    } catch {
      return nil
    }
    storage.endInput(at: parser.position)
    return JSONDocument(storage: storage)
  }

  private static func parse(_ buffer: UnsafeRawBufferPointer, options: JSONParsingOptions, sourceName: String?) throws(JSONParsingError) -> JSONStorage {
    let limit = min(options.maximumInputSize, JSONParsingOptions.largestInputSize)
    guard buffer.count <= limit else {
      throw JSONParsingError(
        .sizeLimit(size: buffer.count, limit: limit),
        location: .start,
        sourceName: sourceName
      )
    }
    let storage = JSONStorage(copying: buffer, options: options)
    var parser = JSONParser(storage: storage, options: options, sourceName: sourceName)
    try parser.parse()
    return storage
  }

  // MARK: - Reading

  /// The top-level value.
  public var root: JSONNode { JSONNode(storage: storage, index: 0) }

  /// The size of the input in bytes.
  public var byteCount: Int { storage.byteCount }

  /// The number of nodes on the tape (every value and every object key counts one).
  public var nodeCount: Int { storage.nodeCount }

  /// The whole document as a ``JSONValue`` tree.
  ///
  /// - Complexity: O(*n*) in the number of nodes.
  public var value: JSONValue { root.value }
}
