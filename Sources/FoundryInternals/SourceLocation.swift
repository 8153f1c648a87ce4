/// A position in a source document, resolved from a byte offset only when a diagnostic needs it.
///
/// Parsers keep nothing but byte offsets while they run; when they throw, they call
/// ``SourceLocation/init(offset:in:)`` once to find the line, the column and the text of the
/// line, so the fast path never pays for line bookkeeping.
package struct SourceLocation: Sendable, Hashable {
  /// Zero-based byte offset into the input.
  package var offset: Int
  /// One-based line number; `\n`, `\r\n` and a lone `\r` each end a line.
  package var line: Int
  /// One-based column, counted in Unicode scalars from the start of the line.
  package var column: Int
  /// The text of the line (or a window of it around the column, for very long lines), with
  /// control characters other than tab replaced so that it prints safely.
  package var lineText: String
  /// The column of ``lineText`` the caret points at (one-based, in Unicode scalars).
  package var caretColumn: Int
  /// The prefix of ``lineText`` before the caret, with tabs kept, so the caret line aligns.
  package var caretPadding: String

  /// The longest stretch of a line shown on each side of the caret.
  static let window = 60

  /// Resolves `offset` against `bytes`.
  ///
  /// - Complexity: O(*n*) in `offset`.
  package init(offset rawOffset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let offset = min(max(rawOffset, 0), bytes.count)
    var line = 1
    // A leading byte order mark is not text: columns start after it.
    let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var lineStart = hasByteOrderMark && offset >= 3 ? 3 : 0
    var index = lineStart
    while index < offset {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
      } else if byte == 0x0D, index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
        // A lone `\r` ends a line; in `\r\n` the `\n` does.
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }

    let before = Self.printable(bytes[lineStart..<offset])
    let after = Self.printable(bytes[offset..<lineEnd])
    let beforeScalars = Array(before.unicodeScalars)
    let column = beforeScalars.count + 1

    var shownBefore = beforeScalars
    var prefix = ""
    if shownBefore.count > Self.window {
      shownBefore = Array(shownBefore.suffix(Self.window))
      prefix = "..."
    }
    var afterScalars = Array(after.unicodeScalars)
    var suffix = ""
    if afterScalars.count > Self.window {
      afterScalars = Array(afterScalars.prefix(Self.window))
      suffix = "..."
    }
    var text = prefix
    text.unicodeScalars.append(contentsOf: shownBefore)
    var padding = String(repeating: " ", count: prefix.count)
    padding.unicodeScalars.append(contentsOf: shownBefore.map { $0 == "\t" ? "\t" : " " })
    text.unicodeScalars.append(contentsOf: afterScalars)
    text += suffix

    self.offset = offset
    self.line = line
    self.column = column
    self.lineText = text
    self.caretColumn = prefix.count + shownBefore.count + 1
    self.caretPadding = padding
  }

  /// Decodes bytes leniently and swaps control characters (other than tab) for U+FFFD.
  private static func printable(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    let decoded = String(decoding: bytes, as: UTF8.self)
    var result = String.UnicodeScalarView()
    for scalar in decoded.unicodeScalars {
      if scalar == "\t" || scalar.value >= 0x20 && scalar.value != 0x7F {
        result.append(scalar)
      } else {
        result.append("\u{FFFD}")
      }
    }
    return String(result)
  }
}

extension SourceLocation {
  /// The start of an empty source: for failures that concern the input as a whole.
  package static let start = SourceLocation(offset: 0, in: UnsafeBufferPointer(start: nil, count: 0))
}
