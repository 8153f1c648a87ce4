internal import FoundryInternals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file with POSIX calls, whole or piece by piece, reporting failures the way the C
/// library words them.
///
/// ```swift
/// try OutputFile.write("{}\n", to: "out.json")
///
/// let file = try OutputFile(creating: "big.json")
/// try file.write(Array("[".utf8))
/// try file.close()
/// ```
struct OutputFile {
  /// Why a file could not be written.
  struct Failure: Error, Sendable, Hashable {
    var reason: String
  }

  private let descriptor: Int32

  /// Creates or truncates the file at `path`, open for writing.
  ///
  /// - Throws: ``Failure`` with the C library's reason when the file cannot be opened.
  init(creating path: String) throws(Failure) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Failure(reason: POSIX.currentError) }
  }

  /// Appends `bytes` to the file.
  func write(_ bytes: [UInt8]) throws(Failure) {
    let isWritten = bytes.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
    if !isWritten { throw Failure(reason: POSIX.currentError) }
  }

  /// Appends the UTF-8 of `text` to the file.
  func write(_ text: String) throws(Failure) {
    var text = text
    let isWritten = text.withUTF8 { POSIX.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    if !isWritten { throw Failure(reason: POSIX.currentError) }
  }

  /// Closes the file; call it once, after the last write.
  func close() throws(Failure) {
    #if canImport(Glibc)
    let status = Glibc.close(descriptor)
    #elseif canImport(Musl)
    let status = Musl.close(descriptor)
    #elseif canImport(Darwin)
    let status = Darwin.close(descriptor)
    #endif
    if status != 0 { throw Failure(reason: POSIX.currentError) }
  }

  /// Creates or truncates the file at `path` and writes `text` to it.
  ///
  /// - Throws: ``Failure`` with the C library's reason when the file cannot be opened or written.
  static func write(_ text: String, to path: String) throws(Failure) {
    let file = try OutputFile(creating: path)
    let writeError: Failure?
    do {
      try file.write(text)
      writeError = nil
    } catch {
      writeError = error
    }
    do {
      try file.close()
    } catch {
      throw writeError ?? error
    }
    if let writeError { throw writeError }
  }
}
