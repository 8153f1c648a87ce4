import FoundryGraph

extension ObjectContext {
  /// Brings the context up to date with a save made elsewhere (another context, a
  /// notification from ``Store/changes()``, or another process's transaction from the
  /// store's history): objects it updated take the stored values of the attributes this
  /// context has not changed, and objects it deleted leave the context. With
  /// ``mergePolicy`` `.storeWins`, the stored values replace this context's changes to those
  /// objects too.
  ///
  /// ```swift
  /// for await saved in store.changes() { try await context.refresh(after: saved) }
  /// ```
  /// - Parameters:
  ///   - saved: What the other save inserted, updated and deleted.
  nonisolated(nonsending) public func refresh(after saved: SaveResult) async throws {
    let ids = saved.updated + saved.deleted
    let statements = refreshStatements(for: ids)
    try applyStoredRows(try await store.backend.read(statements), of: ids, dropsChanges: mergePolicy == .storeWins)
  }

  /// Queries for the stored rows of `ids`: one per family table.
  func refreshStatements(for ids: [PersistentID]) -> [SQLStatement] {
    let byTable = Dictionary(grouping: ids, by: \.family)
    return store.layout.tables.compactMap { table in
      guard let rows = byTable[table.name], !rows.isEmpty else { return nil }
      let marks = rows.map { _ in "?" }.joined(separator: ", ")
      let sql = "SELECT \(source.decoder.selectList(table, alias: "t")) FROM \(store.backend.dialect.quote(table.name)) t WHERE t.\"_pk\" IN (\(marks))"
      return SQLStatement(sql, rows.map { .value(.integer($0.row)) })
    }
  }

  /// Refreshes the registered objects of `ids` with the rows read for them; those whose row
  /// is gone leave the context.
  func applyStoredRows(_ results: [SQLRows], of ids: [PersistentID], dropsChanges: Bool) throws {
    var found: Set<PersistentID> = []
    let tables = store.layout.tables.filter { table in ids.contains { $0.family == table.name } }
    for (table, rows) in zip(tables, results) {
      for row in 0..<rows.count {
        let stored = try source.decoder.storedObject(rows, row: row, in: table)
        found.insert(stored.id)
        guard case .live(let object) = graph.registration(family: table.root, row: stored.id.row), object.storedVersion != stored.version else { continue }
        graph.refresh(object, with: stored, dropsChanges: dropsChanges)
      }
    }
    for id in ids where !found.contains(id) {
      guard let root = store.schema[id.family]?.rootIndex else { continue }
      switch graph.registration(family: root, row: id.row) {
      case .live(let object): graph.forget(object)
      case .deleted, .unknown: continue
      }
    }
  }

  /// The stored objects a save would update or delete: what a store-wins save refreshes.
  func conflictCandidates() throws -> [PersistentID] {
    let changes = try graph.changes()
    return (changes.updated + changes.deleted).compactMap(\.persistentID)
  }
}
