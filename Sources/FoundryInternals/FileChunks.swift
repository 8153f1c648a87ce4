#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes of a file as an `AsyncSequence` of fixed-size chunks: the file source of JSON's
/// and XML's element sequences, which name it `JSONFileChunks` and `XMLFileChunks`.
///
/// The file is opened when iteration starts and closed when it ends (or the iterator goes);
/// a file that cannot be read throws the format's error (`Failure`), with code
/// `unreadableInput`.
///
/// ```swift
/// for try await chunk in JSONFileChunks(path: "big.json", bufferSize: 1 << 20) {
///   print(chunk.count)
/// }
/// ```
public struct FileChunks<Failure: UnreadableInputError>: AsyncSequence, Sendable {
  /// A chunk of the file's bytes.
  public typealias Element = [UInt8]

  /// The file, as given (`-` is standard input): `JSONFileChunks(path: "a.json").path == "a.json"`.
  public let path: String
  /// How many bytes each chunk holds (the last may hold fewer): `XMLFileChunks(path: p, bufferSize: 4096)`.
  public let bufferSize: Int

  /// The chunks of the file at `path`.
  ///
  /// ```swift
  /// let chunks = JSONFileChunks(path: "big.json")
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - bufferSize: The size of each chunk, in bytes; by default the format's stream buffer
  ///     size (`JSONStreamOptions().bufferSize`, `XMLStreamOptions().bufferSize`).
  public init(path: String, bufferSize: Int = Failure._fileChunkSize) {
    self.path = path
    self.bufferSize = bufferSize
  }

  /// The chunks of the file at a file URL.
  ///
  /// ```swift
  /// let chunks = XMLFileChunks(url: URL(filePath: "big.osm"))
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - bufferSize: The size of each chunk, in bytes.
  public init(url: URL, bufferSize: Int = Failure._fileChunkSize) {
    self.init(path: url.path(percentEncoded: false), bufferSize: bufferSize)
  }

  /// An iterator that opens the file on its first call.
  ///
  /// ```swift
  /// var chunks = JSONFileChunks(path: "big.json").makeAsyncIterator()
  /// let first = try await chunks.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(chunks: LazyFileChunks(path: path, bufferSize: bufferSize))
  }

  /// Reads the next chunk on each call: `var chunks = JSONFileChunks(path: "big.json").makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var chunks: LazyFileChunks

    /// The next chunk, or `nil` at the end of the file.
    ///
    /// ```swift
    /// while let chunk = try await chunks.next() { scanner.append(chunk) }
    /// ```
    ///
    /// - Throws: `Failure` (`JSONParsingError` or `XMLParsingError`) with code
    ///   `unreadableInput`.
    public mutating func next() async throws(Failure) -> [UInt8]? {
      try chunks.next(failingWith: Failure.self)
    }
  }
}
