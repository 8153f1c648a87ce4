#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON

/// The tables a store keeps its history in, and the SQL that writes them (see
/// ``HistoryPart``; reading them back is in `StoreHistory+Reading.swift`). Plain SQL that
/// SQLite and PostgreSQL read alike.
///
/// - `foundry_history`: a row per transaction: `token` (its primary key: SQLite's row ID, so a
///   save adds one row to one B-tree), `time` (seconds since 1970), `author` and `changes`
///   (JSON).
/// - `foundry_history_parts`: the changes of an import in batches, a row per batch (`token`,
///   null until the import seals them, `part`, `changes`), read after their transaction's own.
/// - `foundry_history_clock`: a row: the last token given, when a writer took one through it
///   (always on PostgreSQL; on SQLite only sealing and purging move it), and the last purged.
///   The last token given is the larger of it and the newest row's.
package enum StoreHistory {
  /// The key of the store's record that says history is kept.
  package static let recordKey = "history"
  /// The key of the store's record that says which tables history is kept in: missing in a
  /// store whose history was enabled before `foundry_history` had a row per transaction
  /// (``upgradeStatements(_:)``).
  package static let tablesRecordKey = "history_tables"
  /// The value of ``tablesRecordKey`` for today's tables.
  static let tablesVersion = "2"
  /// The tables history adds, which migrations leave alone.
  package static let tables = ["foundry_history", "foundry_history_parts", "foundry_history_clock"]
  /// ``tables`` as an SQL list of strings (for `NOT IN (…)`).
  package static let tableList = tables.map { "'\($0)'" }.joined(separator: ", ")

  /// Makes the tables (where missing) and records that history is kept.
  static func enableStatements(_ dialect: any SQLDialect) -> [SQLStatement] {
    createStatements(dialect) + [
      SQLStatement("CREATE TABLE IF NOT EXISTS foundry_history_clock (token BIGINT NOT NULL, purged BIGINT NOT NULL)"),
      SQLStatement("INSERT INTO foundry_history_clock (token, purged) SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM foundry_history_clock)"),
      record(recordKey, "on"),
    ]
  }

  /// Makes the transaction and part tables, and records their version.
  private static func createStatements(_ dialect: any SQLDialect) -> [SQLStatement] {
    [
      SQLStatement(
        "CREATE TABLE IF NOT EXISTS foundry_history (token \(dialect.name(of: .integer)) PRIMARY KEY, time DOUBLE PRECISION NOT NULL, author TEXT, changes TEXT NOT NULL)"
      ),
      SQLStatement("CREATE TABLE IF NOT EXISTS foundry_history_parts (token BIGINT, part INTEGER NOT NULL, changes TEXT NOT NULL)"),
      SQLStatement("CREATE INDEX IF NOT EXISTS foundry_history_parts_token ON foundry_history_parts (token)"),
      record(tablesRecordKey, tablesVersion),
    ]
  }

  private static func record(_ key: String, _ value: String) -> SQLStatement {
    SQLStatement(
      "INSERT INTO foundry_store (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [.value(.text(key)), .value(.text(value))])
  }

  /// Whether a store with this record keeps history in the tables of before
  /// ``tablesRecordKey``: a row per part, the first part's holding the time and author.
  package static func needsUpgrade(_ recorded: [String: String]?) -> Bool {
    recorded?[recordKey] == "on" && recorded?[tablesRecordKey] != tablesVersion
  }

  /// Moves the history of a store made before ``tablesRecordKey`` to today's tables, in
  /// `transaction` (which holds the database, so only one opener does it); nothing for any
  /// other store.
  package static func upgradeIfNeeded(in transaction: any StoreTransaction, dialect: any SQLDialect) throws {
    let keys: [SQLArgument] = [.value(.text(recordKey)), .value(.text(tablesRecordKey))]
    let rows = try transaction.read([SQLStatement("SELECT key, value FROM foundry_store WHERE key IN (?, ?)", keys)])[0]
    var recorded: [String: String] = [:]
    for row in 0..<rows.count {
      if case .text(let key) = rows[row, 0], case .text(let value) = rows[row, 1] { recorded[key] = value }
    }
    guard needsUpgrade(recorded) else { return }
    var plan = WritePlan()
    plan.statements = upgradeStatements(dialect)
    _ = try transaction.write(plan)
  }

  /// Moves history kept a row per part to today's tables, every token kept: a transaction's
  /// first part becomes its row, the others its parts. Run once, when such a store is opened.
  static func upgradeStatements(_ dialect: any SQLDialect) -> [SQLStatement] {
    let first = "(SELECT MIN(p.part) FROM foundry_history_before p WHERE p.token = o.token)"
    return [SQLStatement("ALTER TABLE foundry_history RENAME TO foundry_history_before")] + createStatements(dialect) + [
      SQLStatement(
        "INSERT INTO foundry_history (token, time, author, changes) SELECT o.token, o.time, o.author, o.changes FROM foundry_history_before o WHERE o.token IS NOT NULL AND o.part = \(first)"
      ),
      SQLStatement(
        "INSERT INTO foundry_history_parts (token, part, changes) SELECT o.token, o.part, o.changes FROM foundry_history_before o WHERE o.token IS NOT NULL AND o.part > \(first)"
      ),
      SQLStatement("DROP TABLE foundry_history_before"),
    ]
  }

  /// The newest token in `foundry_history`, 0 for none.
  private static let newestRow = "(SELECT COALESCE(MAX(token), 0) FROM foundry_history)"
  /// The last token given: the clock's or the newest row's, whichever is larger.
  private static let lastGiven = "CASE WHEN foundry_history_clock.token > \(newestRow) THEN foundry_history_clock.token ELSE \(newestRow) END"

  /// Records a save's transaction. Where writers take turns the next token is the last given
  /// plus one, read here; elsewhere the clock takes it first and stays locked until the commit.
  static func transactionStatements(time: SQLArgument, author: SQLArgument, changes: SQLArgument, writersTakeTurns: Bool) -> [SQLStatement] {
    let values = [time, author, changes]
    guard !writersTakeTurns else {
      return [SQLStatement("INSERT INTO foundry_history (token, time, author, changes) SELECT \(lastGiven) + 1, ?, ?, ? FROM foundry_history_clock", values)]
    }
    return [
      SQLStatement("UPDATE foundry_history_clock SET token = \(lastGiven) + 1"),
      SQLStatement("INSERT INTO foundry_history (token, time, author, changes) SELECT token, ?, ?, ? FROM foundry_history_clock", values),
    ]
  }

  /// Records one batch's changes of an import, without a token until the import seals them.
  static func partStatement(number: Int, changes: SQLArgument) -> SQLStatement {
    SQLStatement("INSERT INTO foundry_history_parts (token, part, changes) VALUES (NULL, ?, ?)", [.value(.integer(Int64(number))), changes])
  }

  /// Gives the parts written without a token in this transaction the next token, under a
  /// transaction row of their own. The clock's update locks its row until the commit (a second
  /// writer waits here); the parts of other transactions are not visible to this one, so only
  /// its own are sealed.
  static func sealStatements(time: SQLArgument, author: SQLArgument) -> [SQLStatement] {
    let unsealed = "EXISTS (SELECT 1 FROM foundry_history_parts WHERE token IS NULL)"
    return [
      SQLStatement("UPDATE foundry_history_clock SET token = \(lastGiven) + 1 WHERE \(unsealed)"),
      SQLStatement(
        "INSERT INTO foundry_history (token, time, author, changes) SELECT token, ?, ?, '[]' FROM foundry_history_clock WHERE \(unsealed)", [time, author]),
      SQLStatement("UPDATE foundry_history_parts SET token = (SELECT token FROM foundry_history_clock) WHERE token IS NULL"),
    ]
  }

  /// The newest token given, and the newest purged (0 for none).
  static let clockStatement = SQLStatement("SELECT \(lastGiven), purged FROM foundry_history_clock")

  /// The clock's tokens, from the rows of ``clockStatement``.
  static func clock(_ rows: SQLRows) -> (last: Int64, purged: Int64) {
    guard rows.count > 0, case .integer(let last) = rows[0, 0] else { return (0, 0) }
    guard case .integer(let purged) = rows[0, 1] else { return (last, 0) }
    return (last, purged)
  }

  /// Throws `historyPurged` when the transactions right after `token` were purged: a reader
  /// that fell behind learns it instead of skipping them.
  static func checkNotPurged(after token: HistoryToken?, clock: (last: Int64, purged: Int64)) throws(StoreError) {
    guard let token, token.rawValue < clock.purged else { return }
    throw StoreError(
      .historyPurged,
      "the history after token \(token) was purged up to token \(clock.purged) (purgeHistory(before:)): read the objects themselves, then follow the history from \(clock.purged)"
    )
  }

  /// Removes the transactions before `token` (never one the clock had not given when the
  /// purge began) and moves the clock's purged mark. The clock keeps the last token given, so
  /// that a purge of every transaction never gives a token again.
  /// - Returns: How many transactions were removed.
  static func purge(before token: HistoryToken, in transaction: any StoreTransaction) throws -> Int {
    let clock = Self.clock(try transaction.read([clockStatement])[0])
    // A transaction sealed while this runs is not removed: readers have not seen it.
    let bound = SQLArgument.value(.integer(min(token.rawValue, clock.last + 1)))
    let purged = SQLArgument.value(.integer(min(token.rawValue, clock.last + 1) - 1))
    let counted = try transaction.read([SQLStatement("SELECT COUNT(*) FROM foundry_history WHERE token < ?", [bound])])[0]
    var plan = WritePlan()
    plan.statements = [
      SQLStatement("UPDATE foundry_history_clock SET token = \(lastGiven)"),
      SQLStatement("DELETE FROM foundry_history WHERE token < ?", [bound]),
      SQLStatement("DELETE FROM foundry_history_parts WHERE token < ?", [bound]),
      SQLStatement("UPDATE foundry_history_clock SET purged = ? WHERE purged < ?", [purged, purged]),
    ]
    _ = try transaction.write(plan)
    guard counted.count > 0, case .integer(let count) = counted[0, 0] else { return 0 }
    return Int(count)
  }
}
