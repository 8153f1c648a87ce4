import FoundryGraph

extension ObjectContext {
  /// The stored objects a request names, registered in the context (an object already loaded
  /// is returned as it is, unsaved changes included; one deleted in the context is left out).
  ///
  /// ```swift
  /// let authors = try await context.fetch(FetchRequest(entity: "Author"))
  /// ```
  /// - Parameters:
  ///   - request: The entity, predicate, sort keys, limit, offset and prefetched relationships.
  /// - Throws: ``StoreError`` (`invalidQuery` for an unknown entity, attribute or relationship),
  ///   or the database's error; `CancellationError` when the task is cancelled before the rows
  ///   arrive (nothing is registered then).
  /// - Complexity: One query, plus one per prefetched relationship, read together in one
  ///   transaction.
  nonisolated(nonsending) public func fetch(_ request: FetchRequest) async throws -> [ManagedObject] {
    try Task.checkCancellation()
    let query = try FetchQuery(request, context: self)
    let route = source.queryRoute()
    if let size = request.batchSize {
      let headers = try await query.locatingErrors { try await store.backend.read([query.headers], from: route) }
      let (objects, batched) = try registerInBatches(query, headers: headers.first, size: size)
      if let first = batched.statement(forBatch: 0), !batched.keys.isEmpty {
        batched.fill(batch: 0, with: try await store.backend.read([first], from: route).first ?? SQLRows(columnCount: 0))
      }
      return objects
    }
    return try materialize(query, rows: try await query.locatingErrors { try await store.backend.read(query.statements, from: route) })
  }

  /// ``fetch(_:)-(FetchRequest)`` whose rows also refresh the objects the context had loaded
  /// and the store has changed since (a newer row version): what live results read, so the
  /// objects, their order and their values come from one read of the store.
  /// - Returns: The objects, and the IDs of those refreshed.
  func fetchRefreshing(_ request: FetchRequest, dropsChanges: Bool) async throws -> (objects: [ManagedObject], refreshed: Set<PersistentID>) {
    var request = request
    request.batchSize = nil
    let query = try FetchQuery(request, context: self)
    // From the primary, as every refresh: a replica may not have replayed the commit that woke
    // the caller yet.
    let rows = try await query.locatingErrors { try await store.backend.read(query.statements, from: .primary) }
    var refreshed: Set<PersistentID> = []
    if let main = rows.first {
      for row in 0..<main.count {
        let header = try source.decoder.header(main, row: row, in: query.table)
        guard case .live(let object) = graph.registration(family: query.table.root, row: header.id.row), object.storedVersion != header.version else { continue }
        graph.refresh(object, with: try source.decoder.storedObject(main, row: row, in: query.table), dropsChanges: dropsChanges)
        refreshed.insert(header.id)
      }
    }
    return (try materialize(query, rows: rows), refreshed)
  }

  /// The stored objects of rows `keys` of `table`, registered (one deleted in the context or
  /// the store left out), read from the primary or the open import's transaction: a batch of
  /// the objects an import in batches deletes as stale.
  package func objectsNow(withKeys keys: [Int64], of table: FamilyTable) throws -> [ManagedObject] {
    let rows = try source.readNow([source.rows(withKeys: keys, of: table)], from: .primary)[0]
    let fetched = FetchedRows(rows, table: table, decoder: source.decoder)
    return try (0..<rows.count).compactMap { try source.object(fetched, row: $0, graph: graph) }
  }

  /// ``fetch(_:)-(FetchRequest)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func fetchNow(_ request: FetchRequest) throws -> [ManagedObject] {
    let query = try FetchQuery(request, context: self)
    let route = source.queryRoute()
    if let size = request.batchSize {
      let headers = try query.locatingErrors { try source.readNow([query.headers], from: route) }
      let (objects, batched) = try registerInBatches(query, headers: headers.first, size: size)
      if let first = batched.statement(forBatch: 0), !batched.keys.isEmpty {
        batched.fill(batch: 0, with: try source.readNow([first], from: route).first ?? SQLRows(columnCount: 0))
      }
      return objects
    }
    return try materialize(query, rows: try query.locatingErrors { try source.readNow(query.statements, from: route) })
  }

  /// Registers the objects of a fetch in batches from their headers, each not loaded before
  /// a fault on its batch (see ``BatchedRows``).
  private func registerInBatches(_ query: FetchQuery, headers: SQLRows?, size: Int) throws -> ([ManagedObject], BatchedRows) {
    guard let headers else { return ([], BatchedRows(keys: [], size: size, table: query.table, source: source)) }
    var found: [(StoredRowHeader, ManagedObject?)] = []
    for row in 0..<headers.count {
      let header = try source.decoder.header(ofHeaderRow: row, in: headers, table: query.table)
      switch graph.registration(family: query.table.root, row: header.id.row) {
      case .live(let object): found.append((header, object))
      case .deleted: continue
      case .unknown: found.append((header, nil))
      }
    }
    let batched = BatchedRows(keys: found.map(\.0.id.row), size: size, table: query.table, source: source)
    let objects = found.enumerated().map { position, entry in entry.1 ?? graph.registerNew(row: position, of: batched, header: entry.0) }
    return (objects, batched)
  }

  /// The number of stored objects a request names (its limit and offset applied).
  ///
  /// ```swift
  /// let count = try await context.count(FetchRequest(entity: "Book"))
  /// ```
  /// - Parameters:
  ///   - request: The entity and predicate to count; its limit and offset apply, its sort keys do not matter.
  nonisolated(nonsending) public func count(_ request: FetchRequest) async throws -> Int {
    try Task.checkCancellation()
    let query = try FetchQuery(request, context: self)
    return Self.count(in: try await query.locatingErrors { try await store.backend.read(query.counting, from: source.queryRoute()) })
  }

  /// ``count(_:)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func countNow(_ request: FetchRequest) throws -> Int {
    let query = try FetchQuery(request, context: self)
    return Self.count(in: try query.locatingErrors { try source.readNow([query.counting], from: source.queryRoute()).first ?? SQLRows(columnCount: 0) })
  }

  /// How the database runs the objects' query of a request, a line per step (for tests and
  /// tools that check an index serves a query).
  package func queryPlan(_ request: FetchRequest) throws -> [String] {
    let main = try FetchQuery(request, context: self).main
    let rows = try store.backend.readNow(SQLStatement(store.backend.dialect.queryPlan(of: main.sql), main.arguments))
    return (0..<rows.count).compactMap { row in
      guard rows.columnCount > 0, case .text(let detail) = rows[row, rows.columnCount - 1] else { return nil }
      return detail
    }
  }

  private static func count(in rows: SQLRows) -> Int {
    guard !rows.isEmpty, case .integer(let count) = rows[0, 0] else { return 0 }
    return Int(count)
  }

  /// Registers the fetched rows' objects (their values decoded on first use), then fills the
  /// prefetched relationships of those still faults.
  private func materialize(_ query: FetchQuery, rows: [SQLRows]) throws -> [ManagedObject] {
    guard let main = rows.first else { return [] }
    let fetched = FetchedRows(main, table: query.table, decoder: source.decoder)
    var objects: [ManagedObject] = []
    objects.reserveCapacity(main.count)
    // Each object's row, for the foreign keys of prefetched to-one relationships, kept only
    // when objects loaded before are among them: objects registered from these rows follow
    // their own foreign keys (see `fulfill`), so the fast path below needs none.
    var objectRows: [Int] = []
    if graph.holdsNoRows(family: query.table.root) {
      // The rows are distinct (one per primary key), and the graph holds none of them.
      graph.reserveCapacity(unseen: main.count)
      for row in 0..<main.count {
        objects.append(graph.registerUnseen(row: row, of: fetched, header: try source.decoder.header(main, row: row, in: query.table)))
      }
    } else {
      objectRows.reserveCapacity(main.count)
      graph.reserveCapacity(stored: main.count, family: query.table.root)
      for row in 0..<main.count {
        guard let object = try source.object(fetched, row: row, graph: graph) else { continue }
        objects.append(object)
        objectRows.append(row)
      }
    }
    for (prefetch, related) in zip(query.prefetches, rows.dropFirst()) {
      switch prefetch.link {
      case .foreignKey(let position): try fulfill(prefetch, related: related, column: position, of: objects, rows: objectRows, in: main)
      case .ownerColumn: try fulfill(prefetch, related: related, of: objects)
      }
    }
    return objects
  }

  /// Fills a to-one relationship kept in a foreign-key column: registers the related rows
  /// (each target once, however many objects share it). An object fetched from a row links
  /// to its target through the row's foreign key on first access, without a query (see
  /// `StoredRows`); any other (loaded before, from elsewhere) is linked now to the object
  /// of the row its own row's column names.
  private func fulfill(_ prefetch: FetchQuery.Prefetch, related: SQLRows, column: Int, of objects: [ManagedObject], rows: [Int], in main: SQLRows) throws {
    let targets = FetchedRows(related, table: prefetch.target, decoder: source.decoder)
    for row in 0..<related.count { _ = try source.object(targets, row: row, graph: graph) }
    for (object, row) in zip(objects, rows) where !object.hasStoredRow {
      var target: ManagedObject?
      if let targetRow = main.integer(at: main.start(of: row) + column), case .live(let found) = graph.registration(family: prefetch.target.root, row: targetRow) {
        target = found
      }
      object.fulfillFault(prefetch.slot, withOne: target)
    }
  }

  /// Fills a relationship whose rows start with their owner's row number.
  private func fulfill(_ prefetch: FetchQuery.Prefetch, related: SQLRows, of objects: [ManagedObject]) throws {
    let targets = FetchedRows(related, offset: 1, table: prefetch.target, decoder: source.decoder)
    var byOwner: [Int64: [ManagedObject]] = [:]
    for row in 0..<related.count {
      guard let owner = related.integer(at: related.start(of: row)) else { continue }
      if let object = try source.object(targets, row: row, graph: graph) {
        byOwner[owner, default: []].append(object)
      }
    }
    for object in objects {
      guard let row = object.persistentID?.row else { continue }
      object.fulfillFault(prefetch.slot, with: byOwner[row] ?? [])
    }
  }
}

/// A fetch request as SQL: the objects' query, and one query per prefetched relationship that
/// selects the related rows of the same objects (the objects' query as a subquery, so no row
/// list goes back and forth).
struct FetchQuery {
  let table: FamilyTable
  /// The objects' query.
  let main: SQLStatement
  let prefetches: [Prefetch]
  /// The column of the predicate's key path nested deepest (see ``QueryCompiler/deepestColumn``).
  let deepestColumn: Int?

  /// One prefetched relationship's query.
  struct Prefetch {
    let slot: Int
    let statement: SQLStatement
    let target: FamilyTable
    let link: Link
  }

  /// How the rows of a prefetch find their owners.
  enum Link {
    /// Each row starts with its owner's row number.
    case ownerColumn
    /// Each distinct related row comes once; the owner's row holds its row number in the
    /// objects' query column at this position.
    case foreignKey(position: Int)
  }

  var statements: [SQLStatement] { [main] + prefetches.map(\.statement) }
  /// The objects' query selecting their headers alone (row number, version, entity): what a
  /// fetch in batches reads first.
  let headers: SQLStatement

  /// Runs `read`, placing a limit the database reports without a column (SQL nested deeper
  /// than SQLite's parser takes) at the key path nested deepest.
  func locatingErrors<Result>(_ read: () throws -> Result) throws -> Result {
    do { return try read() } catch { throw located(error) }
  }

  /// ``locatingErrors(_:)`` for an asynchronous read.
  nonisolated(nonsending) func locatingErrors<Result>(_ read: nonisolated(nonsending) () async throws -> Result) async throws -> Result {
    do { return try await read() } catch { throw located(error) }
  }

  private func located(_ error: any Error) -> any Error {
    guard let error = error as? StoreError, error.code == .queryLimitExceeded, let column = deepestColumn,
      !error.message.hasPrefix("column ")
    else { return error }
    return QueryError.limit(column, error.message)
  }
  var counting: SQLStatement { SQLStatement("SELECT COUNT(*) FROM (\(main.sql)) counted", main.arguments) }

  init(_ request: FetchRequest, context: ObjectContext) throws(StoreError) {
    let store = context.store
    guard let entity = store.schema[request.entity] else { throw StoreError(.invalidQuery, "no entity named \"\(request.entity)\"") }
    let dialect = store.backend.dialect
    let layout = store.layout
    table = layout.table(of: entity)
    var scope = QueryCompiler.Scope(entity: entity, alias: "t")
    var compiler = QueryCompiler(layout: layout, codecs: context.source.decoder.codecs, dialect: dialect)
    var conditions = try compiler.selection(of: entity, includingSubentities: request.includesSubentities, where: request.predicate, in: &scope)
    if let afterRow = request.afterRow { conditions.append(SQLFragment("t.\"_pk\" > ?", [.value(.integer(afterRow))])) }
    deepestColumn = compiler.deepestColumn
    // Sort keys through to-one relationships join their rows before the clauses are written.
    var order: [String] = []
    for key in request.sortBy { order.append(try compiler.sortExpression(key, in: &scope)) }
    var clauses = scope.joins.map { " " + $0 }.joined()
    var arguments: [SQLArgument] = []
    if !conditions.isEmpty {
      let condition = conditions.dropFirst().reduce(conditions[0]) { $0 + " AND " + $1 }
      clauses += " WHERE " + condition.sql
      arguments = condition.arguments
    }
    // The prefetches select their owners with the objects' query as a subquery: without a
    // limit its order does not change which rows it names, and sorting them costs as much as
    // the rest of the subquery.
    var owning = "FROM \(dialect.quote(table.name)) t\(clauses)"
    clauses += " ORDER BY " + (order + ["t.\"_pk\""]).joined(separator: ", ")
    var ownerArguments = arguments
    if request.limit != nil || request.offset > 0 {
      clauses += " LIMIT ? OFFSET ?"
      arguments += [.value(request.limit.map { .integer(Int64($0)) } ?? dialect.noLimit), .value(.integer(Int64(request.offset)))]
      owning = "FROM \(dialect.quote(table.name)) t\(clauses)"
      ownerArguments = arguments
    }
    let from = "FROM \(dialect.quote(table.name)) t\(clauses)"
    main = SQLStatement("SELECT \(context.source.decoder.selectList(table, alias: "t")) \(from)", arguments)
    headers = SQLStatement("SELECT \(context.source.decoder.headerList(table, alias: "t")) \(from)", arguments)
    let owners = SQLStatement("SELECT t.\"_pk\" \(owning)", ownerArguments)
    let table = table
    prefetches = try request.prefetch.map { name throws(StoreError) in
      guard let slot = entity.relationshipSlot(named: name) else {
        throw StoreError(.invalidQuery, "\(entity.name) has no relationship named \"\(name)\" to prefetch")
      }
      if case .foreignKey(let column) = layout.relationshipStorage[entity.index][slot], let index = table.columns.firstIndex(where: { $0.name == column }) {
        // The objects' rows hold the targets' rows already: read each target once, not once
        // per object (a thousand owners of a hundred thousand items are a thousand rows),
        // named by the distinct foreign keys of the objects' rows (read first, in the same
        // transaction), which costs far less than selecting them through the objects' query.
        let target = layout.table(of: store.schema.entities[entity.destinationIndices[slot]])
        let sql = "SELECT \(context.source.decoder.selectList(target, alias: "r")) FROM \(dialect.quote(target.name)) r WHERE \(dialect.isMember("r.\"_pk\""))"
        let position = RowDecoder.position(ofColumn: index, in: table)
        return Prefetch(slot: slot, statement: SQLStatement(sql, [.integers(statement: 0, column: position)]), target: target, link: .foreignKey(position: position))
      }
      let (statement, target) = context.source.relatedQuery(of: entity, slot: slot, owners: owners)
      return Prefetch(slot: slot, statement: statement, target: target, link: .ownerColumn)
    }
  }
}
