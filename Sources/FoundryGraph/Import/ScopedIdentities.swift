/// The objects a parent-scoped identity can name inside one to-many relationship of one
/// object: those the relationship already holds and those its payload has given so far, by
/// identity. A seat category is unique per performance: two performances may each have one
/// with identity 7, and within one performance the second 7 in a payload is the first one.
///
/// Short lists are searched in order; past a few entries a table keyed by identity answers,
/// so a payload of n scoped objects costs O(n), not O(n²).
///
/// An import reuses them from one relationship to the next (``reset(owner:slot:capacity:)``):
/// a payload has one per to-many relationship of scoped objects (each performance's prices).
final class ScopedIdentities {
  // Unchecked exclusivity: one import's session owns these private tables (ARCHITECTURE.md, Invariants: "One owner").
  @exclusivity(unchecked) private var owner: ManagedObject
  @exclusivity(unchecked) private var slot: Int
  @exclusivity(unchecked) private var keys: [IdentityKey] = []
  @exclusivity(unchecked) private var objects: [ManagedObject] = []
  /// Identity → first position in `objects`, once there are more than `tableThreshold`.
  @exclusivity(unchecked) private var positions: [IdentityKey: Int]?
  /// Whether the objects the relationship held before the import were added.
  @exclusivity(unchecked) private var hasOwnersObjects = false
  private static let tableThreshold = 8

  /// The identities of `owner`'s relationship in `slot`, for a payload of about `capacity` objects.
  init(owner: ManagedObject, slot: Int, capacity: Int) {
    self.owner = owner
    self.slot = slot
    keys.reserveCapacity(capacity)
    objects.reserveCapacity(capacity)
  }

  /// Lets go of the objects and identities, keeping the storage. - Returns: `self`.
  func emptied() -> ScopedIdentities {
    keys.removeAll(keepingCapacity: true)
    objects.removeAll(keepingCapacity: true)
    positions = nil
    return self
  }

  /// Starts over, empty, for `owner`'s relationship in `slot`.
  func reset(owner: ManagedObject, slot: Int, capacity: Int) {
    self.owner = owner
    self.slot = slot
    keys.reserveCapacity(capacity)
    objects.reserveCapacity(capacity)
    hasOwnersObjects = false
  }

  /// The first object of `entity`'s kind (an entity position) with identity `key`, leaving out
  /// one the import discarded since it was added (a `didImport` hook refused it in a lossy
  /// import): a later sibling of that identity is a new object, not the discarded one.
  func object(for key: IdentityKey, kindOf entity: Int) -> ManagedObject? {
    if !hasOwnersObjects {
      hasOwnersObjects = true
      for object in owner.loaded(slot).objects {
        if let key = object.identityKey { add(object, key: key) }
      }
    }
    if let positions {
      guard let position = positions[key] else { return nil }
      if objects[position].entity.isKind(of: entity), !objects[position].isDeleted { return objects[position] }
    }
    // Few entries, or the first with this identity is of another kind or discarded: search in order.
    for position in keys.indices where keys[position] == key {
      let object = objects[position]
      if object.entity.isKind(of: entity), !object.isDeleted { return object }
    }
    return nil
  }

  /// Adds an object the payload gave, with its identity.
  func add(_ object: ManagedObject, key: IdentityKey) {
    keys.append(key)
    objects.append(object)
    if positions != nil {
      if positions?[key] == nil { positions?[key] = objects.count - 1 }
    } else if keys.count > Self.tableThreshold {
      var table: [IdentityKey: Int] = [:]
      table.reserveCapacity(keys.count * 2)
      for (position, key) in keys.enumerated() where table[key] == nil { table[key] = position }
      positions = table
    }
  }
}
