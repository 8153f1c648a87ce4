import FoundryGraph

/// A fetch of computed values instead of objects: counts, sums, averages, minimums and
/// maximums of attributes, over all the objects a predicate picks or per group of objects
/// sharing the values of some attributes, as dictionaries (Core Data's dictionary results
/// with expression descriptions and `propertiesToGroupBy`).
///
/// ```swift
/// var request = try AggregateRequest(entity: "Book", where: "year > 1990")
/// request.groupBy = ["author.name"]
/// request.values = [.count, .average("rating"), .maximum("year", as: "latest")]
/// for row in try await context.aggregate(request) {
///   print(row["author.name"] ?? "none", row["count"]!, row["avg.rating"] ?? "none")
/// }
/// ```
///
/// Rows come ordered by the groups' values (nil first, text by code point); with no
/// ``groupBy`` there is one row, even when no object matches (its count 0, its other values
/// nil). With ``groupBy`` and no ``values``, the rows are the distinct values of those attributes.
public struct AggregateRequest: Sendable, Hashable {
  /// The entity; objects of its subentities are included unless ``includesSubentities`` is off.
  public var entity: String
  /// The condition the objects meet; every object of the entity when `nil`.
  public var predicate: QueryPredicate?
  /// Attributes, or key paths through to-one relationships to attributes (`author.name`), whose
  /// values make the groups; each row holds them under these names (nil ones left out).
  public var groupBy: [String] = []
  /// What to compute for each group (or for all the objects), under each value's name.
  public var values: [AggregateValue] = []
  /// Whether objects of the entity's subentities are included (they are by default).
  public var includesSubentities = true
  /// At most this many rows.
  public var limit: Int?

  /// A request over every object of `entity`.
  ///
  /// ```swift
  /// AggregateRequest(entity: "Book", groupBy: ["year"])   // the distinct years
  /// ```
  /// - Parameters:
  ///   - entity: The entity whose objects to aggregate.
  ///   - groupBy: Attributes, or key paths through to-one relationships, whose values make the groups.
  ///   - values: What to compute.
  public init(entity: String, groupBy: [String] = [], values: [AggregateValue] = []) {
    self.entity = entity
    self.groupBy = groupBy
    self.values = values
  }

  /// A request over the objects of `entity` that meet `predicate`.
  ///
  /// ```swift
  /// let request = try AggregateRequest(entity: "Book", where: "author.name BEGINSWITH 'M'", values: [.sum("price")])
  /// ```
  /// - Parameters:
  ///   - entity: The entity whose objects to aggregate.
  ///   - predicate: The condition in the query language (see ``QueryPredicate``).
  ///   - groupBy: Attributes, or key paths through to-one relationships, whose values make the groups.
  ///   - values: What to compute.
  /// - Throws: ``StoreError`` `invalidQuery`, naming the column of the mistake.
  public init(entity: String, where predicate: String, groupBy: [String] = [], values: [AggregateValue] = []) throws(StoreError) {
    self.init(entity: entity, groupBy: groupBy, values: values)
    self.predicate = try QueryPredicate(predicate)
  }
}

/// One computed value of an ``AggregateRequest``: a function of an attribute (reached through
/// to-one relationships), and the name the rows hold it under.
///
/// ```swift
/// AggregateValue.count                        // "count": the objects
/// AggregateValue.sum("price")                 // "sum.price"
/// AggregateValue.average("rating", as: "mean")
/// ```
/// Nil values are left out: `count("price")` counts the objects with a price, and the sum,
/// average, minimum and maximum of no values are nil. `sum` and `average` take numbers,
/// `minimum` and `maximum` numbers, dates and strings (by code point). A sum of integers is an
/// integer, of other numbers (decimals included) a double; an average is a double.
public struct AggregateValue: Sendable, Hashable {
  /// What an aggregate value computes.
  public enum Function: String, Sendable, Hashable {
    case count, sum, avg, min, max
  }

  /// The function.
  public var function: Function
  /// The attribute, or key path through to-one relationships; `nil` for a count of objects.
  public var keyPath: String?
  /// The name rows hold the value under.
  public var name: String

  /// The number of objects.
  public static var count: AggregateValue { AggregateValue(function: .count, keyPath: nil, name: "count") }

  /// The number of objects with a value at `keyPath`.
  /// - Parameters:
  ///   - keyPath: An attribute, or a key path through to-one relationships to one.
  ///   - name: The name rows hold it under; `count.<keyPath>` by default.
  public static func count(_ keyPath: String, as name: String? = nil) -> AggregateValue { AggregateValue(.count, keyPath, name) }

  /// The sum of the numbers at `keyPath`.
  /// - Parameters:
  ///   - keyPath: A number attribute, or a key path through to-one relationships to one.
  ///   - name: The name rows hold it under; `sum.<keyPath>` by default.
  public static func sum(_ keyPath: String, as name: String? = nil) -> AggregateValue { AggregateValue(.sum, keyPath, name) }

  /// The average of the numbers at `keyPath`.
  /// - Parameters:
  ///   - keyPath: A number attribute, or a key path through to-one relationships to one.
  ///   - name: The name rows hold it under; `avg.<keyPath>` by default.
  public static func average(_ keyPath: String, as name: String? = nil) -> AggregateValue { AggregateValue(.avg, keyPath, name) }

  /// The smallest value at `keyPath`.
  /// - Parameters:
  ///   - keyPath: A number, date or string attribute, or a key path through to-one relationships to one.
  ///   - name: The name rows hold it under; `min.<keyPath>` by default.
  public static func minimum(_ keyPath: String, as name: String? = nil) -> AggregateValue { AggregateValue(.min, keyPath, name) }

  /// The largest value at `keyPath`.
  /// - Parameters:
  ///   - keyPath: A number, date or string attribute, or a key path through to-one relationships to one.
  ///   - name: The name rows hold it under; `max.<keyPath>` by default.
  public static func maximum(_ keyPath: String, as name: String? = nil) -> AggregateValue { AggregateValue(.max, keyPath, name) }

  private init(_ function: Function, _ keyPath: String, _ name: String?) {
    self.init(function: function, keyPath: keyPath, name: name ?? "\(function.rawValue).\(keyPath)")
  }

  /// A value computing `function` of `keyPath` (`nil`: a count of objects), named `name`.
  ///
  /// ```swift
  /// AggregateValue(function: .max, keyPath: "year", name: "latest")
  /// ```
  /// - Parameters:
  ///   - function: What to compute.
  ///   - keyPath: The attribute, or key path through to-one relationships; `nil` only for `.count`.
  ///   - name: The name rows hold the value under.
  public init(function: Function, keyPath: String?, name: String) {
    self.function = function
    self.keyPath = keyPath
    self.name = name
  }

  /// Reads `text` as `count`, `count:KEYPATH`, `sum:KEYPATH`, `avg:KEYPATH`, `min:KEYPATH` or
  /// `max:KEYPATH`, optionally `=NAME` after it: what `foundry query --aggregate` takes.
  ///
  /// ```swift
  /// try AggregateValue(parsing: "avg:rating=mean")
  /// ```
  /// - Throws: ``StoreError`` `invalidQuery` naming the forms there are.
  public init(parsing text: String) throws(StoreError) {
    let (spec, name) = text.split(separator: "=", maxSplits: 1).map(String.init).splitFirst
    let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
    guard let function = Function(rawValue: parts.first ?? ""), parts.count == 2 || function == .count, parts.count < 2 || !parts[1].isEmpty else {
      throw StoreError(.invalidQuery, "\"\(text)\" is not an aggregate: write count, count:KEYPATH, sum:, avg:, min: or max:KEYPATH, =NAME after it to name it")
    }
    let keyPath = parts.count == 2 ? parts[1] : nil
    self.init(function: function, keyPath: keyPath, name: name ?? keyPath.map { "\(function.rawValue).\($0)" } ?? "count")
  }
}

extension Array where Element == String {
  /// The first element, and the second when there is one.
  fileprivate var splitFirst: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
