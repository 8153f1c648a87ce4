/// Raw, read-only access to a document's tape for other layers of this package (the mapping
/// layer builds its JSON view from it without creating a `String` per name or value).
///
/// Valid only inside ``XMLTree/Element/withTapeReader(_:)``. Indices are tape indices;
/// callers stay within an element's extent (`index + 1 ..< end(of: index)`).
///
/// SPI rather than `package`, so that the mapping layer inlines it (ARCHITECTURE.md, "Hot code
/// shared across modules"): `@_spi(FoundryTape) import FoundryXML` reaches it; it is no public API.
@_spi(FoundryTape) public struct XMLTapeReader {
  @usableFromInline let nodes: UnsafeBufferPointer<XMLTapeNode>
  @usableFromInline let source: UnsafeBufferPointer<UInt8>
  @usableFromInline let heap: UnsafeBufferPointer<UInt8>
  let names: XMLNameTable
  /// The name table's qualified names (``XMLNameTable/qualifiedBytes``) and where each ends.
  @usableFromInline let nameBytes: UnsafeBufferPointer<UInt8>
  @usableFromInline let nameEnds: UnsafeBufferPointer<Int>

  /// What a tape node is, as the mapping layer sees it.
  public enum Kind {
    case element, attribute, text, cdata, other
  }

  /// The kind of the node at `index` (`.other` past the end).
  @inlinable @inline(__always)
  public func kind(_ index: Int) -> Kind {
    guard index >= 0, index < nodes.count else { return .other }
    let node = nodes[index]
    switch node.kind {
    case .element: return .element
    case .attribute: return .attribute
    case .text: return node.has(XMLTapeNode.isCDATA) ? .cdata : .text
    case .comment, .processingInstruction: return .other
    }
  }

  /// For an element: the index just past its subtree.
  @inlinable @inline(__always)
  public func end(of index: Int) -> Int {
    guard index >= 0, index < nodes.count else { return index + 1 }
    return min(max(index + 1, Int(nodes[index].payload)), nodes.count)
  }

  /// For an element: how many attribute nodes follow it.
  @inlinable @inline(__always)
  public func attributeCount(_ index: Int) -> Int {
    guard index >= 0, index < nodes.count else { return 0 }
    return min(nodes[index].attributeCount, nodes.count - index - 1)
  }

  /// For an element or attribute: its name id (equal ids are equal names).
  @inlinable @inline(__always)
  public func nameID(_ index: Int) -> Int {
    guard index >= 0, index < nodes.count else { return 0 }
    return Int(nodes[index].extra)
  }

  /// For an attribute: whether it declares a namespace.
  @inlinable @inline(__always)
  public func isNamespaceDeclaration(_ index: Int) -> Bool {
    guard index >= 0, index < nodes.count else { return false }
    return nodes[index].has(XMLTapeNode.isNamespaceDeclaration)
  }

  /// The bytes of an attribute's value or a text node's text.
  @inlinable @inline(__always)
  public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    guard index >= 0, index < nodes.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    let node = nodes[index]
    let buffer = node.has(XMLTapeNode.inHeap) ? heap : source
    let start = Int(node.offset)
    let count = Int(node.payload)
    guard start >= 0, count >= 0, start + count <= buffer.count, let base = buffer.baseAddress else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: base + start, count: count)
  }

  /// Where the node starts in the source text, for locations.
  @inlinable @inline(__always)
  public func sourceOffset(_ index: Int) -> Int {
    guard index >= 0, index < nodes.count else { return 0 }
    let node = nodes[index]
    return node.kind == .text || node.kind == .comment ? Int(node.extra) : Int(node.offset)
  }

  /// About how many bytes of text the element at `index` spans, from its start tag to the end
  /// of its last attribute value or text (closing tags left out): for sizing buffers.
  package func approximateTextLength(of index: Int) -> Int {
    let last = end(of: index) - 1
    guard last > index else { return 0 }
    let length = sourceOffset(last) + bytes(last).count - sourceOffset(index)
    return min(max(0, length), source.count + heap.count)
  }

  /// The name with id `id`.
  package func name(_ id: Int) -> XMLName { names.name(UInt32(truncatingIfNeeded: id)) }

  /// Whether the name with id `id` is in a namespace (cheaper than ``name(_:)``).
  package func isInNamespace(_ id: Int) -> Bool { names.isInNamespace(UInt32(truncatingIfNeeded: id)) }

  /// The spelling id of the name with id `id`: equal for names written alike (the same
  /// qualified name), whatever their namespaces. Ids are small and dense, and stay the same
  /// from one element of a stream to the next.
  package func spelling(ofName id: Int) -> Int { names.spelling(of: UInt32(truncatingIfNeeded: id)) }

  /// Every name's spelling id (see ``spelling(ofName:)``), indexed by name id: one array to
  /// read in a loop instead of a call per name.
  package var spellingsByName: [UInt32] { names.spellingOfName }

  /// The UTF-8 of the qualified name (`prefix:local`) with id `id` (empty for an unknown id).
  @inlinable @inline(__always)
  public func qualifiedName(_ id: Int) -> UnsafeBufferPointer<UInt8> {
    guard id >= 0, id < nameEnds.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    let start = id == 0 ? 0 : nameEnds[id - 1]
    let end = nameEnds[id]
    guard start <= end, end <= nameBytes.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: nameBytes[start..<end])
  }
}

extension XMLTree.Element {
  /// The element's tape index, for an ``XMLTapeReader``.
  ///
  /// Inlinable, with ``isInSameDocument(as:)``: a loop over a batch's elements reads them in
  /// place instead of copying each (a retain of its document).
  @inlinable package var tapeIndex: Int { index }

  /// Whether `other` belongs to the same parsed document (one tape and one source), as the
  /// elements of one batch of a stream do.
  @inlinable package func isInSameDocument(as other: XMLTree.Element) -> Bool { storage === other.storage }

  /// Calls `body` with raw access to the element's document.
  package func withTapeReader<Result>(_ body: (XMLTapeReader) throws -> Result) rethrows -> Result {
    try storage.nodes.withUnsafeBufferPointer { nodes in
      try storage.source.withUnsafeBufferPointer { source in
        try storage.heap.withUnsafeBufferPointer { heap in
          let names = storage.names
          return try names.qualifiedBytes.withUnsafeBufferPointer { nameBytes in
            try names.qualifiedEnds.withUnsafeBufferPointer { nameEnds in
              try body(XMLTapeReader(nodes: nodes, source: source, heap: heap, names: names, nameBytes: nameBytes, nameEnds: nameEnds))
            }
          }
        }
      }
    }
  }
}
