/// A fast hash of byte runs read from the input (names, keys), seeded at random once per
/// process: a document cannot be written so that its names collide in a table, since the
/// seed it would need is not known before the process starts.
///
/// Eight bytes a step, each step a multiply and a shift; the last partial word is read a byte
/// at a time, never past the run. Public rather than `package`, so that other modules inline
/// it (ARCHITECTURE.md, "Hot code shared across modules").
///
/// ```swift
/// let slot = SeededHash.hash(name) & (table.count - 1)
/// ```
public enum SeededHash {
  /// This process's seed, drawn once from the system's random source.
  public static let seed = UInt64.random(in: .min ... .max)

  /// The hash of `bytes`, and of `extra` (a namespace's length, say), for this process.
  ///
  /// ```swift
  /// SeededHash.hash(bytes) == SeededHash.hash(bytes)   // true in one process, not across processes
  /// ```
  /// - Complexity: O(*n*) in the number of bytes.
  @inlinable
  public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, extra: UInt64 = 0) -> Int {
    var state = seed ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15) ^ (extra &* 0xC2B2_AE3D_27D4_EB4F)
    var index = 0
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        state = step(state ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        index += 8
      }
      if index < bytes.count {
        var word: UInt64 = 0
        for offset in 0..<(bytes.count - index) { word |= UInt64(base[index + offset]) << (8 * offset) }
        state = step(state ^ word)
      }
    }
    return Int(truncatingIfNeeded: finished(state))
  }

  /// The hash of one 64-bit `value` (an integer identity, a row number) for this process:
  /// every bit of the value reaches every bit of the hash, so a table may use any of its bits.
  ///
  /// ```swift
  /// let slot = Int(truncatingIfNeeded: SeededHash.hash(UInt64(bitPattern: row)) >> shift)
  /// ```
  @inlinable @inline(__always)
  public static func hash(_ value: UInt64) -> UInt64 { finished(seed ^ value) }

  @inlinable @inline(__always)
  static func step(_ state: UInt64) -> UInt64 {
    let product = state &* 0xBF58_476D_1CE4_E5B9
    return product ^ (product >> 31)
  }

  /// SplitMix64's finisher: every bit of the state reaches every bit of the hash.
  @inlinable @inline(__always)
  static func finished(_ state: UInt64) -> UInt64 {
    var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
