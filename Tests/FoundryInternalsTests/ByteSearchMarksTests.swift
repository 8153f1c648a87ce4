import FoundryInternals
import Testing

/// `ByteSearch.roughMarks` marks the first matching byte of a word exactly (the only one the
/// scanners use): checked against a byte-by-byte search for words of every mix of matches and
/// near misses.
@Suite("ByteSearch.roughMarks")
struct ByteSearchMarksTests {
  /// The index of the first byte of `word` (little-endian) that `matches`, or 8.
  static func firstIndex(in word: UInt64, where matches: (UInt8) -> Bool) -> Int {
    (0..<8).first { matches(UInt8(truncatingIfNeeded: word >> (8 * $0))) } ?? 8
  }

  /// The first mark's byte index, 8 for none.
  static func firstMark(_ marks: UInt64) -> Int { marks == 0 ? 8 : marks.trailingZeroBitCount >> 3 }

  /// Words of bytes drawn from `pool`, every combination of the first few positions and a
  /// rolling pattern above them.
  static func words(from pool: [UInt8]) -> [UInt64] {
    var words: [UInt64] = []
    for seed in 0..<4_096 {
      var word: UInt64 = 0
      var state = seed
      for position in 0..<8 {
        word |= UInt64(pool[state % pool.count]) << (8 * position)
        state = state / pool.count + position * 7 + seed
      }
      words.append(word)
    }
    return words
  }

  @Test("the first byte equal to a value is marked exactly", arguments: [UInt8(0x22), 0x5C, 0x2F, 0xEF, 0x00, 0xFF])
  func equalTo(byte: UInt8) {
    let pool: [UInt8] = [byte, byte &- 1, byte &+ 1, byte ^ 0x80, 0x00, 0x20, 0x7F, 0x80, 0xFF, 0x41]
    for word in Self.words(from: pool) {
      #expect(Self.firstMark(ByteSearch.roughMarks(of: byte, in: word)) == Self.firstIndex(in: word) { $0 == byte }, "\(word)")
    }
  }

  @Test("the first byte below a limit is marked exactly", arguments: [UInt8(0x20), 0x01, 0x80])
  func below(limit: UInt8) {
    let pool: [UInt8] = [0x00, limit &- 1, limit, limit &+ 1, 0x7F, 0x80, 0xFF, 0x41, 0x1F]
    for word in Self.words(from: pool) {
      #expect(Self.firstMark(ByteSearch.roughMarks(below: limit, in: word)) == Self.firstIndex(in: word) { $0 < limit }, "\(word)")
    }
  }
}

/// `ByteSearch.contains(_:in:)` against the view's own search: small and large strings, the
/// byte at every position, and strings not stored as native UTF-8.
@Suite("ByteSearch.contains")
struct ByteSearchContainsTests {
  @Test("finds a byte wherever it is, as text.utf8.contains does")
  func agreesWithView() {
    let base = "Zoë Ørsted — 山田 太郎 😀 and some more text past sixteen bytes"
    for length in 0...base.utf8.count {
      let prefix = String(decoding: Array(base.utf8.prefix(length)), as: UTF8.self)
      for byte: UInt8 in [0, 0x22, 0x27, 0xC3, 0xF0, 0x7A] {
        #expect(ByteSearch.contains(byte, in: prefix) == prefix.utf8.contains(byte), "\(byte) in \(prefix.utf8.count) bytes")
      }
      let withNUL = prefix + "\u{0}" + prefix
      #expect(ByteSearch.contains(0, in: withNUL))
    }
    #expect(ByteSearch.contains(UInt8(ascii: "'"), in: "a'b") && !ByteSearch.contains(UInt8(ascii: "\""), in: "a'b"))
  }
}
