/// Decimal digits read eight bytes at a time, as one little-endian word (the first byte lowest).
enum DigitWord {
  /// A word whose bytes are non-zero where the word's bytes are not ASCII digits.
  ///
  /// A byte is a digit when its high nibble is 3 both as it is and with 6 added (0x3A–0x3F
  /// become 0x40–0x45). A carry out of a byte above 0xF9 spoils only the bytes after it, and
  /// only the first byte that is not a digit counts.
  @inline(__always)
  static func notDigits(_ word: UInt64) -> UInt64 {
    let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let threes: UInt64 = 0x3030_3030_3030_3030
    return ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
  }

  /// How many of the word's bytes, from the first, are ASCII digits (0 through 8).
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    let marks = notDigits(word)
    return marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
  }

  /// The value of the word's first `count` bytes (1 through 8), which are digits.
  ///
  /// The digits move to the top of the word (the bytes shifted in read as leading zeros), then
  /// three multiplications fold neighbours together: pairs of digits into numbers below 100 in
  /// each 16-bit lane, pairs of those into 32-bit lanes, and the two halves into one number.
  @inline(__always)
  static func value(_ word: UInt64, count: Int) -> UInt64 {
    // `&<<` takes the shift modulo 64: eight digits (a shift of 64) stay where they are.
    var lanes = (word &<< (64 - 8 * UInt64(count))) & 0x0F0F_0F0F_0F0F_0F0F
    // In each lane the lower byte holds the earlier, more significant half: ×(base << width | 1)
    // puts `earlier × base + later` in the upper half, which the shift brings down.
    lanes = (lanes &* (10 << 8 | 1)) >> 8 & 0x00FF_00FF_00FF_00FF
    lanes = (lanes &* (100 << 16 | 1)) >> 16 & 0x0000_FFFF_0000_FFFF
    return (lanes &* (10_000 << 32 | 1)) >> 32
  }
}

extension NumberText {
  /// 10^`count` for the 1 through 8 digits one word holds.
  ///
  /// A `switch` rather than a global array: the compiler makes it a constant table, read
  /// without the lazy initialization check a global costs on every access.
  @inline(__always)
  static func powerOfTen(digits count: Int) -> UInt64 {
    switch count {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    default: 100_000_000
    }
  }

  /// The run of digits at `start`: how many, and their value (exact up to 19 digits, where
  /// every run fits; beyond that it wraps, and is exact whenever the number itself fits).
  ///
  /// Reads eight bytes at a time, never outside `text`: a run's last bytes are read as the
  /// word that ends where `text` ends, shifted down.
  @inline(__always)
  static func digitRun(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: UInt64, count: Int) {
    guard let base = text.baseAddress else { return (0, 0) }
    var value: UInt64 = 0
    var index = start
    while index < text.count {
      let remaining = text.count - index
      let word: UInt64
      if remaining >= 8 {
        word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      } else if text.count >= 8 {
        let last = UInt64(littleEndian: UnsafeRawPointer(base + text.count - 8).loadUnaligned(as: UInt64.self))
        // The bytes shifted in are zeros, which are not digits: the run stops at `text`'s end.
        word = last &>> UInt64(8 * (8 - remaining))
      } else {
        while index < text.count {
          let digit = text[index] &- Byte.zero
          guard digit < 10 else { break }
          value = value &* 10 &+ UInt64(digit)
          index += 1
        }
        break
      }
      let count = DigitWord.leadingDigits(word)
      guard count > 0 else { break }
      value = value &* powerOfTen(digits: count) &+ DigitWord.value(word, count: count)
      index += count
      guard count == 8 else { break }
    }
    return (value, index - start)
  }
}
