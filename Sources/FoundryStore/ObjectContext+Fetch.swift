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
  /// - Complexity: One query, plus one per prefetched relationship, read together in one
  ///   transaction.
  nonisolated(nonsending) public func fetch(_ request: FetchRequest) async throws -> [ManagedObject] {
    let query = try FetchQuery(request, context: self)
    return try materialize(query, rows: try await store.backend.read(query.statements))
  }

  /// ``fetch(_:)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func fetchNow(_ request: FetchRequest) throws -> [ManagedObject] {
    let query = try FetchQuery(request, context: self)
    return try materialize(query, rows: try store.backend.readNow(query.statements))
  }

  /// The number of stored objects a request names (its limit and offset applied).
  ///
  /// ```swift
  /// let count = try await context.count(FetchRequest(entity: "Book"))
  /// ```
  nonisolated(nonsending) public func count(_ request: FetchRequest) async throws -> Int {
    Self.count(in: try await store.backend.read(try FetchQuery(request, context: self).counting))
  }

  /// ``count(_:)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func countNow(_ request: FetchRequest) throws -> Int {
    Self.count(in: try store.backend.readNow(try FetchQuery(request, context: self).counting))
  }

  /// How the database runs the objects' query of a request, a line per step (for tests and
  /// tools that check an index serves a query).
  package func queryPlan(_ request: FetchRequest) throws -> [String] {
    let main = try FetchQuery(request, context: self).main
    let rows = try store.backend.readNow(SQLStatement(store.backend.dialect.queryPlan(of: main.sql), main.arguments))
    return rows.compactMap { row in
      guard case .text(let detail)? = row.last else { return nil }
      return detail
    }
  }

  private static func count(in rows: [[SQLValue]]) -> Int {
    guard case .integer(let count)? = rows.first?.first else { return 0 }
    return Int(count)
  }

  /// Registers the fetched rows' objects, then fills the prefetched relationships of those
  /// still faults.
  private func materialize(_ query: FetchQuery, rows: [[[SQLValue]]]) throws -> [ManagedObject] {
    guard let main = rows.first else { return [] }
    var objects: [ManagedObject] = []
    objects.reserveCapacity(main.count)
    for row in main {
      if let object = try source.object(row, in: query.table) { objects.append(object) }
    }
    for (prefetch, related) in zip(query.prefetches, rows.dropFirst()) {
      var byOwner: [Int64: [ManagedObject]] = [:]
      for row in related {
        guard case .integer(let owner)? = row.first else { continue }
        if let object = try source.object(row, offset: 1, in: prefetch.target) {
          byOwner[owner, default: []].append(object)
        }
      }
      for object in objects {
        guard let row = object.persistentID?.row else { continue }
        object.fulfillFault(prefetch.slot, with: byOwner[row] ?? [])
      }
    }
    return objects
  }
}

/// A fetch request as SQL: the objects' query, and one query per prefetched relationship that
/// selects the related rows of the same objects (the objects' query as a subquery, so no row
/// list goes back and forth).
struct FetchQuery {
  let table: FamilyTable
  /// The objects' query.
  let main: SQLStatement
  let prefetches: [(slot: Int, statement: SQLStatement, target: FamilyTable)]

  var statements: [SQLStatement] { [main] + prefetches.map(\.statement) }
  var counting: SQLStatement { SQLStatement("SELECT COUNT(*) FROM (\(main.sql)) counted", main.arguments) }

  init(_ request: FetchRequest, context: ObjectContext) throws(StoreError) {
    let store = context.store
    guard let entity = store.schema[request.entity] else { throw StoreError(.invalidQuery, "no entity named \"\(request.entity)\"") }
    let dialect = store.backend.dialect
    let layout = store.layout
    table = layout.table(of: entity)
    let kinds = ([entity.index] + (request.includesSubentities ? entity.descendantIndices : [])).map { store.schema.entities[$0].name }
    var conditions: [SQLFragment] = []
    if kinds.count < table.entities.count {
      conditions.append(SQLFragment("t.\"_entity\" IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))", kinds.map { .value(.text($0)) }))
    }
    var scope = QueryCompiler.Scope(entity: entity, alias: "t")
    if let predicate = request.predicate {
      var compiler = QueryCompiler(layout: layout, codecs: context.source.decoder.codecs, dialect: dialect)
      conditions.append(try compiler.condition(predicate.node, in: &scope))
    }
    var clauses = scope.joins.map { " " + $0 }.joined()
    var arguments: [SQLArgument] = []
    if !conditions.isEmpty {
      let condition = conditions.dropFirst().reduce(conditions[0]) { $0 + " AND " + $1 }
      clauses += " WHERE " + condition.sql
      arguments = condition.arguments
    }
    var order: [String] = []
    for key in request.sortBy {
      guard let slot = entity.attributeSlot(named: key.attribute) else {
        throw StoreError(.invalidQuery, "\(entity.name) has no attribute named \"\(key.attribute)\" to sort by")
      }
      order.append("t.\(dialect.quote(layout.attributeColumns[entity.index][slot]))\(key.ascending ? "" : " DESC")")
    }
    clauses += " ORDER BY " + (order + ["t.\"_pk\""]).joined(separator: ", ")
    if request.limit != nil || request.offset > 0 {
      clauses += " LIMIT ? OFFSET ?"
      arguments += [.value(.integer(Int64(request.limit ?? -1))), .value(.integer(Int64(request.offset)))]
    }
    let from = "FROM \(dialect.quote(table.name)) t\(clauses)"
    main = SQLStatement("SELECT \(context.source.decoder.selectList(table, alias: "t")) \(from)", arguments)
    let owners = SQLStatement("SELECT t.\"_pk\" \(from)", arguments)
    prefetches = try request.prefetch.map { name throws(StoreError) in
      guard let slot = entity.relationshipSlot(named: name) else {
        throw StoreError(.invalidQuery, "\(entity.name) has no relationship named \"\(name)\" to prefetch")
      }
      let (statement, target) = context.source.relatedQuery(of: entity, slot: slot, owners: owners)
      return (slot, statement, target)
    }
  }
}
