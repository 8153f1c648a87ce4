#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph

/// Turns a Foundation `Predicate` over an `@Entity` class into the query it stands for: the
/// same tree the query text or a typed predicate builds, so one compiler writes its SQL and
/// one evaluator answers it in memory.
///
/// ```swift
/// var translator = PredicateTranslator(root: Book.self, variable: predicate.variable.key)
/// let node = try translator.condition(predicate.expression)
/// ```
///
/// Each expression type Foundation's `#Predicate` writes that a query can say conforms to
/// ``PredicateTranslatable``; anything else (arithmetic, `??` with a value, a computed
/// property, a method call other than `contains`, `starts(with:)`, `contains(where:)` and
/// `allSatisfy`) is refused, naming the expression.
struct PredicateTranslator {
  /// What a predicate's variable stands for: the fetched object, a SUBQUERY's objects, or the
  /// value an optional chain (`$0.author?.name`) unwrapped.
  private var bindings: [PredicateExpressions.VariableID: Path] = [:]
  /// SUBQUERY variables made so far, for fresh names.
  private var subqueries = 0

  /// A key path as names, what it ends at, and the classes around its last name.
  struct Path {
    var names: [String]
    var end: PropertyPath.End
    /// The class the key path leads to when it ends at an object or objects.
    var entity: (any EntityObject.Type)?
    /// The class whose property the last name is.
    var owner: (any EntityObject.Type)?
  }

  /// What an expression is to a query.
  enum Term {
    case condition(QueryNode)
    case path(Path)
    case value(QueryLiteral)
    case list([QueryLiteral])
    /// `lower...upper` (`closed`) or `lower..<upper`.
    case range(lower: QueryLiteral, upper: QueryLiteral, closed: Bool)
  }

  init<Root: EntityObject>(root: Root.Type, variable: PredicateExpressions.VariableID) {
    bindings[variable] = Path(names: [], end: .toOne, entity: root, owner: nil)
  }

  // MARK: - Expressions

  /// The term of `expression`, any of Foundation's predicate expressions.
  mutating func term(_ expression: Any) throws(StoreError) -> Term {
    guard let translatable = expression as? any PredicateTranslatable else { throw Self.refusal(expression) }
    return try translatable.translate(&self)
  }

  /// `expression` as a condition: a comparison, logic, a Boolean attribute (`$0.isPublished`)
  /// or a Boolean constant.
  mutating func condition(_ expression: Any) throws(StoreError) -> QueryNode {
    switch try term(expression) {
    case .condition(let node): return node
    case .path(let path) where path.end == .attribute: return comparison(.path(path), .equal, .value(.bool(true)))
    case .value(.bool(let value)): return .constant(value)
    default: throw Self.refusal(expression, "it is not a condition")
    }
  }

  /// `expression` as a key path; `nil` for any other term.
  mutating func path(_ expression: Any) throws(StoreError) -> Path {
    guard case .path(let path) = try term(expression) else { throw Self.refusal(expression, "a key path from the fetched object is needed here") }
    return path
  }

  /// What variable `key` stands for.
  func binding(_ key: PredicateExpressions.VariableID, _ expression: Any) throws(StoreError) -> Path {
    guard let path = bindings[key] else { throw Self.refusal(expression, "its variable is not the fetched object's") }
    return path
  }

  /// `key` stands for `path` while `body` translates.
  mutating func binding<Result>(_ key: PredicateExpressions.VariableID, to path: Path, _ body: (inout Self) throws(StoreError) -> Result) throws(StoreError) -> Result {
    bindings[key] = path
    defer { bindings[key] = nil }
    return try body(&self)
  }

  /// `path` followed by Swift key path `keyPath`: a stored property of the class it leads to
  /// (through to-one relationships), or the `count` of a to-many relationship.
  func following(_ path: Path, _ keyPath: AnyKeyPath, _ expression: Any) throws(StoreError) -> Path {
    if path.end == .toMany, let owner = path.owner, let last = path.names.last, owner.isCount(keyPath, ofToMany: last) {
      return Path(names: path.names + ["@count"], end: .count, entity: nil, owner: owner)
    }
    if path.end == .attribute, let owner = path.owner, let attribute = path.names.last {
      // Inside a `@Mappable` value attribute, one level: `$0.settings?.theme`.
      guard let names = owner.propertyNames(of: keyPath), names.count == 1, let key = owner.valueKey(inside: attribute, property: names[0]) else {
        throw Self.refusal(
          expression, "a key path inside \(attribute) reaches one property of a @Mappable value that maps it by its own name; use the query language (settings.theme)")
      }
      return Path(names: path.names + [key], end: .attribute, entity: nil, owner: nil)
    }
    guard path.end == .toOne, let entity = path.entity else {
      throw Self.refusal(expression, "a key path cannot go on from \(path.names.joined(separator: ".")): use the query language (settings.tags.0)")
    }
    guard let step = entity.propertyPath(of: keyPath) else {
      let value = type(of: keyPath).valueType
      throw Self.refusal(expression, "a key path of \(entity) to \(value) names no stored property (computed properties cannot become a query)")
    }
    let owner = step.names.count > 1 ? entity.destination(of: Array(step.names.dropLast())) : entity
    let reached = step.end == .toOne || step.end == .toMany ? entity.destination(of: step.names) : nil
    return Path(names: path.names + step.names, end: step.end, entity: reached, owner: owner)
  }

  // MARK: - Comparisons

  /// One comparison of two terms.
  func comparison(_ left: Term, _ operation: QueryComparison.Operator, _ right: Term) -> QueryNode {
    .comparison(QueryComparison(quantifier: nil, left: Self.operand(left), operation: operation, folding: [], right: Self.operand(right), column: 0))
  }

  /// `left operation right`, each an expression of a key path, a value or a list.
  mutating func comparison(_ left: Any, _ operation: QueryComparison.Operator, _ right: Any, _ expression: Any) throws(StoreError) -> QueryNode {
    let (a, b) = (try term(left), try term(right))
    for side in [a, b] {
      switch side {
      case .condition, .range: throw Self.refusal(expression, "a comparison takes key paths and values")
      case .path(let path) where path.end == .toMany || (path.end == .toOne && !Self.isNil(a) && !Self.isNil(b)):
        throw Self.refusal(expression, "\(path.names.joined(separator: ".")) is a relationship: compare its attributes, its count, or == nil")
      default: continue
      }
    }
    return comparison(a, operation, b)
  }

  /// Whether `term` is nil, which a to-one relationship compares with.
  private static func isNil(_ term: Term) -> Bool {
    if case .value(.null) = term { return true }
    return false
  }

  /// `SUBQUERY(sequence, $v, test).@count` compared with `count`: `contains(where:)` is more
  /// than none, `allSatisfy` none failing.
  mutating func subquery(
    _ sequence: Any, variable: PredicateExpressions.VariableID, test: Any, negated: Bool, _ operation: QueryComparison.Operator, _ expression: Any
  ) throws(StoreError) -> QueryNode {
    let collection = try path(sequence)
    guard collection.end == .toMany, let entity = collection.entity else {
      throw Self.refusal(expression, "contains(where:) and allSatisfy take a to-many relationship")
    }
    subqueries += 1
    let name = "v\(subqueries)"
    let inner = try binding(variable, to: Path(names: ["$" + name], end: .toOne, entity: entity, owner: nil)) { translator throws(StoreError) in
      try translator.condition(test)
    }
    let counted = QueryOperand.subquery(collection: collection.names, variable: name, predicate: negated ? .not(inner) : inner, column: 0)
    return .comparison(QueryComparison(quantifier: nil, left: counted, operation: operation, folding: [], right: .value(.integer(0), column: 0), column: 0))
  }

  private static func operand(_ term: Term) -> QueryOperand {
    switch term {
    case .path(let path): .keyPath(path.names, column: 0)
    case .value(let literal): .value(literal, column: 0)
    case .list(let literals): .list(literals, column: 0)
    case .condition, .range: .value(.null, column: 0)
    }
  }

  // MARK: - Values

  /// A Swift value as a query literal: strings, integers, floating-point numbers, Booleans,
  /// decimals, dates, URLs, UUIDs, and `nil`.
  static func literal(_ value: Any, _ expression: Any) throws(StoreError) -> QueryLiteral {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return .null }
      return try literal(wrapped, expression)
    }
    if let integer = value as? any BinaryInteger, !(value is Bool) {
      guard let exact = Int64(exactly: integer) else { throw refusal(expression, "\(integer) is past the 64-bit integers a store keeps") }
      return .integer(exact)
    }
    if let float = value as? Float { return .double(Double(float)) }
    guard let convertible = value as? any GraphValueConvertible else { throw refusal(expression, "a \(type(of: value)) value cannot be compared in a query") }
    return try QueryLiteral(variable: "value", convertible.graphValue)
  }

  /// A Swift array or set of values as a list.
  static func list(_ value: Any, _ expression: Any) throws(StoreError) -> [QueryLiteral]? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .collection || mirror.displayStyle == .set else { return nil }
    var literals: [QueryLiteral] = []
    for child in mirror.children { literals.append(try literal(child.value, expression)) }
    return literals
  }

  /// The error for an expression a query cannot say, naming it.
  static func refusal(_ expression: Any, _ reason: String? = nil) -> StoreError {
    var shown = "\(expression)"
    if shown.count > 160 { shown = shown.prefix(157) + "..." }
    let kind = "\(type(of: expression))".split(separator: "<").first.map(String.init) ?? "\(type(of: expression))"
    return StoreError(.invalidQuery, "#Predicate: \(kind) cannot become a query\(reason.map { ": \($0)" } ?? ""): \(shown)")
  }
}

/// A Foundation predicate expression a query can say: how it translates.
protocol PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> PredicateTranslator.Term
}
