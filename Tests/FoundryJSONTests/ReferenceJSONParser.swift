import FoundryJSON

/// A deliberately simple, recursive reader used as an oracle by the fuzz tests: it shares no
/// code with the real reader, favours clarity over speed, and answers only "the value" or
/// "rejected". It follows RFC 8259 and the relaxations of `JSONParsingOptions`, except the
/// input size limit.
struct ReferenceJSONParser {
  private let bytes: [UInt8]
  private let options: JSONParsingOptions
  private var position = 0
  private var depth = 0

  /// The value of `bytes`, or `nil` when they are not one JSON text under `options`.
  static func parse(_ bytes: [UInt8], options: JSONParsingOptions = .init()) -> JSONValue? {
    var parser = ReferenceJSONParser(bytes: bytes, options: options)
    if options.allowsByteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
    guard parser.skipWhitespace(), let value = parser.value(), parser.skipWhitespace() else { return nil }
    // Not `position == count ? value : nil`: there `nil` would be the literal `JSONValue.null`.
    guard parser.position == bytes.count else { return nil }
    return value
  }

  private init(bytes: [UInt8], options: JSONParsingOptions) {
    self.bytes = bytes
    self.options = options
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private func peek(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }

  /// Skips whitespace and, when allowed, comments; `false` for a broken comment.
  private mutating func skipWhitespace() -> Bool {
    while let byte = current {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D:
        position += 1
      case UInt8(ascii: "/") where options.allowsComments:
        if peek(1) == UInt8(ascii: "/") {
          while let byte = current, byte != 0x0A, byte != 0x0D { position += 1 }
        } else if peek(1) == UInt8(ascii: "*") {
          position += 2
          while !(current == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
            guard current != nil else { return false }
            position += 1
          }
          position += 2
        } else {
          return false
        }
      default:
        return true
      }
    }
    return true
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    position += 1
    return true
  }

  private mutating func value() -> JSONValue? {
    guard let byte = current else { return nil }
    switch byte {
    case UInt8(ascii: "{"): return object()
    case UInt8(ascii: "["): return array()
    case UInt8(ascii: "\""): return string().map(JSONValue.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
    default: return nil
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
    for byte in word.utf8 where !consume(byte) { return nil }
    return value
  }

  private mutating func array() -> JSONValue? {
    depth += 1
    defer { depth -= 1 }
    guard depth <= options.maximumDepth else { return nil }
    position += 1
    var elements: [JSONValue] = []
    guard skipWhitespace() else { return nil }
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      guard skipWhitespace(), let element = value(), skipWhitespace() else { return nil }
      elements.append(element)
      if consume(UInt8(ascii: "]")) { return .array(elements) }
      guard consume(UInt8(ascii: ",")) else { return nil }
      if options.allowsTrailingCommas {
        guard skipWhitespace() else { return nil }
        if consume(UInt8(ascii: "]")) { return .array(elements) }
      }
    }
  }

  private mutating func object() -> JSONValue? {
    depth += 1
    defer { depth -= 1 }
    guard depth <= options.maximumDepth else { return nil }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    guard skipWhitespace() else { return nil }
    if consume(UInt8(ascii: "}")) { return .object(JSONObject()) }
    while true {
      guard skipWhitespace(), current == UInt8(ascii: "\""), let key = string() else { return nil }
      guard skipWhitespace(), consume(UInt8(ascii: ":")), skipWhitespace(), let member = value(), skipWhitespace() else { return nil }
      members.append((key, member))
      if consume(UInt8(ascii: "}")) { return uniqued(members) }
      guard consume(UInt8(ascii: ",")) else { return nil }
      if options.allowsTrailingCommas {
        guard skipWhitespace() else { return nil }
        if consume(UInt8(ascii: "}")) { return uniqued(members) }
      }
    }
  }

  /// Applies the duplicate-key policy; keys are equal when their scalars are (no normalization).
  private func uniqued(_ members: [(key: String, value: JSONValue)]) -> JSONValue? {
    var kept: [(key: String, value: JSONValue)] = []
    for member in members {
      let scalars = Array(member.key.unicodeScalars)
      if let index = kept.firstIndex(where: { Array($0.key.unicodeScalars) == scalars }) {
        switch options.duplicateKeys {
        case .keepLast: kept[index].value = member.value
        case .keepFirst: break
        case .reject: return nil
        }
      } else {
        kept.append(member)
      }
    }
    return .object(JSONObject(kept.map { ($0.key, $0.value) }, uniquingKeysWith: .keepLast))
  }

  private mutating func number() -> JSONValue? {
    let start = position
    _ = consume(UInt8(ascii: "-"))
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    guard isDigit(current) else { return nil }
    if consume(UInt8(ascii: "0")) {
      if isDigit(current) { return nil }
    } else {
      while isDigit(current) { position += 1 }
    }
    if consume(UInt8(ascii: ".")) {
      guard isDigit(current) else { return nil }
      while isDigit(current) { position += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard isDigit(current) else { return nil }
      while isDigit(current) { position += 1 }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    return JSONNumber(text: text).map(JSONValue.number)
  }

  /// Reads a string starting at its opening quote; raw bytes must be valid UTF-8.
  private mutating func string() -> String? {
    position += 1
    var utf8: [UInt8] = []
    while true {
      guard let byte = current else { return nil }
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        // Decoding repairs invalid UTF-8 with U+FFFD; valid input comes back byte for byte.
        let text = String(decoding: utf8, as: UTF8.self)
        return text.utf8.elementsEqual(utf8) ? text : nil
      case UInt8(ascii: "\\"):
        guard let escaped = current else { return nil }
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: return nil
        }
      case 0x00..<0x20:
        return nil
      default:
        utf8.append(byte)
      }
    }
  }

  /// The scalar of `\uXXXX` (the `\u` already read), pairing surrogates. A lone surrogate is
  /// `nil`, or U+FFFD under `.replace`.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let unit = hexQuad() else { return nil }
    let lone: Unicode.Scalar? = options.loneSurrogates == .replace ? "\u{FFFD}" : nil
    switch unit {
    case 0xD800...0xDBFF:
      let start = position
      if consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) {
        guard let low = hexQuad() else { return nil }
        if (0xDC00...0xDFFF).contains(low) { return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) }
      }
      // Not a pair: what follows is read again on its own.
      position = start
      return lone
    case 0xDC00...0xDFFF:
      return lone
    default:
      return Unicode.Scalar(unit)
    }
  }

  private mutating func hexQuad() -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { return nil }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
