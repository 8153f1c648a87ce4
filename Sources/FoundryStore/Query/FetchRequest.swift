import FoundryGraph

/// Which stored objects a fetch returns, in what order, and what it loads with them.
///
/// ```swift
/// var request = FetchRequest(entity: "Book")
/// request.sortBy = [SortKey("title")]
/// request.limit = 20
/// request.prefetch = ["author"]
/// let books = try await context.fetch(request)
/// ```
public struct FetchRequest: Sendable, Hashable {
  /// The entity; objects of its subentities are included unless ``includesSubentities`` is off.
  public var entity: String
  /// The condition the objects meet; every object of the entity when `nil`.
  public var predicate: QueryPredicate?
  /// Attributes to sort by, in order of precedence (then by row, so the order is stable).
  public var sortBy: [SortKey] = []
  /// At most this many objects.
  public var limit: Int?
  /// Objects to skip first.
  public var offset = 0
  /// Relationships to load with the objects, in one query each instead of one per object.
  public var prefetch: [String] = []
  /// Whether objects of the entity's subentities are included (they are by default).
  public var includesSubentities = true
  /// Objects whose values are read together (Core Data's `fetchBatchSize`): the fetch reads
  /// every object's row number and the first batch's rows; an object of a later batch is a
  /// fault until first used, which reads its whole batch in one query. `nil` reads every
  /// row with the fetch. ``prefetch`` is left to the faults then.
  public var batchSize: Int?
  /// Only rows after this one (in row order): how batches page without an offset.
  package var afterRow: Int64?

  /// Every object of `entity`.
  ///
  /// ```swift
  /// FetchRequest(entity: "Author")
  /// ```
  /// - Parameters:
  ///   - entity: The name of the entity whose objects to fetch; subentities' objects come too.
  public init(entity: String) { self.entity = entity }

  /// The objects of `entity` that meet `predicate` (see ``QueryPredicate``).
  ///
  /// ```swift
  /// let request = try FetchRequest(entity: "Book", where: "year > 1990 AND author.name BEGINSWITH 'O'")
  /// ```
  /// - Parameters:
  ///   - entity: The name of the entity whose objects to fetch; subentities' objects come too.
  ///   - predicate: The condition in the query language, such as `year > 1990`.
  /// - Throws: ``StoreError`` `invalidQuery`, naming the column of the mistake.
  public init(entity: String, where predicate: String) throws(StoreError) {
    self.entity = entity
    self.predicate = try QueryPredicate(predicate)
  }

  /// The objects of `entity` that meet `predicate`, its `$name` variables given `variables`.
  ///
  /// ```swift
  /// let request = try FetchRequest(entity: "Book", where: "year > $year", variables: ["year": 1990])
  /// ```
  /// - Parameters:
  ///   - entity: The name of the entity whose objects to fetch; subentities' objects come too.
  ///   - predicate: The condition in the query language, with `$name` where a value goes.
  ///   - variables: The values, by name without the `$`.
  /// - Throws: ``StoreError`` `invalidQuery`, naming the column of the mistake, or the variables without a value.
  public init(entity: String, where predicate: String, variables: [String: GraphValue?]) throws(StoreError) {
    self.entity = entity
    self.predicate = try QueryPredicate(predicate, variables: variables)
  }
}

/// One attribute to sort by: the fetched entity's, or one reached through to-one
/// relationships (`author.name`), with text compared as `[c]`, `[d]` or `[cd]` compare it.
///
/// ```swift
/// SortKey("year", ascending: false)
/// SortKey("author.lastName", caseInsensitive: true, diacriticInsensitive: true)   // Müller beside muller
/// ```
public struct SortKey: Sendable, Hashable {
  /// The attribute's name, or a key path through to-one relationships to it.
  public var attribute: String
  /// Whether smaller values come first.
  public var ascending: Bool
  /// Whether text sorts without regard to case (Unicode case folding, as `[c]` compares).
  public var caseInsensitive = false
  /// Whether text sorts without regard to diacritics (as `[d]` compares).
  public var diacriticInsensitive = false

  /// Sorting by `attribute`, ascending unless said otherwise.
  /// - Parameters:
  ///   - attribute: The attribute to sort by, as the schema names it, or a key path through
  ///     to-one relationships to one (`author.name`).
  ///   - ascending: Whether smaller values come first; `false` puts larger values first.
  ///   - caseInsensitive: Whether text sorts without regard to case.
  ///   - diacriticInsensitive: Whether text sorts without regard to diacritics.
  public init(_ attribute: String, ascending: Bool = true, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false) {
    self.attribute = attribute
    self.ascending = ascending
    self.caseInsensitive = caseInsensitive
    self.diacriticInsensitive = diacriticInsensitive
  }
}
