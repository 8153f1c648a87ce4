/// Checks a schema's declarations and resolves inheritance, destinations and inverses.
struct SchemaResolver {
  let declarations: [Entity]
  let positions: [String: Int]

  init(_ declarations: [Entity]) throws(GraphError) {
    var positions: [String: Int] = [:]
    for (index, entity) in declarations.enumerated() {
      guard positions[entity.name] == nil else {
        throw GraphError(.duplicateEntity, at: entity.name, "entity \"\(entity.name)\" is declared twice")
      }
      positions[entity.name] = index
    }
    self.declarations = declarations
    self.positions = positions
  }

  func resolve() throws(GraphError) -> [EntityDescription] {
    let chains = try declarations.indices.map { index throws(GraphError) in try ancestry(of: index) }
    var members: [(attributes: [Attribute], relationships: [Relationship])] = []
    for chain in chains {
      members.append(try properties(along: chain))
    }
    // Entities a relationship without an inverse points at: their objects can be pointed at by
    // objects they know nothing of.
    let oneWayDestinations = Set(members.flatMap { $0.relationships.filter { $0.inverse == nil }.compactMap { positions[$0.destination] } })
    var descriptions: [EntityDescription] = []
    for (index, entity) in declarations.enumerated() {
      let chain = chains[index]
      let (attributes, relationships) = members[index]
      let identityOwner = chain.last { !declarations[$0].identity.isEmpty }
      let identity = identityOwner.map { declarations[$0].identity } ?? []
      try check(identity: identity, of: entity, attributes: attributes)
      var destinations: [Int] = []
      var inverses: [Int?] = []
      for relationship in relationships {
        let (destination, inverse) = try link(relationship, of: entity.name, members: members)
        destinations.append(destination)
        inverses.append(inverse)
      }
      let descendants = declarations.indices.filter { $0 != index && chains[$0].contains(index) }
      descriptions.append(
        EntityDescription(
          declaration: entity, index: index, parentIndex: chain.count > 1 ? chain[chain.count - 2] : nil,
          descendantIndices: descendants, lineage: chain, attributes: attributes, relationships: relationships,
          identity: identity, identityScoped: identityOwner.map { declarations[$0].isIdentityScopedToParent } ?? false,
          destinationIndices: destinations, inverseSlots: inverses, isOneWayDestination: chain.contains(where: oneWayDestinations.contains)))
    }
    return descriptions
  }

  /// The entity's ancestors and itself, the root first.
  private func ancestry(of index: Int) throws(GraphError) -> [Int] {
    var chain = [index]
    var current = declarations[index]
    while let parent = current.parent {
      guard let parentIndex = positions[parent] else {
        throw GraphError(.unknownParent, at: current.name, "parent entity \"\(parent)\" is not in the schema")
      }
      guard !chain.contains(parentIndex) else {
        let names = (chain + [parentIndex]).map { declarations[$0].name }
        throw GraphError(.inheritanceCycle, at: declarations[index].name, "the entity inherits from itself (\(names.joined(separator: " → ")))")
      }
      chain.append(parentIndex)
      current = declarations[parentIndex]
    }
    return chain.reversed()
  }

  /// The attributes and relationships along an inheritance chain, checked for repeated names.
  private func properties(along chain: [Int]) throws(GraphError) -> ([Attribute], [Relationship]) {
    var attributes: [Attribute] = []
    var relationships: [Relationship] = []
    var names: Set<String> = []
    for index in chain {
      let entity = declarations[index]
      for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) where !names.insert(name).inserted {
        throw GraphError(.duplicateProperty, at: "\(declarations[chain.last ?? index].name).\(name)", "property \"\(name)\" is declared twice (here or in a parent entity)")
      }
      for attribute in entity.attributes { try check(attribute, of: entity) }
      attributes += entity.attributes
      relationships += entity.relationships
    }
    return (attributes, relationships)
  }

  private func check(_ attribute: Attribute, of entity: Entity) throws(GraphError) {
    guard let value = attribute.defaultValue else { return }
    guard value.fits(attribute.type) else {
      throw GraphError(.invalidDefault, at: "\(entity.name).\(attribute.name)", "default value \(value) is not a \(attribute.type) value")
    }
  }

  private func check(identity: [String], of entity: Entity, attributes: [Attribute]) throws(GraphError) {
    for name in identity {
      guard let attribute = attributes.first(where: { $0.name == name }) else {
        throw GraphError(.unknownIdentityAttribute, at: entity.name, "identity attribute \"\(name)\" is not an attribute of the entity")
      }
      guard attribute.type.canIdentify else {
        throw GraphError(.invalidIdentityAttribute, at: "\(entity.name).\(name)", "a \(attribute.type) attribute cannot identify objects")
      }
    }
  }

  /// The destination's position and the inverse's slot in it, checked both ways.
  private func link(
    _ relationship: Relationship, of entity: String, members: [(attributes: [Attribute], relationships: [Relationship])]
  ) throws(GraphError) -> (Int, Int?) {
    let location = "\(entity).\(relationship.name)"
    guard let destination = positions[relationship.destination] else {
      throw GraphError(.unknownDestination, at: location, "destination entity \"\(relationship.destination)\" is not in the schema")
    }
    if relationship.minCount < 0 || relationship.maxCount < 0
      || (relationship.maxCount > 0 && relationship.minCount > relationship.maxCount)
    {
      throw GraphError(.invalidCount, at: location, "counts must satisfy 0 <= minCount <= maxCount (0 = no maximum); found \(relationship.minCount) and \(relationship.maxCount)")
    }
    if let keyedBy = relationship.keyedBy {
      guard relationship.isToMany, let key = members[destination].attributes.first(where: { $0.name == keyedBy }), key.type.canIdentify else {
        throw GraphError(.invalidKeyedBy, at: location, "keyedBy \"\(keyedBy)\" must name a scalar attribute of \"\(relationship.destination)\" on a to-many relationship")
      }
    }
    guard let inverseName = relationship.inverse else { return (destination, nil) }
    let destinationRelationships = members[destination].relationships
    guard let slot = destinationRelationships.firstIndex(where: { $0.name == inverseName }) else {
      throw GraphError(.unknownInverse, at: location, "inverse \"\(inverseName)\" is not a relationship of \"\(relationship.destination)\"")
    }
    let inverse = destinationRelationships[slot]
    let pointsBack = positions[inverse.destination].map { isAncestor($0, ofOrSameAs: entity) } ?? false
    guard pointsBack, inverse.inverse == nil || inverse.inverse == relationship.name else {
      throw GraphError(.inverseMismatch, at: location, "inverse \"\(relationship.destination).\(inverseName)\" does not point back to \"\(entity).\(relationship.name)\"")
    }
    return (destination, slot)
  }

  private func isAncestor(_ candidate: Int, ofOrSameAs entity: String) -> Bool {
    var current = positions[entity]
    while let index = current {
      if index == candidate { return true }
      current = declarations[index].parent.flatMap { positions[$0] }
    }
    return false
  }
}
