#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import FoundryInternals

/// Standard input copied, a chunk at a time, into a temporary file that is removed when the
/// spool goes: what lets a command read `-` in chunks, and read it again when it must fall back
/// to reading it whole, in bounded memory.
///
/// A pipe can be read once; a file can be read in chunks, reopened and read whole. The file
/// lives in `$TMPDIR` (else `/tmp`) and is named `foundry-stdin-` and six random characters.
/// On Linux its name is removed as soon as it is made, and it is read through the spool's open
/// descriptor (`/proc/self/fd/N`), so a process killed mid-command leaves nothing behind;
/// elsewhere a signal that ends the process removes it first (``Interrupts``).
///
/// ```swift
/// let spool = try StandardInputSpool { write in try readEveryChunk(write) }
/// let file = try FileChunkReader(path: spool.path, bufferSize: 64 << 10)
/// ```
final class StandardInputSpool {
  /// Where the copy is read from.
  let path: String
  /// The copy's descriptor, open while the spool lives.
  private let descriptor: Int32
  /// The copy's name in the temporary folder while it has one (removed when the spool goes).
  private let name: String?

  /// Creates the temporary file and hands `fill` the function that appends a chunk to it.
  ///
  /// - Throws: ``Console/ReadFailure`` when the file cannot be made or written, or when `fill`
  ///   throws (reading standard input failed); the file is removed then.
  init(fill: (([UInt8]) throws(Console.ReadFailure) -> Void) throws(Console.ReadFailure) -> Void) throws(Console.ReadFailure) {
    let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/foundry-stdin-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else {
      throw Console.ReadFailure(reason: "cannot make a temporary file in \(directory): \(POSIX.currentError)")
    }
    let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #if os(Linux)
    unlink(made)
    let (path, name): (String, String?) = ("/proc/self/fd/\(descriptor)", nil)
    #else
    let (path, name): (String, String?) = (made, made)
    #endif
    if let name { Interrupts.removeOnExit(name) }
    do {
      try fill { (chunk: [UInt8]) throws(Console.ReadFailure) in
        let written = chunk.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
        guard written else { throw Console.ReadFailure(reason: "cannot copy to a temporary file: \(POSIX.currentError)") }
      }
    } catch {
      if let name { unlink(name) }
      if let name { Interrupts.forget(name) }
      close(descriptor)
      throw error
    }
    (self.descriptor, self.path, self.name) = (descriptor, path, name)
  }

  deinit {
    if let name { unlink(name) }
    if let name { Interrupts.forget(name) }
    close(descriptor)
  }
}
