import FoundryGraph
internal import FoundryInternals

/// What a context's graph asks the store for: rows by identity, and the rows a relationship
/// holds.
final class StoreSource: ObjectSource {
  let backend: any StoreBackend
  let decoder: RowDecoder
  /// The graph the objects go to (to skip decoding rows it already holds).
  weak var graph: ObjectGraph?
  /// Per family table: whether it was empty when first asked for an identity (`nil`: not
  /// asked since the context last saved). An import into an empty table looks up nothing; a
  /// row another writer adds meanwhile is caught by the identity's unique index on save.
  var isEmpty: [Bool?]
  /// The write transaction an import in batches runs in: its reads go there, to see the
  /// batches written so far (`nil`: reads go to the backend).
  var transaction: (any StoreTransaction)?
  /// The rows an import in batches wrote so far, by identity.
  var imported: ImportedRows?
  /// Where the primary's log ended after the context's last save (`nil`: it has not saved,
  /// or the store has no replicas): a replica must have replayed that far to serve its reads.
  var savedPosition: CommitPosition?
  /// The store's ``Store/latestCommit``: a replica must have replayed that far too.
  let latestCommit: Locked<CommitPosition?>

  /// Where relationship faults read: where the context's last fetch or count read (the
  /// primary before the first), since looking for unsaved changes scans the whole context.
  var faultRoute = ReadRoute.primary

  /// Where a fetch or count of the context reads now, and its faults after it: a replica
  /// that holds the context's own saves and every save or import the store made, while it
  /// has no unsaved changes (which it would be about to save over what it read); the primary
  /// otherwise.
  func queryRoute() -> ReadRoute {
    guard backend.hasReplicas else { return .primary }
    guard graph?.hasChanges != true else {
      faultRoute = .primary
      return faultRoute
    }
    let stored = latestCommit.withLock { $0 }
    faultRoute = .replica(caughtUpTo: [savedPosition, stored].compactMap { $0 }.max())
    return faultRoute
  }

  /// Notes where the primary's log ended after the context saved (``CommitPosition/unknown``
  /// when the server did not say): its reads wait for a replica that has replayed that far.
  func saved(at position: CommitPosition) {
    savedPosition = position
    faultRoute = .replica(caughtUpTo: position)
  }

  init(backend: any StoreBackend, decoder: RowDecoder, latestCommit: Locked<CommitPosition?>) {
    self.backend = backend
    self.decoder = decoder
    self.latestCommit = latestCommit
    isEmpty = decoder.layout.tables.map { _ in nil }
  }

  private var layout: StoreLayout { decoder.layout }

  /// The rows of one query, read in the import's transaction when there is one, else where
  /// `route` allows (identity lookups serve imports and upserts: they read the primary).
  private func readNow(_ statement: SQLStatement, from route: ReadRoute = .primary) throws -> SQLRows {
    try readNow([statement], from: route).first ?? SQLRows(columnCount: 0)
  }

  /// The rows of `statements`, read in the import's transaction when there is one, else where
  /// `route` allows. A context working inside a transaction never asks the pool for a second
  /// connection: a transaction holding the pool's last one would wait for itself.
  func readNow(_ statements: [SQLStatement], from route: ReadRoute) throws -> [SQLRows] {
    do {
      guard let transaction else { return try backend.readNow(statements, from: route) }
      return try transaction.read(statements)
    } catch let error as StoreError {
      databaseFailure = error
      throw error
    }
  }

  /// The last error the database gave a read of the graph's (an identity lookup, a
  /// relationship fault), which the graph reports inside its own error (`nil` once an import
  /// starts).
  var databaseFailure: StoreError?

  /// What an import or fetch that failed with `error` throws: the database's error when a
  /// read of the graph's failed meanwhile (the connection was lost, say), carrying the graph's
  /// or mapping error it caused; else `error` as a store error (``StoreError/carrying(_:)``).
  /// Forgets the database's error.
  func storeError(for error: any Error) -> any Error {
    defer { databaseFailure = nil }
    // A cancellation reaches the caller as itself: what a cancelled task expects to catch.
    if error is StoreError || error is CancellationError { return error }
    if let failure = databaseFailure {
      return StoreError(failure.code, failure.message, details: failure.details, underlying: error)
    }
    return StoreError.carrying(error)
  }
  private var dialect: any SQLDialect { decoder.dialect }

  func storedObject(of entity: EntityDescription, identity: [GraphValue]) throws -> StoredObject? {
    let position = layout.tableOfEntity[entity.index]
    let table = layout.tables[position]
    if let imported, imported.knowsEveryRow(of: position) {
      guard let row = imported.row(of: identity, in: position) else { return nil }
      let sql = "SELECT \(decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t WHERE t.\"_pk\" = ?"
      let rows = try readNow(SQLStatement(sql, [.value(.integer(row))]))
      return rows.isEmpty ? nil : try decoder.storedObject(rows, row: 0, in: table)
    }
    if isEmpty[position] == nil {
      isEmpty[position] = try readNow(SQLStatement("SELECT 1 FROM \(dialect.quote(table.name)) LIMIT 1")).isEmpty
    }
    if isEmpty[position] == true { return nil }
    let columns = entity.identitySlots.map { layout.attributeColumns[entity.index][$0] }
    var arguments: [SQLArgument] = []
    for (slot, value) in zip(entity.identitySlots, identity) {
      arguments.append(.value(try decoder.columnValue(value, entity: entity.index, slot: slot)))
    }
    let condition = columns.map { "t.\(dialect.quote($0)) = ?" }.joined(separator: " AND ")
    let sql = "SELECT \(decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t WHERE \(condition) LIMIT 1"
    let rows = try readNow(SQLStatement(sql, arguments))
    return rows.isEmpty ? nil : try decoder.storedObject(rows, row: 0, in: table)
  }

  /// The most identities one look-ahead query lists.
  static let identitiesPerQuery = 1_000

  func storedObjects(of entity: EntityDescription, identities: [[GraphValue]]) throws -> [StoredObject] {
    let position = layout.tableOfEntity[entity.index]
    let table = layout.tables[position]
    // One integer identity, the kind an import gathers; anything else (and a table this import
    // filled, whose rows it knows) is looked up one by one.
    guard entity.identitySlots.count == 1, !(imported?.knowsEveryRow(of: position) ?? false) else {
      return try identities.compactMap { try storedObject(of: entity, identity: $0) }
    }
    if isEmpty[position] == nil {
      isEmpty[position] = try readNow(SQLStatement("SELECT 1 FROM \(dialect.quote(table.name)) LIMIT 1")).isEmpty
    }
    if isEmpty[position] == true { return [] }
    let slot = entity.identitySlots[0]
    let column = layout.attributeColumns[entity.index][slot]
    var integers: [Int64] = []
    for identity in identities {
      guard identity.count == 1, case .integer(let value) = try decoder.columnValue(identity[0], entity: entity.index, slot: slot) else {
        return try identities.compactMap { try storedObject(of: entity, identity: $0) }
      }
      integers.append(value)
    }
    let sql = "SELECT \(decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t WHERE \(dialect.isMember("t.\(dialect.quote(column))"))"
    var found: [StoredObject] = []
    var start = 0
    while start < integers.count {
      let chunk = Array(integers[start..<min(integers.count, start + Self.identitiesPerQuery)])
      start += chunk.count
      let rows = try readNow(SQLStatement(sql, [.value(dialect.integerList(chunk))]))
      for row in 0..<rows.count { found.append(try decoder.storedObject(rows, row: row, in: table)) }
    }
    return found
  }

  func storedObjects(relatedTo id: PersistentID, of entity: EntityDescription, slot: Int) throws -> [StoredObject] {
    let (statement, target) = relatedQuery(of: entity, slot: slot, owners: SQLStatement("?", [.value(.integer(id.row))]))
    let rows = try readNow(statement, from: faultRoute)
    return try (0..<rows.count).map { row throws(StoreError) in try decoder.storedObject(rows, row: row, offset: 1, in: target) }
  }

  func storedObjects(relatedTo ids: [PersistentID], of entity: EntityDescription, slot: Int) throws -> [[StoredObject]] {
    guard ids.count > 1 else { return try ids.map { id in try storedObjects(relatedTo: id, of: entity, slot: slot) } }
    let table = dialect.quote(layout.table(of: entity).name)
    let owners = SQLStatement("SELECT w.\"_pk\" FROM \(table) w WHERE \(dialect.isMember("w.\"_pk\""))", [.value(dialect.integerList(ids.map(\.row)))])
    let (statement, target) = relatedQuery(of: entity, slot: slot, owners: owners)
    let rows = try readNow(statement, from: faultRoute)
    // In the relationship's order per owner (the query sorts by owner, then by position).
    var byOwner: [Int64: [StoredObject]] = [:]
    for row in 0..<rows.count {
      guard let owner = rows.integer(at: rows.start(of: row)) else { continue }
      byOwner[owner, default: []].append(try decoder.storedObject(rows, row: row, offset: 1, in: target))
    }
    return ids.map { byOwner[$0.row] ?? [] }
  }

  /// The query for the rows relationship `slot` of `entity` holds for each owner row: each
  /// result row is the owner's row number, then the related object's columns, in the
  /// relationship's order per owner.
  /// - Parameter owners: The owners' rows: a list (`?`) or a query selecting them.
  func relatedQuery(of entity: EntityDescription, slot: Int, owners: SQLStatement) -> (SQLStatement, FamilyTable) {
    let destination = layout.schema.entities[entity.destinationIndices[slot]]
    let target = layout.table(of: destination)
    let marks = "(\(owners.sql))"
    let from = dialect.quote(target.name)
    let sql: String
    switch layout.relationshipStorage[entity.index][slot] {
    case .foreignKey(let column):
      let own = dialect.quote(layout.table(of: entity).name)
      sql = "SELECT o.\"_pk\", \(decoder.selectList(target, alias: "t")) FROM \(own) o JOIN \(from) t ON t.\"_pk\" = o.\(dialect.quote(column)) WHERE o.\"_pk\" IN \(marks)"
    case .inverseForeignKey(_, let column):
      let owner = "t.\(dialect.quote(column))"
      sql = "SELECT \(owner), \(decoder.selectList(target, alias: "t")) FROM \(from) t WHERE \(owner) IN \(marks) ORDER BY \(owner), t.\"_pk\""
    case .join(let index, let isOwner):
      let join = layout.joinTables[index]
      let (mine, theirs) = isOwner ? ("owner", "target") : ("target", "owner")
      let ordered = isOwner ? join.isOwnerOrdered : join.isTargetOrdered
      let order = ordered ? "j.\"\(mine)\", j.\"\(mine)_position\", t.\"_pk\"" : "j.\"\(mine)\", t.\"_pk\""
      sql =
        "SELECT j.\"\(mine)\", \(decoder.selectList(target, alias: "t")) FROM \(from) t JOIN \(dialect.quote(join.name)) j ON j.\"\(theirs)\" = t.\"_pk\" WHERE j.\"\(mine)\" IN \(marks) ORDER BY \(order)"
    }
    return (SQLStatement(sql, owners.arguments), target)
  }

  /// The statement reading the rows of `table` whose primary keys are `keys`, as a fetch
  /// selects them (in no particular order): a batch of a fetch in batches.
  func rows(withKeys keys: [Int64], of table: FamilyTable) -> SQLStatement {
    let sql = "SELECT \(decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t WHERE \(dialect.isMember("t.\"_pk\""))"
    return SQLStatement(sql, [.value(dialect.integerList(keys))])
  }

  /// Reads the rows of `statement` now, where relationship faults read: a batch of a fetch in
  /// batches, on an object's first use.
  func readFault(_ statement: SQLStatement) throws -> SQLRows { try readNow(statement, from: faultRoute) }

  /// The graph's object for a selected row: the one it holds (the rest of the row is not
  /// read), else the row's object, registered with its values left in `rows` until first
  /// used; `nil` when the graph deleted it.
  /// - Parameters:
  ///   - row: The row's position in `rows`.
  ///   - graph: The context's graph (passed in: ``graph`` is weak, a load per row).
  func object(_ rows: FetchedRows, row: Int, graph: ObjectGraph) throws -> ManagedObject? {
    let header = try decoder.header(rows.rows, row: row, offset: rows.offset, in: rows.table)
    switch graph.registration(family: rows.table.root, row: header.id.row) {
    case .live(let object): return object
    case .deleted: return nil
    case .unknown: return graph.registerNew(row: row, of: rows, header: header)
    }
  }
}

/// The rows of one fetch query, kept undecoded for the objects registered from them: each
/// object decodes its own row on first use (see `StoredRows`).
final class FetchedRows: StoredRows {
  let rows: SQLRows
  /// Where the object's columns start in each row.
  let offset: Int
  /// The family table the rows come from.
  let table: FamilyTable
  let decoder: RowDecoder

  init(_ rows: SQLRows, offset: Int = 0, table: FamilyTable, decoder: RowDecoder) {
    self.rows = rows
    self.offset = offset
    self.table = table
    self.decoder = decoder
  }

  func values(ofRow row: Int, for entity: EntityDescription, unreadable: inout [Int: String]) -> AttributeValues {
    decoder.attributeValues(rows, start: rows.start(of: row) + offset, of: entity, unreadable: &unreadable)
  }

  func link(ofRow row: Int, slot: Int, for entity: EntityDescription) -> StoredLink {
    decoder.link(rows, start: rows.start(of: row) + offset, slot: slot, of: entity)
  }
}
