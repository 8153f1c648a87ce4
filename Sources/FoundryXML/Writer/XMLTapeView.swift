/// Raw views of a parsed document's tape, text and names for the writer: no reference
/// counting or exclusivity checks per node. Valid only inside ``with(_:names:_:)``.
struct XMLTapeView {
  let nodes: UnsafeBufferPointer<XMLTapeNode>
  let source: UnsafeBufferPointer<UInt8>
  let heap: UnsafeBufferPointer<UInt8>
  let names: UnsafeBufferPointer<XMLName>
  let nameBytes: UnsafeBufferPointer<UInt8>
  /// Where each name's qualified form starts in `nameBytes`; one more entry than names.
  let nameOffsets: UnsafeBufferPointer<Int>
  let nameFlags: UnsafeBufferPointer<XMLNameFlags>

  /// Calls `body` with a view of `storage`, whose names `cache` has laid out.
  static func with<R>(_ storage: XMLStorage, names cache: XMLTapeNameCache, _ body: (XMLTapeView) -> R) -> R {
    let nodes = storage.nodes
    let source = storage.source
    let heap = storage.heap
    let names = storage.names.names
    return nodes.withUnsafeBufferPointer { nodes in
      source.withUnsafeBufferPointer { source in
        heap.withUnsafeBufferPointer { heap in
          names.withUnsafeBufferPointer { names in
            cache.bytes.withUnsafeBufferPointer { nameBytes in
              cache.offsets.withUnsafeBufferPointer { nameOffsets in
                cache.flags.withUnsafeBufferPointer { nameFlags in
                  body(
                    XMLTapeView(
                      nodes: nodes, source: source, heap: heap, names: names, nameBytes: nameBytes,
                      nameOffsets: nameOffsets, nameFlags: nameFlags))
                }
              }
            }
          }
        }
      }
    }
  }

  @inline(__always)
  func node(at index: Int) -> XMLTapeNode? {
    index >= 0 && index < nodes.count ? nodes[index] : nil
  }

  /// The index after the node at `index`, skipping an element's subtree.
  @inline(__always)
  func next(after index: Int) -> Int {
    guard let node = node(at: index), node.kind == .element else { return index + 1 }
    return max(index + 1, Int(node.payload))
  }

  /// The bytes of a text-like node: an attribute value, text, a comment or PI data.
  @inline(__always)
  func bytes(of node: XMLTapeNode) -> UnsafeBufferPointer<UInt8> {
    let buffer = node.has(XMLTapeNode.inHeap) ? heap : source
    let start = Int(node.offset)
    let count = Int(node.payload)
    guard count > 0, start + count <= buffer.count, let base = buffer.baseAddress else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: base + start, count: count)
  }

  func name(_ id: UInt32) -> XMLName {
    Int(id) < names.count ? names[Int(id)] : XMLName("")
  }

  @inline(__always)
  func flags(_ id: UInt32) -> XMLNameFlags {
    Int(id) < nameFlags.count ? nameFlags[Int(id)] : []
  }

  /// The name's qualified form as UTF-8.
  @inline(__always)
  func qualifiedName(_ id: UInt32) -> UnsafeBufferPointer<UInt8> {
    let index = Int(id)
    guard index + 1 < nameOffsets.count, let base = nameBytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base + nameOffsets[index], count: nameOffsets[index + 1] - nameOffsets[index])
  }
}

/// A document's names laid out for writing (qualified forms back to back, and flags), kept by
/// the writer between calls on the same document.
struct XMLTapeNameCache: Sendable {
  let storage: XMLStorage
  private(set) var bytes: [UInt8] = []
  private(set) var offsets: [Int] = [0]
  private(set) var flags: [XMLNameFlags] = []

  init(storage: XMLStorage) {
    self.storage = storage
    update()
  }

  /// Lays out the names added since the last call (a streaming read adds names as it goes).
  mutating func update() {
    let names = storage.names.names
    guard flags.count < names.count else { return }
    for name in names[flags.count...] {
      XMLWriter.appendName(prefix: name.prefix, localName: name.localName, to: &bytes)
      offsets.append(bytes.count)
      flags.append(XMLNameFlags(name))
    }
  }
}
