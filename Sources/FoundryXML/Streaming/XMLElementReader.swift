#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// Reads the repeated elements of an XML file one at a time, synchronously, in bounded memory.
///
/// The file is read ``XMLStreamOptions/bufferSize`` bytes at a time; memory holds one chunk
/// and one element, however large the file. Use it where no `async` context is at hand (a
/// command-line tool, an import that commits in batches); ``XMLElementSequence`` is the
/// `AsyncSequence` form.
///
/// ```swift
/// let reader = try XMLElementReader(contentsOfFile: "feed.rss", at: "channel.item")
/// while let item = try reader.next() {
///   print(item.firstElement(named: "title")?.text ?? "")
/// }
///
/// // In batches of up to 500:
/// let nodes = try XMLElementReader(contentsOfFile: "map.osm", at: "node")
/// while case let batch = try nodes.next(upTo: 500), !batch.isEmpty { try store(batch) }
/// ```
///
/// Errors are ``XMLParsingError``s located in the whole file. A reader is not `Sendable`:
/// use it from one task or thread.
public final class XMLElementReader {
  private var base: FileElementReader<XMLElementScanner, XMLParsingError>

  /// Opens the file at `path` (`-` reads standard input); errors name the file as given.
  ///
  /// ```swift
  /// let reader = try XMLElementReader(contentsOfFile: "map.osm", at: "way")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - elementPath: The element names from the root's children down to the elements (see
  ///     ``XMLElementScanner/init(at:options:streamOptions:sourceName:)``).
  ///   - options: The parser options and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  /// - Throws: ``XMLParsingError`` with code ``XMLParsingError/Code/unreadableInput``.
  public init(
    contentsOfFile path: String,
    at elementPath: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init()
  ) throws {
    base = try FileElementReader(
      path: path, bufferSize: streamOptions.bufferSize,
      scanner: XMLElementScanner(at: elementPath, options: options, streamOptions: streamOptions, sourceName: path), failingWith: XMLParsingError.self)
  }

  /// Opens the file at a file URL.
  ///
  /// ```swift
  /// let reader = try XMLElementReader(contentsOf: url, at: "channel.item")
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - elementPath: The elements to hand out, from the root's children down (`channel.item`).
  ///   - options: The parser options and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public convenience init(
    contentsOf url: URL,
    at elementPath: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init()
  ) throws {
    try self.init(contentsOfFile: url.path(percentEncoded: false), at: elementPath, options: options, streamOptions: streamOptions)
  }

  /// The next element, or `nil` after the last one once the whole file checked out.
  ///
  /// ```swift
  /// while let element = try reader.next() { handle(element) }
  /// ```
  ///
  /// - Throws: ``XMLParsingError``. After a malformed element, the next call goes on with
  ///   the element after it; after any other error every call throws it again.
  public func next() throws -> XMLTree.Element? {
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
  public func next(upTo count: Int) throws -> [XMLTree.Element] {
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
