extension ObjectGraph {
  /// Deletes the objects of `entity`'s kind that `stale` covers and `isKept` does not keep
  /// (an import's ``GraphImportOptions/staleObjects``). A graph over a store holds only the
  /// objects it loaded: the store's import fetches the entity's objects first.
  /// - Returns: How many objects were deleted (not counting those their delete rules took along).
  /// - Throws: ``GraphError`` `deleteDenied` from a delete rule.
  package func deleteStale(_ stale: GraphImportOptions.StaleObjects, of entity: String, keeping isKept: (ManagedObject) -> Bool) throws(GraphError) -> Int {
    var deleted = 0
    for object in try candidates(stale, of: self.entity(named: entity)) where !object.isDeleted && !isKept(object) {
      try delete(object)
      deleted += 1
    }
    return deleted
  }

  /// The objects of `entity`'s kind that `stale` covers.
  private func candidates(_ stale: GraphImportOptions.StaleObjects, of entity: EntityDescription) throws(GraphError) -> [ManagedObject] {
    switch stale {
    case .all: return try objects(of: entity.name)
    case .matching(let test): return try objects(of: entity.name).filter(test)
    case .related(let ownerEntity, let identity, let name):
      guard let owner = try object(of: ownerEntity, identityValues: identity), let slot = owner.entity.relationshipSlot(named: name) else { return [] }
      return owner.loaded(slot).objects.filter { $0.entity.isKind(of: entity) }
    }
  }
}

extension GraphImportSession {
  /// Deletes the objects `stale` names that this import left out: neither at the payload's
  /// top level (`roots`) nor created or updated by it. Nothing without the `.delete` operation.
  func deleteStale(_ stale: GraphImportOptions.StaleObjects, of entity: EntityDescription, keeping roots: [ManagedObject]) throws(GraphError) -> Int {
    guard options.operations.contains(.delete) else { return 0 }
    let kept = Set(roots.map(ObjectIdentifier.init))
    return try graph.deleteStale(stale, of: entity.name) { kept.contains(ObjectIdentifier($0)) || wasTouched($0) }
  }

  /// Checks, before anything is imported, that a `related` scope names a to-many relationship
  /// of an entity of the schema.
  static func check(_ stale: GraphImportOptions.StaleObjects, in schema: Schema) throws(GraphError) {
    guard case .related(let ownerEntity, _, let name) = stale else { return }
    guard let owner = schema[ownerEntity] else { throw GraphError(.unknownEntity, at: ownerEntity, "stale objects: no entity named \"\(ownerEntity)\"") }
    guard let slot = owner.relationshipSlot(named: name), owner.relationships[slot].isToMany else {
      throw GraphError(.unknownRelationship, at: "\(ownerEntity).\(name)", "stale objects: \(ownerEntity) has no to-many relationship \"\(name)\"")
    }
  }
}
