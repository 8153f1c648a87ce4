import FoundryStore
internal import GRDB

/// Runs a ``MigrationPlan`` on an SQLite store in one transaction: the old tables are renamed
/// aside, the new ones created, rows and links copied, links to rows that did not survive set
/// to null, the old tables dropped, and the record updated. Foreign keys are off for the
/// copy (SQLite's way of rebuilding tables) and checked before the commit.
enum SQLiteMigration {
  /// Migrates with one lightweight plan.
  static func run(_ plan: MigrationPlan, definition: [String], record: String, in pool: DatabasePool) throws {
    try inTransaction(pool) { db in try step(plan, definition: definition, record: record, db) }
  }

  /// Migrates through the steps of a migration with stages, each stage's code around its
  /// lightweight part, all in one transaction.
  static func run(_ steps: [MigrationStep], in pool: DatabasePool, file: String) throws {
    let backend = SQLiteBackend(writer: pool, file: file)
    try inTransaction(pool) { db in
      let transaction = SQLiteTransaction(db: db, file: file)
      for step in steps {
        try step.run(backend: backend, in: transaction) {
          try Self.step(step.plan, definition: step.new.createStatements(SQLiteDialect()), record: step.new.recordText, db)
        }
      }
    }
  }

  /// Runs `body` in one immediate transaction with foreign keys off, checked before the commit.
  private static func inTransaction(_ pool: DatabasePool, _ body: (Database) throws -> Void) throws {
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
      try db.inTransaction(.immediate) {
        try body(db)
        if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
          throw StoreError(.schemaMismatch, "the migrated store would hold links to rows that are gone")
        }
        return .commit
      }
    }
  }

  /// One plan's statements, in the transaction open on `db`, and the record updated.
  private static func step(_ plan: MigrationPlan, definition: [String], record: String, _ db: Database) throws {
    let dialect = SQLiteDialect()
    // The new indexes and triggers take the old ones' names.
    // The history's tables are not the schema's: they stay as they are.
    let owned = "SELECT type, name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name NOT IN (\(StoreHistory.tableList))"
    for (kind, name) in try Row.fetchAll(db, sql: owned).map({ ($0[0] as String, $0[1] as String) }) {
      try db.execute(sql: "DROP \(kind == "index" ? "INDEX" : "TRIGGER") \(dialect.quote(name))")
    }
    for table in plan.dropped { try db.execute(sql: "ALTER TABLE \(dialect.quote(table)) RENAME TO \(dialect.quote(MigrationPlan.oldName(table)))") }
    for statement in plan.create { try db.execute(sql: statement) }
    for copy in plan.tables { try copyRows(copy, db) }
    for link in plan.links { try copyLinks(link, db) }
    try nullifyBrokenLinks(joinTables: Set(plan.links.map(\.table)), db)
    for table in plan.dropped { try db.execute(sql: "DROP TABLE \(dialect.quote(MigrationPlan.oldName(table)))") }
    try db.execute(sql: "UPDATE foundry_store SET value = ? WHERE key = 'tables'", arguments: [definition.joined(separator: "\n")])
    try db.execute(sql: "INSERT OR REPLACE INTO foundry_store (key, value) VALUES ('schema', ?)", arguments: [record])
  }

  private static func copyRows(_ copy: MigrationPlan.TableCopy, _ db: Database) throws {
    guard let statement = MigrationPlan.copyStatement(copy, dialect: SQLiteDialect()) else { return }
    try SQLiteArguments.execute(statement, db)
  }

  private static func copyLinks(_ link: MigrationPlan.LinkCopy, _ db: Database) throws {
    guard let statement = MigrationPlan.copyStatement(link, dialect: SQLiteDialect()) else { return }
    try db.execute(sql: statement.sql)
  }

  /// Sets to null the foreign keys, and removes the join rows, that point at rows the copy
  /// left behind (objects of removed entities).
  private static func nullifyBrokenLinks(joinTables: Set<String>, _ db: Database) throws {
    for row in try Row.fetchAll(
      db,
      sql:
        "SELECT m.name AS child, f.\"from\" AS column, f.\"table\" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND m.name NOT LIKE '\\_old\\_%' ESCAPE '\\'"
    ) {
      let child: String = row["child"], column: String = row["column"], parent: String = row["parent"]
      let dialect = SQLiteDialect()
      let orphan = "\(dialect.quote(column)) IS NOT NULL AND \(dialect.quote(column)) NOT IN (SELECT \"_pk\" FROM \(dialect.quote(parent)))"
      if joinTables.contains(child) {
        try db.execute(sql: "DELETE FROM \(dialect.quote(child)) WHERE \(orphan)")
      } else {
        try db.execute(sql: "UPDATE \(dialect.quote(child)) SET \(dialect.quote(column)) = NULL WHERE \(orphan)")
      }
    }
  }
}
