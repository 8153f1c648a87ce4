import FoundryGraph

extension ObjectContext {
  /// The stored objects a request names, registered in the context (an object already loaded
  /// is returned as it is, unsaved changes included; one deleted in the context is left out).
  ///
  /// ```swift
  /// let authors = try await context.fetch(FetchRequest(entity: "Author"))
  /// ```
  /// - Throws: ``StoreError`` (`invalidQuery` for an unknown entity, attribute or relationship),
  ///   or the database's error.
  /// - Complexity: One query, plus one per prefetched relationship and 500 objects.
  nonisolated(nonsending) public func fetch(_ request: FetchRequest) async throws -> [ManagedObject] {
    let (statement, entity, table) = try fetchStatement(request)
    let rows = try await store.backend.read(statement)
    var objects: [ManagedObject] = []
    objects.reserveCapacity(rows.count)
    for row in rows {
      if let object = graph.register(try source.loaded(row, in: table)) { objects.append(object) }
    }
    for name in request.prefetch {
      guard let slot = entity.relationshipSlot(named: name) else {
        throw StoreError(.invalidQuery, "\(entity.name) has no relationship named \"\(name)\" to prefetch")
      }
      try await prefetch(slot, of: objects)
    }
    return objects
  }

  /// The number of stored objects a request names (its limit and offset applied).
  ///
  /// ```swift
  /// let count = try await context.count(FetchRequest(entity: "Book"))
  /// ```
  nonisolated(nonsending) public func count(_ request: FetchRequest) async throws -> Int {
    Self.count(in: try await store.backend.read(try countStatement(request)))
  }

  /// ``count(_:)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func countNow(_ request: FetchRequest) throws -> Int {
    Self.count(in: try store.backend.readNow(try countStatement(request)))
  }

  private func countStatement(_ request: FetchRequest) throws(StoreError) -> SQLStatement {
    let (statement, _, _) = try fetchStatement(request)
    return SQLStatement("SELECT COUNT(*) FROM (\(statement.sql)) counted", statement.arguments)
  }

  private static func count(in rows: [[SQLValue]]) -> Int {
    guard case .integer(let count)? = rows.first?.first else { return 0 }
    return Int(count)
  }

  private func fetchStatement(_ request: FetchRequest) throws(StoreError) -> (SQLStatement, EntityDescription, FamilyTable) {
    guard let entity = store.schema[request.entity] else { throw StoreError(.invalidQuery, "no entity named \"\(request.entity)\"") }
    let dialect = store.backend.dialect
    let layout = store.layout
    let table = layout.table(of: entity)
    let kinds = ([entity.index] + (request.includesSubentities ? entity.descendantIndices : [])).map { store.schema.entities[$0].name }
    var arguments = kinds.map { SQLArgument.value(.text($0)) }
    var sql = "SELECT \(source.decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t"
    if kinds.count < table.entities.count {
      sql += " WHERE t.\"_entity\" IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))"
    } else {
      arguments = []
    }
    var order: [String] = []
    for key in request.sortBy {
      guard let slot = entity.attributeSlot(named: key.attribute) else {
        throw StoreError(.invalidQuery, "\(entity.name) has no attribute named \"\(key.attribute)\" to sort by")
      }
      order.append("t.\(dialect.quote(layout.attributeColumns[entity.index][slot]))\(key.ascending ? "" : " DESC")")
    }
    sql += " ORDER BY " + (order + ["t.\"_pk\""]).joined(separator: ", ")
    if request.limit != nil || request.offset > 0 {
      sql += " LIMIT ? OFFSET ?"
      arguments += [.value(.integer(Int64(request.limit ?? -1))), .value(.integer(Int64(request.offset)))]
    }
    return (SQLStatement(sql, arguments), entity, table)
  }

  /// Loads relationship `slot` of every object that still has it as a fault, 500 owners a query.
  nonisolated(nonsending) private func prefetch(_ slot: Int, of objects: [ManagedObject]) async throws {
    let owners = objects.filter { $0.entity.relationships.indices.contains(slot) && $0.isFault(forKey: $0.entity.relationships[slot].name) }
    var start = 0
    while start < owners.count {
      let batch = owners[start..<min(start + 500, owners.count)]
      start += batch.count
      guard let entity = batch.first?.entity else { break }
      let (statement, target) = source.relatedQuery(of: entity, slot: slot, owners: batch.compactMap { $0.persistentID?.row })
      var related: [Int64: [ManagedObject]] = [:]
      for row in try await store.backend.read(statement) {
        guard case .integer(let owner)? = row.first else { continue }
        if let object = graph.register(try source.loaded(Array(row.dropFirst()), in: target)) { related[owner, default: []].append(object) }
      }
      for owner in batch {
        guard let row = owner.persistentID?.row else { continue }
        owner.fulfillFault(slot, with: related[row] ?? [])
      }
    }
  }
}
