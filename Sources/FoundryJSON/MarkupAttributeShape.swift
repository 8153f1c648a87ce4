import FoundryInternals

/// The attribute names of an element of a markup (XML) view, in order, with where each value
/// sits on the tape relative to the element: learned from one element and checked against the
/// next, so a reader of many elements of one shape (OSM nodes, RSS items) finds each attribute,
/// and knows each missing one is missing, without searching.
///
/// ```swift
/// var shape = MarkupAttributeShape(of: node)       // <node id="1" lat="2" lon="3"/>
/// shape.valueOffset(ofKey: "@lat".utf8)             // 4: the value is node's tape index + 4
/// shape.matches(next)                               // true for <node id="7" lat="8" lon="9">
/// ```
package struct MarkupAttributeShape {
  /// The document the shape was learned from: within it, a key with the same tape bytes as
  /// one of the shape's is that key (a view stores each name once).
  private var document: JSONStorage?
  /// Per attribute: where its key's bytes sit in ``document``.
  private var keySpans: [UInt64] = []
  /// The attributes' keys (`@name`), one after another.
  private var names: [UInt8] = []
  /// Where each key ends in ``names``.
  private var ends: [Int] = []

  /// The shape of `node`'s attributes; none for a node of another document kind or type.
  package init(of node: JSONNode) {
    let storage = node.storage
    guard storage.markup != nil, storage.nodes[node.index].kind == .object else { return }
    document = storage
    let end = Int(storage.nodes[node.index].payload)
    var key = node.index + 1
    while key < end, storage.nodes[key].has(TapeNode.isLeadingKey), Self.isScalar(storage, at: key + 1) {
      storage.withKeyBytes(key) { names.append(contentsOf: $0) }
      ends.append(names.count)
      keySpans.append(Self.span(of: storage.nodes[key]))
      key += 2
    }
  }

  /// Whether `node` has these attributes, in this order, each valued by one tape node (then
  /// the value of the shape's `n`th attribute is at `node`'s tape index + 2 + 2`n`).
  package func matches(_ node: JSONNode) -> Bool {
    let storage = node.storage
    let element = node.index
    guard storage.markup != nil, storage.nodes[element].kind == .object else { return false }
    let end = Int(storage.nodes[element].payload)
    let sameDocument = storage === document
    var key = element + 1
    var start = 0
    for index in ends.indices {
      guard key < end, storage.nodes[key].has(TapeNode.isLeadingKey), Self.isScalar(storage, at: key + 1) else { return false }
      let nameEnd = ends[index]
      if !sameDocument || Self.span(of: storage.nodes[key]) != keySpans[index] {
        let equal = names.withUnsafeBufferPointer { storage.stringEquals(key, UnsafeBufferPointer(rebasing: $0[start..<nameEnd])) }
        guard equal else { return false }
      }
      start = nameEnd
      key += 2
    }
    return key >= end || !storage.nodes[key].has(TapeNode.isLeadingKey)
  }

  /// The tape offset (from the element) of the value of attribute key `key` (`@name`), or
  /// `nil` when the shape has no such attribute.
  package func valueOffset(ofKey key: some Collection<UInt8>) -> Int? {
    var start = 0
    for (index, end) in ends.enumerated() {
      if names[start..<end].elementsEqual(key) { return 2 + 2 * index }
      start = end
    }
    return nil
  }

  /// Where a key node's bytes are: its offset and length in one word.
  private static func span(of key: TapeNode) -> UInt64 { UInt64(key.offset) << 32 | UInt64(key.payload) }

  /// Whether the node at `index` (an attribute's value) is one tape node, no container.
  private static func isScalar(_ storage: JSONStorage, at index: Int) -> Bool {
    index < storage.nodeCount && !storage.nodes[index].isContainer
  }
}
