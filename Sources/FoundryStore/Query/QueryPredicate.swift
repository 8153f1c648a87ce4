import FoundryGraph

/// A condition on stored objects, written in the query language Core Data users know.
///
/// ```swift
/// let predicate = try QueryPredicate(#"name BEGINSWITH[c] "a" AND books.@count > 2"#)
/// var request = FetchRequest(entity: "Author")
/// request.predicate = predicate
/// ```
///
/// Comparisons: `==` (`=`), `!=` (`<>`), `<`, `<=`, `>`, `>=`, `BEGINSWITH`, `ENDSWITH`,
/// `CONTAINS`, `LIKE` (`*` and `?` wildcards), `IN {…}`, `BETWEEN {low, high}`, each with
/// `[c]` for case-insensitive, `[d]` diacritic-insensitive, `[cd]` both (every letter); `AND` (`&&`), `OR` (`||`), `NOT` (`!`) and
/// parentheses; `TRUEPREDICATE`, `FALSEPREDICATE`. Key paths go through to-one relationships
/// (`author.name`), to-many ones with `ANY` (the default), `ALL` or `NONE` (`ANY books.year >
/// 2000`) or `@count` (`books.@count == 0`), and inside transformable and typed-value
/// attributes (`settings.theme == "dark"`, `settings.tags CONTAINS "swift"`,
/// `assignments.@count > 1`). Values: strings in single or double quotes, numbers, `TRUE`,
/// `FALSE`, `NIL`; a date compares with seconds since 1970 or ISO 8601 text. Values are always
/// bound to the SQL, never spliced into it.
public struct QueryPredicate: Sendable, Hashable, CustomStringConvertible {
  /// The text the predicate was read from.
  public let text: String
  let node: QueryNode

  /// The predicate `text` says.
  ///
  /// ```swift
  /// try QueryPredicate("year >= 1990 AND NOT (title CONTAINS[c] 'draft')")
  /// ```
  /// - Parameters:
  ///   - text: The condition in the query language, such as `author.name == "Ada" AND year > 1990`.
  ///   - limits: How long and how deeply nested `text` may be (10,000 characters and 100
  ///     levels by default).
  /// - Throws: ``StoreError`` `invalidQuery`: `column 7: expected a value, found the end of the query`;
  ///   `queryLimitExceeded` when `text` crosses a limit of `limits`.
  /// - Complexity: O(*n*) in the length of `text`, which the limits bound.
  public init(_ text: String, limits: QueryLimits = QueryLimits()) throws(StoreError) {
    self.text = text
    node = try QueryParser.parse(text, limits: limits)
  }

  /// The predicate `text` says, its `$name` variables given their values (NSPredicate's
  /// substitution variables): a string, number, Boolean, date (compared as seconds since
  /// 1970), decimal, URL or UUID, or `nil`.
  ///
  /// ```swift
  /// try QueryPredicate("year >= $from AND author.name == $name", variables: ["from": 1990, "name": "Ada"])
  /// ```
  /// - Parameters:
  ///   - text: The condition, with `$name` where a value goes.
  ///   - variables: The values, by name without the `$`.
  ///   - limits: How long and how deeply nested `text` may be.
  /// - Throws: ``StoreError`` `invalidQuery` naming every variable without a value
  ///   (`column 9: unbound variables $from, $name: give their values`), or one whose value a
  ///   query cannot compare (binary data, JSON).
  public init(_ text: String, variables: [String: GraphValue?], limits: QueryLimits = QueryLimits()) throws(StoreError) {
    self.text = text
    var literals: [String: QueryLiteral] = [:]
    for (name, value) in variables { literals[name] = try QueryLiteral(variable: name, value) }
    node = try QueryParser.parse(text, limits: limits, variables: literals)
  }

  public var description: String { text }
}
