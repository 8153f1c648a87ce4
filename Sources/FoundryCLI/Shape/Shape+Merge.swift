extension Shape {
  // MARK: - Turning records into dictionaries

  /// Reads the objects at `id` as a dictionary from now on: the values of all its fields so far
  /// merge into one value node. The pattern becomes ``KeyPattern/key`` unless the keys seen so
  /// far match it too.
  ///
  /// ```swift
  /// shape.convertToMap(id, pattern: .id)   // {"1": {...}, "2": {...}} -> {<id>: {...}}
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of nodes below `id`.
  mutating func convertToMap(_ id: NodeID, pattern: KeyPattern) {
    guard nodes[id].map == nil else { return }
    var work: [(source: NodeID, destination: NodeID)] = []
    let value = makeNode()
    let pattern = widened(pattern, toInclude: nodes[id].fields)
    moveFields(of: id, into: value, work: &work)
    nodes[id].map = MapLayout(pattern: pattern, value: value)
    drain(&work)
  }

  /// Merges the node `source` and everything below it into `destination`. The source is
  /// consumed: its subtrees may be adopted by the destination, so it must not be used again.
  ///
  /// - Complexity: O(*n*) in the number of nodes below `source`.
  mutating func merge(_ source: NodeID, into destination: NodeID) {
    var work = [(source: source, destination: destination)]
    drain(&work)
  }

  // MARK: - The worklist

  /// Merges pairs until none is left. Each pair joins two nodes of the same place; the
  /// children that only the source has are adopted as they are, the others become new pairs.
  private mutating func drain(_ work: inout [(source: NodeID, destination: NodeID)]) {
    while let (source, destination) = work.popLast() {
      let from = nodes[source]
      nodes[destination].counts.add(from.counts)
      nodes[destination].lengths = nodes[destination].lengths.union(from.lengths)
      nodes[destination].memberCounts = nodes[destination].memberCounts.union(from.memberCounts)
      if nodes[destination].example == nil { nodes[destination].example = from.example }
      if let profile = from.profile { nodes[destination].updateProfile { $0.merge(profile) } }

      if let element = from.element {
        if let existing = nodes[destination].element {
          work.append((element, existing))
        } else {
          nodes[destination].element = element
        }
      }

      switch (from.map, nodes[destination].map) {
      case (nil, nil):
        mergeFields(from.fields, into: destination, work: &work)
      case (nil, let map?):
        for field in from.fields.reversed() { work.append((field.node, map.value)) }
      case (var map?, nil):
        // The destination's fields join the dictionary the source brings.
        map.pattern = widened(map.pattern, toInclude: nodes[destination].fields)
        moveFields(of: destination, into: map.value, work: &work)
        nodes[destination].map = map
      case (let incoming?, let map?):
        if incoming.pattern != map.pattern { nodes[destination].map?.pattern = .key }
        work.append((incoming.value, map.value))
      }
    }
  }

  /// Adds `fields` to the record at `destination`: known keys add their presence and merge,
  /// new keys are adopted with their nodes, placed as ``ShapeBuilder`` places them: before the
  /// next key of `fields` that the destination knows, or last. Walking `fields` backwards
  /// finds that key without looking ahead.
  private mutating func mergeFields(_ fields: [Field], into destination: NodeID, work: inout [(source: NodeID, destination: NodeID)]) {
    var following: Int?
    for field in fields.reversed() {
      if let position = nodes[destination].fieldPositions[field.name] {
        nodes[destination].fields[position].presence += field.presence
        work.append((field.node, nodes[destination].fields[position].node))
        following = position
      } else {
        following = insertField(field, in: destination, at: following ?? nodes[destination].fields.count)
      }
    }
  }

  /// `pattern` when every key of `fields` matches it, ``KeyPattern/key`` otherwise.
  private func widened(_ pattern: KeyPattern, toInclude fields: [Field]) -> KeyPattern {
    fields.allSatisfy { KeyPattern(classifying: $0.name) == pattern } ? pattern : .key
  }

  /// Empties the record at `id`, queueing each field's node to merge into `value`. Pairs are
  /// queued last field first, so they merge in document order and keys keep their order.
  private mutating func moveFields(of id: NodeID, into value: NodeID, work: inout [(source: NodeID, destination: NodeID)]) {
    for field in nodes[id].fields.reversed() { work.append((field.node, value)) }
    nodes[id].fields = []
    nodes[id].fieldPositions = [:]
  }
}
