extension NumberText {
  /// The parts of text that is a plain decimal number (`-12`, `39.5012`, `0.25`): an optional
  /// minus, digits without a leading zero (a lone `0` is fine), and optionally a point and
  /// digits. One pass, no exponent; `nil` for anything else (callers validate the general case).
  ///
  /// The digit loops only accumulate: the significant digits are counted from positions (a
  /// lone zero before the point, and the fraction's zeros after it, are not significant).
  static func plainParts(_ text: UnsafeBufferPointer<UInt8>) -> (parts: ShortParts, isInteger: Bool)? {
    var index = 0
    let isNegative = text.first == Byte.minus
    if isNegative { index = 1 }
    let integerStart = index
    var mantissa: UInt64 = 0
    while index < text.count {
      let digit = text[index] &- Byte.zero
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0 else { return nil }
    let isZero = text[integerStart] == Byte.zero
    guard integerDigits == 1 || !isZero else { return nil }
    var digits = isZero ? 0 : integerDigits
    var scale = 0
    let isInteger = index == text.count
    if !isInteger {
      guard text[index] == Byte.period else { return nil }
      index += 1
      let fractionStart = index
      if isZero {
        while index < text.count, text[index] == Byte.zero { index += 1 }
      }
      let significantStart = index
      while index < text.count {
        let digit = text[index] &- Byte.zero
        guard digit < 10 else { return nil }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        index += 1
      }
      guard index > fractionStart else { return nil }
      digits += index - significantStart
      scale = fractionStart - index
    }
    // Past 19 digits the mantissa may have wrapped.
    guard digits <= 19 else { return nil }
    return (ShortParts(isNegative: isNegative, mantissa: mantissa, digits: digits, scale: scale), isInteger)
  }
}
