import FoundryStore
internal import PostgresNIO

extension PostgresBackend {
  /// Runs one statement on `connection`, its `?` marks numbered and its arguments bound.
  /// A link insert keeps a link already there (`ON CONFLICT DO NOTHING`).
  static func execute(_ statement: SQLStatement, rows: [Int64] = [], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
    connection.query(query(statement, rows: rows), logger: logger)
  }

  /// The rows of `statement`, read as they arrive.
  static func read(_ statement: SQLStatement, on connection: PooledConnection, logger: Logger) -> EventLoopFuture<SQLRows> {
    let reader = PostgresRowReader.Collector()
    return connection.query(query(statement, rows: []), logger: logger) { row in try reader.append(row) }.map { _ in reader.finish() }
  }

  /// `statement` as postgres-nio sends it: its `?` marks numbered, its arguments bound.
  private static func query(_ statement: SQLStatement, rows: [Int64]) -> PostgresQuery {
    let sql = statement.keepsExisting ? statement.sql + " ON CONFLICT DO NOTHING" : statement.sql
    return PostgresQuery(unsafeSQL: PostgresSQL.numbered(sql), binds: PostgresParameter.bindings(statement.arguments, rows: rows))
  }

  static func execute(_ sql: String, on connection: PooledConnection, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
    connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
  }

  /// The rows of each statement, sent one after another on the connection (without waiting,
  /// unless a statement binds integers an earlier one found: then each waits for the one
  /// before).
  static func rows(_ statements: [SQLStatement], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[SQLRows]> {
    guard statements.contains(where: \.dependsOnEarlierRows) else {
      return EventLoopFuture.whenAllSucceed(statements.map { read($0, on: connection, logger: logger) }, on: connection.eventLoop)
    }
    return statements.reduce(connection.eventLoop.makeSucceededFuture([SQLRows]())) { earlier, statement in
      earlier.flatMap { done in
        read(statement.bindingLists(from: done, PostgresDialect()), on: connection, logger: logger).map { done + [$0] }
      }
    }
  }

  /// `body` between `begin` and `COMMIT` (or `ROLLBACK` when `commits` is false, or when
  /// anything failed).
  static func transaction<T: Sendable>(
    on connection: PooledConnection, begin: String, commits: Bool, logger: Logger, _ body: @escaping @Sendable () -> EventLoopFuture<T>
  ) -> EventLoopFuture<T> {
    execute(begin, on: connection, logger: logger)
      .flatMap { _ in body() }
      .flatMap { value in
        execute(commits ? "COMMIT" : "ROLLBACK", on: connection, logger: logger).map { _ in value }.flatMapErrorThrowing { error in
          throw commits ? commitError(error) : error
        }
      }
      .flatMapError { error in
        execute("ROLLBACK", on: connection, logger: logger).flatMapThrowing { _ in throw error }.flatMapErrorThrowing { _ in throw error }
      }
  }

  /// Runs a save's statements in the transaction open on `connection`: rows taken for the new
  /// objects first, then every statement sent in order without waiting for the one before
  /// (the server runs them in order; the first that fails fails the save). An import's save
  /// merges its new objects by identity (see ``runMerging(_:rows:on:logger:)``).
  /// - Returns: The new objects' rows.
  static func run(_ plan: WritePlan, on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[Int64]> {
    allocateRows(plan.newRows, on: connection, logger: logger).flatMap { rows in
      let written =
        plan.mergesByIdentity
        ? runMerging(plan, rows: rows, on: connection, logger: logger) : runStatements(plan.statements, rows: rows, on: connection, logger: logger).map { rows }
      // The history with the rows the new objects finally took (a merged one takes the stored
      // row); then the notice that wakes followers, which the server delivers when the
      // transaction commits (once, however many writes of it sent one), never if it rolls back.
      return written.flatMap { rows in
        var sent = (plan.history?.statements(rows: rows, writersTakeTurns: PostgresDialect().writersTakeTurns) ?? []).map {
          execute($0, rows: rows, on: connection, logger: logger)
        }
        sent.append(execute(PostgresCommitWatch.notify, on: connection, logger: logger))
        return EventLoopFuture.whenAllSucceed(sent, on: connection.eventLoop).map { _ in rows }
      }
    }
  }

  /// Sends `statements`, bound with `rows`, one after another without waiting, their inserts
  /// gathered into multi-row ones (``batches(_:keepsOrder:)``); fails with the first that
  /// failed, or with a conflict for a guarded update that changed no row.
  static func runStatements(_ statements: [SQLStatement], rows: [Int64], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<Void> {
    guard !statements.isEmpty else { return connection.eventLoop.makeSucceededVoidFuture() }
    let sent = batches(statements, keepsOrder: false).map(\.statement)
    let results = sent.map { execute($0, rows: rows, on: connection, logger: logger) }
    return EventLoopFuture.whenAllComplete(results, on: connection.eventLoop).flatMapThrowing { outcomes in
      for (statement, outcome) in zip(sent, outcomes) { _ = try checked(outcome, of: statement) }
    }
  }

  /// How many rows one statement writes: as many arguments as PostgreSQL's protocol numbers
  /// (16 bits), a thousand rows at most.
  static let batchLimits = StatementBatch.Limits(maxArguments: Int(UInt16.max), maxRows: 1_000)

  /// `statements` with their single-row inserts and updates gathered into multi-row ones
  /// (see ``StatementBatch``).
  static func batches(_ statements: [SQLStatement], keepsOrder: Bool) -> [StatementBatch] {
    StatementBatch.batches(of: statements, limits: batchLimits, keepsOrder: keepsOrder)
  }

  /// The result of `statement`, or its error, or a conflict for a guarded update or delete
  /// that changed no row.
  static func checked(_ outcome: Result<PostgresQueryResult, any Error>, of statement: SQLStatement) throws -> PostgresQueryResult {
    let result = try outcome.get()
    if let conflict = statement.conflict, (result.metadata.rows ?? 0) == 0 { throw conflict.error }
    if let updated = statement.updatedRows {
      let rows = try PostgresRowReader.rows(result)
      let returned = Set((0..<rows.count).compactMap { rows.integer(at: rows.start(of: $0)) })
      if let conflict = ConflictCheck.firstMissing(updated, returned: returned) { throw conflict }
    }
    return result
  }

  /// A free row per new object, from each table's `_pk` sequence (`nextval`, which no two
  /// transactions ever share, even in different processes).
  static func allocateRows(_ tables: [String], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[Int64]> {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for table in tables {
      if counts[table] == nil { order.append(table) }
      counts[table, default: 0] += 1
    }
    guard !order.isEmpty else { return connection.eventLoop.makeSucceededFuture([]) }
    let tablesInOrder = order
    let dialect = PostgresDialect()
    let queries = order.map { table in
      let statement = SQLStatement(
        "SELECT nextval(pg_get_serial_sequence(?, '_pk')) FROM generate_series(1, ?)",
        [.value(.text(dialect.quote(table))), .value(.integer(Int64(counts[table] ?? 0)))])
      return execute(statement, on: connection, logger: logger)
    }
    return EventLoopFuture.whenAllSucceed(queries, on: connection.eventLoop).flatMapThrowing { results in
      var free: [String: [Int64]] = [:]
      for (table, result) in zip(tablesInOrder, results) {
        let rows = try PostgresRowReader.rows(result)
        free[table] = rows.values.compactMap { if case .integer(let row) = $0 { row } else { nil } }.sorted().reversed()
      }
      var rows: [Int64] = []
      rows.reserveCapacity(tables.count)
      for table in tables {
        guard let row = free[table]?.popLast() else { throw StoreError(.database, "PostgreSQL gave too few rows for \(table)") }
        rows.append(row)
      }
      return rows
    }
  }

  /// Why a connection could not be made, for a message: a certificate that is not trusted
  /// in words, any other cause as it describes itself.
  private static func connectionFailure(_ cause: (any Error)?) -> String {
    guard let cause else { return "" }
    if "\(cause)".contains("CERTIFICATE_VERIFY_FAILED") {
      return ": its TLS certificate is not signed by an authority the store trusts (sslrootcert), or not for this host"
    }
    return ": \(cause)"
  }

  /// The error of an operation whose connection closed before it was answered (`why`: the
  /// driver's code, `serverClosedConnection`).
  static func connectionLost(_ why: String) -> StoreError {
    StoreError(.database, "PostgreSQL: the connection to the server was lost (\(why)); nothing this operation wrote was committed")
  }

  /// The error of a connection not made within `connectTimeout` (by the driver, for the TCP
  /// connection, or by the pool, for the handshake).
  static func connectTimedOut(after timeout: Duration) -> StoreError {
    StoreError(.database, "PostgreSQL: no connection to the server within \(timeout) (connectTimeout); nothing this operation wrote was committed")
  }

  /// Whether `error` says the connection closed under the operation: closed, or ended by
  /// the server (`57P01` terminated by an administrator, `57P02` crash, `57P03` starting up).
  static func isConnectionLoss(_ error: any Error) -> Bool {
    if error is PooledConnection.Closed { return true }
    guard let error = error as? PSQLError else { return false }
    guard let info = error.serverInfo else { return [.serverClosedConnection, .uncleanShutdown, .clientClosedConnection].contains(error.code) }
    return ["57P01", "57P02", "57P03"].contains(info[.sqlState] ?? "")
  }

  /// The error of a `COMMIT` that failed: when the connection was lost, the server may have
  /// committed before it went, and only reading the store again can tell.
  static func commitError(_ error: any Error) -> any Error {
    guard isConnectionLoss(error) else { return storeError(error) }
    return StoreError(
      .database,
      "PostgreSQL: the connection to the server was lost while it committed: the operation's changes are either all stored or none are; read the store again to know which")
  }

  /// A PostgreSQL or connection error as the store's error kinds: constraint violations
  /// (class 23) as `constraint`, everything else as `database`, with the server's message.
  static func storeError(_ error: any Error) -> any Error {
    if error is StoreError { return error }
    if error is PooledConnection.Closed { return connectionLost("serverClosedConnection") }
    if let error = error as? PooledConnection.Unanswered {
      return StoreError(
        .database,
        "PostgreSQL: the server did not answer within \(error.after) (statementTimeout and 5 seconds more), so the connection was closed; nothing this operation wrote was committed"
      )
    }
    if let error = error as? PostgresConnectionPool.ConnectTimedOut { return connectTimedOut(after: error.after) }
    guard let error = error as? PSQLError else { return StoreError(.database, "PostgreSQL: \(error)") }
    guard let info = error.serverInfo else {
      if isConnectionLoss(error) { return connectionLost("\(error.code)") }
      if error.code == .connectionError, case .connectTimeout(let amount) = error.underlying as? ChannelError {
        return connectTimedOut(after: .nanoseconds(amount.nanoseconds))
      }
      if error.code == .connectionError {
        return StoreError(.database, "PostgreSQL: no connection to the server\(connectionFailure(error.underlying)); nothing this operation wrote was committed")
      }
      if error.code == .sslUnsupported {
        return StoreError(.database, "PostgreSQL: the server does not offer TLS, which the store's sslmode (require, verify-ca or verify-full) demands")
      }
      return StoreError(.database, "PostgreSQL: \(error.code)")
    }
    let state = info[.sqlState] ?? ""
    let message = info[.message] ?? "\(error.code)"
    let detail = info[.detail].map { " (\($0))" } ?? ""
    if state.hasPrefix("23") { return StoreError(.constraint, message + detail) }
    if isConnectionLoss(error) { return connectionLost("\(message), PostgreSQL \(state)") }
    return StoreError(.database, "\(message)\(detail) (PostgreSQL \(state))")
  }
}
