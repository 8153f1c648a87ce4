/// Byte searches a 64-bit word at a time, for scanners that skip runs of ordinary bytes.
///
/// ```swift
/// let end = ByteSearch.firstIndex(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), in: buffer, from: index)
/// ```
package enum ByteSearch {
  /// The first index from `start` of a byte equal to `first` or `second`, or `nil` when none is.
  ///
  /// - Complexity: O(*n*) in the bytes from `start`, eight at a time.
  @inlinable
  package static func firstIndex(of first: UInt8, or second: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count else { return nil }
    let raw = UnsafeRawPointer(base)
    let firsts = UInt64(first) &* 0x0101_0101_0101_0101
    let seconds = UInt64(second) &* 0x0101_0101_0101_0101
    var index = max(0, start)
    while index + 8 <= buffer.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let marks = zeroMarks(word ^ firsts) | zeroMarks(word ^ seconds)
      // Little-endian: the lowest marked byte is the first in memory.
      if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < buffer.count {
      if buffer[index] == first || buffer[index] == second { return index }
      index += 1
    }
    return nil
  }

  /// The top bit of every zero byte of `word` set, every other bit clear: exact (no carry
  /// crosses a byte).
  @inlinable
  package static func zeroMarks(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word) & 0x8080_8080_8080_8080
  }
}
