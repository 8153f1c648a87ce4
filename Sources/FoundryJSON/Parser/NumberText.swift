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
    // Fast path: a plain run of at most 19 digits, which always fits.
    let isNegative = text.first == Byte.minus
    let start = isNegative ? 1 : 0
    let run = digitRun(text, from: start)
    if run.count > 0, run.count <= 19, start + run.count == text.count { return (isNegative, run.value) }
    // A 20-digit run may still fit: digit by digit, with overflow checks.
    var index = start
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
    if let parts = shortParts(text), let value = exactDouble(parts) { return value }
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string), value.isFinite else { return nil }
    return value
  }

  /// A number with at most 19 significant digits: `mantissa × 10^scale`.
  struct ShortParts {
    var isNegative: Bool
    var mantissa: UInt64
    var digits: Int
    var scale: Int
  }

  /// The number's significant digits as one integer, or `nil` past 19 digits or for an
  /// exponent beyond anything the fast paths take.
  static func shortParts(_ text: UnsafeBufferPointer<UInt8>) -> ShortParts? {
    var index = 0
    let isNegative = text.first == Byte.minus
    if isNegative { index = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var seenPoint = false
    while index < text.count {
      let byte = text[index]
      let digit = byte &- Byte.zero
      if digit < 10 {
        if digits > 0 || digit != 0 {
          digits += 1
          guard digits <= 19 else { return nil }
        }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if seenPoint { scale -= 1 }
      } else if byte == Byte.period {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    if index < text.count {
      // The grammar guarantees `e` or `E`, an optional sign, then digits.
      index += 1
      var negative = false
      if index < text.count, text[index] == Byte.minus || text[index] == Byte.plus {
        negative = text[index] == Byte.minus
        index += 1
      }
      var exponent = 0
      while index < text.count {
        exponent = exponent * 10 + Int(text[index] &- Byte.zero)
        guard exponent < 400 else { return nil }
        index += 1
      }
      scale += negative ? -exponent : exponent
    }
    return ShortParts(isNegative: isNegative, mantissa: mantissa, digits: digits, scale: scale)
  }

  /// The correctly rounded double when one exact operation gets it, else `nil`.
  ///
  /// - Up to 15 digits and a power of ten up to 10^22 are exact doubles: one multiplication
  ///   or division rounds correctly (Clinger).
  /// - On x86_64, up to 19 digits and powers up to 10^27 are exact in `Float80`; its one
  ///   rounding and the rounding to `Double` agree with a single correct rounding unless the
  ///   `Float80` result lies exactly halfway between two doubles, which is checked.
  static func exactDouble(_ parts: ShortParts) -> Double? {
    if parts.mantissa == 0 { return parts.isNegative ? -0.0 : 0.0 }
    let scale = parts.scale
    if parts.digits <= 15, scale >= -22, scale <= 22 {
      let mantissa = Double(parts.mantissa)
      let value = scale < 0 ? mantissa / exactPowersOfTen[-scale] : mantissa * exactPowersOfTen[scale]
      return parts.isNegative ? -value : value
    }
    #if arch(x86_64)
    if scale >= -27, scale <= 27 {
      let mantissa = Float80(parts.mantissa)
      let power = exactPowersOfTen80[abs(scale)]
      let wide = scale < 0 ? mantissa / power : mantissa * power
      // The 11 bits of the 64-bit significand below a double's 53: exactly 0b100_0000_0000
      // means halfway, where rounding twice could differ from rounding once.
      guard wide.significandBitPattern & 0x7FF != 0x400 else { return nil }
      let value = Double(wide)
      return parts.isNegative ? -value : value
    }
    #endif
    return nil
  }

  #if arch(x86_64)
  /// 10^0 ... 10^27, each exact in `Float80` (5^27 < 2^64).
  private static let exactPowersOfTen80: [Float80] = {
    var powers: [Float80] = [1]
    for _ in 1...27 { powers.append((powers.last ?? 1) * 10) }
    return powers
  }()
  #endif

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
