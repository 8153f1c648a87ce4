/// The bytes a value is written with, as one run of its document's text: from its first byte
/// to the end of its last token (the closing quotes and brackets after it add nothing, the
/// tokens before them having fixed how many there are). Two values whose runs hold the same
/// bytes are the same value written the same way, spaces included. FoundryJSON makes them
/// (`JSONNode.writtenSpan`).
///
/// An unsafe view: valid while the value's document lives, so keep the document (a
/// `JSONNode` holds it) alongside. Public and inlinable for the same reason as ``ByteSearch``:
/// the graph import compares and hashes spans once per repeated payload.
///
/// ```swift
/// if let first = items[0].writtenSpan, let second = items[1].writtenSpan {
///   first.isSame(as: second)      // whether the two are written alike
///   first.hash == second.hash     // true when they are
/// }
/// ```
public struct WrittenSpan {
  /// The value's first byte (a string's opening quote).
  public let start: UnsafeRawPointer
  /// The number of bytes up to the end of the value's last token.
  public let count: Int

  /// A span of `count` bytes at `start`, followed in memory by at least 8 readable bytes
  /// (``hash`` reads its tail a word at a time).
  @inlinable
  public init(start: UnsafeRawPointer, count: Int) {
    self.start = start
    self.count = count
  }

  /// Whether `other` holds the same bytes.
  /// - Complexity: O(*n*) in the bytes, a word at a time; stops at the first difference.
  @inlinable
  public func isSame(as other: WrittenSpan) -> Bool {
    count == other.count && (start == other.start || ByteSearch.equal(start, other.start, count: count))
  }

  /// A hash of the bytes: spans that ``isSame(as:)`` calls the same have the same hash. Cheap
  /// and unkeyed, for a table of values seen whose hits are checked with ``isSame(as:)``; two
  /// words at a time in two independent lanes, so that the multiplications overlap.
  /// - Complexity: O(*n*) in the bytes.
  @inlinable
  public var hash: Int {
    var (first, second) = (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15, UInt64(0xC2B2_AE3D_27D4_EB4F))
    var offset = 0
    while offset + 16 <= count {
      first = Self.mix(first, start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      second = Self.mix(second, start.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      offset += 16
    }
    if offset + 8 <= count {
      first = Self.mix(first, start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < count {
      // The last bytes in one load, the rest masked off: a span is followed by at least a
      // word of readable memory (see `init`).
      let tail = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      second = Self.mix(second, tail & (1 << UInt64(8 * (count - offset)) - 1))
    }
    return Int(truncatingIfNeeded: Self.mix(first, second))
  }

  @inlinable
  static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let mixed = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed >> 29)
  }
}
