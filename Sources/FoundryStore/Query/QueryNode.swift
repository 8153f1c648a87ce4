/// A parsed query: what ``QueryPredicate`` holds and the compiler turns into SQL.
indirect enum QueryNode: Sendable, Hashable {
  case and(QueryNode, QueryNode)
  case or(QueryNode, QueryNode)
  case not(QueryNode)
  case constant(Bool)
  case comparison(QueryComparison)
}

/// `[ANY|ALL|NONE] left operator[options] right`.
struct QueryComparison: Sendable, Hashable {
  /// `ANY` (or `SOME`), `ALL`, `NONE` (not `none`: an optional quantifier would read that as `nil`).
  enum Quantifier: Sendable, Hashable { case any, all, noneOf }
  enum Operator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", isIn = "IN", between = "BETWEEN"
  }
  var quantifier: Quantifier?
  var left: QueryOperand
  var operation: Operator
  var isCaseInsensitive: Bool
  var right: QueryOperand
  /// Where the operator is, for errors about the comparison as a whole.
  var column: Int
}

/// One side of a comparison.
enum QueryOperand: Sendable, Hashable {
  /// A key path from the fetched entity (`author.name`, `books.@count`, `settings.theme`).
  case keyPath([String], column: Int)
  case value(QueryLiteral, column: Int)
  /// `{1, 2, 3}`.
  case list([QueryLiteral], column: Int)

  var column: Int {
    switch self {
    case .keyPath(_, let column), .value(_, let column), .list(_, let column): column
    }
  }
}

/// A literal value of a query.
enum QueryLiteral: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case integer(Int64)
  case double(Double)
  case bool(Bool)
  case null

  var description: String {
    switch self {
    case .string(let text): "\"\(text)\""
    case .integer(let value): "\(value)"
    case .double(let value): "\(value)"
    case .bool(let value): "\(value)"
    case .null: "nil"
    }
  }
}
