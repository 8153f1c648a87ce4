/// One object open under ``JSONWritingOptions/sortsKeys`` in the streaming primitives: where
/// each member's bytes begin, so ``JSONWriter/endObject()`` can put them in key order.
struct SortingFrame: Sendable {
  struct Member: Sendable {
    var key: String
    /// Where the separator before the member (comma, newline, indentation) begins.
    var separatorStart: Int
    /// Where the member's key begins.
    var contentStart: Int
  }

  /// The depth inside the object, which tells its keys from those of nested objects.
  var depth: Int
  var members: [Member] = []
}

extension JSONWriter {
  // MARK: - Sorting buffered members

  /// Rewrites the members of `frame`, the object being closed, in ascending key order.
  ///
  /// Each member is a run of bytes from its key to the separator of the next one; only the
  /// separators depend on position, so the runs move as they are and the separators are
  /// written anew. Nested objects were sorted when they closed, and their indentation depends
  /// on depth only, so moving them keeps them right.
  ///
  /// - Complexity: O(*n* log *n*) key comparisons plus a copy of the object's bytes.
  mutating func sortMembers(of frame: SortingFrame) {
    let members = frame.members
    guard members.count > 1, let first = members.first else { return }
    let order = members.indices.sorted { left, right in
      Self.precedes(members[left].key, members[right].key, orElse: left < right)
    }
    if order == Array(members.indices) { return }
    let regionStart = first.separatorStart
    let region = Array(bytes[regionStart...])
    bytes.removeSubrange(regionStart...)
    for (position, member) in order.enumerated() {
      if position > 0 { bytes.append(Byte.comma) }
      if options.isPretty { appendNewline(indentation: frame.depth) }
      let start = members[member].contentStart - regionStart
      let end = member + 1 < members.count ? members[member + 1].separatorStart - regionStart : region.count
      bytes.append(contentsOf: region[start..<end])
    }
  }

  // MARK: - Key order

  /// Whether `left` sorts before `right` by UTF-8 bytes; `tie` decides equal keys.
  static func precedes(_ left: String, _ right: String, orElse tie: Bool) -> Bool {
    let result = left.utf8.withContiguousStorageIfAvailable { left in
      right.utf8.withContiguousStorageIfAvailable { right in precedes(left, right, orElse: tie) }
    }
    if let result, let result { return result }
    // Bridged strings without contiguous UTF-8.
    return left.utf8.elementsEqual(right.utf8) ? tie : left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  /// Whether the bytes `left` sort before `right` (a shorter prefix first); `tie` decides
  /// equal runs.
  static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, orElse tie: Bool) -> Bool {
    let common = min(left.count, right.count)
    var index = 0
    while index < common {
      let a = left[index]
      let b = right[index]
      if a != b { return a < b }
      index += 1
    }
    return left.count == right.count ? tie : left.count < right.count
  }
}
