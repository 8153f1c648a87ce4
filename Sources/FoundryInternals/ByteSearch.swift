/// Byte searches a 64-bit word at a time, for scanners that skip runs of ordinary bytes.
///
/// Public rather than `package`, so that other modules inline it: the rule for hot code shared
/// across modules is in ARCHITECTURE.md ("Hot code shared across modules").
///
/// ```swift
/// let end = ByteSearch.firstIndex(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), in: buffer, from: index)
/// ```
public enum ByteSearch {
  /// Whether `count` bytes at `left` and at `right` are equal, compared in words that overlap
  /// at the end rather than a byte at a time, never reading past either run.
  ///
  /// ```swift
  /// ByteSearch.equal(key.baseAddress!, other.baseAddress!, count: key.count)
  /// ```
  ///
  /// - Complexity: O(*n*) in `count`, eight bytes at a time (sixteen past sixteen bytes).
  ///
  /// Always inlined: left to the optimizer it stayed a call, made once per key compared in a
  /// lookup (261,239 a run of `xml.decode` on `reno_east3.osm`).
  @inlinable @inline(__always)
  public static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      left.loadUnaligned(fromByteOffset: offset, as: Word.self) == right.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    switch count {
    case ..<1:
      return true
    case 1:
      return same(UInt8.self, at: 0)
    case 2..<4:
      return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2)
    case 4..<8:
      return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4)
    case 8:
      return same(UInt64.self, at: 0)
    case 9...16:
      return same(UInt64.self, at: 0) && same(UInt64.self, at: count - 8)
    default:
      // Sixteen bytes a test (a repeated payload of a graph import runs to a hundred), the
      // last sixteen overlapping what came before.
      func differences(at offset: Int) -> UInt64 {
        let first = left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        return first | (left.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      }
      var offset = 0
      while offset + 16 < count {
        guard differences(at: offset) == 0 else { return false }
        offset += 16
      }
      return differences(at: count - 16) == 0
    }
  }

  /// Whether `stored` and `bytes` hold the same bytes: lengths first, then ``equal(_:_:count:)``.
  ///
  /// ```swift
  /// ByteSearch.equal(Array("item".utf8), name)
  /// ```
  @inlinable
  public static func equal(_ stored: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard stored.count == bytes.count else { return false }
    return stored.withUnsafeBufferPointer { stored in
      guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
      return equal(left, right, count: stored.count)
    }
  }

  /// The first index from `start` of a byte that `matches` accepts, or `nil` when none is:
  /// eight bytes at a time through `marks`, which sets the top bit of the bytes to stop at in a
  /// word read little-endian (only the lowest marked byte need be exact: it is the only one
  /// used), then byte by byte through `matches` for the last few. The one word loop of every
  /// byte search and escape scan.
  ///
  /// ```swift
  /// // A quote, a backslash or a control character.
  /// let stop = ByteSearch.firstIndex(
  ///   in: utf8, from: 0,
  ///   marks: { ByteSearch.roughMarks(of: 0x22, in: $0) | ByteSearch.roughMarks(of: 0x5C, in: $0) | ByteSearch.roughMarks(below: 0x20, in: $0) },
  ///   matches: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 })
  /// ```
  ///
  /// - Complexity: O(*n*) in the bytes from `start`, eight at a time.
  @inlinable @inline(__always)
  public static func firstIndex(
    in buffer: UnsafeBufferPointer<UInt8>, from start: Int, marks: (UInt64) -> UInt64, matches: (UInt8) -> Bool
  ) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count else { return nil }
    let raw = UnsafeRawPointer(base)
    var index = max(0, start)
    while index + 8 <= buffer.count {
      let found = marks(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      // Little-endian: the lowest marked byte is the first in memory.
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < buffer.count {
      if matches(buffer[index]) { return index }
      index += 1
    }
    return nil
  }

  /// The first index from `start` of a byte equal to `first` or `second`, or `nil` when none is.
  ///
  /// - Complexity: O(*n*) in the bytes from `start`, eight at a time.
  @inlinable
  public static func firstIndex(of first: UInt8, or second: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let (firsts, seconds) = (repeated(first), repeated(second))
    return firstIndex(
      in: buffer, from: start, marks: { zeroMarks($0 ^ firsts) | zeroMarks($0 ^ seconds) }, matches: { $0 == first || $0 == second })
  }

  /// Whether `text`'s UTF-8 holds `byte`: eight bytes a step over a native string's storage
  /// (the generic `text.utf8.contains(_:)` walks the view a byte at a time).
  ///
  /// ```swift
  /// ByteSearch.contains(0, in: "a\u{0}b")   // true
  /// ```
  ///
  /// - Complexity: O(*n*) in the string's UTF-8 bytes.
  @inlinable
  public static func contains(_ byte: UInt8, in text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable({ firstIndex(of: byte, or: byte, in: $0, from: 0) != nil }) { return found }
    return text.utf8.contains(byte)
  }

  /// The first index from `start` of a byte equal to any of four, or `nil` when none is.
  ///
  /// ```swift
  /// // The end of a tag, a stray `<`, or the start of a quoted value.
  /// let stop = ByteSearch.firstIndex(ofAny: 0x3E, 0x3C, 0x22, 0x27, in: buffer, from: index)
  /// ```
  ///
  /// - Complexity: O(*n*) in the bytes from `start`, eight at a time.
  @inlinable
  public static func firstIndex(
    ofAny first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let (a, b, c, d) = (repeated(first), repeated(second), repeated(third), repeated(fourth))
    return firstIndex(
      in: buffer, from: start,
      marks: { zeroMarks($0 ^ a) | zeroMarks($0 ^ b) | zeroMarks($0 ^ c) | zeroMarks($0 ^ d) },
      matches: { $0 == first || $0 == second || $0 == third || $0 == fourth })
  }

  /// The last index before `end` and at or after `start` of a byte equal to `byte`, or `nil`
  /// when none is.
  ///
  /// ```swift
  /// let lastTag = ByteSearch.lastIndex(of: UInt8(ascii: "<"), in: buffer, from: 0, before: buffer.count)
  /// ```
  ///
  /// - Complexity: O(*n*) in the bytes searched, eight at a time from the end.
  @inlinable
  public static func lastIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
    guard let base = buffer.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let bytes = UInt64(byte) &* 0x0101_0101_0101_0101
    let start = max(0, start)
    var index = min(end, buffer.count)
    while index - 8 >= start {
      let marks = zeroMarks(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index - 8, as: UInt64.self)) ^ bytes)
      // Little-endian: the highest marked byte is the last in memory.
      if marks != 0 { return index - 8 + (63 - marks.leadingZeroBitCount) / 8 }
      index -= 8
    }
    while index > start {
      index -= 1
      if buffer[index] == byte { return index }
    }
    return nil
  }

  /// Every byte of a word set to `byte`.
  ///
  /// ```swift
  /// ByteSearch.repeated(0x22)   // 0x2222_2222_2222_2222
  /// ```
  @inlinable @inline(__always)
  public static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// The top bit set in the bytes of `word` equal to `byte`, but only the lowest marked byte is
  /// exact: a borrow may mark bytes above it. One operation fewer than ``zeroMarks(_:)``, for
  /// scanners that only use the first mark (its `trailingZeroBitCount`).
  ///
  /// ```swift
  /// let first = ByteSearch.roughMarks(of: 0x22, in: word) | ByteSearch.roughMarks(below: 0x20, in: word)
  /// if first != 0 { index += first.trailingZeroBitCount >> 3 }
  /// ```
  @inlinable @inline(__always)
  public static func roughMarks(of byte: UInt8, in word: UInt64) -> UInt64 {
    let difference = word ^ repeated(byte)
    return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
  }

  /// The top bit set in the bytes of `word` below `limit` (at most 0x80), only the lowest marked
  /// byte exact, as ``roughMarks(of:in:)``.
  ///
  /// ```swift
  /// ByteSearch.roughMarks(below: 0x20, in: word)   // control characters
  /// ```
  @inlinable @inline(__always)
  public static func roughMarks(below limit: UInt8, in word: UInt64) -> UInt64 {
    (word &- repeated(limit)) & ~word & 0x8080_8080_8080_8080
  }

  /// The top bit of every zero byte of `word` set, every other bit clear: exact (no carry
  /// crosses a byte).
  @inlinable
  public static func zeroMarks(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word) & 0x8080_8080_8080_8080
  }
}
