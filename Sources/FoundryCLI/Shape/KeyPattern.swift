/// What the keys of an object read as a dictionary look like, shown as the placeholder that
/// stands for them: `{<id>: ...}`.
///
/// ```swift
/// KeyPattern(classifying: "138586341")   // .id
/// KeyPattern(classifying: "2024-05-01")  // .date
/// KeyPattern(classifying: "name")        // nil: an ordinary field name
/// ```
package enum KeyPattern: String, Sendable, Hashable, CaseIterable {
  /// Numbers (`"138586341"`), UUIDs, or long hexadecimal strings (`"5f2b9c0e1a7d4e3b"`).
  case id
  /// ISO 8601 dates, with or without a time (`"2024-05-01"`, `"2024-05"`).
  case date
  /// Anything else: an object with many keys whose values all have the same kind.
  case key

  /// The placeholder printed in place of the keys.
  package var placeholder: String { "<\(rawValue)>" }

  /// The pattern `key` belongs to, when it is a recognizable id or date; `nil` otherwise.
  package init?(classifying key: String) {
    var key = key
    guard let pattern = key.withUTF8(Self.classify) else { return nil }
    self = pattern
  }

  private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> KeyPattern? {
    if isNumber(bytes) || isUUID(bytes) || isLongHex(bytes) { return .id }
    if isDate(bytes) { return .date }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }

  /// `123`, `-7`.
  private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    return !digits.isEmpty && digits.allSatisfy(isDigit)
  }

  /// `8-4-4-4-12` hexadecimal digits.
  private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for (position, byte) in bytes.enumerated() {
      let isDash = position == 8 || position == 13 || position == 18 || position == 23
      guard isDash ? byte == UInt8(ascii: "-") : isHexDigit(byte) else { return false }
    }
    return true
  }

  /// At least 16 hexadecimal digits with at least one decimal digit (object ids, hashes).
  private static func isLongHex(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 16 && bytes.allSatisfy(isHexDigit) && bytes.contains(where: isDigit)
  }

  /// `YYYY-MM`, then anything (`-DD`, a time): the keys of time series.
  private static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 7, bytes[4] == UInt8(ascii: "-") else { return false }
    guard bytes[0..<4].allSatisfy(isDigit), bytes[5..<7].allSatisfy(isDigit) else { return false }
    return bytes.count == 7 || bytes[7] == UInt8(ascii: "-") || bytes[7] == UInt8(ascii: "T")
  }
}
