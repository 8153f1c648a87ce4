#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import FoundryInternals

/// Where a command reads standard input from and writes its output and diagnostics to.
///
/// Commands never print directly: they go through a console, so tests run them in-process
/// with a recording console and compare the text word for word.
///
/// ```swift
/// var output = ""
/// let console = Console(columns: 80, standardInput: { Array("[1]".utf8) }) { _, text in output += text }
/// let status = FoundryCommand.run(["validate", "-"], console: console)  // 0, output "<stdin>: ok\n"
/// ```
package struct Console {
  /// The two output streams of a process.
  package enum Stream: Sendable, Hashable {
    case output, error
  }

  /// Why standard input could not be read, worded like the C library words it.
  package struct ReadFailure: Error, Sendable, Hashable {
    package var reason: String
    package init(reason: String) { self.reason = reason }
  }

  /// Hands each chunk of standard input, in order, to the function it is given.
  private typealias InputChunks = (_ body: ([UInt8]) throws(ReadFailure) -> Void) throws(ReadFailure) -> Void

  /// Standard input once it was copied to a file; shared by the console's copies.
  private final class SpoolBox {
    var spool: StandardInputSpool?
  }

  /// The width help text wraps at; `nil` asks the terminal.
  package let columns: Int?
  private let readStandardInput: InputChunks
  private let sink: (Stream, String) -> Void
  private let spoolBox = SpoolBox()

  /// A console over closures: `standardInput` returns all of standard input, `sink` receives
  /// every piece of text with the stream it is for.
  package init(
    columns: Int?,
    standardInput: @escaping () throws(ReadFailure) -> [UInt8],
    sink: @escaping (Stream, String) -> Void
  ) {
    self.init(columns: columns, inputChunks: { body throws(ReadFailure) in try body(standardInput()) }, sink: sink)
  }

  private init(columns: Int?, inputChunks: @escaping InputChunks, sink: @escaping (Stream, String) -> Void) {
    self.columns = columns
    self.readStandardInput = inputChunks
    self.sink = sink
  }

  /// The process's own standard input, output and error.
  package static var standard: Console {
    Console(
      columns: nil,
      inputChunks: readProcessInput,
      sink: { stream, text in
        writeAll(text, to: stream == .output ? STDOUT_FILENO : STDERR_FILENO)
      }
    )
  }

  private static func readProcessInput(_ body: ([UInt8]) throws(ReadFailure) -> Void) throws(ReadFailure) {
    let input: FileChunkReader
    do {
      input = try FileChunkReader(path: "-", bufferSize: 64 << 10)
    } catch {
      throw ReadFailure(reason: error.reason)
    }
    while true {
      let chunk: [UInt8]?
      do {
        chunk = try input.next()
      } catch {
        throw ReadFailure(reason: error.reason)
      }
      guard let chunk else { return }
      try body(chunk)
    }
  }

  // MARK: - Reading and writing

  /// All of standard input (read from its copy once ``standardInputFile()`` made one).
  package func readInput() throws(ReadFailure) -> [UInt8] {
    if let spool = spoolBox.spool {
      do {
        return try FileReader.read(spool.path)
      } catch {
        throw ReadFailure(reason: error.reason)
      }
    }
    var bytes: [UInt8] = []
    try readStandardInput { chunk throws(ReadFailure) in bytes.append(contentsOf: chunk) }
    return bytes
  }

  /// The path of a temporary file holding all of standard input, copied a chunk at a time on
  /// the first call (so memory holds one chunk) and removed when the console's last copy goes:
  /// what commands that read in chunks, and may read again, read `-` from.
  ///
  /// ```swift
  /// let path = file == "-" ? try console.standardInputFile() : file
  /// ```
  package func standardInputFile() throws(ReadFailure) -> String {
    if let spool = spoolBox.spool { return spool.path }
    let spool = try StandardInputSpool(fill: readStandardInput)
    spoolBox.spool = spool
    return spool.path
  }

  /// Writes `text` as is.
  package func write(_ text: String, to stream: Stream = .output) { sink(stream, text) }

  /// Writes `text` and a line break.
  package func print(_ text: String, to stream: Stream = .output) { sink(stream, text + "\n") }

  /// Writes every byte of `text` to a file descriptor. A failure is dropped: a process whose
  /// standard output or error is gone has nowhere left to report it.
  private static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = POSIX.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }
}
