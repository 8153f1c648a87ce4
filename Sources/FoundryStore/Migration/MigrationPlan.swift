/// How to bring a store made with one schema to another: every table of the new layout is
/// rebuilt from the old one (rows copied column by column, renamed members followed, new
/// required attributes filled with their defaults, rows of removed entities left behind),
/// then the old tables dropped. A backend renders it in one transaction.
package struct MigrationPlan: Sendable {
  /// One new family table and where each of its columns comes from.
  package struct TableCopy: Sendable {
    /// The new table's name and its creation statement.
    package var table: String
    /// The old table the rows come from; `nil` for a new family.
    package var source: String?
    /// Per column of the new table (after `_pk`, `_version`): its name and the SQL that
    /// reads it from the old row (a column, or a default filled in).
    package var columns: [(name: String, value: SQLFragment)]
    /// The `_entity` value: old names mapped to new ones.
    package var entity: SQLFragment
    /// Which old rows stay: those of entities the new schema keeps.
    package var keptEntities: [String]
  }

  /// One new join table and where its links come from.
  package struct LinkCopy: Sendable {
    package var table: String
    package var source: String?
    /// Whether the old table's owner is the new one's target (the relationship that owns the
    /// links changed sides).
    package var isSwapped: Bool
  }

  /// The new layout's statements (tables and indexes), run on fresh names then renamed.
  package var create: [String] = []
  package var tables: [TableCopy] = []
  package var links: [LinkCopy] = []
  /// Every old table (family and join) to drop once copied.
  package var dropped: [String] = []
}

extension StoreLayout {
  /// The plan that migrates a store made with the schema recorded as `record` (see
  /// ``recordText``) to this layout.
  /// - Throws: ``StoreError`` `schemaMismatch` naming every change that is not lightweight;
  ///   `corrupt` when the record does not read.
  package func migration(fromRecord record: String, dialect: any SQLDialect) throws(StoreError) -> MigrationPlan {
    // The old schema's values are kept through the same bindings: `opening` checked that each
    // recorded binding keeps its values as this layout does.
    let old = try StoreLayout(schema: try SchemaRecord.schema(from: record), transformers: transformers)
    var planner = MigrationPlanner(from: old, to: self, dialect: dialect)
    return try planner.plan()
  }

  /// The schema as a store records it, to migrate from it later.
  package var recordText: String { SchemaRecord.text(of: self) }
}

extension MigrationPlan {
  /// The name an old table has while its rows are copied into the new one.
  package static func oldName(_ table: String) -> String { "_old_" + table }

  /// The statement that copies a family's kept rows (with their `_pk` and `_version`) from
  /// its old table; `nil` for a new family or one that keeps no entity.
  package static func copyStatement(_ copy: TableCopy, dialect: any SQLDialect) -> SQLStatement? {
    guard let source = copy.source, !copy.keptEntities.isEmpty else { return nil }
    let names = (["_pk", "_entity", "_version"] + copy.columns.map(\.name)).map(dialect.quote).joined(separator: ", ")
    var select = SQLFragment("o.\"_pk\", ") + copy.entity + ", o.\"_version\""
    for column in copy.columns { select = select + ", " + column.value }
    let kept = copy.keptEntities.map { _ in "?" }.joined(separator: ", ")
    let sql = "INSERT INTO \(dialect.quote(copy.table)) (\(names)) SELECT \(select.sql) FROM \(dialect.quote(oldName(source))) o WHERE o.\"_entity\" IN (\(kept))"
    return SQLStatement(sql, select.arguments + copy.keptEntities.map { SQLArgument.value(.text($0)) })
  }

  /// The statement that copies a join table's links from its old table; `nil` for a new one.
  package static func copyStatement(_ link: LinkCopy, dialect: any SQLDialect) -> SQLStatement? {
    guard let source = link.source else { return nil }
    let (owner, target) = link.isSwapped ? ("target", "owner") : ("owner", "target")
    return SQLStatement(
      """
      INSERT INTO \(dialect.quote(link.table)) ("owner", "target", "owner_position", "target_position") \
      SELECT l."\(owner)", l."\(target)", l."\(owner)_position", l."\(target)_position" FROM \(dialect.quote(oldName(source))) l
      """)
  }
}

extension StoreLayout {
  /// The statements that set to null the foreign keys, and remove the join rows, that point
  /// at rows a migration's copy left behind (objects of removed entities).
  package func orphanCleanupStatements(_ dialect: any SQLDialect) -> [SQLStatement] {
    func orphan(_ column: String, of table: String) -> String {
      "\(dialect.quote(column)) IS NOT NULL AND \(dialect.quote(column)) NOT IN (SELECT \"_pk\" FROM \(dialect.quote(table)))"
    }
    var statements: [SQLStatement] = []
    for table in tables {
      for column in table.columns {
        guard let target = column.references else { continue }
        statements.append(SQLStatement("UPDATE \(dialect.quote(table.name)) SET \(dialect.quote(column.name)) = NULL WHERE \(orphan(column.name, of: target))"))
      }
    }
    for join in joinTables {
      statements.append(SQLStatement("DELETE FROM \(dialect.quote(join.name)) WHERE (\(orphan("owner", of: join.ownerTable))) OR (\(orphan("target", of: join.targetTable)))"))
    }
    return statements
  }
}
