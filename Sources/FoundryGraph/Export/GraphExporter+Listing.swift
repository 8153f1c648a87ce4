import FoundryInternals
import FoundryJSON

extension GraphExporter {
  /// Each object once, in order, at the top level, its relationships as identities (see
  /// `ObjectGraph.listingValue(_:options:)`).
  mutating func listing(_ objects: [ManagedObject]) throws -> JSONValue {
    var elements: [JSONValue] = []
    elements.reserveCapacity(objects.count)
    for object in objects {
      // Objects without identity below this one are written in full, once per listed object.
      visited.removeAll()
      visited.insert(object)
      let entity = object.entity
      var result = members(of: entity)
      try writeAttributes(of: object, into: &result)
      for (slot, relationship) in entity.relationships.enumerated() {
        let targets = object.loaded(slot).objects
        guard !targets.isEmpty else { continue }
        let inverse = entity.inverseSlots[slot]
        var members: [(target: ManagedObject, value: JSONValue)] = []
        for target in targets {
          let value = try identity(of: target) ?? write(target, from: inverse.map { (object, $0) }, depth: 1, isLeftOutBranch: false)
          if let value { members.append((target, value)) }
        }
        guard let value = Self.payload(of: members, for: relationship, keyed: true) else { continue }
        try insert(value, at: paths[entity.index].relationships[slot], into: &result, entity: entity.index)
      }
      elements.append(.object(result))
    }
    return .array(elements)
  }
}
