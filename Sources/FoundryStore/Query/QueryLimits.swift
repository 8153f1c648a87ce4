/// Limits on query text, so that a query from outside (a URL parameter, a CLI argument) costs
/// time and memory in proportion to a small input, and never more stack than a thread has.
///
/// ```swift
/// var limits = QueryLimits()
/// limits.maximumLength = 2_000
/// let predicate = try QueryPredicate(userText, limits: limits)
/// ```
///
/// Crossing a limit throws ``StoreError`` of code ``StoreError/Code/queryLimitExceeded``, its
/// message naming the column where the limit was crossed and the limit's name:
/// `column 101: nesting deeper than 100 levels of parentheses and NOT (maximumDepth)`.
public struct QueryLimits: Sendable, Hashable {
  /// The most nesting the parser, compiler and values of a query take from any thread: a
  /// ``maximumDepth`` above it counts as this (a 512 KB stack holds it in a debug build).
  public static let depthCeiling = 128

  /// The longest query, in characters (10,000 by default). A chain of `AND`s and `OR`s is as
  /// long as this allows.
  public var maximumLength: Int

  /// The most parentheses and `NOT`s nested inside one another (100 by default, at most
  /// ``depthCeiling``).
  public var maximumDepth: Int

  /// The default limits, or others.
  ///
  /// ```swift
  /// QueryLimits(maximumLength: 500, maximumDepth: 8)
  /// ```
  public init(maximumLength: Int = 10_000, maximumDepth: Int = 100) {
    self.maximumLength = maximumLength
    self.maximumDepth = maximumDepth
  }

  /// The depth the parser allows: ``maximumDepth`` within `0...depthCeiling`.
  var effectiveDepth: Int { min(max(maximumDepth, 0), Self.depthCeiling) }

  /// Checks the length of `text` without counting past the limit.
  /// - Throws: ``StoreError/Code/queryLimitExceeded`` at the first column past the limit.
  func checkLength(of text: String) throws(StoreError) {
    let limit = max(maximumLength, 0)
    guard text.dropFirst(limit).isEmpty else {
      throw QueryError.limit(limit + 1, "the query is longer than \(limit) characters (maximumLength)")
    }
  }
}
