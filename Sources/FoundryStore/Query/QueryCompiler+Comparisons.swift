import FoundryGraph

extension QueryCompiler {
  /// The condition of one comparison, its key path resolved in `scope`.
  mutating func comparison(_ comparison: QueryComparison, in scope: inout Scope) throws(StoreError) -> SQLFragment {
    if case .subquery(let collection, let variable, let predicate, let column) = comparison.left {
      guard comparison.quantifier == nil, !comparison.right.isKeyPath else {
        throw QueryError.at(column, "SUBQUERY(…).@count compares with a value")
      }
      let count = try subqueryCount(collection, variable: variable, predicate: predicate, in: &scope, column: column)
      return try scalar(count, type: .integer64, comparison)
    }
    guard case .keyPath(let written, let column) = comparison.left else {
      throw QueryError.at(comparison.left.column, "a comparison needs a key path on one side")
    }
    var segments = try relative(written, column: column)
    if case .value(.object(let object), _) = comparison.right { return try objectComparison(comparison, segments, object, in: &scope, column: column) }
    if case .keyPath(let others, let other) = comparison.right {
      return try keyPaths(comparison, (segments, column), (try relative(others, column: other), other), in: &scope)
    }
    // A to-one relationship compared with a value compares its object's identity: `author == 101`.
    if !comparison.right.isNull, let destination = toOneDestination(of: segments, from: scope.entity) {
      segments.append(try identityAttribute(of: destination, reachedBy: segments, column: column))
    }
    // Each to-many relationship on the path is a subquery around the rest of the comparison:
    // the hops are gathered in a loop and wrapped after, so no depth of them costs stack.
    var target = try resolve(segments, in: &scope, column: column)
    var hops: [ToManyHop] = []
    defer { for _ in hops { leave() } }
    var innermost = comparison
    while case .rows(let from, let link, let inner, let rest) = target, rest != ["@count"], rest.first.flatMap(Aggregate.init(rawValue:)) == nil {
      guard !rest.isEmpty else { throw QueryError.at(column, "\(segments.joined(separator: ".")) is a to-many relationship: compare its @count or one of its keys") }
      try enter(column: column)
      hops.append(ToManyHop(from: from, link: link, scope: inner, quantifier: hops.isEmpty ? (comparison.quantifier ?? .any) : .any))
      innermost.quantifier = nil
      innermost.left = .keyPath(rest, column: column)
      target = try resolve(rest, in: &hops[hops.count - 1].scope, column: column)
    }
    var condition: SQLFragment
    if case .rows(let from, let link, var inner, let rest) = target, let function = rest.first.flatMap(Aggregate.init(rawValue:)) {
      if hops.isEmpty { try noQuantifier(comparison, column: column) }
      let (value, type) = try aggregate(function, of: Array(rest.dropFirst()), from: from, link: link, in: &inner, column: column)
      condition = try scalar(value, type: type, innermost)
    } else {
      condition = try self.condition(innermost, on: target, column: column)
    }
    // A to-many key path's values leave out nil before ANY, ALL and NONE test them, as in
    // Core Data: `ANY books.title != "Hamlet"` is false for an author whose one book has no
    // title. (A comparison with nil itself tests the nils.)
    if case .column(let name, _, _) = target, !hops.isEmpty, !innermost.right.isNull { hops[hops.count - 1].valueColumn = name }
    for hop in hops.reversed() {
      let present = hop.valueColumn.map { "\($0) IS NOT NULL AND " } ?? ""
      let rows = "SELECT 1 FROM \(hop.from) \(hop.scope.joins.joined(separator: " ")) WHERE \(hop.link) AND " + present
      switch hop.quantifier {
      case .any: condition = "EXISTS (" + rows + "(" + condition + "))"
      case .all: condition = "NOT EXISTS (" + rows + negated(condition) + ")"
      case .noneOf: condition = "NOT EXISTS (" + rows + "(" + condition + "))"
      }
    }
    return condition
  }

  /// A relationship compared with an object (`author == %@`, `ANY books == %@`, `books
  /// CONTAINS %@`): its object's row, or its objects' rows, against the object's stored row (an
  /// object not saved yet is none of them).
  private mutating func objectComparison(
    _ comparison: QueryComparison, _ segments: [String], _ object: ObjectLiteral, in scope: inout Scope, column: Int
  ) throws(StoreError) -> SQLFragment {
    guard comparison.folding.isEmpty, [.equal, .notEqual, .contains].contains(comparison.operation) else {
      throw QueryError.at(comparison.column, "an object compares with ==, != or CONTAINS, not \(comparison.operation.rawValue)\(comparison.folding.notation)")
    }
    let row = SQLArgument.value(.integer(object.persistentID?.row ?? -1))
    let path = segments.joined(separator: ".")
    switch try resolve(segments, in: &scope, column: column) {
    case .object(let name):
      guard comparison.quantifier == nil, comparison.operation != .contains, let destination = toOneDestination(of: segments, from: scope.entity) else {
        throw QueryError.at(comparison.column, "\(path) is a to-one relationship: compare it with an object with == or !=")
      }
      try check(object, isA: destination, path: path, column: column)
      return comparison.operation == .equal ? SQLFragment("\(name) = ?", [row]) : SQLFragment(dialect.nullSafeNotEqual(name, "?"), [row])
    case .rows(let from, let link, let inner, let rest) where rest.isEmpty:
      try check(object, isA: inner.entity, path: path, column: column)
      let test = "\(inner.alias).\"_pk\" \(comparison.operation == .notEqual ? "<>" : "=") ?"
      let rows = "SELECT 1 FROM \(from) \(inner.joins.joined(separator: " ")) WHERE \(link) AND "
      switch comparison.quantifier ?? .any {
      case .any: return SQLFragment("EXISTS (" + rows + test + ")", [row])
      case .all: return SQLFragment("NOT EXISTS (" + rows + "NOT (" + test + "))", [row])
      case .noneOf: return SQLFragment("NOT EXISTS (" + rows + test + ")", [row])
      }
    default:
      throw QueryError.at(column, "\(path) is not a relationship: an object compares with a relationship (author == %@, books CONTAINS %@)")
    }
  }

  /// Refuses an object of another entity than a relationship's destination (or its subentities).
  private func check(_ object: ObjectLiteral, isA destination: EntityDescription, path: String, column: Int) throws(StoreError) {
    guard let entity = layout.schema[object.entity], entity.isKind(of: destination) else {
      throw QueryError.at(column, "\(path) holds \(destination.name) objects, and \(object) is a \(object.entity)")
    }
  }

  /// The entity a key path made only of to-one relationships reaches from `entity`; `nil`
  /// for any other key path.
  func toOneDestination(of segments: [String], from entity: EntityDescription) -> EntityDescription? {
    var current = entity
    for segment in segments {
      guard let slot = current.relationshipSlot(named: segment), !current.relationships[slot].isToMany else { return nil }
      current = layout.schema.entities[current.destinationIndices[slot]]
    }
    return segments.isEmpty ? nil : current
  }

  /// The one identity attribute of `current`, the object a to-one key path reaches: what
  /// `author == 101` compares.
  func identityAttribute(of current: EntityDescription, reachedBy segments: [String], column: Int) throws(StoreError) -> String {
    guard current.identity.count == 1, let identity = current.identity.first else {
      let why = current.identity.isEmpty ? "has no identity" : "has a composite identity (\(current.identity.joined(separator: ", ")))"
      throw QueryError.at(
        column, "\(segments.joined(separator: ".")) is a \(current.name), which \(why): compare it with nil, or one of its attributes (\(segments.joined(separator: ".")).name)")
    }
    return identity
  }

  /// A key path as the scope reads it: inside a SUBQUERY, one starting with its variable
  /// (`$b.year`) without it.
  private func relative(_ segments: [String], column: Int) throws(StoreError) -> [String] {
    guard let first = segments.first, first.hasPrefix("$") else {
      guard let variable = subqueryVariables.last else { return segments }
      throw QueryError.at(column, "inside SUBQUERY, key paths start with its variable: $\(variable).\(segments.joined(separator: "."))")
    }
    let name = String(first.dropFirst())
    guard name == subqueryVariables.last else {
      let inner = subqueryVariables.last.map { "$\($0)" } ?? "none"
      throw QueryError.at(column, "$\(name) is not the variable of the SUBQUERY it is in (\(inner)): a SUBQUERY reads its own objects only")
    }
    return Array(segments.dropFirst())
  }

  /// `SUBQUERY(collection, $variable, predicate).@count`: how many objects of the to-many key
  /// path `collection` meet `predicate`, read with the objects' own key paths.
  private mutating func subqueryCount(
    _ collection: [String], variable: String, predicate: QueryNode, in scope: inout Scope, column: Int
  ) throws(StoreError) -> SQLFragment {
    let segments = try relative(collection, column: column)
    guard case .rows(let from, let link, var inner, let rest) = try resolve(segments, in: &scope, column: column), rest.isEmpty else {
      throw QueryError.at(column, "SUBQUERY needs a to-many relationship first: \(collection.joined(separator: ".")) is not one")
    }
    try enter(column: column)
    defer { leave() }
    subqueryVariables.append(variable)
    defer { subqueryVariables.removeLast() }
    let condition = try self.condition(predicate, in: &inner)
    return "(SELECT COUNT(*) FROM \(from) \(inner.joins.joined(separator: " ")) WHERE \(link) AND (" + condition + "))"
  }

  /// A collection operator on a to-many key path: `books.@avg.rating`, `books.@max.year`.
  enum Aggregate: String {
    case sum = "@sum", avg = "@avg", min = "@min", max = "@max"
  }

  /// The SQL of `function` over the values of `rest` (an attribute of the relationship's
  /// objects, through to-one relationships) among the rows `from` / `link` reach, and the type
  /// a value compared with it takes. Nil values are left out; of no values, `@sum` and `@avg`
  /// are 0 (as NSArray's collection operators answer) and `@min` and `@max` nil.
  private mutating func aggregate(
    _ function: Aggregate, of rest: [String], from: String, link: String, in inner: inout Scope, column: Int
  ) throws(StoreError) -> (SQLFragment, AttributeType) {
    guard !rest.isEmpty, case .column(let name, let type, _) = try resolve(rest, in: &inner, column: column) else {
      throw QueryError.at(column, "\(function.rawValue) needs an attribute after it (books.\(function.rawValue).rating), reached through to-one relationships")
    }
    let isNumber = [.integer16, .integer32, .integer64, .double, .float, .decimal].contains(type)
    guard isNumber || ((function == .min || function == .max) && [.date, .string].contains(type)) else {
      throw QueryError.at(
        column, "\(function.rawValue) of \(rest.joined(separator: ".")), a \(type) attribute: @sum and @avg take numbers, @min and @max numbers, dates and strings")
    }
    let value = type == .decimal ? dialect.decimalNumber(name) : type == .string ? dialect.codePointOrder(name) : name
    let rows = "FROM \(from) \(inner.joins.joined(separator: " ")) WHERE \(link)"
    switch function {
    case .sum: return (SQLFragment("(SELECT COALESCE(SUM(\(value)), 0) \(rows))"), type == .decimal ? .double : type)
    case .avg: return (SQLFragment("(SELECT COALESCE(AVG(\(value)), 0) \(rows))"), .double)
    case .min: return (SQLFragment("(SELECT MIN(\(value)) \(rows))"), type == .decimal ? .double : type)
    case .max: return (SQLFragment("(SELECT MAX(\(value)) \(rows))"), type == .decimal ? .double : type)
    }
  }

  /// `function` of the numbers of a JSON array (`settings.scores.@avg`), `numbers` a `FROM`
  /// item of them as `e.value`: of none (or no array), `@sum` and `@avg` are 0 and `@min` and
  /// `@max` nil, as for a to-many key path.
  private func jsonAggregate(_ function: Aggregate, of numbers: SQLFragment) -> SQLFragment {
    let value =
      switch function {
      case .sum: "COALESCE(SUM(e.value), 0)"
      case .avg: "COALESCE(AVG(e.value), 0)"
      case .min: "MIN(e.value)"
      case .max: "MAX(e.value)"
      }
    return "(SELECT " + SQLFragment(value) + " FROM " + numbers + ")"
  }

  /// A key path compared with another (`retailPrice > rating`, `pricing.retail == price`): each
  /// an attribute, through to-one relationships, or a to-many relationship's `@count`. Nil
  /// equals nil; an order with nil is false.
  private mutating func keyPaths(
    _ comparison: QueryComparison, _ left: (segments: [String], column: Int), _ right: (segments: [String], column: Int), in scope: inout Scope
  ) throws(StoreError) -> SQLFragment {
    guard comparison.quantifier == nil else {
      throw QueryError.at(left.column, "ANY, ALL and NONE compare a to-many key path with a value, not with another key path")
    }
    var sides: [String] = []
    var isText = true
    for side in [left, right] {
      let (expression, type) = try keyPathValue(side.segments, in: &scope, column: side.column)
      sides.append(comparison.folding.isEmpty ? expression : dialect.folded(expression, comparison.folding))
      isText = isText && type == .string
    }
    // Text orders by code point (equality is byte equality under any deterministic collation).
    if isText, ![.equal, .notEqual].contains(comparison.operation) { sides = sides.map(dialect.codePointOrder) }
    let (a, b) = (sides[0], sides[1])
    switch comparison.operation {
    case .equal: return SQLFragment(dialect.nullSafeEqual(a, b))
    case .notEqual: return SQLFragment(dialect.nullSafeNotEqual(a, b))
    case .less: return SQLFragment("\(a) < \(b)")
    case .lessOrEqual: return SQLFragment("\(a) <= \(b)")
    case .greater: return SQLFragment("\(a) > \(b)")
    case .greaterOrEqual: return SQLFragment("\(a) >= \(b)")
    default:
      throw QueryError.at(
        comparison.column, "\(comparison.operation.rawValue) compares a key path with a value; with another key path use ==, !=, <, <=, > or >=")
    }
  }

  /// The SQL value of one side of a key path comparison.
  private mutating func keyPathValue(_ segments: [String], in scope: inout Scope, column: Int) throws(StoreError) -> (String, AttributeType) {
    switch try resolve(segments, in: &scope, column: column) {
    case .column(let name, let type, _): return (type == .decimal ? dialect.decimalNumber(name) : name, type)
    case .rows(let from, let link, _, let rest) where rest == ["@count"]: return ("(SELECT COUNT(*) FROM \(from) WHERE \(link))", .integer64)
    case .rows(let from, let link, var inner, let rest) where rest.first.flatMap(Aggregate.init(rawValue:)) != nil:
      guard let function = rest.first.flatMap(Aggregate.init(rawValue:)) else { break }
      let (value, type) = try aggregate(function, of: Array(rest.dropFirst()), from: from, link: link, in: &inner, column: column)
      return (value.sql, type)
    default: break
    }
    throw QueryError.at(
      column, "\(segments.joined(separator: ".")): a key path compared with another must reach an attribute (through to-one relationships), a @count or an aggregate")
  }

  /// A to-many relationship a comparison's key path goes through: the rows it reaches, and
  /// the scope (with its joins) the rest of the key path is read in.
  private struct ToManyHop {
    let from: String
    let link: String
    var scope: Scope
    let quantifier: QueryComparison.Quantifier
    /// For the innermost hop: the column of the compared values, whose rows without one are
    /// no values of the key path.
    var valueColumn: String? = nil
  }

  /// The comparison on what its key path reached past every to-many relationship.
  private mutating func condition(_ comparison: QueryComparison, on target: Target, column: Int) throws(StoreError) -> SQLFragment {
    switch target {
    case .rows(let from, let link, _, _):
      return try scalar(SQLFragment("(SELECT COUNT(*) FROM \(from) WHERE \(link))"), type: .integer64, comparison)
    case .column(let name, let type, _):
      try noQuantifier(comparison, column: column)
      return try scalar(SQLFragment(type == .decimal ? dialect.decimalNumber(name) : name), type: type, comparison)
    case .object(let name):
      try noQuantifier(comparison, column: column)
      guard case .value(.null, _) = comparison.right, [.equal, .notEqual].contains(comparison.operation) else {
        throw QueryError.at(comparison.column, "a to-one relationship compares only with nil (== nil, != nil)")
      }
      return SQLFragment("\(name) IS \(comparison.operation == .equal ? "" : "NOT ")NULL")
    case .json(let name, let path, let end, _):
      switch end {
      case .count: return try scalar(dialect.jsonArrayLength(name, at: path), type: .integer64, comparison)
      case .aggregate(let function):
        try noQuantifier(comparison, column: column)
        return try scalar(jsonAggregate(function, of: dialect.jsonNumbers(name, at: path)), type: .double, comparison)
      case .value: break
      }
      return try json(name, path: path, comparison)
    }
  }

  private func noQuantifier(_ comparison: QueryComparison, column: Int) throws(StoreError) {
    guard comparison.quantifier == nil else { throw QueryError.at(column, "ANY, ALL and NONE need a to-many relationship or a JSON array") }
  }

  /// A comparison inside a JSON value: on the value itself, or, for `CONTAINS` and the
  /// quantifiers on an array, on its elements.
  private func json(_ name: String, path: [JSONPathComponent], _ comparison: QueryComparison) throws(StoreError) -> SQLFragment {
    if let quantifier = comparison.quantifier, let holds = try arrayHolds(name, path: path, comparison) {
      return quantifier == .noneOf ? "NOT COALESCE(" + holds + ", " + SQLFragment(dialect.falseValue) + ")" : holds
    }
    if let quantifier = comparison.quantifier {
      var element = comparison
      element.quantifier = nil
      let condition = try scalar(SQLFragment("e.value"), type: nil, element)
      let rows = "SELECT 1 FROM " + dialect.jsonElements(name, at: path) + " WHERE "
      switch quantifier {
      case .any: return "EXISTS (" + rows + condition + ")"
      case .all: return "NOT EXISTS (" + rows + negated(condition) + ")"
      case .noneOf: return "NOT EXISTS (" + rows + condition + ")"
      }
    }
    if comparison.operation == .contains {
      // An array contains an element; a string contains a substring.
      var element = comparison
      element.operation = .equal
      let member = try scalar(SQLFragment("e.value"), type: nil, element)
      let text = try scalar(SQLFragment(dialect.jsonValue(name, at: path)), type: nil, comparison)
      return "(CASE WHEN " + dialect.jsonIsArray(name, at: path) + " THEN EXISTS (SELECT 1 FROM " + dialect.jsonElements(name, at: path) + " WHERE "
        + member + ") ELSE " + text + " END)"
    }
    // The path is written into the SQL (quoted), so that an index on it serves the query.
    let value = comparison.right.isNumeric ? dialect.jsonNumber(name, at: path) : dialect.jsonValue(name, at: path)
    return try scalar(SQLFragment(value), type: nil, comparison)
  }

  /// `ANY path == value` (or `NONE`) as the dialect's containment test, which an index can
  /// serve, for a string or number compared case-sensitively; `nil` for anything else, or a
  /// dialect without one.
  private func arrayHolds(_ name: String, path: [JSONPathComponent], _ comparison: QueryComparison) throws(StoreError) -> SQLFragment? {
    guard comparison.quantifier == .any || comparison.quantifier == .noneOf, comparison.operation == .equal, comparison.folding.isEmpty,
      case .value(let literal, let column) = comparison.right
    else { return nil }
    let isText: Bool
    switch literal {
    case .string: isText = true
    case .integer, .double: isText = false
    case .bool, .null, .object: return nil
    }
    guard let test = dialect.jsonArrayHolds(name, at: path, isText: isText) else { return nil }
    return SQLFragment(test, [try argument(literal, type: nil, column: column)])
  }

  /// `expression operator value`, the value converted to the column's type (`nil`: a JSON value).
  private func scalar(_ expression: SQLFragment, type: AttributeType?, _ comparison: QueryComparison) throws(StoreError) -> SQLFragment {
    let folding = comparison.folding
    // `[c]`, `[d]`: both sides folded by the database, the same way (see `QueryFolding`).
    let subject = folding.isEmpty ? expression : SQLFragment(dialect.folded(expression.sql, folding), expression.arguments)
    let placeholder = folding.isEmpty ? "?" : dialect.folded("?", folding)
    switch comparison.operation {
    case .isIn:
      guard case .list(let values, _) = comparison.right else { throw QueryError.at(comparison.right.column, "IN needs a list: {1, 2, 3}") }
      guard !values.isEmpty else { return SQLFragment(dialect.falseValue) }
      let arguments = try values.map { value throws(StoreError) in try argument(value, type: type, column: comparison.right.column) }
      return subject + SQLFragment(" IN (" + values.map { _ in placeholder }.joined(separator: ", ") + ")", arguments)
    case .between:
      guard case .list(let values, let column) = comparison.right, values.count == 2 else {
        throw QueryError.at(comparison.right.column, "BETWEEN needs two values: {low, high}")
      }
      let low = try argument(values[0], type: type, column: column)
      let high = try argument(values[1], type: type, column: column)
      if case .value(.text) = low {
        return SQLFragment(dialect.codePointOrder(subject.sql), subject.arguments) + SQLFragment(" BETWEEN \(placeholder) AND \(placeholder)", [low, high])
      }
      return subject + SQLFragment(" BETWEEN \(placeholder) AND \(placeholder)", [low, high])
    default: break
    }
    guard case .value(let value, let column) = comparison.right else { throw QueryError.at(comparison.right.column, "expected a value, not a list") }
    if value == .null {
      switch comparison.operation {
      case .equal: return expression + " IS NULL"
      case .notEqual: return expression + " IS NOT NULL"
      default: throw QueryError.at(column, "nil compares only with == and !=")
      }
    }
    let bound = try argument(value, type: type, column: column)
    // Text orders by code point (equality is byte equality under any deterministic collation).
    // (The subject's collation decides: the bound value takes its type from it.)
    let ordered = if case .value(.text) = bound { SQLFragment(dialect.codePointOrder(subject.sql), subject.arguments) } else { subject }
    switch comparison.operation {
    case .equal: return subject + SQLFragment(" = \(placeholder)", [bound])
    case .notEqual: return SQLFragment(dialect.nullSafeNotEqual(subject.sql, placeholder), subject.arguments + [bound])
    case .less: return ordered + SQLFragment(" < \(placeholder)", [bound])
    case .lessOrEqual: return ordered + SQLFragment(" <= \(placeholder)", [bound])
    case .greater: return ordered + SQLFragment(" > \(placeholder)", [bound])
    case .greaterOrEqual: return ordered + SQLFragment(" >= \(placeholder)", [bound])
    case .matches:
      guard case .value(.text(let pattern)) = bound else { throw QueryError.at(column, "MATCHES needs a string") }
      try QueryRegex.check(pattern, column: column)
      if dialect.hasOwnRegexDialect, let construct = QueryRegex.unportable(pattern) {
        throw QueryError.at(column, "MATCHES \"\(pattern)\": \(construct) is read otherwise by PostgreSQL's regular expressions; write it another way")
      }
      // [c] is the expression's case-insensitive option; [d] folds both sides.
      let diacritics = folding.intersection(.diacriticInsensitive)
      let text = diacritics.isEmpty ? expression.sql : dialect.folded(expression.sql, diacritics)
      let patternSQL = diacritics.isEmpty ? "?" : dialect.folded("?", diacritics)
      return SQLFragment(
        dialect.matches(text, patternSQL, caseInsensitive: folding.contains(.caseInsensitive)), expression.arguments + [bound])
    case .beginsWith, .endsWith, .contains, .like:
      guard case .value(.text(let text)) = bound else { throw QueryError.at(column, "\(comparison.operation.rawValue) needs a string") }
      // The pattern is folded as the subject is; folding leaves its wildcards and escapes alone.
      switch dialect.patternStyle {
      case .glob: return subject + SQLFragment(" GLOB \(placeholder)", [.value(.text(QueryPattern.glob(text, for: comparison.operation)))])
      case .like:
        return subject + SQLFragment(" LIKE \(placeholder) ESCAPE '\\'", [.value(.text(QueryPattern.like(text, for: comparison.operation)))])
      }
    case .isIn, .between: throw QueryError.at(column, "unreachable")
    }
  }

  /// A literal as a bound value of a column of `type` (`nil`: JSON, bound as it is).
  private func argument(_ literal: QueryLiteral, type: AttributeType?, column: Int) throws(StoreError) -> SQLArgument {
    .value(try QueryLiteralConversion.sqlValue(literal, type: type, column: column))
  }
}

extension QueryComparison {
  /// The comparison with its key path on the left: `5 < year` is `year > 5`, and
  /// `"swift" IN tags` is `tags CONTAINS "swift"`.
  func normalized() -> QueryComparison {
    guard right.isKeyPath || right.isSubquery, !left.isKeyPath, !left.isSubquery else { return self }
    var swapped = self
    swapped.left = right
    swapped.right = left
    switch operation {
    case .less: swapped.operation = .greater
    case .lessOrEqual: swapped.operation = .greaterOrEqual
    case .greater: swapped.operation = .less
    case .greaterOrEqual: swapped.operation = .lessOrEqual
    case .isIn: swapped.operation = .contains
    default: break
    }
    return swapped
  }
}

extension QueryOperand {
  var isKeyPath: Bool {
    if case .keyPath = self { return true }
    return false
  }

  /// Whether the operand is a `SUBQUERY(…).@count`.
  var isSubquery: Bool {
    if case .subquery = self { return true }
    return false
  }

  /// Whether the operand is the literal `nil`.
  var isNull: Bool {
    if case .value(.null, _) = self { return true }
    return false
  }

  /// Whether the operand is a number or a boolean, or a list of them.
  var isNumeric: Bool {
    switch self {
    case .value(let literal, _): literal.isNumeric
    case .list(let literals, _): !literals.isEmpty && literals.allSatisfy(\.isNumeric)
    default: false
    }
  }
}

extension QueryLiteral {
  var isNumeric: Bool {
    switch self {
    case .integer, .double, .bool: true
    case .string, .null, .object: false
    }
  }
}
