import FoundryInternals

extension XMLWriter {
  // MARK: - Text and attribute values

  /// Appends character data, escaping `&`, `<`, `>` and carriage return (`&#xD;`, which a
  /// reader would otherwise turn into a line feed).
  ///
  /// Runs of bytes that need nothing are found eight at a time and copied in one piece.
  ///
  /// - Parameter checks: Whether to look for characters XML cannot hold (a parsed document
  ///   has none).
  /// - Returns: The first character XML cannot hold, unless the options replace them.
  /// - Complexity: O(*n*) in the length of the text.
  mutating func appendEscapedText(_ utf8: UnsafeBufferPointer<UInt8>, checks: Bool) -> UInt32? {
    appendEscaped(utf8, checks: checks, inAttribute: false)
  }

  /// Appends an attribute value (without its quotes), escaping `&`, `<`, `"`, and tab, line
  /// feed and carriage return as character references so that they survive attribute-value
  /// normalization.
  ///
  /// - Returns: The first character XML cannot hold, unless the options replace them.
  /// - Complexity: O(*n*) in the length of the value.
  mutating func appendEscapedAttributeValue(_ utf8: UnsafeBufferPointer<UInt8>, checks: Bool) -> UInt32? {
    appendEscaped(utf8, checks: checks, inAttribute: true)
  }

  /// The loop behind both: copies runs that need nothing in one piece and escapes the rest as
  /// text (`>` escaped, tab and line feed kept) or as an attribute value (`"` escaped, tab and
  /// line feed as references).
  @inline(__always)
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, checks: Bool, inAttribute: Bool) -> UInt32? {
    var runStart = 0
    var index = 0
    let third = inAttribute ? UInt8(ascii: "\"") : UInt8(ascii: ">")
    while true {
      index = Self.nextSpecialByte(in: utf8, from: index, UInt8(ascii: "&"), UInt8(ascii: "<"), third, checks: checks)
      guard index < utf8.count else { break }
      if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
      switch utf8[index] {
      case UInt8(ascii: "&"): appendLiteral("&amp;")
      case UInt8(ascii: "<"): appendLiteral("&lt;")
      case UInt8(ascii: ">"): appendLiteral("&gt;")
      case UInt8(ascii: "\""): appendLiteral("&quot;")
      case 0x0D: appendLiteral("&#xD;")
      case 0x09: if inAttribute { appendLiteral("&#x9;") } else { bytes.append(0x09) }
      case 0x0A: if inAttribute { appendLiteral("&#xA;") } else { bytes.append(0x0A) }
      default:
        let step = appendOther(in: utf8, at: index)
        guard step.invalid == nil else { return step.invalid }
        index = step.next
        runStart = index
        continue
      }
      index += 1
      runStart = index
    }
    if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    return nil
  }

  /// Appends the byte at `index` that is neither markup nor whitespace: a control character or
  /// the lead byte of U+F000...U+FFFF. Characters XML cannot hold become U+FFFD when the
  /// options say so; otherwise they are returned as `invalid`.
  @inline(__always)
  private mutating func appendOther(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (next: Int, invalid: UInt32?) {
    guard let invalid = Self.invalidCharacter(in: utf8, at: index) else {
      bytes.append(utf8[index])
      return (index + 1, nil)
    }
    guard options.replacesInvalidCharacters else { return (index, invalid.scalar) }
    appendReplacementCharacter()
    return (index + invalid.length, nil)
  }

  @inline(__always)
  mutating func appendReplacementCharacter() {
    bytes.append(0xEF)
    bytes.append(0xBF)
    bytes.append(0xBD)
  }

  /// The character XML 1.0 cannot hold that starts at `index`, if any: a control character
  /// other than tab, line feed and carriage return, or U+FFFE or U+FFFF.
  @inline(__always)
  static func invalidCharacter(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
    let byte = utf8[index]
    if byte < 0x20 {
      return byte == 0x09 || byte == 0x0A || byte == 0x0D ? nil : (UInt32(byte), 1)
    }
    if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE {
      return (utf8[index + 2] == 0xBE ? 0xFFFE : 0xFFFF, 3)
    }
    return nil
  }

  // MARK: - Scanning

  /// The index of the first byte at or after `start` that is `a`, `b`, `c`, below U+0020,
  /// or (when `checks`) 0xEF, the lead byte of U+FFFE and U+FFFF; `utf8.count` if none.
  @inline(__always)
  static func nextSpecialByte(
    in utf8: UnsafeBufferPointer<UInt8>, from start: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8, checks: Bool
  ) -> Int {
    ByteSearch.firstIndex(
      in: utf8, from: start,
      marks: { word in
        let mask =
          ByteSearch.roughMarks(below: 0x20, in: word) | ByteSearch.roughMarks(of: a, in: word) | ByteSearch.roughMarks(of: b, in: word)
          | ByteSearch.roughMarks(of: c, in: word)
        return checks ? mask | ByteSearch.roughMarks(of: 0xEF, in: word) : mask
      },
      matches: { $0 < 0x20 || $0 == a || $0 == b || $0 == c || (checks && $0 == 0xEF) }) ?? utf8.count
  }

  // MARK: - CDATA, comments, processing instructions

  /// What makes a comment, processing instruction or CDATA section impossible to write.
  enum MarkupIssue: Error {
    case invalidCharacter(UInt32)
    /// `--` or a final `-` in a comment, `?>` in processing-instruction data.
    case forbiddenSequence
  }

  /// Appends a CDATA section, split after `]]` wherever the text holds `]]>`, with each
  /// carriage return as `&#xD;` between sections (a reader turns a raw one into a line feed).
  mutating func appendCDATA(_ utf8: UnsafeBufferPointer<UInt8>) -> MarkupIssue? {
    appendLiteral("<![CDATA[")
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "]"), index + 2 < utf8.count, utf8[index + 1] == UInt8(ascii: "]"), utf8[index + 2] == UInt8(ascii: ">") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index + 2]))
        appendLiteral("]]><![CDATA[")
        index += 2
        runStart = index
      } else if byte == 0x0D {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendLiteral("]]>&#xD;<![CDATA[")
        index += 1
        runStart = index
      } else if byte < 0x20 || byte == 0xEF, let invalid = Self.invalidCharacter(in: utf8, at: index) {
        if let issue = replace(invalid, in: utf8, at: &index, runStart: &runStart) { return issue }
      } else {
        index += 1
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    appendLiteral("]]>")
    return nil
  }

  /// Appends the run of `utf8` from `runStart` up to the character XML cannot hold at `index`,
  /// then U+FFFD in its place, and moves both past it; the issue instead when the options
  /// do not replace such characters.
  @inline(__always)
  private mutating func replace(
    _ invalid: (scalar: UInt32, length: Int), in utf8: UnsafeBufferPointer<UInt8>, at index: inout Int, runStart: inout Int
  ) -> MarkupIssue? {
    guard options.replacesInvalidCharacters else { return .invalidCharacter(invalid.scalar) }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    appendReplacementCharacter()
    index += invalid.length
    runStart = index
    return nil
  }

  /// Appends raw markup text (a comment's or a processing instruction's), replacing or
  /// reporting characters XML cannot hold; `forbidden` reports a sequence that would end the
  /// markup early.
  mutating func appendRawMarkupText(
    _ utf8: UnsafeBufferPointer<UInt8>, forbidden: (UnsafeBufferPointer<UInt8>, Int) -> Bool
  ) -> MarkupIssue? {
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if forbidden(utf8, index) { return .forbiddenSequence }
      if byte < 0x20 || byte == 0xEF, let invalid = Self.invalidCharacter(in: utf8, at: index) {
        if let issue = replace(invalid, in: utf8, at: &index, runStart: &runStart) { return issue }
      } else {
        index += 1
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    return nil
  }
}
