import FoundryGraph

/// A condition on the objects of an `@Entity` class, written with Swift key paths and
/// operators, so that the compiler checks names and value types.
///
/// ```swift
/// let books = try await context.fetch(
///   Book.self, where: \.year > 1990 && \.author?.name == "Ada", sortBy: [.ascending(\.title)], limit: 20)
/// let prolific = try await context.fetch(Author.self, where: \.books.count > 10)
/// let classics = try await context.fetch(Author.self, where: .any(\.books, \.year < 1900))
/// ```
///
/// It builds the same query as the text a ``QueryPredicate`` reads (its `description` is that
/// text), and values are bound to the SQL, never spliced into it. Key paths name stored
/// properties of `@Entity` classes: attributes, to-one relationships followed with `?.`
/// (`\.author?.name`), and a to-many relationship's `count`; a key path to anything else (a
/// computed property) makes the fetch fail with ``StoreError`` `invalidQuery`.
public struct EntityPredicate<Root: EntityObject>: Sendable, CustomStringConvertible {
  /// The query, or why a key path could not be read.
  let node: Result<QueryNode, StoreError>

  init(_ node: Result<QueryNode, StoreError>) { self.node = node }

  init(comparison: () throws(StoreError) -> QueryComparison) {
    do throws(StoreError) {
      node = .success(.comparison(try comparison()))
    } catch {
      node = .failure(error)
    }
  }

  /// The query text the predicate stands for (`year > 1990 AND author.name == "Ada"`), or the
  /// error a fetch with it throws.
  ///
  /// ```swift
  /// print(\Book.year > 1990 && .beginsWith(\Book.title, "The"))   // year > 1990 AND title BEGINSWITH "The"
  /// ```
  public var description: String {
    switch node {
    case .success(let node): QueryRenderer.render(node).text
    case .failure(let error): error.description
    }
  }

  /// Every object.
  ///
  /// ```swift
  /// let everything = try await context.fetch(Book.self, where: .true, sortBy: [.ascending(\.title)])
  /// ```
  public static var `true`: EntityPredicate { EntityPredicate(.success(.constant(true))) }

  /// No object.
  ///
  /// ```swift
  /// let nothing = try await context.fetch(Book.self, where: .false)
  /// ```
  public static var `false`: EntityPredicate { EntityPredicate(.success(.constant(false))) }

  // MARK: - Combining

  /// Objects that meet both conditions (`AND`).
  ///
  /// ```swift
  /// \Book.year > 1990 && \Book.year < 2000
  /// ```
  /// - Parameters:
  ///   - lhs: The first condition.
  ///   - rhs: The second condition.
  public static func && (lhs: EntityPredicate, rhs: EntityPredicate) -> EntityPredicate {
    EntityPredicate(lhs.node.flatMap { left in rhs.node.map { .allOf([left, $0]) } })
  }

  /// Objects that meet either condition (`OR`).
  ///
  /// ```swift
  /// \Book.year < 1900 || \Book.year > 2000
  /// ```
  /// - Parameters:
  ///   - lhs: The first condition.
  ///   - rhs: The second condition.
  public static func || (lhs: EntityPredicate, rhs: EntityPredicate) -> EntityPredicate {
    EntityPredicate(lhs.node.flatMap { left in rhs.node.map { .anyOf([left, $0]) } })
  }

  /// Objects that do not meet the condition (`NOT`); a comparison with no value counts as not
  /// met, so `!(\.title == "A")` finds the books without a title too.
  ///
  /// ```swift
  /// !.contains(\Book.title, "draft")
  /// ```
  public static prefix func ! (operand: EntityPredicate) -> EntityPredicate {
    EntityPredicate(operand.node.map { .not($0) })
  }
}

extension EntityPredicate {
  /// The names `keyPath` goes through, checked to end as `expected` says.
  static func path<Value>(_ keyPath: KeyPath<Root, Value>, allowing ends: Set<PropertyPath.End>) throws(StoreError) -> [String] {
    guard let path = Root.propertyPath(of: keyPath) else {
      throw StoreError(
        .invalidQuery,
        "a key path of \(Root.self) to \(Value.self) names no attribute or relationship: typed queries name stored properties of @Entity classes, through to-one relationships with ?."
      )
    }
    guard ends.contains(path.end) else {
      let kind = path.end == .toMany ? "a to-many relationship" : path.end == .toOne ? "a to-one relationship" : "an attribute"
      throw StoreError(.invalidQuery, "\(path.names.joined(separator: ".")) is \(kind), which this comparison cannot take")
    }
    return path.end == .count ? path.names + ["@count"] : path.names
  }

  /// `keyPath operation value`, on an attribute (or a to-many relationship's count).
  static func compare<Value>(
    _ keyPath: KeyPath<Root, Value>, _ operation: QueryComparison.Operator, _ right: QueryOperand, folding: QueryFolding = []
  ) -> EntityPredicate {
    EntityPredicate { () throws(StoreError) in
      let names = try path(keyPath, allowing: [.attribute, .count])
      return QueryComparison(quantifier: nil, left: .keyPath(names, column: 0), operation: operation, folding: folding, right: right, column: 0)
    }
  }
}
