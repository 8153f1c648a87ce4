import FoundryStore
internal import PostgresNIO

/// Imports that merge by identity (``WritePlan/mergesByIdentity``): two processes importing
/// the same objects at once both succeed, and each identity is stored once.
///
/// The new objects' rows are inserted, up to a thousand a statement (multi-row `VALUES`),
/// with `ON CONFLICT (identity) DO NOTHING RETURNING _pk`. PostgreSQL makes an insert that
/// meets an uncommitted row of the same identity wait for that transaction, so when an
/// object's `_pk` does not come back, the other one has committed its identity. The object
/// then takes that row: the save reads its `_pk`, updates it with the object's values, and
/// points at it every foreign key this save wrote with the row it had taken for the object;
/// the statements after the inserts (updates, links) are bound with it from the start. In
/// the common case, no conflict, this costs one round trip between the inserts and the rest.
///
/// The inserts of a save go in one order (table, then identity; a multi-row insert inserts
/// its rows in the order of its `VALUES`), so two saves that insert the same identities wait
/// for each other in the same order, never in a cycle.
extension PostgresBackend {
  /// Runs a save's deletes and inserts, merging inserts by identity, then the rest of its
  /// statements.
  /// - Returns: The new objects' rows: those the save took, or the rows of the same identity
  ///   another transaction stored first.
  static func runMerging(_ plan: WritePlan, rows: [Int64], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[Int64]> {
    guard plan.statements.contains(where: { !($0.insertedRow?.identity.isEmpty ?? true) }),
      let last = plan.statements.lastIndex(where: { $0.insertedRow != nil })
    else {
      return runStatements(plan.statements, rows: rows, on: connection, logger: logger).map { rows }
    }
    let head = Array(plan.statements[...last])
    let tail = Array(plan.statements[(last + 1)...])
    return insertMerging(head, rows: rows, on: connection, logger: logger).flatMap { rows in
      runStatements(tail, rows: rows, on: connection, logger: logger).map { rows }
    }
  }

  /// Runs the deletes and inserts that begin a save: inserts with an identity as upserts, in
  /// a fixed order (neighbours of one table sent as one multi-row upsert), then the fixes a
  /// merged row needs.
  private static func insertMerging(_ statements: [SQLStatement], rows: [Int64], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[Int64]> {
    let (ordered, sent) = upsertBatches(statements)
    let results = sent.map { batch in
      var statement = batch.statement
      if let row = statement.insertedRow, !row.identity.isEmpty {
        let dialect = PostgresDialect()
        statement.sql += " ON CONFLICT (\(row.identity.map(dialect.quote).joined(separator: ", "))) DO NOTHING RETURNING \"_pk\""
      }
      return execute(statement, rows: rows, on: connection, logger: logger)
    }
    let inserts = ordered.filter { $0.insertedRow != nil }
    return EventLoopFuture.whenAllComplete(results, on: connection.eventLoop).flatMap { outcomes in
      var taken: [(statement: SQLStatement, row: InsertedRow)] = []
      do {
        for (batch, outcome) in zip(sent, outcomes) {
          let result = try checked(outcome, of: batch.statement)
          guard let row = batch.statement.insertedRow, !row.identity.isEmpty else { continue }
          // The rows inserted; a member whose row is not among them met a stored identity.
          let inserted = Set(try PostgresRowReader.rows(result).values.compactMap { if case .integer(let row) = $0 { row } else { nil } })
          for member in batch.members {
            let statement = ordered[member]
            guard case .newRow(let position) = statement.arguments.first, rows.indices.contains(position) else { continue }
            if !inserted.contains(rows[position]) { taken.append((statement, row)) }
          }
        }
      } catch {
        return connection.eventLoop.makeFailedFuture(error)
      }
      guard !taken.isEmpty else { return connection.eventLoop.makeSucceededFuture(rows) }
      return merge(taken, inserts: inserts, rows: rows, on: connection, logger: logger)
    }
  }

  /// The deletes and inserts that begin a save in the order they run, and the statements
  /// that run them (``StatementBatch/members`` index the order): deletes first, then the upserts
  /// in their order (neighbours of one table joined: a multi-row insert inserts its rows in
  /// order, so two saves still wait for each other's identities in one order), then the other
  /// inserts, gathered by table.
  private static func upsertBatches(_ statements: [SQLStatement]) -> (ordered: [SQLStatement], batches: [StatementBatch]) {
    let merging = statements.filter { !($0.insertedRow?.identity.isEmpty ?? true) }.sorted(by: isOrderedBefore)
    let others = statements.filter { $0.insertedRow?.identity.isEmpty ?? true }
    var ordered: [SQLStatement] = []
    var sent: [StatementBatch] = []
    for (part, keepsOrder) in [(others.filter { $0.insertedRow == nil }, true), (merging, true), (others.filter { $0.insertedRow != nil }, false)] {
      let offset = ordered.count
      ordered += part
      for var batch in batches(part, keepsOrder: keepsOrder) {
        batch.members = batch.members.map { $0 + offset }
        sent.append(batch)
      }
    }
    return (ordered, sent)
  }

  /// Points the objects whose identity was taken at the stored rows, updates those rows with
  /// the objects' values, and fixes the foreign keys the inserts wrote with the old rows.
  private static func merge(
    _ taken: [(statement: SQLStatement, row: InsertedRow)], inserts: [SQLStatement], rows: [Int64], on connection: PooledConnection, logger: Logger
  ) -> EventLoopFuture<[Int64]> {
    let dialect = PostgresDialect()
    let lookups = taken.map { statement, row -> EventLoopFuture<PostgresQueryResult> in
      let conditions = row.identity.map { "\(dialect.quote($0)) = ?" }.joined(separator: " AND ")
      let values = row.identity.compactMap { column in row.columns.firstIndex(of: column).map { statement.arguments[$0] } }
      return execute(SQLStatement("SELECT \"_pk\" FROM \(dialect.quote(row.table)) WHERE \(conditions)", values), on: connection, logger: logger)
    }
    return EventLoopFuture.whenAllSucceed(lookups, on: connection.eventLoop).flatMap { results in
      var rows = rows
      var moved: Set<Int> = []
      do {
        for ((statement, row), result) in zip(taken, results) {
          guard case .newRow(let position) = statement.arguments.first, case .integer(let stored)? = try PostgresRowReader.rows(result).values.first else {
            throw StoreError(.conflict, "a \(row.table) row of the same identity was stored and deleted by another save meanwhile")
          }
          rows[position] = stored
          moved.insert(position)
        }
      } catch {
        return connection.eventLoop.makeFailedFuture(error)
      }
      var fixes: [SQLStatement] = []
      let takenRows = Set(taken.compactMap { if case .newRow(let position) = $0.statement.arguments.first { position } else { nil } })
      for insert in inserts {
        guard let row = insert.insertedRow, case .newRow(let own) = insert.arguments.first else { continue }
        // A taken row gets every value; another, only the foreign keys that pointed at moved rows.
        let slots = row.columns.indices.dropFirst().filter { slot in
          if takenRows.contains(own) { return true }
          if case .newRow(let position) = insert.arguments[slot] { return moved.contains(position) }
          return false
        }
        guard !slots.isEmpty else { continue }
        let assignments = slots.map { "\(dialect.quote(row.columns[$0])) = ?" }.joined(separator: ", ")
        let version = takenRows.contains(own) ? ", \"_version\" = \"_version\" + 1" : ""
        fixes.append(
          SQLStatement(
            "UPDATE \(dialect.quote(row.table)) SET \(assignments)\(version) WHERE \"_pk\" = ?", slots.map { insert.arguments[$0] } + [.newRow(own)]))
      }
      let finalRows = rows
      return runStatements(fixes, rows: finalRows, on: connection, logger: logger).map { finalRows }
    }
  }

  /// The order of a save's upserts: by table, then identity values.
  private static func isOrderedBefore(_ a: SQLStatement, _ b: SQLStatement) -> Bool {
    guard let rowA = a.insertedRow, let rowB = b.insertedRow else { return false }
    if rowA.table != rowB.table { return rowA.table < rowB.table }
    for column in rowA.identity {
      guard let slotA = rowA.columns.firstIndex(of: column), let slotB = rowB.columns.firstIndex(of: column) else { continue }
      let order = compare(a.arguments[slotA], b.arguments[slotB])
      if order != 0 { return order < 0 }
    }
    return false
  }

  /// -1, 0 or 1: values of one kind by value, kinds in a fixed order.
  private static func compare(_ a: SQLArgument, _ b: SQLArgument) -> Int {
    func rank(_ argument: SQLArgument) -> Int {
      switch argument {
      case .newRow, .integers: 0
      case .value(.null): 1
      case .value(.integer), .value(.real): 2
      case .value(.text): 3
      case .value(.blob): 4
      }
    }
    func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
    switch (a, b) {
    case (.value(.integer(let x)), .value(.integer(let y))): return sign(x, y)
    case (.value(.real(let x)), .value(.real(let y))): return sign(x, y)
    case (.value(.integer(let x)), .value(.real(let y))): return sign(Double(x), y)
    case (.value(.real(let x)), .value(.integer(let y))): return sign(x, Double(y))
    case (.value(.text(let x)), .value(.text(let y))): return sign(x, y)
    case (.value(.blob(let x)), .value(.blob(let y))): return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    default: return sign(rank(a), rank(b))
    }
  }
}
