import FoundryGraph

/// A value for a `%@` placeholder of ``QueryPredicate/init(format:_:limits:)``: a value, as a
/// `$name` variable takes it, or an object a relationship is compared with.
///
/// ```swift
/// try QueryPredicate(format: "author == %@ AND year > %@ AND title BEGINSWITH[c] %@", .object(ada), 1990, "the")
/// ```
public enum QueryArgument {
  /// A string, number, Boolean, date (compared as seconds since 1970), decimal, URL or UUID,
  /// or `nil`.
  case value(GraphValue?)
  /// An object, compared with a to-one relationship's object (`author == %@`) or a to-many
  /// relationship's objects (`books CONTAINS %@`, `ANY books == %@`): the same stored row, or
  /// in memory the same instance. An object not saved yet is no stored row.
  case object(ManagedObject)
}

extension QueryArgument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .value(.string(value)) }
  public init(integerLiteral value: Int64) { self = .value(.integer(value)) }
  public init(floatLiteral value: Double) { self = .value(.double(value)) }
  public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
  public init(nilLiteral: ()) { self = .value(nil) }
}

extension QueryPredicate {
  /// The predicate `text` says, each `%@` in it the next of `arguments`, as NSPredicate's
  /// `predicateWithFormat:` reads it.
  ///
  /// ```swift
  /// let predicate = try QueryPredicate(format: "author == %@ AND year > %@", .object(ada), 1990)
  /// var request = FetchRequest(entity: "Book")
  /// request.predicate = predicate
  /// ```
  /// - Parameters:
  ///   - text: The condition, with `%@` where an argument goes.
  ///   - arguments: The values and objects, in the order of the placeholders.
  ///   - limits: How long and how deeply nested `text` may be.
  /// - Throws: ``StoreError`` `invalidQuery` for a placeholder without an argument (or an
  ///   argument without a placeholder), or a value a query cannot compare.
  public init(format text: String, _ arguments: QueryArgument..., limits: QueryLimits = QueryLimits()) throws(StoreError) {
    var literals: [String: QueryLiteral] = [:]
    for (position, argument) in arguments.enumerated() {
      let name = "%\(position + 1)"
      switch argument {
      case .value(let value): literals[name] = try QueryLiteral(variable: name, value)
      case .object(let object): literals[name] = .object(ObjectLiteral(object))
      }
    }
    let placeholders = text.ranges(of: "%@").count
    guard placeholders == arguments.count else {
      throw StoreError(
        .invalidQuery, "the format has \(placeholders) %@ placeholder\(placeholders == 1 ? "" : "s") and \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
    }
    self.text = text
    node = try QueryParser.parse(text, limits: limits, variables: literals)
  }
}
