import FoundryInternals

/// The kind of a node on an ``XMLStorage`` tape; stored in the low byte of the header.
@usableFromInline
enum XMLTapeKind: UInt8 {
  case element = 1, attribute, text, comment, processingInstruction
}

/// One node of the flat tape an ``XMLTree`` is made of: 16 bytes, no pointers.
///
/// - element: `offset` is the byte offset of `<`; `payload` the tape index just past the
///   element's subtree (its attributes and content); `extra` the name id. The attribute count
///   sits in the header's upper 24 bits, and the attributes follow the element node directly.
/// - attribute: `offset`/`payload` delimit the (normalized) value, in the source or (flag
///   `inHeap`) in the heap; `extra` the name id. Flag `isNamespaceDeclaration` marks `xmlns`
///   attributes.
/// - text: `offset`/`payload` delimit the text, in the source or the heap; `extra` is the byte
///   offset in the source where the text starts (for locations). Flags `isCDATA`, `isBlank`.
/// - comment: `offset`/`payload` delimit the comment's text; `extra` as for text.
/// - processing instruction: `offset`/`payload` delimit the data after the target; `extra` is
///   the target's name id.
@usableFromInline
struct XMLTapeNode: Sendable {
  @usableFromInline var header: UInt32
  @usableFromInline var offset: UInt32
  @usableFromInline var payload: UInt32
  @usableFromInline var extra: UInt32

  @usableFromInline static let inHeap: UInt32 = 1 << 8
  @usableFromInline static let isCDATA: UInt32 = 1 << 9
  static let isBlank: UInt32 = 1 << 10
  @usableFromInline static let isNamespaceDeclaration: UInt32 = 1 << 11

  init(_ kind: XMLTapeKind, flags: UInt32 = 0, offset: Int, payload: Int, extra: UInt32) {
    header = UInt32(kind.rawValue) | flags
    self.offset = UInt32(truncatingIfNeeded: offset)
    self.payload = UInt32(truncatingIfNeeded: payload)
    self.extra = extra
  }

  @inlinable var kind: XMLTapeKind { XMLTapeKind(rawValue: UInt8(truncatingIfNeeded: header)) ?? .text }
  @inlinable func has(_ flag: UInt32) -> Bool { header & flag != 0 }
  /// For elements: the number of attribute nodes that follow.
  @inlinable var attributeCount: Int { Int(header >> 8) }
}

/// The source text, tape, heap and name table of one document, owned together.
///
/// The parser fills it while it runs (`XMLTree.init` hands it out only once parsing is done);
/// afterwards it is immutable and shared freely. The streaming reader truncates it back after
/// each element it hands out, so a huge document never holds more than one element's nodes.
@usableFromInline
final class XMLStorage: @unchecked Sendable {
  // @unchecked: mutated only by the parser before the storage is shared.

  /// The document as UTF-8 (input in another encoding is converted first).
  let source: [UInt8]
  var nodes: [XMLTapeNode] = []
  /// Text that differs from the source bytes: decoded references, normalized attribute values,
  /// entity replacement text.
  var heap: [UInt8] = []
  let names: XMLNameTable
  /// The tape indices of the top-level nodes: comments and processing instructions around the
  /// root element, and the root element.
  var topLevel: [Int] = []
  /// The tape index of the root element.
  var rootIndex = 0
  var declaration: XMLDeclaration?
  var doctypeName: String?
  /// For an element of a stream, parsed inside a small document of its own: places its
  /// offsets in the whole input.
  var locator: (any SourceLocator)?

  /// - Parameter names: The name table to intern into: a fresh one, or (for the elements of a
  ///   stream) a copy of the previous element's, so repeated names are not interned again.
  init(source: [UInt8], names: XMLNameTable = XMLNameTable()) {
    self.source = source
    self.names = names
    // Markup-dense documents (data exports) run to a node per 12 bytes or so; reserving that
    // much spares them a copy of the whole tape, and costs text-heavy ones only untouched
    // capacity.
    nodes.reserveCapacity(max(16, source.count / 12))
  }

  // MARK: Streaming

  /// Drops every node from `index` on and the heap from `heapCount` on (streaming reads).
  func truncate(nodesTo index: Int, heapTo heapCount: Int) {
    if index < nodes.count { nodes.removeSubrange(index...) }
    if heapCount < heap.count { heap.removeSubrange(heapCount...) }
  }

  // MARK: Reading

  /// The bytes a text-like node spans (value, text, comment or PI data).
  func withBytes<R>(of node: XMLTapeNode, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let start = Int(node.offset)
    let count = Int(node.payload)
    let buffer = node.has(XMLTapeNode.inHeap) ? heap : source
    return try buffer.withUnsafeBufferPointer { all in
      guard start >= 0, count >= 0, start + count <= all.count, let base = all.baseAddress else {
        return try body(UnsafeBufferPointer(start: nil, count: 0))
      }
      return try body(UnsafeBufferPointer(start: base + start, count: count))
    }
  }

  /// The text of a text-like node.
  func string(of node: XMLTapeNode) -> String {
    withBytes(of: node) { String(decoding: $0, as: UTF8.self) }
  }

  /// The node at `index`, or `nil` past the end (cursors kept past a streaming read).
  func node(at index: Int) -> XMLTapeNode? {
    nodes.indices.contains(index) ? nodes[index] : nil
  }

  /// The index after the node at `index`, skipping an element's subtree.
  func next(after index: Int) -> Int {
    guard let node = node(at: index) else { return index + 1 }
    return node.kind == .element ? max(index + 1, Int(node.payload)) : index + 1
  }
}
