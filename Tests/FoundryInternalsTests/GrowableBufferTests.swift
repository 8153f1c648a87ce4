import FoundryInternals
import Testing

@Suite("GrowableBuffer: the package's growable buffer")
struct GrowableBufferTests {
  @Test("appends past its room, one by one and in runs, keep every element in order, as an array does")
  func appendsAsAnArray() {
    let buffer = GrowableBuffer<UInt32>(capacity: 1)
    var expected: [UInt32] = []
    for round in 0..<200 {
      if round % 3 == 0 {
        let run = (0..<UInt32(round % 37)).map { $0 &* 7 &+ UInt32(round) }
        run.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        expected += run
      } else {
        buffer.append(UInt32(round))
        expected.append(UInt32(round))
      }
    }
    #expect(buffer.count == expected.count)
    #expect(Array(buffer.elements(from: 0, count: buffer.count)) == expected)
    buffer[3] = 99
    expected[3] = 99
    #expect(buffer[3] == 99)
    #expect(Array(buffer.elements(from: 2, count: 5)) == Array(expected[2..<7]))
  }

  @Test("truncating to a mark keeps the elements below it; reserving keeps them in place")
  func truncateAndReserve() {
    let buffer = GrowableBuffer<UInt8>()
    for byte in UInt8(0)..<40 { buffer.append(byte) }
    buffer.truncate(to: 10)
    #expect(buffer.count == 10)
    buffer.truncate(to: 50)
    #expect(buffer.count == 10)
    buffer.reserve(1_000)
    let before = buffer.elements(from: 0, count: 10).baseAddress
    for byte in UInt8(0)..<200 { buffer.append(byte) }
    #expect(buffer.elements(from: 0, count: 10).baseAddress == before)
    #expect(Array(buffer.elements(from: 0, count: 12)) == Array(0..<10) + [0, 1])
  }

  @Test("release hands the elements over with their padding; the caller owns the memory")
  func release() {
    let buffer = GrowableBuffer<UInt8>(capacity: 16)
    let text = Array("sixteen bytes!!!".utf8)
    text.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
    let (base, count, capacity) = buffer.release(padding: 64, filler: 0)
    defer { base.deallocate() }
    #expect(count == 16)
    #expect(capacity >= 16 + 64)
    #expect(Array(UnsafeBufferPointer(start: base, count: count)) == text)
    #expect(UnsafeBufferPointer(start: base + count, count: 64).allSatisfy { $0 == 0 })
    #expect(buffer.count == 0)
  }
}
