/// A piece of SQL and the arguments its `?` marks take, in order.
struct SQLFragment {
  var sql: String
  var arguments: [SQLArgument] = []

  init(_ sql: String, _ arguments: [SQLArgument] = []) {
    self.sql = sql
    self.arguments = arguments
  }

  static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
    SQLFragment(lhs.sql + rhs.sql, lhs.arguments + rhs.arguments)
  }

  static func + (lhs: SQLFragment, rhs: String) -> SQLFragment { SQLFragment(lhs.sql + rhs, lhs.arguments) }
  static func + (lhs: String, rhs: SQLFragment) -> SQLFragment { SQLFragment(lhs + rhs.sql, rhs.arguments) }
}
