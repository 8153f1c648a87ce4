#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, so the document layers need no Foundation for it.
package enum FileReader {
  /// Why a file could not be read, worded like the C library words it.
  package struct Failure: Error, Sendable, Hashable {
    package var reason: String
  }

  /// The size in bytes of the regular file at `path`; `nil` for anything else (or when it
  /// cannot be read).
  ///
  /// ```swift
  /// let size = FileReader.size(of: "planet.osm") ?? 0
  /// ```
  package static func size(of path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// The bytes of the file at `path`, or of standard input when `path` is `-`.
  package static func read(_ path: String) throws(Failure) -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Failure(reason: POSIX.currentError) }
    defer { if descriptor != 0 { close(descriptor) } }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw Failure(reason: String(cString: strerror(EISDIR)))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(Int(info.st_size), 0) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: POSIX.currentError)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}
