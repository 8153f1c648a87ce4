/// A piece of SQL and the arguments its `?` marks take, in order.
package struct SQLFragment: Sendable, Hashable {
  package var sql: String
  package var arguments: [SQLArgument] = []

  package init(_ sql: String, _ arguments: [SQLArgument] = []) {
    self.sql = sql
    self.arguments = arguments
  }

  package static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
    SQLFragment(lhs.sql + rhs.sql, lhs.arguments + rhs.arguments)
  }

  package static func + (lhs: SQLFragment, rhs: String) -> SQLFragment { SQLFragment(lhs.sql + rhs, lhs.arguments) }
  package static func + (lhs: String, rhs: SQLFragment) -> SQLFragment { SQLFragment(lhs + rhs.sql, rhs.arguments) }
}
