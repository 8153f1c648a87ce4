#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// The repeated elements of XML that arrives as an `AsyncSequence` of byte chunks (a file, a
/// network body), parsed one at a time in bounded memory.
///
/// ```swift
/// let items = XMLElementSequence(contentsOfFile: "feed.rss", at: "channel.item")
/// for try await item in items {
///   print(item.firstElement(named: "title")?.text ?? "")
/// }
///
/// // Any source of chunks: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, ...
/// for try await node in XMLElementSequence(body, at: "node", sourceName: "map.osm") { ... }
/// ```
///
/// Errors are ``XMLParsingError``s located in the whole input, or whatever the chunk source
/// throws. Built on ``XMLElementScanner``; ``XMLElementReader`` is the synchronous form for
/// files.
public struct XMLElementSequence<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = XMLTree.Element

  let chunks: Chunks
  /// The scanner each iterator starts from (a copy of its own, none of it read yet).
  let scanner: XMLElementScanner

  /// The elements at `path` in the bytes of `chunks`.
  ///
  /// ```swift
  /// let items = XMLElementSequence(chunks, at: "channel.item", sourceName: "feed")
  /// ```
  ///
  /// - Parameters:
  ///   - chunks: The input, in pieces of any size.
  ///   - path: The element names from the root's children down to the elements (see
  ///     ``XMLElementScanner/init(at:options:streamOptions:sourceName:)``).
  ///   - options: What the parser accepts.
  ///   - streamOptions: The largest element accepted.
  ///   - sourceName: The name errors print, usually a file name.
  public init(
    _ chunks: Chunks,
    at path: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init(),
    sourceName: String? = nil
  ) {
    self.chunks = chunks
    scanner = XMLElementScanner(at: path, options: options, streamOptions: streamOptions, sourceName: sourceName)
  }

  /// An iterator over the elements, with a scanner of its own.
  ///
  /// ```swift
  /// var elements = XMLElementSequence(chunks).makeAsyncIterator()
  /// let first = try await elements.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(chunks: chunks.makeAsyncIterator(), scanner: scanner)
  }

  /// Reads chunks until an element is complete: `var nodes = sequence.makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var chunks: Chunks.AsyncIterator
    var scanner: XMLElementScanner

    /// The next element, or `nil` after the last one once the whole input checked out.
    ///
    /// ```swift
    /// while let node = try await nodes.next() { print(node["id"] ?? "?") }
    /// ```
    ///
    /// - Throws: ``XMLParsingError``, or the chunk source's error. After a malformed element,
    ///   the next call goes on with the element after it.
    public mutating func next() async throws -> XMLTree.Element? {
      try await scanner.next(readingAsync: { try await chunks.next() })
    }

    /// The next element already complete in what was read, without reading more: `nil` when
    /// the next one needs more input (or there is none). What a reader draining a chunk at a
    /// time calls between awaits.
    package mutating func nextBuffered() throws -> XMLTree.Element? {
      try scanner.next()
    }

    /// Whether an error has ended the scan (as opposed to one malformed element).
    package var isFailed: Bool { scanner.isFailed }

    /// The number of elements handed out (or rejected as malformed) so far.
    package var elementCount: Int { scanner.elementCount }
  }
}

extension XMLElementSequence: Sendable where Chunks: Sendable {}

extension XMLElementSequence where Chunks == XMLFileChunks {
  /// The elements of the file at `path`, read ``XMLStreamOptions/bufferSize`` bytes at a time.
  ///
  /// ```swift
  /// for try await node in XMLElementSequence(contentsOfFile: "map.osm", at: "node") { ... }
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - elementPath: The elements to hand out, from the root's children down (`channel.item`).
  ///   - options: The parser options and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public init(
    contentsOfFile path: String,
    at elementPath: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init()
  ) {
    self.init(
      XMLFileChunks(path: path, bufferSize: streamOptions.bufferSize),
      at: elementPath, options: options, streamOptions: streamOptions, sourceName: path
    )
  }

  /// The elements of the file at a file URL.
  ///
  /// ```swift
  /// for try await item in XMLElementSequence(contentsOf: url, at: "channel.item") { ... }
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - elementPath: The elements to hand out, from the root's children down (`channel.item`).
  ///   - options: The parser options and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public init(
    contentsOf url: URL,
    at elementPath: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init()
  ) {
    self.init(contentsOfFile: url.path(percentEncoded: false), at: elementPath, options: options, streamOptions: streamOptions)
  }
}
