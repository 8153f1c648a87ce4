import FoundryInternals
import Testing

/// `ByteSearch.equal` compares keys in words that overlap at the end: for every length, a
/// difference in any one byte must be seen, and equal runs must compare equal, reading only
/// inside both runs (each run here is its own exact-size allocation).
@Suite("ByteSearch.equal")
struct ByteSearchEqualTests {
  @Test("every length up to 80, a difference at every place", arguments: 0...80)
  func everyPlace(count: Int) {
    let left = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 1)
    let right = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 1)
    defer {
      left.deallocate()
      right.deallocate()
    }
    for index in 0..<count {
      left[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11)
      right[index] = left[index]
    }
    #expect(ByteSearch.equal(UnsafeRawPointer(left.baseAddress!), UnsafeRawPointer(right.baseAddress!), count: count))
    for place in 0..<count {
      right[place] ^= 0x01
      #expect(!ByteSearch.equal(UnsafeRawPointer(left.baseAddress!), UnsafeRawPointer(right.baseAddress!), count: count), "\(count) at \(place)")
      right[place] ^= 0x81
      #expect(!ByteSearch.equal(UnsafeRawPointer(left.baseAddress!), UnsafeRawPointer(right.baseAddress!), count: count), "\(count) at \(place)")
      right[place] ^= 0x80
    }
  }
}
