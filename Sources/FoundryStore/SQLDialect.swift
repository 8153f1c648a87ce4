/// What differs between the databases the store runs on: type names, quoting, JSON access.
package protocol SQLDialect: Sendable {
  /// The column type's name in `CREATE TABLE`.
  func name(of type: ColumnType) -> String
  /// The SQL of the row ID column's declaration (`"_pk" INTEGER PRIMARY KEY`).
  var primaryKeyDeclaration: String { get }
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
