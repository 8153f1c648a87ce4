import FoundryGraph

extension EntityPredicate {
  // MARK: - Text

  /// Objects whose text attribute begins with `prefix` (`BEGINSWITH`).
  ///
  /// ```swift
  /// let the = try await context.fetch(Book.self, where: .beginsWith(\.title, "the", caseInsensitive: true))
  /// ```
  /// - Parameters:
  ///   - keyPath: The text attribute.
  ///   - prefix: The text the attribute begins with.
  ///   - caseInsensitive: Whether letters match in either case (`[c]`: Unicode case folding, `ß` is `ss`).
  ///   - diacriticInsensitive: Whether letters match with or without diacritics (`[d]`: `é` is `e`).
  public static func beginsWith<Value: TextQueryValue>(
    _ keyPath: KeyPath<Root, Value>, _ prefix: String, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false
  ) -> EntityPredicate {
    compare(keyPath, .beginsWith, .value(.string(prefix), column: 0), folding: .asked(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive))
  }

  /// Objects whose text attribute ends with `suffix` (`ENDSWITH`).
  ///
  /// ```swift
  /// let sequels = try await context.fetch(Book.self, where: .endsWith(\.title, " II"))
  /// ```
  /// - Parameters:
  ///   - keyPath: The text attribute.
  ///   - suffix: The text the attribute ends with.
  ///   - caseInsensitive: Whether letters match in either case (`[c]`: Unicode case folding, `ß` is `ss`).
  ///   - diacriticInsensitive: Whether letters match with or without diacritics (`[d]`: `é` is `e`).
  public static func endsWith<Value: TextQueryValue>(
    _ keyPath: KeyPath<Root, Value>, _ suffix: String, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false
  ) -> EntityPredicate {
    compare(keyPath, .endsWith, .value(.string(suffix), column: 0), folding: .asked(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive))
  }

  /// Objects whose text attribute contains `text` (`CONTAINS`).
  ///
  /// ```swift
  /// let drafts = try await context.fetch(Book.self, where: .contains(\.title, "draft", caseInsensitive: true))
  /// ```
  /// - Parameters:
  ///   - keyPath: The text attribute.
  ///   - text: The text the attribute contains.
  ///   - caseInsensitive: Whether letters match in either case (`[c]`: Unicode case folding, `ß` is `ss`).
  ///   - diacriticInsensitive: Whether letters match with or without diacritics (`[d]`: `é` is `e`).
  public static func contains<Value: TextQueryValue>(
    _ keyPath: KeyPath<Root, Value>, _ text: String, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false
  ) -> EntityPredicate {
    compare(keyPath, .contains, .value(.string(text), column: 0), folding: .asked(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive))
  }

  /// Objects whose text attribute matches `pattern`, where `*` stands for any characters and
  /// `?` for one (`LIKE`).
  ///
  /// ```swift
  /// let volumes = try await context.fetch(Book.self, where: .like(\.title, "Volume ?"))
  /// ```
  /// - Parameters:
  ///   - keyPath: The text attribute.
  ///   - pattern: The pattern: `*` any characters, `?` one.
  ///   - caseInsensitive: Whether letters match in either case (`[c]`: Unicode case folding, `ß` is `ss`).
  ///   - diacriticInsensitive: Whether letters match with or without diacritics (`[d]`: `é` is `e`).
  public static func like<Value: TextQueryValue>(
    _ keyPath: KeyPath<Root, Value>, _ pattern: String, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false
  ) -> EntityPredicate {
    compare(keyPath, .like, .value(.string(pattern), column: 0), folding: .asked(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive))
  }

  /// Objects whose array-valued attribute (a `.value` attribute such as `[String]`, kept as
  /// JSON) holds `element` (`CONTAINS`).
  ///
  /// ```swift
  /// let swifty = try await context.fetch(Post.self, where: .contains(\.tags, "swift"))
  /// ```
  /// - Parameters:
  ///   - keyPath: The array-valued attribute.
  ///   - element: The element it must hold.
  public static func contains<Values: Sequence>(_ keyPath: KeyPath<Root, Values>, _ element: Values.Element) -> EntityPredicate
  where Values.Element: QueryValue {
    compare(keyPath, .contains, .value(element.queryLiteral.literal, column: 0))
  }

  // MARK: - Lists and ranges

  /// Objects whose attribute equals one of `values` (`IN`).
  ///
  /// ```swift
  /// let chosen = try await context.fetch(Book.self, where: .in(\.year, [1851, 1862, 1869]))
  /// ```
  /// - Parameters:
  ///   - keyPath: The attribute.
  ///   - values: The values that match.
  public static func `in`<Value: QueryValue & Equatable>(_ keyPath: KeyPath<Root, Value>, _ values: [Value]) -> EntityPredicate {
    compare(keyPath, .isIn, .list(values.map(\.queryLiteral.literal), column: 0))
  }

  /// Objects whose attribute lies in `range`, both bounds included (`BETWEEN`).
  ///
  /// ```swift
  /// let nineties = try await context.fetch(Book.self, where: .between(\.year, 1990...1999))
  /// ```
  /// - Parameters:
  ///   - keyPath: The attribute.
  ///   - range: The values that match, both bounds included.
  public static func between<Value: QueryValue & Comparable>(_ keyPath: KeyPath<Root, Value>, _ range: ClosedRange<Value>) -> EntityPredicate {
    compare(keyPath, .between, .list([range.lowerBound.queryLiteral.literal, range.upperBound.queryLiteral.literal], column: 0))
  }

  /// Objects whose optional attribute has a value in `range`, both bounds included (`BETWEEN`).
  ///
  /// ```swift
  /// let eighties = try await context.fetch(Author.self, where: .between(\.born, start...end))
  /// ```
  /// - Parameters:
  ///   - keyPath: The optional attribute; objects without a value never match.
  ///   - range: The values that match, both bounds included.
  public static func between<Value: QueryValue & Comparable>(_ keyPath: KeyPath<Root, Value?>, _ range: ClosedRange<Value>) -> EntityPredicate {
    compare(keyPath, .between, .list([range.lowerBound.queryLiteral.literal, range.upperBound.queryLiteral.literal], column: 0))
  }
}
