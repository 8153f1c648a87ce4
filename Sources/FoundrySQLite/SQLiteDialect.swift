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

  func queryPlan(of sql: String) -> String { "EXPLAIN QUERY PLAN \(sql)" }

  func jsonValue(_ column: String, at path: String) -> String {
    "json_extract(\(column), '\(path.replacingQuotes())')"
  }
}

extension String {
  /// The text with `'` doubled, for an SQL string literal.
  fileprivate func replacingQuotes() -> String {
    var escaped = ""
    for character in self {
      if character == "'" { escaped.append("'") }
      escaped.append(character)
    }
    return escaped
  }
}
