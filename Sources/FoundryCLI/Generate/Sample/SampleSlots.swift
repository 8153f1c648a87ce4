/// The places of a ``Shape`` that share one Swift type, and which record nodes are one type.
///
/// A slot is a set of node references whose values one property holds: the node of a key,
/// joined with the same key of every record of the same type. Record nodes are grouped into
/// types with a union-find: two records with the same set of keys are one type, and so are
/// records that meet in one slot (an XML element seen once as an object and elsewhere as an
/// array's element). Grouping repeats until no slot joins two types.
struct SampleSlots {
  /// A node, or only its non-array part: an XML element that repeats in one sample and not
  /// in another reads as an array whose elements include the single ones.
  struct Ref: Hashable {
    var node: Shape.NodeID
    var excludesArrays = false
    /// Only the node's strings: the text of an XML element that has attributes elsewhere,
    /// read as the `#text` of its record.
    var onlyText = false
  }

  /// What the values of a slot are.
  struct Summary {
    var counts = KindCounts()
    var profile: ValueProfile?
    /// The array elements, as one slot.
    var elements: [Ref] = []
    /// The record nodes (objects with fields, not dictionaries).
    var records: [Shape.NodeID] = []
    /// The values of the dictionaries.
    var mapValues: [Ref] = []
    /// In XML, the text of elements that are records elsewhere (`<guid>x</guid>` beside
    /// `<guid isPermaLink="false">y</guid>`): the records' `#text`.
    var texts: [Ref] = []
  }

  let shape: Shape
  let isXML: Bool
  private var parents: [Int]

  /// Groups the records of `shape` into types.
  init(shape: Shape, isXML: Bool) {
    self.shape = shape
    self.isXML = isXML
    parents = Array(shape.nodes.indices)
    var bySignature: [[String]: Shape.NodeID] = [:]
    for id in shape.nodes.indices where isRecord(id) {
      let signature = shape[id].fields.map(\.name).sorted()
      if let first = bySignature[signature] { union(first, id) } else { bySignature[signature] = id }
    }
    while joinRecordsMeetingInSlots() {}
  }

  // MARK: - Summaries

  /// Whether node `id` holds records: objects with fields, not read as a dictionary.
  func isRecord(_ id: Shape.NodeID) -> Bool {
    let node = shape[id]
    return node.counts[.object] > 0 && node.map == nil && !node.fields.isEmpty
  }

  /// What the values of `refs` are. In XML, an array beside objects or text takes those in
  /// as elements: one `<item>` is an array of one.
  func summary(of refs: [Ref]) -> Summary {
    var summary = Summary()
    var singles: [Ref] = []
    for ref in refs {
      let node = shape[ref.node]
      var counts = node.counts
      if ref.onlyText {
        summary.counts[.string] += counts[.string]
        if let profile = node.profile {
          summary.profile =
            summary.profile.map {
              var merged = $0; merged.merge(profile); return merged
            } ?? profile
        }
        continue
      }
      if ref.excludesArrays { counts[.array] = 0 }
      summary.counts.add(counts)
      if let profile = node.profile {
        summary.profile =
          summary.profile.map {
            var merged = $0; merged.merge(profile); return merged
          } ?? profile
      }
      if !ref.excludesArrays, let element = node.element { summary.elements.append(Ref(node: element)) }
      if counts.total - counts[.array] - counts[.null] > 0 { singles.append(Ref(node: ref.node, excludesArrays: true)) }
      guard counts[.object] > 0 else { continue }
      if let map = node.map {
        summary.mapValues.append(Ref(node: map.value))
      } else if !node.fields.isEmpty {
        summary.records.append(ref.node)
      }
    }
    if isXML, summary.counts[.array] > 0, !singles.isEmpty {
      var folded = Summary()
      folded.counts[.array] = summary.counts[.array] + singles.count
      folded.counts[.null] = summary.counts[.null]
      folded.elements = summary.elements + singles
      return folded
    }
    if isXML, !summary.records.isEmpty, summary.counts[.string] > 0 {
      summary.texts = refs.filter { shape[$0.node].counts[.string] > 0 }.map { Ref(node: $0.node, onlyText: true) }
      summary.counts[.object] += summary.counts[.string]
      summary.counts[.string] = 0
    }
    return summary
  }

  /// The fields of the record type of `records`: each key in order of first appearance, the
  /// slot of its values, and how many objects had it.
  func fields(ofTypeOf records: [Shape.NodeID]) -> [(key: String, refs: [Ref], presence: Int)] {
    var result: [(key: String, refs: [Ref], presence: Int)] = []
    var positions: [String: Int] = [:]
    for id in members(ofTypeOf: records) {
      for field in shape[id].fields {
        if let position = positions[field.name] {
          result[position].refs.append(Ref(node: field.node))
          result[position].presence += field.presence
        } else {
          positions[field.name] = result.count
          result.append((field.name, [Ref(node: field.node)], field.presence))
        }
      }
    }
    return result
  }

  /// How many objects the record type of `records` had.
  func objectCount(ofTypeOf records: [Shape.NodeID]) -> Int {
    members(ofTypeOf: records).reduce(0) { $0 + shape[$1].counts[.object] }
  }

  /// The type of `records`: a number shared by every record node of that type.
  func type(of records: [Shape.NodeID]) -> Int? {
    records.first.map(find)
  }

  /// Every record node of the type of `records`, in node order.
  func members(ofTypeOf records: [Shape.NodeID]) -> [Shape.NodeID] {
    guard let type = type(of: records) else { return [] }
    return shape.nodes.indices.filter { isRecord($0) && find($0) == type }
  }

  // MARK: - Grouping

  /// Walks every slot from the root once and joins the records that meet in one; whether
  /// any were joined.
  private mutating func joinRecordsMeetingInSlots() -> Bool {
    var changed = false
    var visited: Set<Int> = []
    var queue: [[Ref]] = [[Ref(node: Shape.rootID)]]
    while let refs = queue.popLast() {
      let summary = summary(of: refs)
      if !summary.elements.isEmpty { queue.append(summary.elements) }
      if !summary.mapValues.isEmpty { queue.append(summary.mapValues) }
      guard let first = summary.records.first else { continue }
      for other in summary.records.dropFirst() where find(other) != find(first) {
        union(first, other)
        changed = true
      }
      guard visited.insert(find(first)).inserted else { continue }
      queue += fields(ofTypeOf: summary.records).map(\.refs)
    }
    return changed
  }

  private func find(_ id: Int) -> Int {
    var id = id
    while parents[id] != id { id = parents[id] }
    return id
  }

  private mutating func union(_ a: Int, _ b: Int) {
    let (rootA, rootB) = (find(a), find(b))
    if rootA != rootB { parents[max(rootA, rootB)] = min(rootA, rootB) }
  }
}
