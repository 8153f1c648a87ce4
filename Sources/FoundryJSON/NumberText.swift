#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Exact conversions from the text of a JSON number (already validated by the grammar).
///
/// Integers are read digit by digit with overflow checks, so values above 2^53 never pass
/// through `Double`; `Double` is correctly rounded (a fast exact path for short mantissas,
/// the C library's correctly rounded `strtod` otherwise).
enum NumberText {
  /// The sign, the significant digits and the power of ten of a number token.
  struct Parts {
    var isNegative = false
    /// Digits without leading zeros and without trailing zeros (those move into `exponent`).
    var digits: [UInt8] = []
    var exponent = 0
  }

  static func parts(_ text: UnsafeBufferPointer<UInt8>) -> Parts {
    var parts = Parts()
    var index = 0
    if index < text.count, text[index] == Byte.minus {
      parts.isNegative = true
      index += 1
    }
    var fractionDigits = 0
    var seenPoint = false
    while index < text.count {
      let byte = text[index]
      if Byte.isDigit(byte) {
        if !(parts.digits.isEmpty && byte == Byte.zero) { parts.digits.append(byte &- Byte.zero) }
        if seenPoint { fractionDigits += 1 }
      } else if byte == Byte.period {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    var exponent = 0
    if index < text.count, text[index] | 0x20 == Byte.e {
      index += 1
      var negative = false
      if index < text.count, text[index] == Byte.minus || text[index] == Byte.plus {
        negative = text[index] == Byte.minus
        index += 1
      }
      while index < text.count {
        // Saturate: exponents past a billion mean zero or overflow for every target type.
        exponent = min(exponent * 10 + Int(text[index] &- Byte.zero), 1_000_000_000)
        index += 1
      }
      if negative { exponent = -exponent }
    }
    // Leading zeros of the fraction ("0.005") were skipped above, so the scale is still right.
    parts.exponent = exponent - fractionDigits
    while let last = parts.digits.last, last == 0 {
      parts.digits.removeLast()
      parts.exponent += 1
    }
    return parts
  }

  /// The magnitude when the number is an integer that fits in 64 bits.
  static func integerMagnitude(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, magnitude: UInt64)? {
    // Fast path: a plain run of digits that fits.
    var index = 0
    let isNegative = text.first == Byte.minus
    if isNegative { index = 1 }
    var value: UInt64 = 0
    var plain = index < text.count
    while index < text.count, plain {
      let digit = text[index] &- Byte.zero
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
      // A non-digit, or an overflow that an exponent may still undo ("1000...0e-2").
      plain = digit < 10 && !overflow1 && !overflow2
      value = sum
      index += 1
    }
    if plain { return (isNegative, value) }
    // "1.0", "1e2", "12.50e1": integral values written with a fraction or an exponent.
    let parts = parts(text)
    if parts.digits.isEmpty { return (isNegative, 0) }
    guard parts.exponent >= 0, parts.digits.count + parts.exponent <= 20 else { return nil }
    var magnitude: UInt64 = 0
    for digit in parts.digits + [UInt8](repeating: 0, count: parts.exponent) {
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    return (isNegative, magnitude)
  }

  static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard let (isNegative, magnitude) = integerMagnitude(text) else { return nil }
    if isNegative {
      if magnitude == UInt64(Int64.max) + 1 { return .min }
      return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  static func uint64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard let (isNegative, magnitude) = integerMagnitude(text) else { return nil }
    return isNegative && magnitude != 0 ? nil : magnitude
  }

  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The nearest `Double`, or `nil` when the magnitude is beyond `Double.greatestFiniteMagnitude`.
  static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    // Clinger's fast path: up to 15 significant digits and a power of ten up to 22 are both
    // exact doubles, so one multiplication or division rounds correctly.
    var index = 0
    let isNegative = text.first == Byte.minus
    if isNegative { index = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var seenPoint = false
    var fast = true
    while index < text.count {
      let byte = text[index]
      let digit = byte &- Byte.zero
      if digit < 10 {
        if digits > 0 || digit != 0 { digits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if seenPoint { scale -= 1 }
      } else if byte == Byte.period {
        seenPoint = true
      } else {
        fast = false
        break
      }
      index += 1
    }
    if fast, digits <= 15, scale >= -22 {
      var value = Double(mantissa)
      value = scale < 0 ? value / exactPowersOfTen[-scale] : value
      return isNegative ? -value : value
    }
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string), value.isFinite else { return nil }
    return value
  }

  /// The exact `Decimal`, or `nil` when it needs more than `Decimal`'s 38 digits or its exponent range.
  static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
    let parts = parts(text)
    if parts.digits.isEmpty { return Decimal(0) }
    guard parts.digits.count <= 38, parts.exponent + parts.digits.count < 166, parts.exponent > -166 else { return nil }
    var mantissa = Decimal(0)
    for digit in parts.digits {
      mantissa = mantissa * 10 + Decimal(Int(digit))
    }
    let exponent = parts.exponent
    guard exponent >= -128, exponent <= 127 else { return nil }
    let value = Decimal(sign: parts.isNegative ? .minus : .plus, exponent: exponent, significand: mantissa)
    return value.isNaN ? nil : value
  }
}
