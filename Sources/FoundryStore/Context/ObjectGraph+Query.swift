import Foundry
import FoundryGraph

extension ObjectGraph {
  /// The objects of `entity` and its subentities that meet `predicate`, found in memory with
  /// the answers a store gives for the same objects.
  ///
  /// ```swift
  /// let recent = try graph.objects(of: "Book", where: QueryPredicate("year > 2000 AND author.name BEGINSWITH[cd] 'mu'"))
  /// ```
  /// The graph's current values count, saved or not. Values are compared as the store keeps
  /// them (see ``FetchRequest``): the same predicate gives the same objects in memory, on SQLite
  /// and on PostgreSQL.
  /// - Parameters:
  ///   - entity: The name of the entity.
  ///   - predicate: The condition.
  ///   - transformers: How transformable attributes' values become the JSON their key paths
  ///     read (the store's registry, for objects of a store).
  /// - Throws: ``StoreError`` `invalidQuery` for an unknown entity or a predicate a store
  ///   refuses (with the same message), before any object is read.
  public func objects(of entity: String, where predicate: QueryPredicate, transformers: TransformerRegistry = .standard) throws(StoreError)
    -> [ManagedObject]
  {
    var request = FetchRequest(entity: entity)
    request.predicate = predicate
    return try objects(matching: request, transformers: transformers)
  }

  /// The objects a fetch request asks for, found, sorted and paged in memory as a store
  /// would (its prefetches aside: every relationship of a graph is at hand).
  ///
  /// ```swift
  /// var request = try FetchRequest(entity: "Author", where: "books.@count > 1")
  /// request.sortBy = [SortKey("name", caseInsensitive: true)]
  /// let authors = try graph.objects(matching: request)
  /// ```
  /// Ties in the sort order keep the graph's order (a store's keep its rows' order).
  /// - Parameters:
  ///   - request: The entity, predicate, sort keys, offset and limit.
  ///   - transformers: How transformable attributes' values become the JSON their key paths read.
  /// - Throws: ``StoreError`` `invalidQuery`, as a store's fetch would throw it.
  public func objects(matching request: FetchRequest, transformers: TransformerRegistry = .standard) throws(StoreError) -> [ManagedObject] {
    guard let entity = schema[request.entity] else { throw StoreError(.invalidQuery, "no entity named \"\(request.entity)\"") }
    let evaluator = try QueryEvaluator(schema: schema, transformers: transformers)
    if let predicate = request.predicate { try evaluator.check(predicate.node, on: entity) }
    for key in request.sortBy { try evaluator.check(key, on: entity) }
    var found: [ManagedObject] = []
    for object in objects where object.entity.index == entity.index || (request.includesSubentities && object.entity.isKind(of: entity)) {
      if let predicate = request.predicate, !(try evaluator.holds(predicate.node, for: object)) { continue }
      found.append(object)
    }
    if !request.sortBy.isEmpty { found = try Self.sorted(found, by: request.sortBy, evaluator) }
    let page = found.dropFirst(request.offset)
    return Array(request.limit.map { page.prefix($0) } ?? page)
  }

  /// `objects` in the order of `keys` (nil first ascending, last descending), ties in their order.
  private static func sorted(_ objects: [ManagedObject], by keys: [SortKey], _ evaluator: QueryEvaluator) throws(StoreError) -> [ManagedObject] {
    var rows: [(values: [SQLValue], position: Int)] = []
    for (position, object) in objects.enumerated() {
      var values: [SQLValue] = []
      for key in keys { values.append(try evaluator.sortValue(key, of: object)) }
      rows.append((values, position))
    }
    rows.sort { a, b in
      for (index, key) in keys.enumerated() {
        let order = SQLValue.order(a.values[index], b.values[index]) ?? (a.values[index] == b.values[index] ? 0 : a.values[index] == .null ? -1 : 1)
        if order != 0 { return key.ascending ? order < 0 : order > 0 }
      }
      return a.position < b.position
    }
    return rows.map { objects[$0.position] }
  }
}

extension ObjectContext {
  /// The objects registered in the context (fetched, imported or inserted, and not deleted)
  /// that a fetch request asks for, found in memory without reading the store.
  ///
  /// ```swift
  /// let drafts = try context.registeredObjects(matching: FetchRequest(entity: "Book", where: "title ENDSWITH[c] 'draft'"))
  /// ```
  /// Unsaved changes count: an object changed to meet the predicate is found, one deleted is not.
  /// Reading a relationship the context has not loaded yet loads it from the store.
  /// - Parameters:
  ///   - request: The entity, predicate, sort keys, offset and limit.
  /// - Throws: ``StoreError`` `invalidQuery`, as ``fetch(_:)-(FetchRequest)`` would throw it.
  public func registeredObjects(matching request: FetchRequest) throws(StoreError) -> [ManagedObject] {
    try graph.objects(matching: request, transformers: transformers)
  }
}
