#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The expressions of Foundation's `#Predicate` a query can say, each as the query says it.
// Their parts are translated by their dynamic type: an expression no conformance here covers
// is refused by `PredicateTranslator.term(_:)`, naming it.

typealias Translated = PredicateTranslator.Term

extension PredicateExpressions.Variable: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated { .path(try translator.binding(key, self)) }
}

extension PredicateExpressions.KeyPath: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .path(try translator.following(try translator.path(root), keyPath, self))
  }
}

extension PredicateExpressions.Value: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    if let list = try PredicateTranslator.list(value, self) { return .list(list) }
    return .value(try PredicateTranslator.literal(value, self))
  }
}

extension PredicateExpressions.NilLiteral: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated { .value(.null) }
}

extension PredicateExpressions.ForcedUnwrap: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated { try translator.term(inner) }
}

/// `$0.author?.name`: the transform read with its variable standing for the wrapped key path
/// (nil on the way is nil, as an empty to-one relationship is in a query).
extension PredicateExpressions.OptionalFlatMap: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    let wrapped = try translator.path(self.wrapped)
    return try translator.binding(variable.key, to: wrapped) { translator throws(StoreError) in try translator.term(transform) }
  }
}

/// `condition ?? false`: a condition on nil is false in a query already.
extension PredicateExpressions.NilCoalesce: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    guard case .condition(let condition) = try translator.term(lhs), case .value(.bool(false)) = try translator.term(rhs) else {
      throw PredicateTranslator.refusal(self, "?? takes a condition and false (a query's comparison with nil is false)")
    }
    return .condition(condition)
  }
}

extension PredicateExpressions.Conjunction: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .condition(QueryNode.allOf([try translator.condition(lhs), try translator.condition(rhs)]))
  }
}

extension PredicateExpressions.Disjunction: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .condition(QueryNode.anyOf([try translator.condition(lhs), try translator.condition(rhs)]))
  }
}

extension PredicateExpressions.Negation: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated { .condition(.not(try translator.condition(wrapped))) }
}

/// An expression that compares two others with one operator.
protocol ComparingExpression: PredicateTranslatable {
  /// The two sides, as written.
  var sides: (Any, Any) { get }
  /// The operator between them.
  var operation: QueryComparison.Operator { get }
}

extension ComparingExpression {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .condition(try translator.comparison(sides.0, operation, sides.1, self))
  }
}

extension PredicateExpressions.Equal: ComparingExpression {
  var sides: (Any, Any) { (lhs, rhs) }
  var operation: QueryComparison.Operator { .equal }
}

extension PredicateExpressions.NotEqual: ComparingExpression {
  var sides: (Any, Any) { (lhs, rhs) }
  var operation: QueryComparison.Operator { .notEqual }
}

extension PredicateExpressions.Comparison: ComparingExpression {
  var sides: (Any, Any) { (lhs, rhs) }
  var operation: QueryComparison.Operator {
    switch op {
    case .lessThan: .less
    case .lessThanOrEqual: .lessOrEqual
    case .greaterThan: .greater
    case .greaterThanOrEqual: .greaterOrEqual
    }
  }
}

/// `$0.title.contains("x")`: `CONTAINS`.
extension PredicateExpressions.CollectionContainsCollection: ComparingExpression {
  var sides: (Any, Any) { (base, other) }
  var operation: QueryComparison.Operator { .contains }
}

/// `$0.title.starts(with: "x")`: `BEGINSWITH`.
extension PredicateExpressions.SequenceStartsWith: ComparingExpression {
  var sides: (Any, Any) { (base, prefix) }
  var operation: QueryComparison.Operator { .beginsWith }
}

/// `["a", "b"].contains($0.name)`: `IN`; `$0.tags.contains("x")` on a list value: `CONTAINS`.
extension PredicateExpressions.SequenceContains: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    if case .list = try translator.term(sequence) { return .condition(try translator.comparison(element, .isIn, sequence, self)) }
    return .condition(try translator.comparison(sequence, .contains, element, self))
  }
}

/// `$0.books.contains { $0.year > 2000 }`: `SUBQUERY(books, $v, $v.year > 2000).@count > 0`.
extension PredicateExpressions.SequenceContainsWhere: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .condition(try translator.subquery(sequence, variable: variable.key, test: test, negated: false, .greater, self))
  }
}

/// `$0.books.allSatisfy { $0.year > 2000 }`: none failing, `SUBQUERY(books, $v, NOT ($v.year > 2000)).@count == 0`.
extension PredicateExpressions.SequenceAllSatisfy: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    .condition(try translator.subquery(sequence, variable: variable.key, test: test, negated: true, .equal, self))
  }
}

extension PredicateExpressions.ClosedRange: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    guard case .value(let low) = try translator.term(lower), case .value(let high) = try translator.term(upper) else {
      throw PredicateTranslator.refusal(self, "a range's bounds must be values")
    }
    return .range(lower: low, upper: high, closed: true)
  }
}

extension PredicateExpressions.Range: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    guard case .value(let low) = try translator.term(lower), case .value(let high) = try translator.term(upper) else {
      throw PredicateTranslator.refusal(self, "a range's bounds must be values")
    }
    return .range(lower: low, upper: high, closed: false)
  }
}

/// `(1990...2000).contains($0.year)`: `BETWEEN`; `..<`: `>=` and `<`.
extension PredicateExpressions.RangeExpressionContains: PredicateTranslatable {
  func translate(_ translator: inout PredicateTranslator) throws(StoreError) -> Translated {
    guard case .range(let low, let high, let closed) = try translator.term(range) else {
      throw PredicateTranslator.refusal(self, "the range must be written in the predicate (1990...2000)")
    }
    let value = try translator.term(element)
    if closed { return .condition(translator.comparison(value, .between, .list([low, high]))) }
    return .condition(QueryNode.allOf([translator.comparison(value, .greaterOrEqual, .value(low)), translator.comparison(value, .less, .value(high))]))
  }
}
