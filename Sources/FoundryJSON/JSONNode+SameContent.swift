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
    for step in 0..<count {
      let (mine, theirs) = (left.nodes[index + step], right.nodes[other.index + step])
      guard mine.header == theirs.header else { return false }
      if mine.isContainer {
        guard mine.count == theirs.count, Int(mine.payload) - index == Int(theirs.payload) - other.index else { return false }
      } else if mine.kind == .string || mine.kind == .number {
        // Inline, a word at a time: keys and scalars are short.
        guard mine.payload == theirs.payload,
          ByteSearch.equal(left.bytes + Int(mine.offset), right.bytes + Int(theirs.offset), count: Int(mine.payload))
        else { return false }
      }
    }
    return true
  }
}
