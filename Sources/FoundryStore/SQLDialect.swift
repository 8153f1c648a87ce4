/// What differs between the databases the store runs on: type names, quoting, JSON access.
package protocol SQLDialect: Sendable {
  /// The column type's name in `CREATE TABLE`.
  func name(of type: ColumnType) -> String
  /// The SQL of the row ID column's declaration (`"_pk" INTEGER PRIMARY KEY`).
  var primaryKeyDeclaration: String { get }
  /// `a` differs from `b`, a null differing from every value (SQLite `IS NOT`, PostgreSQL
  /// `IS DISTINCT FROM`): `name != "x"` finds the objects without a name too.
  func nullSafeNotEqual(_ a: String, _ b: String) -> String
  /// The false value a condition can be compared with (`0`, `FALSE`).
  var falseValue: String { get }
  /// The value at JSON path `path` (`$."theme"[0]`) of a JSON column, the path written into
  /// the SQL (so that an expression index on it can serve a query): `json_extract(c, '$."a"')`.
  func jsonValue(_ column: String, at path: String) -> String
  /// The statement that describes how the database runs `sql` (SQLite's `EXPLAIN QUERY PLAN`).
  func queryPlan(of sql: String) -> String
}

extension SQLDialect {
  /// `name` as a quoted identifier: double quotes, inner ones doubled.
  package func quote(_ name: String) -> String {
    var quoted = "\""
    for character in name {
      if character == "\"" { quoted.append("\"") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
