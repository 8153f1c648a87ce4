#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file a fixed number of bytes at a time, so that streaming readers hold one chunk,
/// never the whole file.
///
/// ```swift
/// let file = try FileChunkReader(path: "big.json", bufferSize: 64 << 10)
/// while let chunk = try file.next() { scanner.append(chunk) }
/// ```
package final class FileChunkReader {
  private var descriptor: Int32
  private let bufferSize: Int

  /// Opens the file at `path` (`-` is standard input) to read `bufferSize` bytes at a time.
  package init(path: String, bufferSize: Int) throws(FileReader.Failure) {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileReader.Failure(reason: POSIX.currentError) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      if descriptor != 0 { close(descriptor) }
      throw FileReader.Failure(reason: String(cString: strerror(EISDIR)))
    }
    self.descriptor = descriptor
    self.bufferSize = max(1, bufferSize)
  }

  deinit {
    if descriptor > 0 { close(descriptor) }
  }

  /// The next bytes of the file (at most `bufferSize`), or `nil` at its end.
  package func next() throws(FileReader.Failure) -> [UInt8]? {
    guard descriptor >= 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: bufferSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileReader.Failure(reason: POSIX.currentError)
      }
      if count == 0 {
        if descriptor > 0 { close(descriptor) }
        descriptor = -1
        return nil
      }
      chunk.removeSubrange(count...)
      return chunk
    }
  }
}

/// A file's chunks for an async iterator: the file opened on the first call (so making the
/// sequence does no I/O), closed at the end or at the first failure, after which it is done.
package struct LazyFileChunks: Sendable {
  /// The file, as given (`-` is standard input).
  package let path: String
  private let bufferSize: Int
  /// Confined to one iterator, which never shares it: the reader is a class only to close the
  /// file when the last reference goes.
  private nonisolated(unsafe) var file: FileChunkReader?
  private var isDone = false

  package init(path: String, bufferSize: Int) {
    self.path = path
    self.bufferSize = bufferSize
  }

  /// The next chunk, or `nil` after the last (and after a failure).
  package mutating func next() throws(FileReader.Failure) -> [UInt8]? {
    guard !isDone else { return nil }
    do throws(FileReader.Failure) {
      let file: FileChunkReader
      if let open = self.file { file = open } else { file = try FileChunkReader(path: path, bufferSize: bufferSize) }
      self.file = file
      if let chunk = try file.next() { return chunk }
      finish()
      return nil
    } catch {
      finish()
      throw error
    }
  }

  /// ``next()`` throwing the layer's own error, which names the file.
  ///
  /// ```swift
  /// let chunk = try chunks.next(failingWith: JSONParsingError.self)
  /// ```
  package mutating func next<Failure: UnreadableInputError>(failingWith _: Failure.Type) throws(Failure) -> [UInt8]? {
    do throws(FileReader.Failure) {
      return try next()
    } catch {
      throw Failure(_unreadable: path, reason: error.reason)
    }
  }

  private mutating func finish() {
    isDone = true
    file = nil
  }
}
