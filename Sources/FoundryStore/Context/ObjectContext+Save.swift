import FoundryGraph

/// What one save wrote: the objects it inserted, updated and deleted, by persistent ID.
///
/// ```swift
/// let saved = try await context.save()
/// print(saved.inserted.count, saved.updated.count, saved.deleted.count)
/// ```
public struct SaveResult: Sendable, Hashable {
  /// The rows the save added, one per inserted object.
  public var inserted: [PersistentID] = []
  /// The stored objects the save changed.
  public var updated: [PersistentID] = []
  /// The stored objects the save deleted.
  public var deleted: [PersistentID] = []

  /// Whether the save wrote nothing.
  public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

extension ObjectContext {
  /// Writes every change since the last save in one transaction, or nothing.
  ///
  /// Only real changes are written: an attribute set to an equal value is no change, and an
  /// unchanged object is not written. The graph is validated first (required values,
  /// relationship counts); every broken rule is listed and nothing is written. A stored
  /// object changed by another save since this context read it is a conflict.
  ///
  /// ```swift
  /// author.name = "Ada"
  /// try await context.save()
  /// ```
  /// - Returns: What was written.
  /// - Throws: ``StoreError`` `validation`, `conflict`, `constraint` (a duplicate identity),
  ///   or the database's error; `CancellationError` when the task is cancelled before the
  ///   transaction commits. The store and the context are then as they were (the changes
  ///   still to save).
  @discardableResult
  nonisolated(nonsending) public func save() async throws -> SaveResult { try await save(mergesByIdentity: false) }

  /// ``save()``; with `mergesByIdentity` (imports), a new object whose identity another
  /// transaction stored meanwhile updates that row (see ``WritePlan/mergesByIdentity``).
  nonisolated(nonsending) func save(mergesByIdentity: Bool) async throws -> SaveResult {
    try Task.checkCancellation()
    guard let pending = try prepareSave(mergesByIdentity: mergesByIdentity) else { return SaveResult() }
    let result: SaveResult
    do {
      result = finishSave(pending, rows: try await store.backend.write(pending.plan.plan))
    } catch let error as StoreError where error.code == .conflict && mergePolicy == .storeWins {
      let ids = try conflictCandidates()
      try applyStoredRows(try await store.backend.read(refreshStatements(for: ids)), of: ids, dropsChanges: true)
      guard let retried = try prepareSave(mergesByIdentity: mergesByIdentity) else { return SaveResult() }
      result = finishSave(retried, rows: try await store.backend.write(retried.plan.plan))
    }
    if store.backend.hasReplicas { source.saved(at: await store.recordCommit()) }
    return result
  }

  /// ``save()`` for synchronous callers outside Swift's cooperative pool (the command line):
  /// blocks until the database has written.
  @discardableResult
  package func saveNow(mergesByIdentity: Bool = false) throws -> SaveResult {
    guard let pending = try prepareSave(mergesByIdentity: mergesByIdentity) else { return SaveResult() }
    let result: SaveResult
    do {
      result = finishSave(pending, rows: try store.backend.writeNow(pending.plan.plan))
    } catch let error as StoreError where error.code == .conflict && mergePolicy == .storeWins {
      let ids = try conflictCandidates()
      try applyStoredRows(try store.backend.readNow(refreshStatements(for: ids)), of: ids, dropsChanges: true)
      guard let retried = try prepareSave(mergesByIdentity: mergesByIdentity) else { return SaveResult() }
      result = finishSave(retried, rows: try store.backend.writeNow(retried.plan.plan))
    }
    if store.backend.hasReplicas { source.saved(at: store.recordCommitNow()) }
    return result
  }

  /// The changes to write, validated and planned; `nil` when there are none.
  func prepareSave(mergesByIdentity: Bool = false) throws -> (changes: GraphChanges, plan: SavePlanner)? {
    let changes = try graph.changes()
    guard !changes.isEmpty else { return nil }
    let broken = (changes.inserted + changes.updated).flatMap { $0.validationErrors() }
    guard broken.isEmpty else {
      let count = broken.count
      throw StoreError(.validation, "\(count) rule\(count == 1 ? "" : "s") broken; nothing was saved", details: broken.map(\.locatedMessage))
    }
    var planner = SavePlanner(layout: store.layout, decoder: source.decoder, checksVersions: mergePolicy != .contextWins)
    try planner.add(changes, mergesByIdentity: mergesByIdentity)
    if store.isHistoryEnabled { try planner.addHistory(of: changes, author: author) }
    return (changes, planner)
  }

  /// Commits the graph after the database wrote `pending`, and tells the store's observers.
  private func finishSave(_ pending: (changes: GraphChanges, plan: SavePlanner), rows: [Int64]) -> SaveResult {
    let result = commitSave(pending, rows: rows)
    store.publish(result)
    return result
  }

  /// Commits the graph after the database wrote `pending`, giving new objects their rows.
  func commitSave(_ pending: (changes: GraphChanges, plan: SavePlanner), rows: [Int64]) -> SaveResult {
    let changes = pending.changes
    var result = SaveResult()
    result.inserted = zip(changes.inserted, rows).map { PersistentID(family: store.layout.table(of: $0.entity).name, row: $1) }
    result.updated = changes.updated.compactMap(\.persistentID)
    result.deleted = changes.deleted.compactMap(\.persistentID)
    for object in pending.plan.versionedObjects where object.storedVersion > 0 { object.storedVersion += 1 }
    // Rows this save added: tables are no longer known to be empty.
    source.isEmpty = source.isEmpty.map { _ in nil }
    graph.commitSaved(inserted: changes.inserted, ids: result.inserted)
    return result
  }
}
