internal import FoundryInternals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file with POSIX calls, reporting failures the way the C library words them.
///
/// ```swift
/// try OutputFile.write("{}\n", to: "out.json")
/// ```
enum OutputFile {
  /// Why a file could not be written.
  struct Failure: Error, Sendable, Hashable {
    var reason: String
  }

  /// Creates or truncates the file at `path` and writes `text` to it.
  ///
  /// - Throws: ``Failure`` with the C library's reason when the file cannot be opened or written.
  static func write(_ text: String, to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Failure(reason: POSIX.currentError) }
    var text = text
    let isWritten = text.withUTF8 { POSIX.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    let writeError = isWritten ? nil : POSIX.currentError
    let isClosed = close(descriptor) == 0
    if let writeError { throw Failure(reason: writeError) }
    if !isClosed { throw Failure(reason: POSIX.currentError) }
  }
}
