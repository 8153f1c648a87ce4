/// SplitMix64: a small deterministic generator, so every run tests the same cases and a
/// failure repeats.
///
/// ```swift
/// var random = SeededRandom(seed: 0x5EED)
/// let size = random.next(upperBound: 100)
/// ```
public struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence `seed` fixes.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A value in `0..<upperBound`.
  public mutating func next(upperBound: UInt64) -> UInt64 {
    next() % upperBound
  }

  /// An element of `elements`, which must not be empty.
  public mutating func element<T>(of elements: [T]) -> T {
    elements[Int(next(upperBound: UInt64(elements.count)))]
  }
}
