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
    var planner = MigrationPlanner(from: try StoreLayout(schema: try SchemaRecord.schema(from: record)), to: self, dialect: dialect)
    return try planner.plan()
  }

  /// The schema as a store records it, to migrate from it later.
  package var recordText: String { SchemaRecord.text(of: schema) }
}
