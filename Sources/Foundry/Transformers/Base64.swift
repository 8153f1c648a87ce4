/// Base64 (RFC 4648) encoding and decoding, byte by byte, in either alphabet.
enum Base64 {
  static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  static let urlSafeAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// 0...63 for the characters of either alphabet, 0xFF for everything else.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in standardAlphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    table[Int(UInt8(ascii: "-"))] = 62
    table[Int(UInt8(ascii: "_"))] = 63
    return table
  }()

  /// Which characters stand for 62 and 63.
  enum Alphabet: Sendable, Hashable {
    case standard, urlSafe, either

    func accepts(_ byte: UInt8) -> Bool {
      switch self {
      case .standard: byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_")
      case .urlSafe: byte != UInt8(ascii: "+") && byte != UInt8(ascii: "/")
      case .either: true
      }
    }
  }

  /// The bytes `text` encodes, or `nil` when it is not base64 in `alphabet`. Padding is
  /// optional; when present it must be right. ASCII whitespace (line breaks) is skipped.
  static func decode(_ text: String, alphabet: Alphabet) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0
    var count = 0
    var padding = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        continue
      case UInt8(ascii: "="):
        padding += 1
        continue
      default:
        let value = values[Int(byte)]
        guard padding == 0, value != 0xFF, alphabet.accepts(byte) else { return nil }
        accumulator = accumulator << 6 | UInt32(value)
        count += 1
        if count == 4 {
          output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
          output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
          output.append(UInt8(truncatingIfNeeded: accumulator))
          accumulator = 0
          count = 0
        }
      }
    }
    switch count {
    case 0:
      guard padding == 0 else { return nil }
    case 2:
      guard padding == 0 || padding == 2, accumulator & 0xF == 0 else { return nil }
      output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
    case 3:
      guard padding == 0 || padding == 1, accumulator & 0x3 == 0 else { return nil }
      output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
      output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
    default:
      return nil
    }
    return output
  }

  /// `bytes` in base64, padded with `=` when `padding` is true.
  static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes, alphabet: Alphabet, padding: Bool) -> String {
    let characters = alphabet == .urlSafe ? urlSafeAlphabet : standardAlphabet
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(characters[Int(group >> 18 & 0x3F)])
      output.append(characters[Int(group >> 12 & 0x3F)])
      if second != nil {
        output.append(characters[Int(group >> 6 & 0x3F)])
      } else if padding {
        output.append(UInt8(ascii: "="))
      }
      if third != nil {
        output.append(characters[Int(group & 0x3F)])
      } else if padding {
        output.append(UInt8(ascii: "="))
      }
      if third == nil { break }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
