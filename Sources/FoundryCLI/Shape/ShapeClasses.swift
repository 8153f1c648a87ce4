/// Numbers the nodes of a ``Shape`` so that two nodes get the same number exactly when they
/// print the same structure: the same kinds, and recursively the same elements, dictionary
/// values, and keys with the same optionality. Counts and examples do not matter.
///
/// ```swift
/// let classes = ShapeClasses(shape)
/// classes[a] == classes[b]  // `a` and `b` would print the same tree
/// ```
///
/// The renderer uses it to print an object it has already shown as `{...}`, `same as <path>`.
/// Numbering is by hash-consing, so equal numbers mean equal structure, never a hash collision.
struct ShapeClasses {
  private var classes: [Int]

  /// The structure of one node, its children given by their class numbers.
  private struct Signature: Hashable {
    /// The kinds seen, one bit each in ``ValueKind`` order.
    var kinds: UInt8
    var element: Int?
    var map: KeyPattern?
    var mapValue: Int?
    var fields: [FieldSignature]
    var omitsMembers: Bool
  }

  private struct FieldSignature: Hashable {
    var name: String
    var isOptional: Bool
    var node: Int
  }

  /// Numbers every node reachable from the root, children before parents, with an explicit
  /// stack.
  ///
  /// - Complexity: O(*n*) in the number of reachable nodes and their keys.
  init(_ shape: Shape) {
    classes = Array(repeating: -1, count: shape.nodes.count)
    var interned: [Signature: Int] = [:]
    // Room for every node at once: a document nested a million deep has a million classes,
    // and growing the table step by step rehashed them all many times over.
    interned.reserveCapacity(shape.nodes.count)
    var stack: [(id: Shape.NodeID, isExpanded: Bool)] = [(Shape.rootID, false)]
    while let (id, isExpanded) = stack.popLast() {
      let node = shape[id]
      guard isExpanded else {
        stack.append((id, true))
        if let element = node.element { stack.append((element, false)) }
        if let map = node.map { stack.append((map.value, false)) }
        for field in node.fields { stack.append((field.node, false)) }
        continue
      }
      let signature = Signature(
        kinds: Self.kinds(node.counts),
        element: node.element.map { classes[$0] },
        map: node.map?.pattern,
        mapValue: node.map.map { classes[$0.value] },
        fields: node.fields.map {
          FieldSignature(name: $0.name, isOptional: $0.presence < node.counts[.object], node: classes[$0.node])
        },
        omitsMembers: node.omittedMembers > 0
      )
      if let known = interned[signature] {
        classes[id] = known
      } else {
        classes[id] = interned.count
        interned[signature] = interned.count
      }
    }
  }

  /// The kinds `counts` saw, one bit each.
  private static func kinds(_ counts: KindCounts) -> UInt8 {
    var bits: UInt8 = 0
    for kind in ValueKind.allCases where counts[kind] > 0 { bits |= 1 << kind.rawValue }
    return bits
  }

  /// The class number of the node `id`; -1 for a node the root does not reach.
  subscript(id: Shape.NodeID) -> Int {
    classes.indices.contains(id) ? classes[id] : -1
  }
}
