#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryStore
internal import GRDB
internal import GRDBSQLite

/// The store's SQLite backend, over a GRDB `DatabasePool` in WAL mode (one writer, readers
/// beside it) for a file, or a `DatabaseQueue` in memory.
final class SQLiteBackend: StoreBackend {
  let writer: any DatabaseWriter
  let dialect: any SQLDialect = SQLiteDialect()
  /// The store's file, as errors name it (`nil` in memory).
  let file: String?

  init(writer: any DatabaseWriter, file: String? = nil) {
    self.writer = writer
    self.file = file
  }

  func read(_ statements: [SQLStatement]) async throws -> [SQLRows] {
    do {
      return try await writer.read { db in try Self.rows(statements, db) }
    } catch { throw Self.storeError(error, file: file) }
  }

  func readNow(_ statements: [SQLStatement]) throws -> [SQLRows] {
    do {
      return try writer.read { db in try Self.rows(statements, db) }
    } catch { throw Self.storeError(error, file: file) }
  }

  func write(_ plan: WritePlan) async throws -> [Int64] {
    do {
      return try await writer.writeWithoutTransaction { db in try Self.save(plan, db) }
    } catch { throw Self.storeError(error, file: file) }
  }

  func writeNow(_ plan: WritePlan) throws -> [Int64] {
    do {
      return try writer.writeWithoutTransaction { db in try Self.save(plan, db) }
    } catch { throw Self.storeError(error, file: file) }
  }

  /// Runs a plan in one immediate transaction (the write lock taken first, so the rows it
  /// picks stay free). - Returns: The new objects' rows.
  private static func save(_ plan: WritePlan, _ db: Database) throws -> [Int64] {
    var rows: [Int64] = []
    try db.inTransaction(.immediate) {
      rows = try run(plan, db)
      return .commit
    }
    return rows
  }

  /// The most rows one statement writes: past a hundred or so, a longer statement saves
  /// nothing (measured with `foundry-bench --filter store.import`).
  static let maxRowsPerStatement = 128

  /// Runs a plan's statements in the transaction open on `db`, single-row inserts and
  /// updates of one kind gathered into multi-row statements (``StatementBatch``), which
  /// SQLite steps once instead of once a row. - Returns: The new objects' rows.
  static func run(_ plan: WritePlan, _ db: Database) throws -> [Int64] {
    let rows = try allocateRows(plan.newRows, db)
    let limits = StatementBatch.Limits(
      maxArguments: Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1)), maxRows: maxRowsPerStatement,
      joinsUpdates: sqlite3_libversion_number() >= 3_035_000)
    for batch in StatementBatch.batches(of: plan.statements, limits: limits) { try run(batch.statement, rows: rows, db) }
    for statement in plan.history?.statements(rows: rows, writersTakeTurns: SQLiteDialect().writersTakeTurns) ?? [] { try run(statement, rows: rows, db) }
    return rows
  }

  func transaction<T: Sendable>(commits: Bool, _ body: @Sendable (any StoreTransaction) throws -> T) async throws -> T {
    do {
      return try await writer.writeWithoutTransaction { db in try Self.transaction(commits: commits, db, file: self.file, body) }
    } catch { throw Self.storeError(error, file: file) }
  }

  func transactionNow<T>(commits: Bool, _ body: (any StoreTransaction) throws -> T) throws -> T {
    do {
      return try writer.writeWithoutTransaction { db in try Self.transaction(commits: commits, db, file: self.file, body) }
    } catch { throw Self.storeError(error, file: file) }
  }

  /// Runs `body` in one immediate transaction on `db`, committed or rolled back.
  private static func transaction<T>(commits: Bool, _ db: Database, file: String?, _ body: (any StoreTransaction) throws -> T) throws -> T {
    var result: T?
    try db.inTransaction(.immediate) {
      result = try body(SQLiteTransaction(db: db, file: file))
      return commits ? .commit : .rollback
    }
    guard let result else { throw StoreError(.database, "the transaction ended without a result") }
    return result
  }

  func watchCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any CommitWatch {
    // In memory, only this process writes: its own saves wake the followers.
    guard let file else { return NoCommitWatch() }
    return try SQLiteCommitWatch(path: file, onCommit: onCommit)
  }

  func record(_ key: String) throws -> String? {
    do {
      return try writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM foundry_store WHERE key = ?", arguments: [key]) }
    } catch { throw Self.storeError(error, file: file) }
  }

  func setRecord(_ key: String, to value: String) throws {
    do {
      try writer.write { db in try db.execute(sql: "INSERT OR REPLACE INTO foundry_store (key, value) VALUES (?, ?)", arguments: [key, value]) }
    } catch { throw Self.storeError(error, file: file) }
  }

  // MARK: - Statements

  /// A free row per new object: after the largest row of its table, counted in the write
  /// transaction (the one writer), so no other save can take it.
  private static func allocateRows(_ tables: [String], _ db: Database) throws -> [Int64] {
    var next: [String: Int64] = [:]
    var rows: [Int64] = []
    rows.reserveCapacity(tables.count)
    for table in tables {
      if next[table] == nil {
        let largest = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(\"_pk\"), 0) FROM \(SQLiteDialect().quote(table))") ?? 0
        next[table] = largest + 1
      }
      let row = next[table] ?? 1
      rows.append(row)
      next[table] = row + 1
    }
    return rows
  }

  private static func run(_ statement: SQLStatement, rows: [Int64], _ db: Database) throws {
    let prepared = try db.cachedStatement(sql: statement.sql)
    try SQLiteArguments.bind(statement.arguments, rows: rows, to: prepared)
    if let updated = statement.updatedRows {
      if let conflict = ConflictCheck.firstMissing(updated, returned: Set(try Int64.fetchAll(prepared))) { throw conflict }
      return
    }
    try prepared.execute()
    if let conflict = statement.conflict, db.changesCount == 0 { throw conflict.error }
  }

  /// The rows of each statement, one after another, each binding the integer lists of the
  /// rows read before it.
  static func rows(_ statements: [SQLStatement], _ db: Database) throws -> [SQLRows] {
    var read: [SQLRows] = []
    read.reserveCapacity(statements.count)
    for statement in statements { read.append(try rows(statement.bindingLists(from: read, SQLiteDialect()), db)) }
    return read
  }

  static func rows(_ statement: SQLStatement, _ db: Database) throws -> SQLRows {
    let prepared = try db.cachedStatement(sql: statement.sql)
    try SQLiteArguments.bind(statement.arguments, rows: [], to: prepared)
    let width = CInt(prepared.columnCount)
    var rows = SQLRowsBuilder(columnCount: Int(width))
    // GRDB's cursor steps the statement (and reports its errors); the values are read
    // straight from SQLite's C API into the rows' cells, without a `Row`, a `DatabaseValue`
    // or a `String` per column.
    let cursor = try Row.fetchCursor(prepared)
    let handle = prepared.sqliteStatement
    while try cursor.next() != nil {
      for column in 0..<width { append(handle, column, to: &rows) }
    }
    return rows.finish()
  }

  /// Appends column `column` of the statement's current row.
  ///
  /// Through the column's `sqlite3_value`: one column call (each takes the connection's
  /// state and checks it on the way out), then cheap reads of the value, instead of a column
  /// call for the type and another for the contents. The value is SQLite's "unprotected"
  /// kind, whose reads are only unsafe when another thread uses the connection at the same
  /// time: GRDB opens its connections in multi-thread mode and gives each to one thread at a
  /// time, and the value is read before the statement steps again.
  private static func append(_ handle: OpaquePointer, _ column: CInt, to rows: inout SQLRowsBuilder) {
    guard let value = sqlite3_column_value(handle, column) else { return rows.appendNull() }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: rows.append(integer: sqlite3_value_int64(value))
    case SQLITE_FLOAT: rows.append(real: sqlite3_value_double(value))
    case SQLITE_TEXT:
      // The byte count, not the first NUL, ends the text (read after the text, as SQLite asks).
      let text = sqlite3_value_text(value)
      rows.append(text: UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_value_bytes(value))))
    case SQLITE_BLOB:
      let bytes = sqlite3_value_blob(value)
      rows.append(blob: UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_value_bytes(value))))
    default: rows.appendNull()
    }
  }

  /// A database error as the store's error kinds.
  static func storeError(_ error: any Error, file: String? = nil) -> any Error {
    guard let error = error as? DatabaseError else { return error }
    let message = error.message ?? "\(error)"
    if let file, let storage = storageError(error, file: file) { return storage }
    // A query within QueryLimits can still compile to SQL nested deeper than SQLite takes (a
    // key path through a dozen to-many relationships nests a subquery each).
    if message.hasPrefix("Expression tree is too large") || message == "parser stack overflow" {
      return StoreError(.queryLimitExceeded, "the query nests deeper than SQLite allows (\(message)): use fewer NOTs and to-many relationships in one key path")
    }
    switch error.resultCode {
    case .SQLITE_CONSTRAINT: return StoreError(.constraint, message)
    case .SQLITE_NOTADB: return StoreError(.notAStore, message)
    case .SQLITE_CORRUPT: return StoreError(.corrupt, message)
    default: return StoreError(.database, "\(message) (SQLite \(error.resultCode))")
    }
  }

  /// An error of the file itself, naming it: no room to grow (`SQLITE_FULL` for a full disk,
  /// `SQLITE_IOERR_WRITE` past the file-size limit), or no right to write.
  private static func storageError(_ error: DatabaseError, file: String) -> StoreError? {
    let unchanged = "the store is as of its last completed save"
    switch error.resultCode {
    case .SQLITE_FULL:
      return StoreError(.storageFull, "\(file): the disk is full (\(error.message ?? "database or disk is full")); \(unchanged)")
    case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_WRITE:
      return StoreError(.storageFull, "\(file): the file could not grow (a full disk or the file-size limit: \(error.message ?? "disk I/O error")); \(unchanged)")
    case .SQLITE_CORRUPT:
      return StoreError(.corrupt, "\(file) is damaged (\(error.message ?? "malformed")): foundry check --store \(file) lists what is wrong")
    case .SQLITE_NOTADB:
      return StoreError(.notAStore, "\(file) is not an SQLite database (\(error.message ?? "not a database")), so not a Foundry store")
    case .SQLITE_BUSY:
      return StoreError(
        .database, "\(file): another process has been writing the store for longer than busyTimeout (\(error.message ?? "database is locked")); nothing was written")
    case .SQLITE_CANTOPEN:
      let place = URL(fileURLWithPath: file).deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: place) else {
        return StoreError(.database, "\(file): the folder \(place) does not exist (\(error.message ?? "unable to open database file"))")
      }
      return StoreError(
        .readOnly, "\(file): the store cannot be opened or created (\(error.message ?? "unable to open database file")): check the permissions of the file and its folder")
    case .SQLITE_READONLY:
      return StoreError(.readOnly, "\(file): the store cannot be written (\(error.message ?? "read-only")): check the permissions of the file and its folder")
    default: return nil
    }
  }
}
