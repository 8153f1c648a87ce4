import FoundryInternals
import Testing

/// `SeededHash` reads runs a word at a time and the tail a byte at a time: equal runs hash
/// alike, a change of any byte at any length changes the hash, and nothing past the run is read
/// (each run is its own exact-size allocation, which the address sanitizer watches).
@Suite("SeededHash")
struct SeededHashTests {
  @Test("every length up to 40: equal runs hash alike, a changed byte anywhere changes the hash", arguments: 0...40)
  func everyPlace(count: Int) {
    let run = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, count))
    defer { run.deallocate() }
    for index in 0..<count { run[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11) }
    let bytes = UnsafeBufferPointer(rebasing: run[0..<count])
    let original = SeededHash.hash(bytes)
    #expect(SeededHash.hash(UnsafeBufferPointer(rebasing: run[0..<count])) == original)
    #expect(SeededHash.hash(bytes, extra: 1) != original)
    for index in 0..<count {
      run[index] ^= 0x40
      #expect(SeededHash.hash(bytes) != original, "byte \(index) of \(count)")
      run[index] ^= 0x40
    }
  }

  @Test("runs that differ only in length (trailing zero bytes) hash apart")
  func lengthCounts() {
    let zeros = [UInt8](repeating: 0, count: 16)
    let hashes = (0...16).map { count in zeros.withUnsafeBufferPointer { SeededHash.hash(UnsafeBufferPointer(rebasing: $0[0..<count])) } }
    #expect(Set(hashes).count == 17)
  }
}
