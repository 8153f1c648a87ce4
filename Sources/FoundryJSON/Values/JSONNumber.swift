#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON number that keeps its text, so every reading of it is exact.
///
/// ```swift
/// let big = JSONNumber(text: "18446744073709551615")!
/// big.uint64        // 18446744073709551615, never rounded through Double
/// big.double        // 1.8446744073709552e19
/// JSONNumber(text: "0.1")?.decimal  // exactly 0.1
/// JSONNumber(2.5).text              // "2.5" (shortest round-trip text)
/// ```
///
/// Two numbers are equal when their text is; the text of integers in the `Int64` range is
/// canonical, so `JSONNumber(7) == JSONNumber(text: "7")`. Compare ``double`` or ``decimal``
/// for numeric equality of other spellings (`1.0` and `1`).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  enum Storage: Sendable, Hashable {
    case integer(Int64)
    case text(String)
  }

  let storage: Storage

  init(storage: Storage) { self.storage = storage }

  /// Wraps number text; `nil` unless `text` is a JSON number by RFC 8259.
  /// - Parameters:
  ///   - text: The number's text, in JSON's grammar.
  public init?(text: String) {
    var text = text
    let valid = text.withUTF8 { Self.isValid($0) }
    guard valid else { return nil }
    self.init(validText: text)
  }

  init(validText text: String) {
    if let value = Int64(text), String(value) == text {
      storage = .integer(value)
    } else {
      storage = .text(text)
    }
  }

  /// An exact integer.
  /// - Parameters:
  ///   - value: The integer.
  public init<T: BinaryInteger>(_ value: T) {
    if let small = Int64(exactly: value) {
      storage = .integer(small)
    } else {
      storage = .text(String(value))
    }
  }

  /// The shortest text that reads back as `value`; `nil` for infinities and NaN, which JSON lacks.
  /// - Parameters:
  ///   - value: The number; infinities and NaN have no JSON text.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    if value == value.rounded(), abs(value) <= 9_007_199_254_740_992, let integer = Int64(exactly: value), value.sign == .plus || integer != 0 {
      storage = .integer(integer)
    } else {
      storage = .text(value.description)
    }
  }

  /// A `Decimal`'s exact text; `nil` for NaN.
  /// - Parameters:
  ///   - value: The number; NaN has no JSON text.
  public init?(_ value: Decimal) {
    guard !value.isNaN else { return nil }
    self.init(text: value.description)
  }

  /// The number as JSON text.
  public var text: String {
    switch storage {
    case .integer(let value): String(value)
    case .text(let text): text
    }
  }

  public var description: String { text }

  /// Whether the text has neither a fraction nor an exponent.
  public var isInteger: Bool {
    switch storage {
    case .integer: true
    case .text(let text): !text.utf8.contains { $0 == Byte.period || $0 | 0x20 == Byte.e }
    }
  }

  /// The exact value when it is an integer in range (`1.0` and `1e2` count); otherwise `nil`.
  public var int64: Int64? {
    if case .integer(let value) = storage { return value }
    return withText(NumberText.int64)
  }

  /// The exact value when it is a non-negative integer in range; otherwise `nil`.
  public var uint64: UInt64? {
    if case .integer(let value) = storage { return UInt64(exactly: value) }
    return withText(NumberText.uint64)
  }

  /// The exact value when it is an integer in range of `Int`; otherwise `nil`.
  public var int: Int? { int64.flatMap { Int(exactly: $0) } }

  /// The nearest `Double` (correctly rounded); `nil` past `Double.greatestFiniteMagnitude`.
  public var double: Double? {
    if case .integer(let value) = storage { return Double(value) }
    return withText(NumberText.double)
  }

  /// The exact `Decimal`; `nil` beyond its 38 significant digits or exponent range.
  public var decimal: Decimal? {
    if case .integer(let value) = storage { return Decimal(value) }
    return withText(NumberText.decimal)
  }

  private func withText<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    var text = self.text
    return text.withUTF8(body)
  }

  /// Whether `bytes` spell exactly one JSON number.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    func digit() -> Bool { index < bytes.count && Byte.isDigit(bytes[index]) }
    if index < bytes.count, bytes[index] == Byte.minus { index += 1 }
    guard digit() else { return false }
    if bytes[index] == Byte.zero {
      index += 1
    } else {
      while digit() { index += 1 }
    }
    if index < bytes.count, bytes[index] == Byte.period {
      index += 1
      guard digit() else { return false }
      while digit() { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == Byte.e {
      index += 1
      if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
      guard digit() else { return false }
      while digit() { index += 1 }
    }
    return index == bytes.count
  }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  public init(integerLiteral value: Int64) { self.init(value) }
  /// A literal that is not finite (`.infinity` cannot be written as a literal) reads as 0.
  /// - Parameters:
  ///   - value: The floating-point literal.
  public init(floatLiteral value: Double) {
    self = JSONNumber(value) ?? JSONNumber(0)
  }
}
