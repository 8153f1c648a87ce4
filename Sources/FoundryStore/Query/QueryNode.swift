import FoundryGraph

/// A parsed query: what ``QueryPredicate`` holds and the compiler turns into SQL.
///
/// A chain of `AND`s (or `OR`s) is one node holding its operands, so that only parentheses and
/// `NOT` nest: comparing, hashing and releasing a node recurse as deep as those, which
/// ``QueryLimits`` bound, however long the chain.
indirect enum QueryNode: Sendable, Hashable {
  /// `a AND b AND c`: two operands or more, the first never itself an `AND`.
  case and([QueryNode])
  /// `a OR b OR c`: two operands or more, the first never itself an `OR`.
  case or([QueryNode])
  case not(QueryNode)
  case constant(Bool)
  case comparison(QueryComparison)
}

extension QueryNode {
  /// `operands` joined by `AND` as the parser reads `a AND b AND c`: one operand is itself, and
  /// a first operand that is an `AND` chain is continued, as grouping from the left would.
  static func allOf(_ operands: [QueryNode]) -> QueryNode {
    guard let first = operands.first, operands.count > 1 else { return operands.first ?? .constant(true) }
    if case .and(let chain) = first { return .and(chain + operands.dropFirst()) }
    return .and(operands)
  }

  /// `operands` joined by `OR`, as ``allOf(_:)`` joins them by `AND`.
  static func anyOf(_ operands: [QueryNode]) -> QueryNode {
    guard let first = operands.first, operands.count > 1 else { return operands.first ?? .constant(false) }
    if case .or(let chain) = first { return .or(chain + operands.dropFirst()) }
    return .or(operands)
  }
}

/// `[ANY|ALL|NONE] left operator[options] right`.
struct QueryComparison: Sendable, Hashable {
  /// `ANY` (or `SOME`), `ALL`, `NONE` (not `none`: an optional quantifier would read that as `nil`).
  enum Quantifier: Sendable, Hashable { case any, all, noneOf }
  enum Operator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", matches = "MATCHES", isIn = "IN", between = "BETWEEN"
  }
  var quantifier: Quantifier?
  var left: QueryOperand
  var operation: Operator
  /// `[c]`, `[d]`, `[cd]`: how both sides of a string comparison are folded.
  var folding: QueryFolding
  var right: QueryOperand
  /// Where the operator is, for errors about the comparison as a whole.
  var column: Int
}

/// One side of a comparison.
indirect enum QueryOperand: Sendable, Hashable {
  /// A key path from the fetched entity (`author.name`, `books.@count`, `settings.theme`).
  case keyPath([String], column: Int)
  case value(QueryLiteral, column: Int)
  /// `{1, 2, 3}`.
  case list([QueryLiteral], column: Int)
  /// `SUBQUERY(books, $b, $b.year > 2000).@count`: how many objects of the to-many key path
  /// `collection` meet `predicate`, whose key paths start with `$variable`.
  case subquery(collection: [String], variable: String, predicate: QueryNode, column: Int)

  var column: Int {
    switch self {
    case .keyPath(_, let column), .value(_, let column), .list(_, let column), .subquery(_, _, _, let column): column
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
  /// An object a relationship is compared with (`author == %@`).
  case object(ObjectLiteral)

  var description: String {
    switch self {
    case .object(let object): "\(object)"
    case .string(let text): "\"\(text)\""
    case .integer(let value): "\(value)"
    case .double(let value): "\(value)"
    case .bool(let value): "\(value)"
    case .null: "nil"
    }
  }
}

/// An object as a query compares it with a relationship's objects: its entity, its stored row
/// (`nil` before it is saved, when no stored row can be it) and the object itself in memory
/// (by identity: it must live while the query runs in memory).
struct ObjectLiteral: Sendable, Hashable, CustomStringConvertible {
  let entity: String
  let persistentID: PersistentID?
  let identity: ObjectIdentifier

  init(_ object: ManagedObject) {
    entity = object.entity.name
    persistentID = object.persistentID
    identity = ObjectIdentifier(object)
  }

  /// Whether `object` is this object: the same instance, or the same stored row.
  func isSame(as object: ManagedObject?) -> Bool {
    guard let object else { return false }
    return ObjectIdentifier(object) == identity || (persistentID != nil && object.persistentID == persistentID)
  }

  var description: String { persistentID.map { "\($0)" } ?? "an unsaved \(entity)" }
}
