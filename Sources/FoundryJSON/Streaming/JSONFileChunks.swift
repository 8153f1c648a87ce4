#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// The bytes of a file as an `AsyncSequence` of fixed-size chunks: the file source of a
/// ``JSONElementSequence``.
///
/// The file is opened when iteration starts and closed when it ends (or the iterator goes).
///
/// ```swift
/// for try await chunk in JSONFileChunks(path: "big.json", bufferSize: 1 << 20) {
///   print(chunk.count)
/// }
/// ```
public struct JSONFileChunks: AsyncSequence, Sendable {
  public typealias Element = [UInt8]

  /// The file, as given (`-` is standard input): `JSONFileChunks(path: "a.json").path == "a.json"`.
  public let path: String
  /// How many bytes each chunk holds (the last may hold fewer): `JSONFileChunks(path: p, bufferSize: 4096)`.
  public let bufferSize: Int

  /// The chunks of the file at `path`.
  ///
  /// ```swift
  /// let chunks = JSONFileChunks(path: "big.json")
  /// ```
  /// - Parameters:
  ///   - path: The file; `-` reads standard input.
  ///   - bufferSize: The size of each chunk, in bytes.
  public init(path: String, bufferSize: Int = JSONStreamOptions().bufferSize) {
    self.path = path
    self.bufferSize = bufferSize
  }

  /// The chunks of the file at a file URL.
  ///
  /// ```swift
  /// let chunks = JSONFileChunks(url: URL(filePath: "big.json"))
  /// ```
  /// - Parameters:
  ///   - url: A file URL.
  ///   - bufferSize: The size of each chunk, in bytes.
  public init(url: URL, bufferSize: Int = JSONStreamOptions().bufferSize) {
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
    /// - Throws: ``JSONParsingError`` with code ``JSONParsingError/Code/unreadableInput``.
    public mutating func next() async throws -> [UInt8]? {
      try chunks.next(failingWith: JSONParsingError.self)
    }
  }
}
