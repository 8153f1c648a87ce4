#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON

/// The tables a store keeps its history in, and how their rows read back as
/// ``HistoryTransaction``s (see ``HistoryPart`` for how they are written).
///
/// `foundry_history` holds a row per part: `token` (null until sealed), `part`, `time`
/// (seconds since 1970), `author` and `changes` (JSON). `foundry_history_clock` holds the last
/// token given. Plain SQL that SQLite and PostgreSQL read alike.
package enum StoreHistory {
  /// The key of the store's record that says history is kept.
  package static let recordKey = "history"
  /// The tables history adds, which migrations leave alone.
  package static let tables = ["foundry_history", "foundry_history_clock"]
  /// ``tables`` as an SQL list of strings (for `NOT IN (…)`).
  package static let tableList = tables.map { "'\($0)'" }.joined(separator: ", ")

  /// Makes the tables (where missing) and records that history is kept.
  static let enableStatements = [
    SQLStatement("CREATE TABLE IF NOT EXISTS foundry_history (token BIGINT, part INTEGER NOT NULL, time DOUBLE PRECISION NOT NULL, author TEXT, changes TEXT NOT NULL)"),
    SQLStatement("CREATE INDEX IF NOT EXISTS foundry_history_token ON foundry_history (token)"),
    SQLStatement("CREATE TABLE IF NOT EXISTS foundry_history_clock (token BIGINT NOT NULL, purged BIGINT NOT NULL)"),
    SQLStatement("INSERT INTO foundry_history_clock (token, purged) SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM foundry_history_clock)"),
    SQLStatement(
      "INSERT INTO foundry_store (key, value) VALUES (?, 'on') ON CONFLICT (key) DO UPDATE SET value = excluded.value", [.value(.text(recordKey))]),
  ]

  /// The parts of the transactions after `token` (all when `nil`), up to `limit` transactions,
  /// in order.
  static func readStatement(after token: HistoryToken?, limit: Int?) -> SQLStatement {
    var arguments: [SQLArgument] = [.value(.integer(token?.rawValue ?? Int64.min))]
    var chosen = "SELECT DISTINCT token FROM foundry_history WHERE token > ?"
    if let limit {
      chosen += " ORDER BY token LIMIT ?"
      arguments.append(.value(.integer(Int64(max(0, limit)))))
    }
    return SQLStatement(
      "SELECT token, part, time, author, changes FROM foundry_history WHERE token IN (\(chosen)) ORDER BY token, part", arguments)
  }

  /// The newest token given, and the newest purged (0 for none).
  static let clockStatement = SQLStatement("SELECT token, purged FROM foundry_history_clock")

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
  /// purge began) and moves the clock's purged mark.
  /// - Returns: How many transactions were removed.
  static func purge(before token: HistoryToken, in transaction: any StoreTransaction) throws -> Int {
    let clock = Self.clock(try transaction.read([clockStatement])[0])
    // A transaction sealed while this runs is not removed: readers have not seen it.
    let bound = min(token.rawValue, clock.last + 1)
    let counted = try transaction.read([SQLStatement("SELECT COUNT(DISTINCT token) FROM foundry_history WHERE token < ?", [.value(.integer(bound))])])[0]
    var plan = WritePlan()
    plan.statements = [
      SQLStatement("DELETE FROM foundry_history WHERE token < ?", [.value(.integer(bound))]),
      SQLStatement("UPDATE foundry_history_clock SET purged = ? WHERE purged < ?", [.value(.integer(bound - 1)), .value(.integer(bound - 1))]),
    ]
    _ = try transaction.write(plan)
    guard counted.count > 0, case .integer(let count) = counted[0, 0] else { return 0 }
    return Int(count)
  }

  /// The transactions after `token`, from the rows of ``clockStatement`` and
  /// ``readStatement(after:limit:)`` read together.
  static func transactions(after token: HistoryToken?, _ rows: [SQLRows], layout: StoreLayout) throws(StoreError) -> [HistoryTransaction] {
    guard rows.count == 2 else { return [] }
    try checkNotPurged(after: token, clock: clock(rows[0]))
    return try transactions(rows[1], layout: layout)
  }

  /// The transactions of rows read by ``readStatement(after:limit:)``.
  /// - Throws: ``StoreError`` `corrupt` for a row that does not read back.
  static func transactions(_ rows: SQLRows, layout: StoreLayout) throws(StoreError) -> [HistoryTransaction] {
    var transactions: [HistoryTransaction] = []
    for row in 0..<rows.count {
      guard case .integer(let number) = rows[row, 0], case .text(let changes) = rows[row, 4] else {
        throw StoreError(.corrupt, "foundry_history: row \(row + 1) of the history read has no token or no changes")
      }
      let token = HistoryToken(number)
      let parsed = try Self.changes(changes, token: token, layout: layout)
      if let last = transactions.last, last.token == token {
        transactions[transactions.count - 1].changes += parsed
        continue
      }
      let seconds: Double
      switch rows[row, 2] {
      case .real(let value): seconds = value
      case .integer(let value): seconds = Double(value)
      default: seconds = 0
      }
      let author: String? = if case .text(let name) = rows[row, 3] { name } else { nil }
      transactions.append(HistoryTransaction(token: token, date: Date(timeIntervalSince1970: seconds), author: author, changes: parsed))
    }
    return transactions
  }

  /// The changes of one part's JSON.
  private static func changes(_ text: String, token: HistoryToken, layout: StoreLayout) throws(StoreError) -> [HistoryChange] {
    let document: JSONDocument
    do { document = try JSONDocument.parse(bytes: Array(text.utf8), options: .init(), sourceName: "foundry_history") } catch {
      throw StoreError(.corrupt, "foundry_history: transaction \(token) does not read back: \(error)")
    }
    var changes: [HistoryChange] = []
    changes.reserveCapacity(document.root.elements.count)
    for item in document.root.elements {
      guard let kind = item["change"]?.string.flatMap(HistoryChange.Kind.init(rawValue:)), let name = item["entity"]?.string, let row = item["row"]?.int64 else {
        throw StoreError(.corrupt, "foundry_history: transaction \(token) lists a change without its kind, entity or row")
      }
      let entity = layout.schema[name]
      let family = entity.map { layout.table(of: $0).name } ?? name
      var change = HistoryChange(kind: kind, entity: name, id: PersistentID(family: family, row: row))
      change.changedKeys = item["keys"]?.elements.compactMap(\.string) ?? []
      for (attribute, node) in item["kept"]?.members ?? .empty {
        change.keptValues[attribute] = try keptValue(node, attribute: attribute, of: entity, layout: layout)
      }
      changes.append(change)
    }
    return changes
  }

  /// A kept value read back through its attribute's column codec; by its JSON alone for an
  /// attribute the schema no longer has.
  private static func keptValue(_ node: JSONNode, attribute: String, of entity: EntityDescription?, layout: StoreLayout) throws(StoreError) -> GraphValue? {
    let codec = entity.flatMap { entity in entity.attributeSlot(named: attribute).map { layout.codecs[entity.index][$0] } }
    let column: SQLValue
    if node.isNull {
      column = .null
    } else if let base64 = node["base64"]?.string {
      column = .blob(Data(base64Encoded: base64).map { [UInt8]($0) } ?? [])
    } else if let text = node.string {
      // A real that is not finite is written as its text.
      let isReal = [.double, .float, .date].contains(codec?.type)
      column = isReal ? Double(text).map(SQLValue.real) ?? .text(text) : .text(text)
    } else if let integer = node.int64 {
      column = .integer(integer)
    } else {
      column = .real(node.double ?? 0)
    }
    guard let codec else {
      switch column {
      case .null: return nil
      case .integer(let integer): return .integer(integer)
      case .real(let double): return .double(double)
      case .text(let text): return .string(text)
      case .blob(let bytes): return .data(Data(bytes))
      }
    }
    return try codec.graphValue(column)
  }
}
