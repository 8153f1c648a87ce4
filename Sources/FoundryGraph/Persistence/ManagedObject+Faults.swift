extension ManagedObject {
  /// What relationship `slot` holds, asking the graph's source first when it is a fault.
  @inline(__always)
  func loaded(_ slot: Int) -> RelatedObjects {
    if case .fault = related[slot] { fireFault(slot) }
    return related[slot]
  }

  /// Whether relationship `key` still waits in the store (not loaded since the object was).
  ///
  /// ```swift
  /// author.isFault(forKey: "books")   // true until author.related(forKey: "books")
  /// ```
  public func isFault(forKey key: String) -> Bool {
    guard let slot = entity.relationshipSlot(named: key), case .fault = related[slot] else { return false }
    return true
  }

  /// Loads relationship `slot` from the source: the stored objects it holds, each registered
  /// once in the graph (objects deleted in the graph stay out). A failure leaves the fault
  /// (read as empty, tried again on the next access) and is recorded in the graph, which then
  /// refuses to hand out its changes until a rollback.
  private func fireFault(_ slot: Int) {
    guard let graph = index.graph, let source = graph.source, let id = persistentID else {
      related[slot] = .none
      return
    }
    do {
      let stored = try source.storedObjects(relatedTo: id, of: entity, slot: slot)
      let references = stored.compactMap { graph.register($0).map(ObjectReference.init) }
      if let first = references.first {
        related[slot] = entity.isToManySlot[slot] ? .many(ObjectList(references)) : .one(first)
      } else {
        related[slot] = .none
      }
    } catch {
      let location = "\(entity.name).\(entity.relationships[slot].name)"
      graph.loadFailures.append(GraphError(.loadFailed, at: location, "could not load the relationship of \(id): \(error)"))
    }
  }

  /// Throws the failure to load `slot`, if its last load failed.
  func throwIfLoadFailed(at slot: Int) throws(GraphError) {
    guard let failures = index.graph?.loadFailures, !failures.isEmpty else { return }
    let location = "\(entity.name).\(entity.relationships[slot].name)"
    if let failure = failures.last(where: { $0.location == location }) { throw failure }
  }
}
