extension ManagedObject {
  /// What relationship `slot` holds, asking the graph's source first when it is a fault.
  @inline(__always)
  func loaded(_ slot: Int) -> RelatedObjects {
    if case .fault = related[slot] { fireFault(slot) } else if !partialSlots.isEmpty, partialSlots.contains(slot) { completePartial(slot) }
    return related[slot]
  }

  /// Whether linking an object into to-many `slot`, a fault, can leave the stored members
  /// unloaded: an unordered relationship of a stored object, whose store keeps the links.
  func defersLoading(_ slot: Int) -> Bool {
    guard case .fault = related[slot] else { return false }
    return entity.isToManySlot[slot] && !entity.relationships[slot].isOrdered && persistentID != nil
  }

  /// Links `object` into to-many `slot`, a fault, without loading the stored members: the
  /// slot holds the objects linked since the last commit until a read loads the rest.
  func linkDeferred(_ object: ManagedObject, at slot: Int) {
    willChangeRelationship(slot)
    related[slot] = .many(ObjectList.make(one: object))
    partialSlots.append(slot)
    didChange(relationship: slot)
  }

  /// The objects linked into `slot` since the last commit while its stored members stay
  /// unloaded; `nil` when the slot is loaded or a plain fault.
  package func deferredLinks(at slot: Int) -> [ManagedObject]? {
    guard !partialSlots.isEmpty, partialSlots.contains(slot) else { return nil }
    return related[slot].objects
  }

  /// Loads the stored members of a partial slot and puts the objects linked since the last
  /// commit after them, as if the slot had been loaded before they were linked.
  private func completePartial(_ slot: Int) {
    partialSlots.removeAll { $0 == slot }
    let linked = related[slot].objects
    related[slot] = .fault
    fireFault(slot)
    committedRelated[slot] = RelatedSnapshot(related[slot])
    for object in linked {
      switch related[slot] {
      case .many(let list): if !list.contains(object) { list.append(object) }
      default: related[slot] = .many(ObjectList.make(one: object))
      }
    }
  }

  /// Whether relationship `key` still waits in the store (not loaded since the object was).
  ///
  /// ```swift
  /// author.isFault(forKey: "books")   // true until author.related(forKey: "books")
  /// ```
  /// - Parameters:
  ///   - key: The relationship's name.
  public func isFault(forKey key: String) -> Bool {
    guard let slot = entity.relationshipSlot(named: key) else { return false }
    // A to-one relationship whose object the graph holds, as the fetched row says, is there.
    if case .fault = related[slot] { return linkFromStoredRow(slot) == nil }
    // Objects linked to a fault without loading it: the stored members still wait.
    return partialSlots.contains(slot)
  }

  /// Loads relationship `slot` from the source: the stored objects it holds, each registered
  /// once in the graph (objects deleted in the graph stay out). A failure leaves the fault
  /// (read as empty, tried again on the next access) and is recorded in the graph, which then
  /// refuses to hand out its changes until a rollback.
  ///
  /// The same relationship of the object's siblings (objects of its entity registered near it,
  /// as a fetch registers its objects, whose `slot` is still a fault) loads in the same query:
  /// code that walks fetched objects and their relationships (an export, a JSON query) costs a
  /// query per ``faultBatchSize`` objects and relationship, not one per object.
  private func fireFault(_ slot: Int) {
    guard let graph = index.graph, let source = graph.source, let id = persistentID else {
      replaceRelated(.none, at: slot)
      return
    }
    if let linked = linkFromStoredRow(slot) { return replaceRelated(linked, at: slot) }
    do {
      let siblings = faultSiblings(slot, in: graph)
      guard !siblings.isEmpty else {
        let stored = try source.storedObjects(relatedTo: id, of: entity, slot: slot)
        return replaceRelated(RelatedObjects(stored.compactMap { graph.register($0).map(ObjectReference.init) }, toMany: entity.isToManySlot[slot]), at: slot)
      }
      let owners = [self] + siblings
      let stored = try source.storedObjects(relatedTo: owners.compactMap(\.persistentID), of: entity, slot: slot)
      for (owner, objects) in zip(owners, stored) {
        // Registering related objects never loads a relationship: each owner's slot is still the fault it was.
        owner.fulfillFault(slot, with: objects.compactMap { graph.register($0) })
      }
    } catch {
      let location = "\(entity.name).\(entity.relationships[slot].name)"
      graph.loadFailures.append(GraphError(.loadFailed, at: location, "could not load the relationship of \(id): \(error)"))
    }
  }

  /// The most objects whose relationship one fault loads: the object and its siblings.
  static let faultBatchSize = 500

  /// Other objects of this object's entity registered near it (after it first, then before),
  /// stored, not deleted, whose relationship `slot` is still a fault: at most
  /// ``faultBatchSize`` - 1 of them. Each direction stops at the 32nd object in a row that is
  /// not one: a fetch registers its objects one after another, while objects registered one at
  /// a time (an import's look-ups by identity) have no siblings worth a scan.
  private func faultSiblings(_ slot: Int, in graph: ObjectGraph) -> [ManagedObject] {
    let storage = graph.storage
    let wanted = Self.faultBatchSize - 1
    var siblings: [ManagedObject] = []
    func scan(_ numbers: some Sequence<Int>) {
      var misses = 0
      for number in numbers {
        guard siblings.count < wanted, misses < 32 else { return }
        if let other = storage[number], other !== self, other.entity === entity, other.persistentID != nil, !other.isDeleted,
          case .fault = other.related[slot]
        {
          siblings.append(other)
          misses = 0
        } else {
          misses += 1
        }
      }
    }
    scan(min(objectNumber + 1, storage.count)..<storage.count)
    scan(stride(from: min(objectNumber, storage.count) - 1, through: 0, by: -1))
    return siblings
  }

  /// Throws the failure to load `slot`, if its last load failed.
  func throwIfLoadFailed(at slot: Int) throws(GraphError) {
    guard let failures = index.graph?.loadFailures, !failures.isEmpty else { return }
    let location = "\(entity.name).\(entity.relationships[slot].name)"
    if let failure = failures.last(where: { $0.location == location }) { throw failure }
  }
}

extension ManagedObject {
  /// The value in attribute `slot`.
  package func value(at slot: Int) -> GraphValue? { values[slot] }

  /// The objects relationship `slot` holds now (loading it when it is a fault).
  package func relatedObjects(at slot: Int) -> [ManagedObject] { loaded(slot).objects }

  /// The objects relationship `slot` held at the last commit: `nil` when it was never loaded
  /// (the store's rows are as they were), empty for an inserted object.
  package func committedRelatedObjects(at slot: Int) -> [ManagedObject]? {
    if isInserted { return [] }
    switch committedRelated[slot] {
    case .fault: return nil
    case .objects(let references): return references.map(\.object)
    case nil:
      if case .fault = related[slot] { return nil }
      return related[slot].objects
    }
  }
}

extension ManagedObject {
  /// Fills relationship `slot` with objects a store loaded ahead (a prefetch), when it is
  /// still a fault; a slot already loaded keeps what it holds (and any change made to it).
  package func fulfillFault(_ slot: Int, with objects: [ManagedObject]) {
    guard case .fault = related[slot] else { return }
    replaceRelated(RelatedObjects(objects.map(ObjectReference.init), toMany: entity.isToManySlot[slot]), at: slot)
  }

  /// Fills to-one relationship `slot` with the object a store loaded ahead (`nil`: none), when
  /// it is still a fault: ``fulfillFault(_:with:)`` without an array per object, for a
  /// prefetch that links each of many objects to one of few.
  package func fulfillFault(_ slot: Int, withOne object: ManagedObject?) {
    guard case .fault = related[slot] else { return }
    guard let object else { return replaceRelated(.none, at: slot) }
    // A to-one slot (the case this is for) takes the reference without an array.
    let reference = ObjectReference(object)
    replaceRelated(entity.isToManySlot[slot] ? RelatedObjects([reference], toMany: true) : .one(reference), at: slot)
  }
}
