import FoundryInternals

extension JSONParser {
  /// Delimits and validates the string whose opening quote is at `position`.
  ///
  /// Eight bytes are tested at a time for a quote, a backslash, a control byte or a non-ASCII
  /// byte; plain ASCII runs cost one comparison per word. The zero padding after the input is
  /// a control byte, so the loop always stops by the end.
  ///
  /// Inlined where keys and values are read: most strings are short and plain, and end at the
  /// first byte the loop stops at; the others go on in ``scanStringRest(from:at:)``.
  @inline(__always)
  mutating func scanString() throws(JSONParsingError) {
    let start = position + 1
    let index = Self.firstSpecialByte(in: input, from: start)
    guard input[index] == Byte.quote, index - start <= options.maximumStringLength else {
      return try scanStringRest(from: start, at: index)
    }
    storage.append(TapeNode(.string, flags: 0, offset: start, payload: index - start))
    position = index + 1
  }

  /// The index of the first quote, backslash, control or non-ASCII byte from `index` on.
  @inline(__always)
  static func firstSpecialByte(in input: UnsafeMutablePointer<UInt8>, from index: Int) -> Int {
    var index = index
    while true {
      let word = UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self))
      let special = specialBytes(in: word)
      if special != 0 { return index + special.trailingZeroBitCount >> 3 }
      index += 8
    }
  }

  /// ``scanString()`` from the first special byte on, at `index`, of the string whose bytes
  /// start at `start`: escapes, non-ASCII text, control bytes and the length limit.
  @inline(never)
  private mutating func scanStringRest(from start: Int, at index: Int) throws(JSONParsingError) {
    var index = index
    var flags: UInt32 = 0
    while true {
      let byte = input[index]
      if byte == Byte.quote { break }
      if byte == Byte.backslash {
        flags = TapeNode.hasEscapes
        index = try scanEscape(at: index)
      } else if byte < 0x20 {
        throw index >= end ? fail(.endOfInput(.string), at: index) : fail(.controlCharacter(byte), at: index)
      } else {
        index = try scanNonASCII(at: index)
      }
      index = Self.firstSpecialByte(in: input, from: index)
    }
    guard index - start <= options.maximumStringLength else {
      throw fail(.stringLengthLimit(length: index - start, limit: options.maximumStringLength), at: position)
    }
    storage.append(TapeNode(.string, flags: flags, offset: start, payload: index - start))
    position = index + 1
  }

  /// A mask with the high bit set in each byte of `word` that is `"`, `\`, below 0x20 or above
  /// 0x7F. Only the lowest set byte is exact, which is all the scanner uses.
  @inline(__always)
  static func specialBytes(in word: UInt64) -> UInt64 {
    ByteSearch.roughMarks(of: Byte.quote, in: word) | ByteSearch.roughMarks(of: Byte.backslash, in: word)
      | ByteSearch.roughMarks(below: 0x20, in: word) | (word & 0x8080_8080_8080_8080)
  }

  /// Validates the escape whose backslash is at `index`; returns the index after it.
  private func scanEscape(at index: Int) throws(JSONParsingError) -> Int {
    let next = index + 1
    guard next < end else { throw fail(.endOfInput(.string), at: next) }
    switch input[next] {
    case Byte.quote, Byte.backslash, Byte.slash, UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case Byte.u:
      let unit = try hexQuad(at: index + 2)
      switch unit {
      case 0xD800...0xDBFF:
        if input[index + 6] == Byte.backslash, input[index + 7] == Byte.u, index + 7 < end {
          let low = try hexQuad(at: index + 8)
          if (0xDC00...0xDFFF).contains(low) { return index + 12 }
        }
        return try loneSurrogate(unit, at: index, resumingAt: index + 6)
      case 0xDC00...0xDFFF:
        return try loneSurrogate(unit, at: index, resumingAt: index + 6)
      default:
        return index + 6
      }
    default:
      throw fail(.invalidEscape(input[next]), at: index)
    }
  }

  private func loneSurrogate(_ unit: UInt16, at index: Int, resumingAt next: Int) throws(JSONParsingError) -> Int {
    guard storage.loneSurrogates == .replace else { throw fail(.loneSurrogate(unit), at: index) }
    return next
  }

  /// Reads the four hex digits of a `\u` escape starting at `index`.
  private func hexQuad(at index: Int) throws(JSONParsingError) -> UInt16 {
    var value: UInt16 = 0
    for offset in index..<(index + 4) {
      guard let digit = Self.hexValue(input[offset]) else {
        throw offset >= end ? fail(.endOfInput(.string), at: offset) : fail(.invalidUnicodeEscape, at: index - 2)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case Byte.zero...Byte.nine: byte - Byte.zero
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Validates the run of UTF-8 sequences from the lead byte at `index` to the next ASCII byte
  /// (or the end); returns the index after the run. Text in most scripts other than Latin is
  /// such runs: checking a whole run here, the common lengths first, spares the word-at-a-time
  /// search a restart after every character.
  @inline(__always)
  private func scanNonASCII(at start: Int) throws(JSONParsingError) -> Int {
    var index = start
    repeat {
      // The lead byte and the three after it as one little-endian word. The zero padding after
      // the input keeps them readable and never passes for continuation bytes, so a sequence
      // the end of the input cuts fails here with no test against `end`.
      let word = UInt32(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt32.self))
      let lead = UInt8(truncatingIfNeeded: word)
      if lead &- 0xE1 <= 0xEF - 0xE1, lead != 0xED, word & 0x00C0_C000 == 0x0080_8000 {
        index += 3
      } else if lead &- 0xC2 <= 0xDF - 0xC2, word & 0xC000 == 0x8000 {
        index += 2
      } else {
        index = try scanUTF8(at: index)
      }
    } while input[index] >= 0x80
    return index
  }

  /// Validates the UTF-8 sequence whose lead byte is at `index` (Unicode 15, table 3-7);
  /// returns the index after it. Overlong forms, surrogates and code points past U+10FFFF fail.
  private func scanUTF8(at index: Int) throws(JSONParsingError) -> Int {
    let lead = input[index]
    var length = 0
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x80...0xBF: throw fail(.invalidUTF8(.continuation(lead)), at: index)
    case 0xC0, 0xC1: throw fail(.invalidUTF8(.overlong), at: index)
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE, 0xEF: length = 3
    case 0xED: length = 3; secondRange = 0x80...0x9F
    case 0xF0: length = 4; secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; secondRange = 0x80...0x8F
    case 0xF5...0xF7: throw fail(.invalidUTF8(.aboveMaximum), at: index)
    default: throw fail(.invalidUTF8(.neverValid(lead)), at: index)
    }
    let second = input[index + 1]
    guard secondRange.contains(second) else {
      guard second & 0xC0 == 0x80, index + 1 < end else { throw fail(.invalidUTF8(.truncated), at: index) }
      switch lead {
      case 0xE0, 0xF0: throw fail(.invalidUTF8(.overlong), at: index)
      case 0xED: throw fail(.invalidUTF8(.surrogate), at: index)
      default: throw fail(.invalidUTF8(.aboveMaximum), at: index)
      }
    }
    for offset in 2..<length where input[index + offset] & 0xC0 != 0x80 || index + offset >= end {
      throw fail(.invalidUTF8(.truncated), at: index)
    }
    return index + length
  }
}
