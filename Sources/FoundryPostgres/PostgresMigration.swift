import FoundryStore

/// Runs a ``MigrationPlan`` on a PostgreSQL store inside the transaction that opens it: the
/// old tables are renamed aside and their named indexes dropped (PostgreSQL's index names are
/// per schema, and the new tables take the same ones), the new tables created, rows and links
/// copied, each table's `_pk` sequence moved past the copied rows, links to rows that did not
/// survive set to null, the old tables dropped, and the record updated. The foreign keys are
/// deferred (checked at the commit), so the copy needs no order; a migration that fails rolls
/// back as a whole, DDL included.
struct PostgresMigration {
  let plan: MigrationPlan
  let layout: StoreLayout
  let definition: [String]

  func run(in transaction: any StoreTransaction) throws {
    let dialect = PostgresDialect()
    var statements: [SQLStatement] = []
    let indexes = try transaction.read([
      SQLStatement(
        """
        SELECT i.indexname FROM pg_indexes i WHERE i.schemaname = current_schema() \
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = to_regnamespace(i.schemaname)) \
        AND i.tablename NOT IN ('foundry_store', \(StoreHistory.tableList)) ORDER BY i.indexname
        """)
    ])[0]
    for case .text(let index) in indexes.values { statements.append(SQLStatement("DROP INDEX \(dialect.quote(index))")) }
    for table in plan.dropped {
      statements.append(SQLStatement("ALTER TABLE \(dialect.quote(table)) RENAME TO \(dialect.quote(MigrationPlan.oldName(table)))"))
    }
    statements += plan.create.map { SQLStatement($0) }
    statements += plan.tables.compactMap { MigrationPlan.copyStatement($0, dialect: dialect) }
    statements += plan.links.compactMap { MigrationPlan.copyStatement($0, dialect: dialect) }
    for table in layout.tables {
      // The copied rows keep their `_pk`: new rows must come after them.
      let name = dialect.quote(table.name)
      statements.append(
        SQLStatement(
          "SELECT setval(pg_get_serial_sequence(?, '_pk'), COALESCE((SELECT max(\"_pk\") FROM \(name)), 0) + 1, false)",
          [.value(.text(name))]))
    }
    statements += layout.orphanCleanupStatements(dialect)
    statements += plan.dropped.map { SQLStatement("DROP TABLE \(dialect.quote(MigrationPlan.oldName($0))) CASCADE") }
    statements.append(SQLStatement("UPDATE foundry_store SET value = ? WHERE key = 'tables'", [.value(.text(definition.joined(separator: "\n")))]))
    statements.append(
      SQLStatement(
        "INSERT INTO foundry_store (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
        [.value(.text(layout.recordText))]))
    var write = WritePlan()
    write.statements = statements
    _ = try transaction.write(write)
  }
}
