import FoundryInternals

extension JSONNode {
  /// Whether this JSON value and `other` are written the same: the same kinds in the same
  /// order, keys and scalars byte for byte (so `1` and `1.0`, or `"é"` and `"\u00e9"`, differ).
  /// Always `false` for values of markup (XML) views, whose tape holds source positions.
  ///
  /// ```swift
  /// let items = Array(try JSONDocument(bytes: Array(#"[{"a": [1]}, {"a": [1]}]"#.utf8)).root.elements)
  /// items[0].isWrittenTheSame(as: items[1])   // true
  /// ```
  /// - Complexity: O(*n*) in the nodes of the smaller value; stops at the first difference.
  package func isWrittenTheSame(as other: JSONNode) -> Bool {
    let (left, right) = (storage, other.storage)
    guard left.markup == nil, right.markup == nil else { return false }
    let count = left.next(after: index) - index
    guard right.next(after: other.index) - other.index == count else { return false }
    // The storages' buffers, read once (each read of a class's stored property is checked).
    let (leftNodes, rightNodes, leftBytes, rightBytes) = (left.nodes, right.nodes, left.bytes, right.bytes)
    for step in 0..<count {
      let (mine, theirs) = (leftNodes[index + step], rightNodes[other.index + step])
      guard mine.header == theirs.header else { return false }
      if mine.isContainer {
        guard mine.count == theirs.count, Int(mine.payload) - index == Int(theirs.payload) - other.index else { return false }
      } else if mine.kind == .string || mine.kind == .number {
        // Inline, a word at a time: keys and scalars are short.
        guard mine.payload == theirs.payload,
          ByteSearch.equal(leftBytes + Int(mine.offset), rightBytes + Int(theirs.offset), count: Int(mine.payload))
        else { return false }
      }
    }
    return true
  }

  /// A hash of how the value is written: values that ``isWrittenTheSame(as:)`` calls the same
  /// have the same hash. Cheap and unkeyed, for a table of values seen whose hits are checked
  /// with ``isWrittenTheSame(as:)`` (values that collide share one entry, never a chain).
  ///
  /// ```swift
  /// let items = Array(try JSONDocument(bytes: Array(#"[{"a": 1}, {"a":1}]"#.utf8)).root.elements)
  /// items[0].writtenHash == items[1].writtenHash   // true
  /// ```
  /// - Complexity: O(*n*) in the value's nodes and bytes.
  package var writtenHash: Int {
    // Markup views' tapes hold source positions, not JSON text (see `isWrittenTheSame(as:)`).
    guard storage.markup == nil else { return 0 }
    // The storage's buffers, read once (each read of a class's stored property is checked).
    let (nodes, base) = (storage.nodes, storage.bytes)
    let count = storage.next(after: index) - index
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for step in 0..<count {
      let node = nodes[index + step]
      hash = Self.mix(hash, UInt64(node.header))
      if node.isContainer {
        hash = Self.mix(hash, UInt64(node.count) << 32 | UInt64(truncatingIfNeeded: Int(node.payload) - index))
      } else if node.kind == .string || node.kind == .number {
        let bytes = base + Int(node.offset)
        let length = Int(node.payload)
        var offset = 0
        while offset + 8 <= length {
          hash = Self.mix(hash, UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          offset += 8
        }
        if offset < length {
          // The last bytes in one load, the rest masked off: a JSON document's bytes are
          // followed by at least a word more (zero padding, or the rest of a shared block).
          let tail = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          hash = Self.mix(hash, tail & (1 << UInt64(8 * (length - offset)) - 1))
        }
      }
    }
    return Int(truncatingIfNeeded: hash)
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let mixed = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed >> 29)
  }
}
