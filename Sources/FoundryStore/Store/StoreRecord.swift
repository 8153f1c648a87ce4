/// What makes a database a Foundry store, whatever the backend: a `foundry_store` table of
/// keys and values recording the format, the table definitions the store was made with, and
/// its schema (to migrate from). Backends read the record their own way and judge it here.
package enum StoreRecord {
  /// The format every store records.
  package static let format = "foundry-store 1"

  /// What a database is, for a schema.
  package enum State {
    /// Without tables: they are to be made.
    case new
    /// A store of this schema.
    case current
    /// A store of an earlier schema that this plan migrates.
    case outdated(MigrationPlan)
  }

  /// Judges a store's record (`nil`: a database without tables) against the tables `layout`
  /// makes, and plans the migration when the store was made with another schema.
  /// - Parameter name: How errors name the store (its path or URL).
  /// - Throws: ``StoreError`` `notAStore` for another format, `schemaMismatch` for another
  ///   schema that cannot be migrated from.
  package static func state(
    of recorded: [String: String]?, name: String, layout: StoreLayout, definition: [String], dialect: any SQLDialect
  ) throws(StoreError) -> State {
    guard let recorded else { return .new }
    try checkFormat(of: recorded, name: name)
    let stored = (recorded["tables"] ?? "").split(separator: "\n").map(String.init)
    guard stored != definition else { return .current }
    guard let record = recorded["schema"] else {
      let changed = zip(stored, definition).first { $0 != $1 }
      let detail = changed.map { "stored: \($0.0)\nschema: \($0.1)" } ?? "the schema has \(definition.count) table definitions, the store \(stored.count)"
      throw StoreError(.schemaMismatch, "\(name) was made with another schema\n\(detail)")
    }
    do {
      return .outdated(try layout.migration(fromRecord: record, dialect: dialect))
    } catch {
      throw StoreError(error.code, "\(name): \(error.message)", details: error.details)
    }
  }

  /// Checks that a record is of the format this Foundry reads.
  /// - Throws: ``StoreError`` `notAStore`, saying when the store was made by a newer Foundry.
  package static func checkFormat(of recorded: [String: String], name: String) throws(StoreError) {
    guard let found = recorded["format"] else { throw StoreError(.notAStore, "\(name) is not a Foundry store (it records no format)") }
    guard found != format else { return }
    if let number = Int(found.dropFirst("foundry-store ".count)), found.hasPrefix("foundry-store "), number > 1 {
      throw StoreError(.notAStore, "\(name) was made by a newer Foundry (format \(found); this one reads \(format)): open it with that version")
    }
    throw StoreError(.notAStore, "\(name) is a store of format \(found), not \(format)")
  }

  /// The statements that make a store's tables and its record (the record's values bound).
  package static func createStatements(_ definition: [String], record: String) -> [SQLStatement] {
    definition.map { SQLStatement($0) } + [
      SQLStatement("CREATE TABLE foundry_store (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
      SQLStatement(
        "INSERT INTO foundry_store (key, value) VALUES ('format', ?), ('tables', ?), ('schema', ?)",
        [.value(.text(format)), .value(.text(definition.joined(separator: "\n"))), .value(.text(record))]),
    ]
  }
}
