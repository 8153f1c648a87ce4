import FoundryInternals

extension JSONNode {
  /// The bytes this value is written with (see `WrittenSpan`), valid while its document
  /// lives; `nil` for values of markup (XML) views, whose bytes are no JSON text.
  ///
  /// ```swift
  /// let items = Array(try JSONDocument(bytes: Array(#"[1, 1.0]"#.utf8)).root.elements)
  /// items[0].writtenSpan!.isSame(as: items[1].writtenSpan!)   // false
  /// ```
  /// - Complexity: O(1).
  package var writtenSpan: WrittenSpan? { writtenSpan(ofElementAt: index) }

  /// ``writtenSpan`` of the node at tape position `position` of this node's document (an
  /// element from ``elementPositions``), without a node made for it.
  package func writtenSpan(ofElementAt position: Int) -> WrittenSpan? {
    let storage = storage
    guard storage.markup == nil else { return nil }
    storage.assertTapeIndex(position)
    let nodes = storage.nodes
    let first = nodes[position]
    let last = first.isContainer ? nodes[Int(first.payload) - 1] : first
    let start = Int(first.offset) - (first.kind == .string ? 1 : 0)
    // Strings and numbers end after their bytes; a literal or an empty container is told
    // apart by its first byte.
    let end = Int(last.offset) + (last.kind == .string || last.kind == .number ? Int(last.payload) : 1)
    // A span ends before its value's closing quote or bracket, and a document's bytes are
    // followed by at least a word more (zero padding, or the rest of a shared block).
    return WrittenSpan(start: UnsafeRawPointer(storage.bytes + start), count: end - start)
  }

  /// Whether the node at tape position `position` of this node's document (an element from
  /// ``elementPositions``) is an object.
  package func isObject(at position: Int) -> Bool {
    storage.assertTapeIndex(position)
    return storage.nodes[position].kind == .object
  }
}
