extension ObjectGraph {
  // MARK: - Loading from the source

  /// The object for a stored row: the one already registered for its ID, else a new unchanged
  /// object holding the row's values, with every relationship a fault. `nil` when the graph
  /// deleted that object (the store still has the row until the next save).
  package func register(_ stored: StoredObject) -> ManagedObject? {
    indexRows(of: stored.entity.rootIndex)
    if let number = persistentIndex[stored.entity.rootIndex].number(of: stored.id.row) { return storage[number] }
    return registerNew(stored)
  }

  /// ``register(_:)`` for a row the graph does not hold (``registration(family:row:)`` said
  /// `unknown`): a fetch asks that first, to skip decoding rows it holds, so this does not
  /// look the row up again.
  package func registerNew(_ stored: StoredObject) -> ManagedObject {
    enroll(ManagedObject(stored: stored, number: storage.count, index: index, faults: faults(of: stored.entity)))
  }

  /// ``registerNew(_:)`` for a row whose values stay undecoded in `rows` until the object's
  /// first use (see ``StoredRows``).
  package func registerNew(row: Int, of rows: any StoredRows, header: StoredRowHeader) -> ManagedObject {
    enroll(ManagedObject(row: row, of: rows, header: header, number: storage.count, index: index, faults: faults(of: header.entity)))
  }

  /// ``registerNew(row:of:header:)`` for a fetch into a graph that holds no row of the family
  /// (``holdsNoRows(family:)``), of distinct rows: their row numbers are indexed only when
  /// something first looks one up, deletes one or registers another row of the family.
  package func registerUnseen(row: Int, of rows: any StoredRows, header: StoredRowHeader) -> ManagedObject {
    let number = storage.count
    let object = ManagedObject(row: row, of: rows, header: header, number: number, index: index, faults: faults(of: header.entity))
    storage.append(object)
    unindexedRows[header.entity.rootIndex].append(objectNumber: number)
    indexIdentityLater(of: object)
    return object
  }

  /// Adds the rows of the objects ``registerUnseen(row:of:header:)`` registered to family
  /// `family`'s table, before the table is used.
  @inline(__always)
  func indexRows(of family: Int) {
    if !unindexedRows[family].isEmpty { indexUnindexedRows(of: family) }
  }

  private func indexUnindexedRows(of family: Int) {
    let ranges = unindexedRows[family]
    unindexedRows[family] = []
    persistentIndex[family].reserveCapacity(ranges.reduce(0) { $0 + $1.count })
    for range in ranges {
      for number in range {
        // Objects leave `storage` only after their family's rows were indexed.
        guard let id = storage[number]?.persistentID else { continue }
        persistentIndex[family].insert(id.row, number: number)
      }
    }
  }

  private func enroll(_ object: ManagedObject) -> ManagedObject {
    storage.append(object)
    let entity = object.entity
    indexRows(of: entity.rootIndex)
    if let id = object.persistentID { persistentIndex[entity.rootIndex].insert(id.row, number: object.objectNumber) }
    // An object inserted in memory with the same identity keeps the index: saving it then
    // fails on the store's unique index instead of silently merging two objects.
    indexIdentityLater(of: object)
    return object
  }

  /// Has the identity index take `object` (a stored object just registered) on its next use.
  private func indexIdentityLater(of object: ManagedObject) {
    if !object.entity.isIdentityScopedToParent, !object.entity.identitySlots.isEmpty { index.insertLater(number: object.objectNumber) }
  }

  /// A fault per relationship slot of `entity`: made once per entity, so that registering a
  /// row allocates none (the slots past the inline ones share one array until changed).
  private func faults(of entity: EntityDescription) -> RelatedSlots {
    if let faults = faultSlots[entity.index] { return faults }
    let faults = RelatedSlots(repeating: .fault, count: entity.isToManySlot.count)
    faultSlots[entity.index] = faults
    return faults
  }

  /// Makes room for `count` more objects registered through
  /// ``registerUnseen(row:of:header:)`` (their tables are filled later, if ever).
  package func reserveCapacity(unseen count: Int) { storage.reserveCapacity(storage.count + count) }

  /// Makes room for `count` more stored objects of the family whose root entity is at
  /// position `family`: a fetch that knows how many rows came spares the graph's tables
  /// their growing (each growth rehashes every row so far).
  package func reserveCapacity(stored count: Int, family: Int) {
    storage.reserveCapacity(storage.count + count)
    indexRows(of: family)
    persistentIndex[family].reserveCapacity(count)
    let root = schema.entities[family]
    if !root.isIdentityScopedToParent, root.identitySlots.count == 1, [.integer16, .integer32, .integer64].contains(root.attributes[root.identitySlots[0]].type) {
      index.reserveCapacity(count, family: family)
    }
  }

  /// The object of `entity`'s kind with identity `key` that the source keeps, registered.
  func storedObject(in entity: EntityDescription, identity key: IdentityKey) throws(GraphError) -> ManagedObject? {
    guard let source, !entity.isIdentityScopedToParent else { return nil }
    let stored: StoredObject?
    do {
      stored = try source.storedObject(of: entity, identity: key.components)
    } catch {
      throw GraphError(.loadFailed, at: entity.name, "could not look up identity \(key.display): \(error)")
    }
    guard let stored, stored.entity.isKind(of: entity.index) else { return nil }
    return register(stored)
  }

  /// The object registered for a stored row, if the graph loaded it and did not delete it.
  ///
  /// ```swift
  /// graph.registeredObject(for: PersistentID(family: "Book", row: 12))
  /// ```
  /// - Parameters:
  ///   - id: The row's ID.
  public func registeredObject(for id: PersistentID) -> ManagedObject? {
    guard let family = schema[id.family]?.rootIndex else { return nil }
    indexRows(of: family)
    return persistentIndex[family].number(of: id.row).flatMap { storage[$0] }
  }

  /// Whether the graph holds the object of row `row` of the family whose root entity is at
  /// position `family`: what a store asks before reading the rest of the row.
  package func registration(family: Int, row: Int64) -> Registration {
    indexRows(of: family)
    guard let number = persistentIndex[family].number(of: row) else { return .unknown }
    return storage[number].map(Registration.live) ?? .deleted
  }

  /// Whether the graph holds no object for any row of the family whose root entity is at
  /// position `family` (none loaded or saved, none deleted since): a fetch of distinct rows
  /// into it need not ask ``registration(family:row:)`` per row.
  package func holdsNoRows(family: Int) -> Bool { persistentIndex[family].isEmpty && unindexedRows[family].isEmpty }

  // MARK: - Handing changes to a store

  /// What changed since the last commit, for a store to write.
  /// - Throws: The first failure to load from the source since the last commit: changes made
  ///   on a relationship that could not be loaded are not safe to write.
  package func changes() throws(GraphError) -> GraphChanges {
    if let failure = loadFailures.first { throw failure }
    var changes = GraphChanges()
    for object in storage {
      guard let object, object.hasChanges else { continue }
      if object.isInserted { changes.inserted.append(object) } else { changes.updated.append(object) }
    }
    changes.deleted = deletedSinceCommit
    return changes
  }

  /// Commits after a store saved the changes: inserted objects take the IDs the store gave
  /// them (in ``GraphChanges/inserted`` order), and every object counts as unchanged.
  package func commitSaved(inserted: [ManagedObject], ids: [PersistentID]) {
    for (object, id) in zip(inserted, ids) {
      object.persistentID = id
      object.storedVersion = 1
      indexRows(of: object.entity.rootIndex)
      persistentIndex[object.entity.rootIndex].insert(id.row, number: object.objectNumber)
    }
    commitChanges()
  }

  // MARK: - Rollback

  /// Undoes every change since the last commit: inserted objects leave the graph, deleted ones
  /// come back, and changed values and relationships return to what they were.
  ///
  /// ```swift
  /// author.name = "Sam"
  /// try graph.delete(book)
  /// graph.rollback()
  /// author.name   // as at the last commit; book is back
  /// ```
  /// - Complexity: O(*n*) in the graph's objects.
  public func rollback() {
    for case let object? in storage where object.isInserted {
      if !object.entity.isIdentityScopedToParent, let key = object.identityKey {
        index.remove(key, number: object.objectNumber, family: object.entity.rootIndex)
      }
      // Committed objects it was linked to get their own relationships back below.
      object.emptyRelationships()
      object.isDeleted = true
      storage[object.objectNumber] = nil
    }
    for object in deletedSinceCommit {
      object.isDeleted = false
      storage[object.objectNumber] = object
    }
    let revived = Set(deletedSinceCommit.map(ObjectIdentifier.init))
    for case let object? in storage where object.hasChanges || revived.contains(ObjectIdentifier(object)) {
      let isIndexed = !object.entity.isIdentityScopedToParent
      if isIndexed, let key = object.identityKey { index.remove(key, number: object.objectNumber, family: object.entity.rootIndex) }
      object.restoreCommitted()
      if isIndexed, let key = object.identityKey { index.insert(key, number: object.objectNumber, family: object.entity.rootIndex) }
    }
    deletedSinceCommit = []
    loadFailures = []
  }
}

extension ObjectGraph {
  // MARK: - Refreshing from the source

  /// Takes the stored row's values and version into `object`: attributes it did not change
  /// take the stored values, and so do those it changed when `dropsChanges` (the store wins).
  /// Relationships are left as they are.
  package func refresh(_ object: ManagedObject, with stored: StoredObject, dropsChanges: Bool) {
    guard object.entity === stored.entity || object.entity.index == stored.entity.index else { return }
    let indexed = !object.entity.isIdentityScopedToParent
    if indexed, let key = object.identityKey { index.remove(key, number: object.objectNumber, family: object.entity.rootIndex) }
    // The foreign keys of the row it was fetched from may be out of date too.
    object.forgetStoredRow()
    for slot in object.entity.attributes.indices where dropsChanges || object.committedValues[slot] == nil {
      object.committedValues[slot] = nil
      object.replaceValue(stored.values[slot], at: slot)
      if let reason = stored.unreadable[slot] {
        object.unreadableSlots = (object.unreadableSlots ?? [:]).merging([slot: reason]) { $1 }
      } else if object.unreadableSlots != nil {
        object.clearUnreadable(slot)
      }
    }
    object.storedVersion = stored.version
    if indexed, !object.isDeleted, let key = object.identityKey { index.insert(key, number: object.objectNumber, family: object.entity.rootIndex) }
  }

  /// Lets go of a stored object whose row another save deleted: it leaves the graph without a
  /// change to record, and the relationships that held it load again from the source.
  package func forget(_ object: ManagedObject) {
    guard !object.isDeleted else { return }
    for slot in object.entity.relationships.indices {
      guard let inverse = object.entity.inverseSlots[slot] else { continue }
      for target in object.related[slot].objects where target.committedRelated[inverse] == nil && !target.isInserted {
        target.replaceRelated(.fault, at: inverse)
      }
    }
    object.emptyRelationships()
    if !object.entity.isIdentityScopedToParent, let key = object.identityKey {
      index.remove(key, number: object.objectNumber, family: object.entity.rootIndex)
    }
    object.forgetStoredRow()
    object.committedValues = [:]
    object.committedRelated = [:]
    object.isDeleted = true
    deletedSinceCommit.removeAll { $0 === object }
    indexRows(of: object.entity.rootIndex)
    if let id = object.persistentID { persistentIndex[object.entity.rootIndex].remove(id.row) }
    storage[object.objectNumber] = nil
    retired.append(object)
  }
}
