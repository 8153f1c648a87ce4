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

  /// The width help text wraps at; `nil` asks the terminal.
  package let columns: Int?
  private let readStandardInput: () throws(ReadFailure) -> [UInt8]
  private let sink: (Stream, String) -> Void

  /// A console over closures: `sink` receives every piece of text with the stream it is for.
  package init(
    columns: Int?,
    standardInput: @escaping () throws(ReadFailure) -> [UInt8],
    sink: @escaping (Stream, String) -> Void
  ) {
    self.columns = columns
    self.readStandardInput = standardInput
    self.sink = sink
  }

  /// The process's own standard input, output and error.
  package static var standard: Console {
    Console(
      columns: nil,
      standardInput: readProcessInput,
      sink: { stream, text in
        writeAll(text, to: stream == .output ? STDOUT_FILENO : STDERR_FILENO)
      }
    )
  }

  private static func readProcessInput() throws(ReadFailure) -> [UInt8] {
    do {
      return try FileReader.read("-")
    } catch {
      throw ReadFailure(reason: error.reason)
    }
  }

  // MARK: - Reading and writing

  /// All of standard input.
  package func readInput() throws(ReadFailure) -> [UInt8] { try readStandardInput() }

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
