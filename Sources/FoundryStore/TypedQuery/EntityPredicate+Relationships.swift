import FoundryGraph

extension EntityPredicate {
  /// Objects with at least one object in a to-many relationship that meets `condition` (`ANY`).
  ///
  /// ```swift
  /// let classic = try await context.fetch(Author.self, where: .any(\.books, \.year < 1900))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship (through to-one ones with `?.`, too).
  ///   - condition: One comparison on the related objects (not `&&` or `||` of several: the
  ///     query language quantifies a single comparison); a fetch with more throws
  ///     ``StoreError`` `invalidQuery`.
  public static func any<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.any, relationship, condition)
  }

  /// ``any(_:_:)`` through to-one relationships: `.any(\.author?.books, \.year < 1900)`.
  ///
  /// ```swift
  /// let pages = try await context.fetch(Page.self, where: .any(\.book?.reviews, \.stars == 5))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship, reached through one or more to-one relationships.
  ///   - condition: The condition at least one related object meets.
  public static func any<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]?>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.any, relationship, condition)
  }

  /// Objects whose to-many relationship's objects all meet `condition` (`ALL`); an object with
  /// none meets it.
  ///
  /// ```swift
  /// let modern = try await context.fetch(Author.self, where: .all(\.books, \.year >= 2000))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship.
  ///   - condition: One comparison on the related objects, as for `any(_:_:)`.
  public static func all<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.all, relationship, condition)
  }

  /// ``all(_:_:)`` through to-one relationships.
  ///
  /// ```swift
  /// let pages = try await context.fetch(Page.self, where: .all(\.book?.reviews, \.stars >= 3))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship, reached through one or more to-one relationships.
  ///   - condition: The condition every related object meets (true when there are none).
  public static func all<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]?>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.all, relationship, condition)
  }

  /// Objects with no object in a to-many relationship that meets `condition` (`NONE`).
  ///
  /// ```swift
  /// let unpublished = try await context.fetch(Author.self, where: .noneOf(\.books, \.year > 0))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship.
  ///   - condition: One comparison on the related objects, as for `any(_:_:)`.
  public static func noneOf<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.noneOf, relationship, condition)
  }

  /// ``noneOf(_:_:)`` through to-one relationships.
  ///
  /// ```swift
  /// let pages = try await context.fetch(Page.self, where: .noneOf(\.book?.reviews, \.stars == 1))
  /// ```
  /// - Parameters:
  ///   - relationship: The to-many relationship, reached through one or more to-one relationships.
  ///   - condition: The condition no related object meets.
  public static func noneOf<Element: EntityObject>(_ relationship: KeyPath<Root, [Element]?>, _ condition: EntityPredicate<Element>) -> EntityPredicate {
    quantified(.noneOf, relationship, condition)
  }

  /// `QUANTIFIER relationship.key operator value`: the condition's comparison, on the key path
  /// that goes on from the relationship.
  private static func quantified<Value, Element: EntityObject>(
    _ quantifier: QueryComparison.Quantifier, _ relationship: KeyPath<Root, Value>, _ condition: EntityPredicate<Element>
  ) -> EntityPredicate {
    EntityPredicate { () throws(StoreError) in
      let names = try path(relationship, allowing: [.toMany])
      let inner = try condition.node.get()
      // ANY inside any quantifier is what a to-many key path means by default (ALL
      // authors.books.year > 2000 reads ALL authors with ANY book ...); other nestings have no text.
      guard case .comparison(var comparison) = inner, comparison.quantifier == nil || comparison.quantifier == .any,
        case .keyPath(let rest, _) = comparison.left
      else {
        throw StoreError(
          .invalidQuery, "ANY, ALL and NONE take one comparison (or ANY of one), not \(QueryRenderer.render(inner).text)")
      }
      comparison.quantifier = quantifier
      comparison.left = .keyPath(names + rest, column: 0)
      return comparison
    }
  }
}
