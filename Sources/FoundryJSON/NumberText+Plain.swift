extension NumberText {
  /// The parts of text that is a plain decimal number (`-12`, `39.5012`, `0.25`): an optional
  /// minus, digits without a leading zero (a lone `0` is fine), and optionally a point and
  /// digits. One pass, no exponent; `nil` for anything else (callers validate the general case).
  static func plainParts(_ text: UnsafeBufferPointer<UInt8>) -> (parts: ShortParts, isInteger: Bool)? {
    var index = 0
    let isNegative = text.first == Byte.minus
    if isNegative { index = 1 }
    let integerStart = index
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    while index < text.count {
      let digit = text[index] &- Byte.zero
      guard digit < 10 else { break }
      if digits > 0 || digit != 0 {
        digits += 1
        guard digits <= 19 else { return nil }
      }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0, integerDigits == 1 || text[integerStart] != Byte.zero else { return nil }
    var isInteger = true
    if index < text.count {
      guard text[index] == Byte.period else { return nil }
      isInteger = false
      index += 1
      let fractionStart = index
      while index < text.count {
        let digit = text[index] &- Byte.zero
        guard digit < 10 else { return nil }
        if digits > 0 || digit != 0 {
          digits += 1
          guard digits <= 19 else { return nil }
        }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        scale -= 1
        index += 1
      }
      guard index > fractionStart else { return nil }
    }
    return (ShortParts(isNegative: isNegative, mantissa: mantissa, digits: digits, scale: scale), isInteger)
  }
}
