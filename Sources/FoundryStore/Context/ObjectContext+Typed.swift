import FoundryGraph

extension ObjectContext {
  /// A new object of an `@Entity` class, saved with the next ``save()``.
  ///
  /// ```swift
  /// let author = try context.insert(Author.self)
  /// author.name = "Ada"
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose entity the new object belongs to.
  /// - Throws: `GraphError` `unknownEntity` when the store's schema lacks the class's entity.
  public func insert<T: EntityObject>(_ type: T.Type) throws(GraphError) -> T { try graph.insert(type) }

  /// The object of an `@Entity` class with these identity values, loaded or found in the store.
  ///
  /// ```swift
  /// let author = try context.object(Author.self, identity: 106)
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class of the object.
  ///   - identity: The values of the entity's identity attributes, in their declared order.
  /// - Throws: `GraphError`, as ``object(of:identity:)``.
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
  ///   - type: The class; its `EntityObject.entity` names the entity.
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

  /// The stored objects of an `@Entity` class that meet a typed predicate, checked by the
  /// compiler (see ``EntityPredicate``).
  ///
  /// ```swift
  /// let books = try await context.fetch(
  ///   Book.self, where: \.year > 1990 && \.author?.name == "Ada", sortBy: [.ascending(\.title)], limit: 20)
  /// ```
  /// - Parameters:
  ///   - type: The class; its `EntityObject.entity` names the entity.
  ///   - predicate: The condition.
  ///   - sortBy: Attributes to sort by.
  ///   - limit: At most this many objects.
  /// - Throws: ``StoreError`` `invalidQuery` (a key path that names no stored property), or the
  ///   database's error.
  nonisolated(nonsending) public func fetch<T: EntityObject>(
    _ type: T.Type, where predicate: EntityPredicate<T>, sortBy: [EntitySortKey<T>] = [], limit: Int? = nil
  ) async throws -> [T] {
    try await fetch(try FetchRequest(T.self, where: predicate, sortBy: sortBy, limit: limit)).map(T.init(managedObject:))
  }

  /// Every stored object of an `@Entity` class, in the order typed sort keys say.
  ///
  /// ```swift
  /// let newest = try await context.fetch(Book.self, sortBy: [.descending(\.year)], limit: 10)
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose objects to fetch.
  ///   - sortBy: The order, most significant key first.
  ///   - limit: The most objects to return; `nil` returns them all.
  /// - Throws: ``StoreError`` `invalidQuery` (a key path that names no attribute), or the
  ///   database's error.
  nonisolated(nonsending) public func fetch<T: EntityObject>(_ type: T.Type, sortBy: [EntitySortKey<T>], limit: Int? = nil) async throws -> [T] {
    try await fetch(try FetchRequest(T.self, sortBy: sortBy, limit: limit)).map(T.init(managedObject:))
  }

  /// The number of stored objects of an `@Entity` class that meet a typed predicate.
  ///
  /// ```swift
  /// let prolific = try await context.count(Author.self, where: \.books.count > 10)
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose objects to count.
  ///   - predicate: The condition the counted objects meet.
  /// - Throws: ``StoreError`` `invalidQuery`, or the database's error.
  nonisolated(nonsending) public func count<T: EntityObject>(_ type: T.Type, where predicate: EntityPredicate<T>) async throws -> Int {
    try await count(try FetchRequest(T.self, where: predicate))
  }
}

extension FetchRequest {
  /// A request for the objects of an `@Entity` class, with a typed predicate and sort keys.
  ///
  /// ```swift
  /// var request = try FetchRequest(Book.self, where: \.year > 1990, sortBy: [.ascending(\.title)])
  /// request.prefetch = ["author"]
  /// let books = try await context.fetch(request).map(Book.init(managedObject:))
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose objects to fetch.
  ///   - predicate: The condition the objects meet; `nil` fetches every object.
  ///   - sortBy: The order, most significant key first.
  ///   - limit: The most objects to return; `nil` returns them all.
  /// - Throws: ``StoreError`` `invalidQuery` when a key path names no stored property.
  public init<T: EntityObject>(
    _ type: T.Type, where predicate: EntityPredicate<T>? = nil, sortBy: [EntitySortKey<T>] = [], limit: Int? = nil
  ) throws(StoreError) {
    self.init(entity: T.entity.name)
    self.predicate = try predicate.map { predicate throws(StoreError) in try QueryPredicate(predicate) }
    self.sortBy = try sortBy.map { key throws(StoreError) in try SortKey(key) }
    self.limit = limit
  }
}
