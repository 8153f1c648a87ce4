#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// Reads the elements of a JSON file one at a time, synchronously, in bounded memory.
///
/// The file is read ``JSONStreamOptions/bufferSize`` bytes at a time; memory holds one chunk
/// and one element, however large the file (an element kept keeps the chunk it was parsed
/// from). Use it where no `async` context is at hand (a
/// command-line tool, an import that commits in batches); ``JSONElementSequence`` is the
/// `AsyncSequence` form.
///
/// ```swift
/// let reader = try JSONElementReader(contentsOfFile: "quakes.json", layout: .array(at: "features"))
/// while let quake = try reader.next() {
///   print(quake.root[path: "properties.mag"]?.double ?? 0)
/// }
///
/// // In batches of up to 500:
/// let events = try JSONElementReader(contentsOfFile: "events.ndjson", layout: .lines)
/// while case let batch = try events.next(upTo: 500), !batch.isEmpty { try store(batch) }
/// ```
///
/// Errors are ``JSONParsingError``s located in the whole file. A reader is not `Sendable`:
/// use it from one task or thread.
public final class JSONElementReader {
  private var base: FileElementReader<JSONElementScanner, JSONParsingError>

  /// Opens the file at `path` (`-` reads standard input); errors name the file as given.
  ///
  /// ```swift
  /// let reader = try JSONElementReader(contentsOfFile: "items.json", layout: .array(at: "data.items"))
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - layout: Where the elements are: an array at a key path, or lines.
  ///   - options: The parser relaxations and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  /// - Throws: ``JSONParsingError`` with code ``JSONParsingError/Code/unreadableInput``.
  public init(
    contentsOfFile path: String,
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init()
  ) throws {
    base = try FileElementReader(
      path: path, bufferSize: streamOptions.bufferSize,
      scanner: JSONElementScanner(layout: layout, options: options, streamOptions: streamOptions, sourceName: path), failingWith: JSONParsingError.self)
  }

  /// Opens the file at a file URL.
  ///
  /// ```swift
  /// let reader = try JSONElementReader(contentsOf: url, layout: .lines)
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - layout: Where the elements are: an array at a key path, or lines.
  ///   - options: The parser relaxations and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public convenience init(
    contentsOf url: URL,
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init()
  ) throws {
    try self.init(contentsOfFile: url.path(percentEncoded: false), layout: layout, options: options, streamOptions: streamOptions)
  }

  /// The next element, or `nil` after the last one once the whole file checked out.
  ///
  /// ```swift
  /// while let element = try reader.next() { handle(element) }
  /// ```
  ///
  /// - Throws: ``JSONParsingError``. After a malformed element, the next call goes on with
  ///   the element after it; after any other error every call throws it again.
  public func next() throws -> JSONDocument? {
    try base.next()
  }

  /// Up to `count` next elements; empty after the last one.
  ///
  /// ```swift
  /// let batch = try reader.next(upTo: 1000)
  /// ```
  ///
  /// - Parameters:
  ///   - count: The most elements to return.
  /// - Throws: As ``next()`` does; the elements read before the error are lost with the batch.
  public func next(upTo count: Int) throws -> [JSONDocument] {
    try base.next(upTo: count)
  }

  /// The number of elements handed out (or rejected as malformed) so far.
  ///
  /// ```swift
  /// print("imported \(reader.elementCount) elements")
  /// ```
  public var elementCount: Int { base.elementCount }

  /// The number of bytes of the file read so far (to report progress).
  ///
  /// ```swift
  /// bar.update(done: reader.byteOffset, of: fileSize)
  /// ```
  public var byteOffset: Int { base.byteOffset }

}
