/// Reads query text into a ``QueryNode``:
///
/// ```
/// predicate  := or
/// or         := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | "(" predicate ")" | TRUEPREDICATE | FALSEPREDICATE | comparison
/// comparison := [ANY | SOME | ALL | NONE] operand operator ["[c]" | "[d]" | "[cd]"] operand
/// operator   := == = != <> < <= > >= BEGINSWITH ENDSWITH CONTAINS LIKE MATCHES IN BETWEEN
/// operand    := keypath | string | number | TRUE | FALSE | YES | NO | NIL | NULL | $variable | "{" literals "}"
///             | SUBQUERY "(" keypath "," $variable "," predicate ")" "." @count | CAST "(" literal "," string ")"
/// keypath    := word ("." (word | @count | integer))*
/// ```
/// Keywords are case-insensitive. Every error names the column where the text went wrong.
/// Parentheses and `NOT` nest on the call stack, as deep as ``QueryLimits`` allow; chains of
/// `AND` and `OR` are loops.
struct QueryParser {
  private let tokens: [QueryToken]
  private var position = 0
  private let maximumDepth: Int
  /// Parentheses and `NOT`s open around the current token.
  private var depth = 0
  /// The values of `$name` variables, by name without the `$`.
  private let variables: [String: QueryLiteral]
  /// The variables the text names that ``variables`` lacks, with the column of the first mention.
  private var unbound: [(name: String, column: Int)] = []
  /// The variables of the SUBQUERYs open around the current token, innermost last.
  private var subqueryVariables: [String] = []

  private init(tokens: [QueryToken], maximumDepth: Int, variables: [String: QueryLiteral]) {
    self.tokens = tokens
    self.maximumDepth = maximumDepth
    self.variables = variables
  }

  /// The query `text` says.
  /// - Throws: ``StoreError`` `invalidQuery`, naming the column of the mistake, or
  ///   `queryLimitExceeded`, naming the column where a limit was crossed.
  static func parse(_ text: String, limits: QueryLimits = QueryLimits(), variables: [String: QueryLiteral] = [:]) throws(StoreError) -> QueryNode {
    try limits.checkLength(of: text)
    var parser = QueryParser(tokens: try QueryLexer.tokens(text), maximumDepth: limits.effectiveDepth, variables: variables)
    let node = try parser.or()
    guard case .end = parser.current.kind else { throw QueryError.at(parser.current.column, "expected AND, OR or the end, found \(parser.current.kind.spelling)") }
    if let first = parser.unbound.first {
      var names: [String] = []
      for (name, _) in parser.unbound where !names.contains(name) { names.append(name) }
      let list = names.map { "$" + $0 }.joined(separator: ", ")
      throw QueryError.at(first.column, "unbound variable\(names.count == 1 ? "" : "s") \(list): give \(names.count == 1 ? "its value" : "their values")")
    }
    return node
  }

  private var current: QueryToken { tokens[min(position, tokens.count - 1)] }

  private mutating func advance() { position += 1 }

  /// Whether the current token is keyword `word` (any case) or symbol `symbol`; consumes it if so.
  private mutating func accept(keyword word: String? = nil, symbol: String? = nil) -> Bool {
    switch current.kind {
    case .word(let text) where word != nil && text.uppercased() == word: advance()
    case .symbol(let text) where text == symbol: advance()
    default: return false
    }
    return true
  }

  private mutating func or() throws(StoreError) -> QueryNode {
    var operands = [try and()]
    while accept(keyword: "OR", symbol: "||") { operands.append(try and()) }
    return .anyOf(operands)
  }

  private mutating func and() throws(StoreError) -> QueryNode {
    var operands = [try not()]
    while accept(keyword: "AND", symbol: "&&") { operands.append(try not()) }
    return .allOf(operands)
  }

  private mutating func not() throws(StoreError) -> QueryNode {
    let column = current.column
    if accept(keyword: "NOT", symbol: "!") {
      try enter(at: column)
      let node = QueryNode.not(try not())
      depth -= 1
      return node
    }
    if accept(symbol: "(") {
      try enter(at: column)
      let node = try or()
      guard accept(symbol: ")") else { throw QueryError.at(current.column, "expected ')', found \(current.kind.spelling)") }
      depth -= 1
      return node
    }
    if accept(keyword: "TRUEPREDICATE") { return .constant(true) }
    if accept(keyword: "FALSEPREDICATE") { return .constant(false) }
    return .comparison(try comparison())
  }

  /// Opens one more level of nesting, at the `NOT` or `(` in `column`.
  private mutating func enter(at column: Int) throws(StoreError) {
    depth += 1
    guard depth <= maximumDepth else {
      throw QueryError.limit(column, "nesting deeper than \(maximumDepth) levels of parentheses and NOT (maximumDepth)")
    }
  }

  private mutating func comparison() throws(StoreError) -> QueryComparison {
    var quantifier: QueryComparison.Quantifier?
    if accept(keyword: "ANY") || accept(keyword: "SOME") {
      quantifier = .any
    } else if accept(keyword: "ALL") {
      quantifier = .all
    } else if accept(keyword: "NONE") {
      quantifier = .noneOf
    }
    let left = try operand()
    let column = current.column
    let operation = try comparisonOperator()
    var folding: QueryFolding = []
    if case .options(let options) = current.kind {
      guard let asked = QueryFolding(options: options) else {
        throw QueryError.at(current.column, "unsupported option [\(options)] after \(operation.rawValue): expected [c] (case-insensitive), [d] (diacritic-insensitive) or [cd]")
      }
      folding = asked
      advance()
    }
    let right = try operand()
    return QueryComparison(quantifier: quantifier, left: left, operation: operation, folding: folding, right: right, column: column)
  }

  private mutating func comparisonOperator() throws(StoreError) -> QueryComparison.Operator {
    let token = current
    advance()
    switch token.kind {
    case .symbol("="), .symbol("=="): return .equal
    case .symbol("!="), .symbol("<>"): return .notEqual
    case .symbol("<"): return .less
    case .symbol("<="), .symbol("=<"): return .lessOrEqual
    case .symbol(">"): return .greater
    case .symbol(">="), .symbol("=>"): return .greaterOrEqual
    case .word(let word):
      if let found = QueryComparison.Operator(rawValue: word.uppercased()), ![.equal, .notEqual].contains(found) { return found }
    default: break
    }
    throw QueryError.at(token.column, "expected a comparison (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN, BETWEEN), found \(token.kind.spelling)")
  }

  private static let literalWords: [String: QueryLiteral] = [
    "TRUE": .bool(true), "YES": .bool(true), "FALSE": .bool(false), "NO": .bool(false), "NIL": .null, "NULL": .null,
  ]

  private mutating func operand() throws(StoreError) -> QueryOperand {
    let token = current
    if accept(symbol: "{") {
      var values: [QueryLiteral] = []
      if !accept(symbol: "}") {
        repeat { values.append(try literal()) } while accept(symbol: ",")
        guard accept(symbol: "}") else { throw QueryError.at(current.column, "expected ',' or '}', found \(current.kind.spelling)") }
      }
      return .list(values, column: token.column)
    }
    if case .word(let word) = token.kind, word.uppercased() == "SUBQUERY", case .symbol("(") = tokens[min(position + 1, tokens.count - 1)].kind {
      return try subquery()
    }
    if case .word(let word) = token.kind, word.uppercased() == "FUNCTION", case .symbol("(") = tokens[min(position + 1, tokens.count - 1)].kind {
      throw QueryError.at(token.column, "FUNCTION(…) is not supported: use a key path, @count, an aggregate (books.@avg.rating) or SUBQUERY")
    }
    if case .word(let word) = token.kind, word.uppercased() == "CAST", case .symbol("(") = tokens[min(position + 1, tokens.count - 1)].kind {
      return .value(try cast(), column: token.column)
    }
    if case .word(let word) = token.kind, Self.literalWords[word.uppercased()] == nil {
      var segments = [word]
      if word.hasPrefix("$"), !subqueryVariables.contains(String(word.dropFirst())) {
        if case .symbol(".") = tokens[min(position + 1, tokens.count - 1)].kind {
          let around = subqueryVariables.last.map { "the SUBQUERY it is in has $\($0)" } ?? "no SUBQUERY is around it"
          throw QueryError.at(token.column, "\(word) is not a SUBQUERY's variable (\(around)): a key path cannot follow a substitution variable")
        }
        // A substitution variable, not a SUBQUERY's: its value.
        return .value(try literal(), column: token.column)
      }
      advance()
      while accept(symbol: ".") {
        switch current.kind {
        case .word(let next), .number(let next): segments.append(next)
        default: throw QueryError.at(current.column, "expected a key after '.', found \(current.kind.spelling)")
        }
        advance()
      }
      return .keyPath(segments, column: token.column)
    }
    return .value(try literal(), column: token.column)
  }

  /// `CAST(value, "NSDate")` (a number is seconds since 2001-01-01 00:00 UTC, as NSPredicate
  /// reads it; a string ISO 8601 text), `CAST(value, "NSNumber")`, `CAST(value, "NSString")`.
  private mutating func cast() throws(StoreError) -> QueryLiteral {
    let start = current.column
    advance()
    advance()
    let value = try literal()
    guard accept(symbol: ",") else { throw QueryError.at(current.column, "expected ',' in CAST(value, \"NSDate\"), found \(current.kind.spelling)") }
    let typeToken = current
    advance()
    guard case .string(let type) = typeToken.kind else {
      throw QueryError.at(typeToken.column, "CAST needs a type name in quotes (\"NSDate\", \"NSNumber\", \"NSString\"), found \(typeToken.kind.spelling)")
    }
    guard accept(symbol: ")") else { throw QueryError.at(current.column, "expected ')' after CAST's type, found \(current.kind.spelling)") }
    switch (type, value) {
    case ("NSDate", .integer(let seconds)): return .double(Double(seconds) + Self.referenceDateSince1970)
    case ("NSDate", .double(let seconds)): return .double(seconds + Self.referenceDateSince1970)
    case ("NSDate", .string): return value
    case ("NSNumber", .string(let text)):
      if let integer = Int64(text) { return .integer(integer) }
      if let double = Double(text), double.isFinite { return .double(double) }
    case ("NSNumber", .integer), ("NSNumber", .double): return value
    case ("NSString", .string): return value
    case ("NSString", .integer(let integer)): return .string("\(integer)")
    default: break
    }
    throw QueryError.at(
      start, "CAST(\(value), \"\(type)\") is not supported: CAST takes a number or an ISO 8601 string to \"NSDate\", a string to \"NSNumber\", an integer to \"NSString\"")
  }

  /// `SUBQUERY(collection, $variable, predicate).@count`, one nesting level deeper.
  private mutating func subquery() throws(StoreError) -> QueryOperand {
    let start = current.column
    try enter(at: start)
    defer { depth -= 1 }
    advance()
    advance()
    guard case .keyPath(let collection, _) = try operand() else {
      throw QueryError.at(start, "SUBQUERY needs a to-many key path first: SUBQUERY(books, $b, $b.year > 2000).@count")
    }
    guard accept(symbol: ",") else { throw QueryError.at(current.column, "expected ',' after SUBQUERY's key path, found \(current.kind.spelling)") }
    guard case .word(let word) = current.kind, word.hasPrefix("$"), word.count > 1 else {
      throw QueryError.at(current.column, "expected SUBQUERY's variable ($b), found \(current.kind.spelling)")
    }
    advance()
    let variable = String(word.dropFirst())
    guard accept(symbol: ",") else { throw QueryError.at(current.column, "expected ',' after SUBQUERY's variable, found \(current.kind.spelling)") }
    subqueryVariables.append(variable)
    let predicate = try or()
    subqueryVariables.removeLast()
    guard accept(symbol: ")") else { throw QueryError.at(current.column, "expected ')' to close SUBQUERY, found \(current.kind.spelling)") }
    guard accept(symbol: "."), case .word(let count) = current.kind, count.lowercased() == "@count" else {
      throw QueryError.at(current.column, "SUBQUERY(…) is a collection: compare its @count (SUBQUERY(…).@count > 1)")
    }
    advance()
    return .subquery(collection: collection, variable: variable, predicate: predicate, column: start)
  }

  /// The seconds from 1970 to 2001-01-01 00:00 UTC, where NSDate's reference date is.
  private static let referenceDateSince1970 = 978_307_200.0

  private mutating func literal() throws(StoreError) -> QueryLiteral {
    let token = current
    advance()
    switch token.kind {
    case .string(let text): return .string(text)
    case .number(let text):
      if let integer = Int64(text) { return .integer(integer) }
      if let double = Double(text), double.isFinite { return .double(double) }
      throw QueryError.at(token.column, "\(text) is not a number")
    case .word(let word):
      if let value = Self.literalWords[word.uppercased()] { return value }
      if word.hasPrefix("$") {
        let name = String(word.dropFirst())
        guard !name.isEmpty else { throw QueryError.at(token.column, "expected a variable name after '$'") }
        if let value = variables[name] { return value }
        unbound.append((name, token.column))
        return .null
      }
    default: break
    }
    throw QueryError.at(token.column, "expected a value, found \(token.kind.spelling)")
  }
}

extension QueryToken.Kind {
  /// The token as an error message shows it.
  var spelling: String {
    switch self {
    case .word(let word): "'\(word)'"
    case .string(let text): "string \"\(text)\""
    case .number(let text): "number \(text)"
    case .symbol(let symbol): "'\(symbol)'"
    case .options(let options): "[\(options)]"
    case .end: "the end of the query"
    }
  }
}
