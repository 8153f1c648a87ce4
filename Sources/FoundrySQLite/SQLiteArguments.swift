import FoundryStore
internal import GRDB
internal import GRDBSQLite

/// Binds a statement's arguments straight through SQLite's `sqlite3_bind_*` calls.
///
/// GRDB's `setArguments` takes them as `DatabaseValue`s made from existentials, checks them
/// against the statement and binds them: about 2,000 instructions an argument, an eighth of
/// importing a catalog. Here each is one bind call. GRDB is told the statement's arguments are
/// set (`setUncheckedArguments` with none, which resets the statement and clears its
/// bindings), so that executing or fetching it binds nothing again; the count is checked here
/// instead.
enum SQLiteArguments {
  /// SQLite copies what it binds with this destructor, so the bytes need not outlive the call.
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  /// Binds `arguments` to `statement`, new objects' rows taken from `rows`.
  ///
  /// ```swift
  /// let prepared = try db.cachedStatement(sql: statement.sql)
  /// try SQLiteArguments.bind(statement.arguments, rows: rows, to: prepared)
  /// try prepared.execute()
  /// ```
  /// - Throws: `StoreError` `database` when the statement expects another number of arguments
  ///   or SQLite refuses a value (one too large for it).
  static func bind(_ arguments: [SQLArgument], rows: [Int64], to statement: Statement) throws {
    statement.setUncheckedArguments(StatementArguments())
    let handle = statement.sqliteStatement
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard arguments.count == expected else {
      throw StoreError(.database, "the statement takes \(expected) arguments, \(arguments.count) were given: \(statement.sql.prefix(200))")
    }
    for (offset, argument) in arguments.enumerated() {
      let code = bind(argument, rows: rows, at: CInt(offset + 1), handle)
      guard code == SQLITE_OK else {
        throw StoreError(.database, "argument \(offset + 1) could not be bound (SQLite code \(code)): \(statement.sql.prefix(200))")
      }
    }
  }

  /// Runs `statement` once on `db`, outside the cache (creating tables, migrating).
  static func execute(_ statement: SQLStatement, _ db: Database) throws {
    let prepared = try db.makeStatement(sql: statement.sql)
    try bind(statement.arguments, rows: [], to: prepared)
    try prepared.execute()
  }

  private static func bind(_ argument: SQLArgument, rows: [Int64], at index: CInt, _ handle: OpaquePointer) -> CInt {
    switch argument {
    case .newRow(let position): return sqlite3_bind_int64(handle, index, rows.indices.contains(position) ? rows[position] : 0)
    // Bound before a statement runs (`SQLStatement.bindingLists`): none is left here.
    case .integers, .value(.null): return sqlite3_bind_null(handle, index)
    case .value(.integer(let integer)): return sqlite3_bind_int64(handle, index, integer)
    case .value(.real(let double)): return sqlite3_bind_double(handle, index, double)
    case .value(.text(var text)):
      // By its length, not up to a NUL; an empty string from a literal (a null pointer would
      // bind NULL).
      return text.withUTF8 { bytes in
        guard let start = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
        return sqlite3_bind_text64(handle, index, start, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
      }
    case .value(.blob(let bytes)):
      // An empty blob is a blob, not NULL (which a null pointer would bind).
      return bytes.withUnsafeBytes { buffer in
        guard let start = buffer.baseAddress, !buffer.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob64(handle, index, start, UInt64(buffer.count), transient)
      }
    }
  }
}
