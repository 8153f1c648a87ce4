import FoundryInternals

extension JSONWriter {
  // MARK: - Quoting

  /// Appends `utf8` between quotes, escaping what must be escaped and what the options ask.
  ///
  /// Runs of bytes that need nothing are found eight at a time and copied in one piece, so
  /// plain text costs about one comparison per word and one copy per run.
  ///
  /// - Complexity: O(*n*) in the length of the string.
  mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(Byte.quote)
    let escapesSlashes = options.escapesSlashes
    let escapesNonASCII = options.escapesNonASCII
    var runStart = 0
    var index = 0
    while true {
      index = Self.nextSpecialByte(in: utf8, from: index, slashes: escapesSlashes, nonASCII: escapesNonASCII)
      guard index < utf8.count else { break }
      if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
      index = appendEscape(in: utf8, at: index)
      runStart = index
    }
    if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    bytes.append(Byte.quote)
  }

  /// The index of the first byte at or after `start` that must be escaped; `utf8.count` if none.
  @inline(__always)
  private static func nextSpecialByte(
    in utf8: UnsafeBufferPointer<UInt8>, from start: Int, slashes: Bool, nonASCII: Bool
  ) -> Int {
    ByteSearch.firstIndex(
      in: utf8, from: start, marks: { specialBytes(in: $0, slashes: slashes, nonASCII: nonASCII) },
      matches: { needsEscape($0, slashes: slashes, nonASCII: nonASCII) }) ?? utf8.count
  }

  /// A mask with the high bit set in the bytes of `word` that need an escape. Only the lowest
  /// set byte is exact (borrows can mark bytes above it), which is the only one used.
  @inline(__always)
  private static func specialBytes(in word: UInt64, slashes: Bool, nonASCII: Bool) -> UInt64 {
    var mask =
      ByteSearch.roughMarks(of: Byte.quote, in: word) | ByteSearch.roughMarks(of: Byte.backslash, in: word)
      | ByteSearch.roughMarks(below: 0x20, in: word)
    if slashes { mask |= ByteSearch.roughMarks(of: Byte.slash, in: word) }
    if nonASCII { mask |= word & 0x8080_8080_8080_8080 }
    return mask
  }

  @inline(__always)
  private static func needsEscape(_ byte: UInt8, slashes: Bool, nonASCII: Bool) -> Bool {
    byte == Byte.quote || byte == Byte.backslash || byte < 0x20 || (slashes && byte == Byte.slash)
      || (nonASCII && byte >= 0x80)
  }

  // MARK: - Escapes

  /// Appends the escape for the byte (or, above ASCII, the scalar) at `index`; returns the
  /// index after what it consumed.
  private mutating func appendEscape(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = utf8[index]
    let short: UInt8
    switch byte {
    case Byte.quote, Byte.backslash, Byte.slash: short = byte
    case 0x08: short = UInt8(ascii: "b")
    case 0x0C: short = UInt8(ascii: "f")
    case Byte.newline: short = UInt8(ascii: "n")
    case Byte.carriageReturn: short = UInt8(ascii: "r")
    case Byte.tab: short = UInt8(ascii: "t")
    case 0..<0x20:
      appendUnicodeEscape(UInt16(byte))
      return index + 1
    case 0x80...:
      return appendScalarEscape(in: utf8, at: index)
    default:
      bytes.append(byte)
      return index + 1
    }
    bytes.append(Byte.backslash)
    bytes.append(short)
    return index + 1
  }

  /// Decodes the UTF-8 sequence at `index` and appends it as `\uXXXX`, or as a surrogate pair
  /// beyond U+FFFF; an invalid sequence (impossible from a `String` or a parsed document)
  /// becomes `\ufffd` for its first byte.
  private mutating func appendScalarEscape(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = utf8[index]
    let length: Int
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
    default: length = 0; scalar = 0
    }
    var isValid = length > 0 && index + length <= utf8.count
    if isValid {
      for offset in 1..<length {
        let continuation = utf8[index + offset]
        isValid = isValid && continuation & 0xC0 == 0x80
        scalar = scalar << 6 | UInt32(continuation & 0x3F)
      }
      let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
      isValid = isValid && scalar >= smallest && Unicode.Scalar(scalar) != nil
    }
    guard isValid else {
      appendUnicodeEscape(0xFFFD)
      return index + 1
    }
    if scalar < 0x1_0000 {
      appendUnicodeEscape(UInt16(scalar))
    } else {
      let offset = scalar - 0x1_0000
      appendUnicodeEscape(UInt16(0xD800 + (offset >> 10)))
      appendUnicodeEscape(UInt16(0xDC00 + (offset & 0x3FF)))
    }
    return index + length
  }

  /// Appends `\u` and four lowercase hexadecimal digits.
  private mutating func appendUnicodeEscape(_ unit: UInt16) {
    bytes.append(Byte.backslash)
    bytes.append(Byte.u)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8(truncatingIfNeeded: unit >> UInt16(shift)) & 0x0F
      bytes.append(digit < 10 ? Byte.zero + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}
