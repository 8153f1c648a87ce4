#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// The elements of JSON that arrives as an `AsyncSequence` of byte chunks (a file, a network
/// body), parsed one at a time in bounded memory.
///
/// ```swift
/// let features = JSONElementSequence(contentsOfFile: "quakes.json", layout: .array(at: "features"))
/// for try await quake in features {
///   print(quake.root[path: "properties.place"]?.string ?? "")
/// }
///
/// // Any source of chunks: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, ...
/// for try await event in JSONElementSequence(body, layout: .lines, sourceName: "events") { ... }
/// ```
///
/// Errors are ``JSONParsingError``s located in the whole input, or whatever the chunk source
/// throws. Built on ``JSONElementScanner``; ``JSONElementReader`` is the synchronous form for
/// files.
public struct JSONElementSequence<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = JSONDocument

  let chunks: Chunks
  /// The scanner each iterator starts from (a copy of its own, none of it read yet).
  let scanner: JSONElementScanner

  /// The elements that `layout` names in the bytes of `chunks`.
  ///
  /// ```swift
  /// let items = JSONElementSequence(chunks, layout: .array(at: "data.items"), sourceName: "feed")
  /// ```
  ///
  /// - Parameters:
  ///   - chunks: The input, in pieces of any size.
  ///   - layout: Where the elements are: an array (at a key path) or one document per line.
  ///   - options: What the parser accepts.
  ///   - streamOptions: The largest element accepted.
  ///   - sourceName: The name errors print, usually a file name.
  public init(
    _ chunks: Chunks,
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init(),
    sourceName: String? = nil
  ) {
    self.chunks = chunks
    scanner = JSONElementScanner(layout: layout, options: options, streamOptions: streamOptions, sourceName: sourceName)
  }

  /// An iterator over the elements, with a scanner of its own.
  ///
  /// ```swift
  /// var elements = JSONElementSequence(chunks).makeAsyncIterator()
  /// let first = try await elements.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(chunks: chunks.makeAsyncIterator(), scanner: scanner)
  }

  /// Reads chunks until an element is complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var chunks: Chunks.AsyncIterator
    var scanner: JSONElementScanner

    /// The next element, or `nil` after the last one once the whole input checked out.
    ///
    /// - Throws: ``JSONParsingError``, or the chunk source's error. After a malformed element,
    ///   the next call goes on with the element after it.
    public mutating func next() async throws -> JSONDocument? {
      try await scanner.next(readingAsync: { try await chunks.next() })
    }

    /// The next element already complete in what was read, without reading more: `nil` when
    /// the next one needs more input (or there is none). What a reader draining a chunk at a
    /// time calls between awaits.
    package mutating func nextBuffered() throws -> JSONDocument? {
      try scanner.next()
    }

    /// Whether an error has ended the scan (as opposed to one malformed element).
    package var isFailed: Bool { scanner.isFailed }

    /// The number of elements handed out (or rejected as malformed) so far.
    package var elementCount: Int { scanner.elementCount }
  }
}

extension JSONElementSequence: Sendable where Chunks: Sendable {}

extension JSONElementSequence where Chunks == JSONFileChunks {
  /// The elements of the file at `path`, read ``JSONStreamOptions/bufferSize`` bytes at a time.
  ///
  /// ```swift
  /// for try await quake in JSONElementSequence(contentsOfFile: "quakes.json", layout: .array(at: "features")) { ... }
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - layout: Where the elements are: an array at a key path, or lines.
  ///   - options: The parser relaxations and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public init(
    contentsOfFile path: String,
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init()
  ) {
    self.init(
      JSONFileChunks(path: path, bufferSize: streamOptions.bufferSize),
      layout: layout, options: options, streamOptions: streamOptions, sourceName: path
    )
  }

  /// The elements of the file at a file URL.
  ///
  /// ```swift
  /// for try await item in JSONElementSequence(contentsOf: url, layout: .lines) { ... }
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - layout: Where the elements are: an array at a key path, or lines.
  ///   - options: The parser relaxations and limits, for every element.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public init(
    contentsOf url: URL,
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init()
  ) {
    self.init(contentsOfFile: url.path(percentEncoded: false), layout: layout, options: options, streamOptions: streamOptions)
  }
}
