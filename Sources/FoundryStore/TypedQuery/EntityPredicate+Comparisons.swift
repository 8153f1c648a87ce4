import FoundryGraph

// Comparisons of a key path with a value. Operators on a key path and a value cannot be members
// of `EntityPredicate` (neither side is one), so they are global, each generic over the class.

/// Objects whose attribute equals `value` (`nil`: has no value).
///
/// ```swift
/// let ada = try await context.fetch(Author.self, where: \.name == "Ada")
/// ```
/// - Parameters:
///   - keyPath: The attribute, or a to-one relationship's attribute through `?.`.
///   - value: The value to compare with; `nil` for an optional attribute means no value.
public func == <Root: EntityObject, Value: QueryValue & Equatable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .equal, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose attribute differs from `value` (`nil`: has a value).
///
/// ```swift
/// let named = try await context.fetch(Author.self, where: \.nickname != nil)
/// ```
/// - Parameters:
///   - keyPath: The attribute, or a to-one relationship's attribute through `?.`.
///   - value: The value to compare with; `nil` for an optional attribute means no value.
public func != <Root: EntityObject, Value: QueryValue & Equatable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .notEqual, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose to-one relationship holds no object.
///
/// ```swift
/// let orphans = try await context.fetch(Book.self, where: \.author == nil)
/// ```
/// - Parameters:
///   - keyPath: The to-one relationship.
///   - value: `nil`.
public func == <Root: EntityObject, Destination: EntityObject>(keyPath: KeyPath<Root, Destination?>, value: _OptionalNilComparisonType) -> EntityPredicate<Root> {
  relationship(keyPath, .equal)
}

/// Objects whose to-one relationship holds an object.
///
/// ```swift
/// let attributed = try await context.fetch(Book.self, where: \.author != nil)
/// ```
/// - Parameters:
///   - keyPath: The to-one relationship.
///   - value: `nil`.
public func != <Root: EntityObject, Destination: EntityObject>(keyPath: KeyPath<Root, Destination?>, value: _OptionalNilComparisonType) -> EntityPredicate<Root> {
  relationship(keyPath, .notEqual)
}

private func relationship<Root: EntityObject, Destination: EntityObject>(
  _ keyPath: KeyPath<Root, Destination?>, _ operation: QueryComparison.Operator
) -> EntityPredicate<Root> {
  EntityPredicate { () throws(StoreError) in
    let names = try EntityPredicate<Root>.path(keyPath, allowing: [.toOne])
    return QueryComparison(
      quantifier: nil, left: .keyPath(names, column: 0), operation: operation, folding: [], right: .value(.null, column: 0), column: 0)
  }
}

/// Objects whose attribute is less than `value`.
///
/// ```swift
/// let old = try await context.fetch(Book.self, where: \.year < 1900)
/// ```
public func < <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .less, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose optional attribute has a value less than `value`.
///
/// ```swift
/// let early = try await context.fetch(Author.self, where: \.born < cutoff)
/// ```
public func < <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value?>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .less, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose attribute is at most `value`.
///
/// ```swift
/// let cheap = try await context.fetch(Product.self, where: \.price <= 10)
/// ```
public func <= <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .lessOrEqual, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose optional attribute has a value of at most `value`.
///
/// ```swift
/// let early = try await context.fetch(Author.self, where: \.born <= cutoff)
/// ```
public func <= <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value?>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .lessOrEqual, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose attribute is greater than `value`.
///
/// ```swift
/// let recent = try await context.fetch(Book.self, where: \.year > 2000)
/// ```
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value the attribute must exceed.
public func > <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .greater, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose optional attribute has a value greater than `value`.
///
/// ```swift
/// let late = try await context.fetch(Author.self, where: \.born > cutoff)
/// ```
/// - Parameters:
///   - keyPath: The optional attribute; objects without a value never match.
///   - value: The value the attribute must exceed.
public func > <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value?>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .greater, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose attribute is at least `value`.
///
/// ```swift
/// let recent = try await context.fetch(Book.self, where: \.year >= 2000)
/// ```
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The smallest value that matches.
public func >= <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .greaterOrEqual, .value(value.queryLiteral.literal, column: 0))
}

/// Objects whose optional attribute has a value of at least `value`.
///
/// ```swift
/// let late = try await context.fetch(Author.self, where: \.born >= cutoff)
/// ```
/// - Parameters:
///   - keyPath: The optional attribute; objects without a value never match.
///   - value: The smallest value that matches.
public func >= <Root: EntityObject, Value: QueryValue & Comparable>(keyPath: KeyPath<Root, Value?>, value: Value) -> EntityPredicate<Root> {
  .compare(keyPath, .greaterOrEqual, .value(value.queryLiteral.literal, column: 0))
}
