import Foundry
import FoundryGraph

extension ObjectContext {
  /// Counts, sums, averages, minimums and maximums of stored objects, over all the objects a
  /// request picks or per group, computed by the database (see ``AggregateRequest``).
  ///
  /// ```swift
  /// let perAuthor = try await context.aggregate(AggregateRequest(entity: "Book", groupBy: ["author.name"], values: [.count]))
  /// ```
  /// Saved values count, as for ``count(_:)``; the context's unsaved changes do not.
  /// - Parameters:
  ///   - request: The entity, predicate, groups and values.
  /// - Returns: One dictionary per group (one in all without groups), keyed by the group key
  ///   paths and the values' names, nil values left out.
  /// - Throws: ``StoreError`` `invalidQuery` for an unknown key path, a function its
  ///   attribute's type does not take, or two columns of one name; the database's error.
  /// - Complexity: One query.
  nonisolated(nonsending) public func aggregate(_ request: AggregateRequest) async throws -> [[String: GraphValue]] {
    let query = try AggregateQuery(request, layout: store.layout, dialect: store.backend.dialect)
    return try query.dictionaries(try await store.backend.read([query.statement], from: source.queryRoute()).first ?? SQLRows(columnCount: 0))
  }

  /// ``aggregate(_:)`` for synchronous callers outside Swift's cooperative pool (the command line).
  package func aggregateNow(_ request: AggregateRequest) throws -> [[String: GraphValue]] {
    let query = try AggregateQuery(request, layout: store.layout, dialect: store.backend.dialect)
    return try query.dictionaries(try source.readNow([query.statement], from: source.queryRoute()).first ?? SQLRows(columnCount: 0))
  }
}

extension ObjectGraph {
  /// An aggregate request answered in memory over the graph's objects, with the answers a
  /// store gives for the same objects (see ``AggregateRequest``).
  ///
  /// ```swift
  /// let totals = try graph.aggregate(AggregateRequest(entity: "Book", groupBy: ["year"], values: [.sum("price")]))
  /// ```
  /// - Parameters:
  ///   - request: The entity, predicate, groups and values.
  ///   - transformers: How transformable attributes' values become the JSON their key paths read.
  /// - Returns: One dictionary per group, ordered by the groups' values, nil values left out.
  /// - Throws: ``StoreError`` `invalidQuery`, as a store would throw it, before any object is read.
  public func aggregate(_ request: AggregateRequest, transformers: TransformerRegistry = .standard) throws(StoreError) -> [[String: GraphValue]] {
    let evaluator = try QueryEvaluator(schema: schema, transformers: transformers)
    let query = try AggregateQuery(request, layout: evaluator.layout, dialect: QueryCheckDialect())
    var selection = FetchRequest(entity: request.entity)
    selection.predicate = request.predicate
    selection.includesSubentities = request.includesSubentities
    var groups: [[SQLValue]: [ManagedObject]] = [:]
    var keys: [[SQLValue]] = []
    for object in try objects(matching: selection, transformers: transformers) {
      var key: [SQLValue] = []
      for keyPath in request.groupBy { key.append(try evaluator.value(at: keyPath, of: object).0) }
      if groups[key] == nil { keys.append(key) }
      groups[key, default: []].append(object)
    }
    if request.groupBy.isEmpty && keys.isEmpty { keys = [[]] }
    let decimals = query.columns.prefix(request.groupBy.count).map { column in
      if case .attribute(let codec) = column.reading { codec.type == .decimal } else { false }
    }
    let sorted = AggregateEvaluation.sorted(keys, decimals: decimals)
    var rows: [[String: GraphValue]] = []
    for key in sorted.prefix(request.limit ?? Int.max) {
      var row: [String: GraphValue] = [:]
      var values = key
      for value in request.values { values.append(try AggregateEvaluation.compute(value, over: groups[key] ?? [], evaluator)) }
      for (column, stored) in zip(query.columns, values) {
        if let read = try AggregateQuery.read(stored, column.reading) { row[column.name] = read }
      }
      rows.append(row)
    }
    return rows
  }
}

/// The in-memory side of aggregate requests: the values SQL's aggregates give, and the order of groups.
enum AggregateEvaluation {
  /// `value` over `objects`, as the store's SQL computes it: nil values left out, nil for a
  /// sum, average, minimum or maximum of none.
  static func compute(_ value: AggregateValue, over objects: [ManagedObject], _ evaluator: QueryEvaluator) throws(StoreError) -> SQLValue {
    guard let keyPath = value.keyPath else { return .integer(Int64(objects.count)) }
    var values: [SQLValue] = []
    var isDecimal = false
    for object in objects {
      let (stored, type) = try evaluator.value(at: keyPath, of: object)
      isDecimal = type == .decimal
      if stored != .null { values.append(isDecimal ? stored.asReal : stored) }
    }
    guard !values.isEmpty || value.function == .count else { return .null }
    switch value.function {
    case .count: return .integer(Int64(values.count))
    case .sum: return try QueryAggregation.sum(values)
    case .avg: return .real(QueryAggregation.total(values) / Double(values.count))
    case .min: return values.min { SQLValue.order($0, $1) ?? 0 < 0 } ?? .null
    case .max: return values.max { SQLValue.order($0, $1) ?? 0 < 0 } ?? .null
    }
  }

  /// Group keys in the store's order: by each key's value, nil first, decimals (where
  /// `isDecimal` says) as numbers, text by code point.
  static func sorted(_ keys: [[SQLValue]], decimals isDecimal: [Bool]) -> [[SQLValue]] {
    keys.sorted { a, b in
      for index in a.indices {
        let decimal = index < isDecimal.count && isDecimal[index]
        let (x, y) = decimal ? (a[index].asReal, b[index].asReal) : (a[index], b[index])
        let order = SQLValue.order(x, y) ?? (x == y ? 0 : x == .null ? -1 : 1)
        if order != 0 { return order < 0 }
      }
      return false
    }
  }
}
