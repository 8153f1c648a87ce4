#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few C library calls Foundry needs, named apart from Swift methods called `read`,
/// `write` and `open`.
package enum POSIX {
  package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
  }

  package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
  }

  /// Writes every byte, retrying short and interrupted writes; `false` with `errno` set on failure.
  package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Makes a write past the file-size limit (`ulimit -f`, `RLIMIT_FSIZE`) fail with `EFBIG`,
  /// which the writer reports, instead of killing the process with `SIGXFSZ`: for the command
  /// line, which owns its process (a library leaves signals to its program).
  package static func reportFileSizeLimit() {
    _ = signal(SIGXFSZ, SIG_IGN)
  }

  /// Ends the process with `status`.
  package static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #elseif canImport(Musl)
    Musl.exit(status)
    #else
    Darwin.exit(status)
    #endif
  }

  /// Ends the process with `status` at once, from any thread: no exit handlers run, nothing
  /// is flushed (what a signal handler may do while another thread works).
  package static func exitNow(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc._exit(status)
    #elseif canImport(Musl)
    Musl._exit(status)
    #else
    Darwin._exit(status)
    #endif
  }

  /// Removes the name `path` from its folder (`unlink`); a failure is ignored.
  package static func remove(_ path: String) {
    #if canImport(Glibc)
    _ = Glibc.unlink(path)
    #elseif canImport(Musl)
    _ = Musl.unlink(path)
    #else
    _ = Darwin.unlink(path)
    #endif
  }

  /// Whether two byte buffers hold the same bytes (`memcmp`, vectorized by the C library).
  @inline(__always)
  package static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.count == 0 }
    return memcmp(left, right, lhs.count) == 0
  }

  /// The C library's wording of the current `errno`.
  package static var currentError: String { String(cString: strerror(errno)) }
}
