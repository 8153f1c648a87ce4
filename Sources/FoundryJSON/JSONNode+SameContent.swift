import FoundryInternals

/// The bytes a JSON value is written with, as one run of its document's text: from its first
/// byte to the end of its last token (the closing quotes and brackets after it add nothing,
/// the tokens before them having fixed how many there are). Two values whose runs hold the
/// same bytes are the same value written the same way, spaces included.
///
/// An unsafe view: valid while the value's document lives, so keep the ``JSONNode`` (which
/// holds its document) alongside.
///
/// ```swift
/// let items = Array(try JSONDocument(bytes: Array(#"[{"a": [1]}, {"a": [1]}]"#.utf8)).root.elements)
/// if let first = items[0].writtenSpan, let second = items[1].writtenSpan {
///   first.isSame(as: second)      // true
///   first.hash == second.hash     // true
/// }
/// ```
package struct WrittenSpan {
  /// The value's first byte (a string's opening quote).
  let start: UnsafeRawPointer
  /// The number of bytes up to the end of the value's last token.
  let count: Int

  /// Whether `other` holds the same bytes.
  /// - Complexity: O(*n*) in the bytes, a word at a time; stops at the first difference.
  @inline(__always)
  package func isSame(as other: WrittenSpan) -> Bool {
    count == other.count && (start == other.start || ByteSearch.equal(start, other.start, count: count))
  }

  /// A hash of the bytes: spans that ``isSame(as:)`` calls the same have the same hash. Cheap
  /// and unkeyed, for a table of values seen whose hits are checked with ``isSame(as:)``.
  /// - Complexity: O(*n*) in the bytes, a word at a time.
  package var hash: Int {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    while offset + 8 <= count {
      hash = Self.mix(hash, start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < count {
      // The last bytes in one load, the rest masked off: a span ends before its value's
      // closing quote or bracket, and a document's bytes are followed by at least a word more
      // (zero padding, or the rest of a shared block).
      let tail = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = Self.mix(hash, tail & (1 << UInt64(8 * (count - offset)) - 1))
    }
    return Int(truncatingIfNeeded: hash)
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let mixed = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed >> 29)
  }
}

extension JSONNode {
  /// The bytes this value is written with (see ``WrittenSpan``); `nil` for values of markup
  /// (XML) views, whose bytes are no JSON text.
  ///
  /// ```swift
  /// let items = Array(try JSONDocument(bytes: Array(#"[1, 1.0]"#.utf8)).root.elements)
  /// items[0].writtenSpan!.isSame(as: items[1].writtenSpan!)   // false
  /// ```
  /// - Complexity: O(1).
  package var writtenSpan: WrittenSpan? {
    let storage = storage
    guard storage.markup == nil else { return nil }
    let nodes = storage.nodes
    let first = nodes[index]
    let last = first.isContainer ? nodes[Int(first.payload) - 1] : first
    let start = Int(first.offset) - (first.kind == .string ? 1 : 0)
    // Strings and numbers end after their bytes; a literal or an empty container is told
    // apart by its first byte.
    let end = Int(last.offset) + (last.kind == .string || last.kind == .number ? Int(last.payload) : 1)
    return WrittenSpan(start: UnsafeRawPointer(storage.bytes + start), count: end - start)
  }
}
