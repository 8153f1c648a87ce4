import FoundryStore

/// SQLite's spelling: type affinities, `INTEGER PRIMARY KEY` as the row ID.
struct SQLiteDialect: SQLDialect {
  func name(of type: ColumnType) -> String {
    switch type {
    case .integer: "INTEGER"
    case .real: "REAL"
    case .text, .json: "TEXT"
    case .blob: "BLOB"
    }
  }

  var primaryKeyDeclaration: String { "\"_pk\" INTEGER PRIMARY KEY" }

  func nullSafeNotEqual(_ a: String, _ b: String) -> String { "\(a) IS NOT \(b)" }

  var falseValue: String { "0" }
}
