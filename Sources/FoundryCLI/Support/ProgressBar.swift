#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import FoundryInternals

/// A progress bar on standard error, redrawn in place: `importing authors.json [#####.....] 52% (21,040 of 40,446)`.
///
/// ```swift
/// ProgressBar.line(label: "importing a.json", done: 21_040, total: 40_446)
/// ```
enum ProgressBar {
  /// Whether a bar should be drawn: standard error is a terminal and the input is large
  /// (1 MB or more); otherwise the output stays plain text for logs and pipes.
  static func isWanted(byteCount: Int) -> Bool { byteCount >= 1_000_000 && isatty(STDERR_FILENO) == 1 }

  /// The bar's line for `done` of `total`, starting with a carriage return.
  static func line(label: String, done: Int, total: Int, width: Int = 20) -> String {
    let fraction = total > 0 ? Double(done) / Double(total) : 1
    let filled = min(width, Int(fraction * Double(width)))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "\r\(label) [\(bar)] \(Int(fraction * 100))% (\(grouped(done)) of \(grouped(total)))"
  }

  /// `40446` as `40,446`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number)
    var text = ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// Clears the bar's line.
  static let clear = "\r\u{1B}[K"

  /// Whether standard error is a terminal, where the bar is redrawn in place.
  static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Shows `line` (from ``line(label:done:total:width:)``): redrawn in place on a terminal, a
  /// line of its own elsewhere (a log asked for with `--progress`).
  static func show(_ line: String) {
    draw(isTerminal ? line : String(line.drop { $0 == "\r" }) + "\n")
  }

  /// Clears the bar on a terminal; a log keeps its lines.
  static func finish() {
    if isTerminal { draw(clear) }
  }

  /// Writes `text` to the process's standard error: the bar is for a terminal only, never
  /// for a console that records output.
  static func draw(_ text: String) {
    var text = text
    text.withUTF8 { _ = POSIX.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }
}
