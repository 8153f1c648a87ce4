import FoundryGraph

extension ObjectContext {
  /// A new object of an `@Entity` class, saved with the next ``save()``.
  ///
  /// ```swift
  /// let author = try context.insert(Author.self)
  /// author.name = "Ada"
  /// ```
  /// - Throws: ``GraphError`` `unknownEntity` when the store's schema lacks the class's entity.
  public func insert<T: EntityObject>(_ type: T.Type) throws(GraphError) -> T { try graph.insert(type) }

  /// The object of an `@Entity` class with these identity values, loaded or found in the store.
  ///
  /// ```swift
  /// let author = try context.object(Author.self, identity: 106)
  /// ```
  /// - Throws: ``GraphError``, as ``object(of:identity:)``.
  public func object<T: EntityObject>(_ type: T.Type, identity: GraphValue...) throws(GraphError) -> T? {
    try graph.object(of: T.entity.name, identityValues: identity).map(T.init(managedObject:))
  }

  /// The stored objects of an `@Entity` class (and its subclasses' entities) that meet a
  /// predicate, as typed objects.
  ///
  /// ```swift
  /// let prolific = try await context.fetch(Author.self, where: "books.@count > 10", sortBy: [SortKey("name")])
  /// ```
  /// - Parameters:
  ///   - type: The class; its ``EntityObject/entity`` names the entity.
  ///   - predicate: A ``QueryPredicate``'s text; every object when `nil`.
  ///   - sortBy: Attributes to sort by.
  ///   - limit: At most this many objects.
  /// - Throws: ``StoreError`` `invalidQuery`, or the database's error.
  nonisolated(nonsending) public func fetch<T: EntityObject>(
    _ type: T.Type, where predicate: String? = nil, sortBy: [SortKey] = [], limit: Int? = nil
  ) async throws -> [T] {
    var request = FetchRequest(entity: T.entity.name)
    request.predicate = try predicate.map { text throws(StoreError) in try QueryPredicate(text) }
    request.sortBy = sortBy
    request.limit = limit
    return try await fetch(request).map(T.init(managedObject:))
  }
}
