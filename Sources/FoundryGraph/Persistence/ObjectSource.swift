/// Where a graph finds the objects it has not loaded: a store, asked on an identity miss (an
/// import or ``ObjectGraph/object(of:identity:)`` looking up an identity the graph does not
/// hold) and on a relationship fault (the first access to a relationship of a stored object).
///
/// The graph stays the identity map and unit of work: what a source hands back is registered
/// once (one stored row is one object per graph) and never replaces an object already loaded.
/// The graph knows no SQL and the source knows no payloads.
package protocol ObjectSource: AnyObject {
  /// The stored object of `entity`'s family whose identity attributes hold `identity` (in
  /// ``EntityDescription/identitySlots`` order), if any.
  func storedObject(of entity: EntityDescription, identity: [GraphValue]) throws -> StoredObject?

  /// The stored objects that relationship `slot` of the stored object `id` (of `entity`)
  /// holds, in the relationship's order.
  func storedObjects(relatedTo id: PersistentID, of entity: EntityDescription, slot: Int) throws -> [StoredObject]

  /// ``storedObjects(relatedTo:of:slot:)`` for several stored objects of `entity` at once: one
  /// list per object of `ids`, in that order (what a fault loads for the object and its
  /// siblings, see `ManagedObject.fireFault`). A store answers in one query.
  func storedObjects(relatedTo ids: [PersistentID], of entity: EntityDescription, slot: Int) throws -> [[StoredObject]]

  /// The stored objects of `entity`'s kind whose identity is one of `identities` (each in
  /// ``EntityDescription/identitySlots`` order), in any order: what an import looks up ahead
  /// of a batch (see `ObjectGraph.lookUpAhead(_:)`). A store answers in a query per thousand.
  func storedObjects(of entity: EntityDescription, identities: [[GraphValue]]) throws -> [StoredObject]
}

extension ObjectSource {
  /// One ``storedObjects(relatedTo:of:slot:)`` per object: for a source without a cheaper way.
  package func storedObjects(relatedTo ids: [PersistentID], of entity: EntityDescription, slot: Int) throws -> [[StoredObject]] {
    try ids.map { id in try storedObjects(relatedTo: id, of: entity, slot: slot) }
  }

  /// One ``storedObject(of:identity:)`` per identity: for a source without a cheaper way.
  package func storedObjects(of entity: EntityDescription, identities: [[GraphValue]]) throws -> [StoredObject] {
    try identities.compactMap { identity in try storedObject(of: entity, identity: identity).flatMap { $0.entity.isKind(of: entity.index) ? $0 : nil } }
  }
}

/// One object as a store keeps it: its row, its concrete entity and its attribute values.
package struct StoredObject {
  package let id: PersistentID
  package let entity: EntityDescription
  /// Values by attribute slot of `entity`, already of the attributes' types.
  package let values: [GraphValue?]
  /// The row's version (see ``ManagedObject/storedVersion``); 0 when the source keeps none.
  package let version: Int64
  /// Why the values of the slots that did not read back did not (their ``values`` are `nil`).
  package let unreadable: [Int: String]

  package init(id: PersistentID, entity: EntityDescription, values: [GraphValue?], version: Int64 = 0, unreadable: [Int: String] = [:]) {
    self.id = id
    self.entity = entity
    self.values = values
    self.version = version
    self.unreadable = unreadable
  }
}

/// Whether a graph holds the object of a stored row.
package enum Registration {
  /// The graph has not loaded the row.
  case unknown
  /// The graph's object for the row.
  case live(ManagedObject)
  /// The graph deleted the row's object (the store keeps the row until the next save).
  case deleted
}

/// What changed in a graph since its last commit: what a store writes on save.
package struct GraphChanges {
  /// Objects inserted since the last commit, in insertion order.
  package var inserted: [ManagedObject] = []
  /// Objects that existed at the last commit and changed (see
  /// ``ManagedObject/changedAttributeSlots`` and ``ManagedObject/changedRelationshipSlots``).
  package var updated: [ManagedObject] = []
  /// Objects that existed at the last commit and were deleted.
  package var deleted: [ManagedObject] = []

  package var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
