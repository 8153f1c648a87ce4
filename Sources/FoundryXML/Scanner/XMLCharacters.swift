/// The character classes of XML 1.0 (fifth edition) and a UTF-8 scalar reader for them.
package enum XMLCharacters {
  /// `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
  @inline(__always)
  static func isChar(_ scalar: UInt32) -> Bool {
    if scalar < 0x20 { return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D }
    if scalar <= 0xD7FF { return true }
    if scalar < 0xE000 { return false }
    if scalar <= 0xFFFD { return true }
    return scalar >= 0x10000 && scalar <= 0x10FFFF
  }

  /// Adds `byte` to `value` as the next digit of a character reference (`&#10;`, or `&#xA;` when
  /// `isHex`); `false`, leaving `value` alone, when `byte` is no such digit. The value
  /// saturates past U+10FFFF, which is rejected anyway, however long the digits run.
  @inline(__always)
  static func appendReferenceDigit(_ byte: UInt8, isHex: Bool, to value: inout UInt32) -> Bool {
    let digit: UInt32
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
    default: return false
    }
    value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
    return true
  }

  /// `S`: space, tab, carriage return, line feed.
  @inline(__always)
  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// `NameStartChar` (the colon included; namespace checks reject it separately).
  @inline(__always)
  static func isNameStart(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A) || scalar == 0x5F || scalar == 0x3A
    }
    switch scalar {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
      0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
      0x10000...0xEFFFF:
      return true
    default:
      return false
    }
  }

  /// `NameChar`: a `NameStartChar`, or `-`, `.`, a digit, #xB7, [#x0300-#x036F], [#x203F-#x2040].
  @inline(__always)
  static func isNameChar(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x30 && scalar <= 0x39)
        || scalar == 0x5F || scalar == 0x3A || scalar == 0x2D || scalar == 0x2E
    }
    if isNameStart(scalar) { return true }
    return scalar == 0xB7 || (scalar >= 0x300 && scalar <= 0x36F) || (scalar >= 0x203F && scalar <= 0x2040)
  }

  /// `PubidChar`: the characters a public identifier may hold.
  static func isPublicIDChar(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x0D, 0x0A: return true
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-'()+,./:=?;!*#@$_%".utf8.contains(byte)
    }
  }

  /// Decodes the UTF-8 scalar at `index` of `bytes`: its value and length, or `nil` for an
  /// invalid or truncated sequence. `bytes` must be readable up to `end`.
  @inline(__always)
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (value: UInt32, length: Int)? {
    guard index < end else { return nil }
    let lead = bytes[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
    default: return nil
    }
    guard index + length <= end else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    switch length {
    case 3 where value < 0x800 || (0xD800...0xDFFF).contains(value): return nil
    case 4 where value < 0x10000 || value > 0x10FFFF: return nil
    default: break
    }
    return (value, length)
  }

  /// Appends the UTF-8 encoding of `scalar` to `output`.
  static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(0xC0 | UInt8(scalar >> 6))
      output.append(0x80 | UInt8(scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(0xE0 | UInt8(scalar >> 12))
      output.append(0x80 | UInt8((scalar >> 6) & 0x3F))
      output.append(0x80 | UInt8(scalar & 0x3F))
    default:
      output.append(0xF0 | UInt8(truncatingIfNeeded: scalar >> 18))
      output.append(0x80 | UInt8((scalar >> 12) & 0x3F))
      output.append(0x80 | UInt8((scalar >> 6) & 0x3F))
      output.append(0x80 | UInt8(scalar & 0x3F))
    }
  }
}
