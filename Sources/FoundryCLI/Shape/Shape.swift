/// The merged structure of a document: for every place in it, which types were found there,
/// how often, and what the arrays and objects there held.
///
/// All the values found at one place merge into one ``Node``: the elements of an array share
/// a node, as do the values of a key across the objects of an array, so a payload of 10,000
/// records reads as one record whose keys say how often they were present.
///
/// ```swift
/// let document = try JSONDocument(string: #"[{"id": 1, "tz": null}, {"id": 2.5, "tz": 60, "felt": 3}]"#)
/// let shape = Shape(of: document.root)
/// print(ShapeRenderer().render(shape))
/// // [{            // 2 items
/// //   id: int | double
/// //   tz: null | int
/// //   felt?: int  // in 1 of 2
/// // }]
/// ```
///
/// Nodes live in one flat array and refer to each other by position, like the document's tape:
/// building, merging and rendering all walk it with explicit stacks, so nesting depth never
/// reaches the call stack.
package struct Shape: Sendable {
  /// The position of a node in ``nodes``.
  package typealias NodeID = Int

  /// The node of the top-level value.
  package static let rootID: NodeID = 0

  /// Every node, the root first. Merging can leave some unreachable; walk from the root.
  package internal(set) var nodes: [Node]

  /// An empty shape: a root that has seen no value yet.
  package init() { nodes = [Node()] }

  /// The node of the top-level value.
  package var root: Node { nodes[Self.rootID] }

  /// The node at `id`.
  package subscript(id: NodeID) -> Node { nodes[id] }

  /// Appends an empty node and returns its position.
  mutating func makeNode() -> NodeID {
    nodes.append(Node())
    return nodes.count - 1
  }

  /// Inserts a field with a new key into the record at `id` at `position` (clamped to the
  /// fields' bounds) and returns where it went.
  ///
  /// - Complexity: O(*f*) in the number of fields after it.
  @discardableResult
  mutating func insertField(_ field: Field, in id: NodeID, at position: Int) -> Int {
    let position = min(max(position, 0), nodes[id].fields.count)
    nodes[id].fields.insert(field, at: position)
    for index in position..<nodes[id].fields.count {
      nodes[id].fieldPositions[nodes[id].fields[index].name] = index
    }
    return position
  }

  /// Appends a field `name`, seen once, whose values are the node `node`, after the other
  /// fields of the record at `id`: how a streamed shape adds the keys it meets in order.
  mutating func appendField(_ name: String, node: NodeID, to id: NodeID) {
    insertField(Field(name: name, node: node, presence: 1, lastObject: 0), in: id, at: nodes[id].fields.count)
  }

  // MARK: - Nodes

  /// Everything seen at one place of a document.
  package struct Node: Sendable {
    /// How many values of each kind were seen.
    package var counts = KindCounts()
    /// The fewest and most elements of the arrays seen; `nil` when none was.
    package var lengths: ClosedRange<Int>?
    /// The merged elements of those arrays; `nil` when all were empty.
    package var element: NodeID?
    /// The fewest and most members of the objects seen; `nil` when none was.
    package var memberCounts: ClosedRange<Int>?
    /// The keys of the objects seen, in order of first appearance; empty for a ``map``.
    package var fields: [Field] = []
    /// Set when the objects seen are dictionaries keyed by data rather than records.
    package var map: MapLayout?
    /// The first non-empty string seen, shortened to ``ShapeOptions/maximumExampleLength``.
    package var example: String?
    /// The forms of the strings and the range of the numbers seen; only with
    /// ``ShapeOptions/profilesValues``.
    package var profile: ValueProfile?
    /// Positions in ``fields`` by key.
    var fieldPositions: [String: Int] = [:]
    /// The members of the objects seen whose keys were not kept, past
    /// ``ShapeOptions/maximumKeptFields``, and the node their values merge into.
    package var omittedMembers = 0
    package var omittedValues: NodeID?

    /// How many values were seen here.
    package var total: Int { counts.total }

    /// Changes ``profile``, starting from an empty one.
    mutating func updateProfile(_ body: (inout ValueProfile) -> Void) {
      var profile = self.profile ?? ValueProfile()
      body(&profile)
      self.profile = profile
    }
  }

  /// A key of the objects at a node, with the node of its values.
  package struct Field: Sendable, Hashable {
    /// The key, as decoded.
    package var name: String
    /// The merged values of the key.
    package var node: NodeID
    /// How many of the objects had the key.
    package var presence: Int
    /// The serial number of the last object that counted in ``presence``, so that a key an
    /// object repeats counts once.
    var lastObject: Int
  }

  /// How the objects at a node are read when they are dictionaries: every member is one
  /// entry, and all values share one node.
  package struct MapLayout: Sendable, Hashable {
    /// What the keys look like.
    package var pattern: KeyPattern
    /// The merged values of every member.
    package var value: NodeID
  }
}

extension ClosedRange where Bound == Int {
  /// The smallest range holding this one and `other`.
  func union(_ other: ClosedRange<Int>) -> ClosedRange<Int> {
    Swift.min(lowerBound, other.lowerBound)...Swift.max(upperBound, other.upperBound)
  }
}

extension Optional where Wrapped == ClosedRange<Int> {
  /// The range widened to hold `value`, or `value...value` when there is none yet.
  func including(_ value: Int) -> ClosedRange<Int> {
    guard let range = self else { return value...value }
    return range.union(value...value)
  }

  /// The union of two optional ranges.
  func union(_ other: ClosedRange<Int>?) -> ClosedRange<Int>? {
    guard let self else { return other }
    guard let other else { return self }
    return self.union(other)
  }
}
