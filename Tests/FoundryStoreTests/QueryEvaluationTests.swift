import Foundation
import Foundry
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

/// Predicates evaluated in memory: over an `ObjectGraph` without a store, and over a context's
/// registered objects with their unsaved changes, with the store's answers and refusals.
@Suite("Queries in memory: graph.objects(matching:) and context.registeredObjects(matching:)")
struct QueryEvaluationTests {
  static func graph() throws -> ObjectGraph {
    let graph = ObjectGraph(schema: QueryFormsTests.schema)
    try graph.importJSON(Array(QueryFormsTests.payload.utf8), entity: "Product")
    return graph
  }

  static func ids(_ objects: [ManagedObject]) throws -> [Int64] {
    try QueryEvaluationDifferentialTests.ids(objects)
  }

  @Test("a graph answers predicates without a store, as a store answers them")
  func graphAnswers() throws {
    let graph = try Self.graph()
    let cases: [(String, [Int64])] = [
      ("name ==[cd] 'cafe'", [1]),
      ("alias BEGINSWITH[c] 'caf'", [1]),
      ("price > pricing.retail", []),
      ("price < pricing.retail", [2]),
      ("reviews.@avg.score >= 3", [1, 2]),
      ("reviews.@count == 0", [3]),
      ("reviews.@sum.score == 0", [3]),
      ("reviews.@max.score == nil", [3]),
      ("ALL reviews.score > 1", [2, 3]),
      ("SUBQUERY(reviews, $r, $r.score >= 4).@count == 2", [1]),
      ("released > CAST('2005-01-01T00:00:00Z', 'NSDate')", [2]),
      ("listPrice > 2.4", [1, 2]),
      ("name != 'Tea'", [1, 3]),
      ("NOT (name CONTAINS 'f')", [2, 3]),
      ("name MATCHES[c] 'ca.*'", [1]),
    ]
    for (text, expected) in cases {
      let found = try Self.ids(graph.objects(of: "Product", where: QueryPredicate(text)))
      #expect(found.sorted() == expected, "\(text)")
    }
  }

  @Test("sort keys, offset and limit in memory: nil first, decimals as numbers, folded text, ties in the graph's order")
  func sorting() throws {
    let graph = try Self.graph()
    var request = FetchRequest(entity: "Product")
    request.sortBy = [SortKey("listPrice")]
    #expect(try Self.ids(graph.objects(matching: request)) == [3, 2, 1])
    request.sortBy = [SortKey("pricing.retail", ascending: false)]
    #expect(try Self.ids(graph.objects(matching: request)) == [1, 2, 3])
    request.sortBy = [SortKey("alias", caseInsensitive: true, diacriticInsensitive: true)]
    request.offset = 1
    request.limit = 1
    #expect(try Self.ids(graph.objects(matching: request)) == [1])
  }

  @Test("what a store refuses is refused in memory, with the same message, even with no objects to read", arguments: StoreBackendKind.available)
  func refusals(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(QueryFormsTests.schema).store
    let empty = ObjectGraph(schema: QueryFormsTests.schema)
    for text in ["nmae == 'x'", "reviews.title == 1", "reviews == 2", "price BEGINSWITH 'x'", "ANY price > 1", "name < nil", "reviews.@avg.product > 1"] {
      let request = try FetchRequest(entity: "Product", where: text)
      let inMemory = #expect(throws: StoreError.self) { try empty.objects(matching: request) }
      let stored = await #expect(throws: StoreError.self) { try await store.makeContext().fetch(request) }
      #expect(inMemory?.message == stored?.message, "\(text)")
    }
    var sorted = FetchRequest(entity: "Product")
    sorted.sortBy = [SortKey("reviews")]
    #expect(throws: StoreError.self) { try empty.objects(matching: sorted) }
    #expect(throws: StoreError.self) { try empty.objects(matching: FetchRequest(entity: "Nothing")) }
  }

  @Test("a context's registered objects are searched with their unsaved changes, without reading the store", arguments: StoreBackendKind.available)
  func registeredObjects(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(QueryFormsTests.schema).store
    try await store.makeContext().importJSON(Array(QueryFormsTests.payload.utf8), entity: "Product")
    let context = try store.makeContext()
    let products = try await context.fetch(FetchRequest(entity: "Product"))
    let request = try FetchRequest(entity: "Product", where: "price >= 5 OR name == 'Juice'")
    #expect(try Self.ids(context.registeredObjects(matching: request)) == [1])
    let juice = try context.insert("Product")
    try juice.setValue(.integer(4), forKey: "id")
    try juice.setValue(.string("Juice"), forKey: "name")
    try products[1].setValue(.double(7), forKey: "price")
    try context.delete(products[0])
    #expect(try Self.ids(context.registeredObjects(matching: request)).sorted() == [2, 4])
    // The store still answers with what was saved.
    #expect(try Self.ids(try await store.makeContext().fetch(request)) == [1])
    try await context.save()
    #expect(try Self.ids(try await store.makeContext().fetch(request)).sorted() == [2, 4])
  }

  @Test("decimals sort as numbers and a JSON value that is not an array has no @count, on every backend", arguments: StoreBackendKind.available)
  func decimalsAndCounts(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Library.schema).store
    let values = #"[{"id": 1, "decimal": "10", "json": {"tags": "x"}}, {"id": 2, "decimal": "9.5", "json": {"tags": []}}, {"id": 3, "decimal": "100.25"}]"#
    try await store.makeContext().importJSON(Array(values.utf8), entity: "Value")
    let graph = ObjectGraph(schema: Library.schema)
    try graph.importJSON(Array(values.utf8), entity: "Value")
    var request = FetchRequest(entity: "Value")
    request.sortBy = [SortKey("decimal", ascending: false)]
    #expect(try Self.ids(try await store.makeContext().fetch(request)) == [3, 1, 2])
    #expect(try Self.ids(graph.objects(matching: request)) == [3, 1, 2])
    for (text, expected) in [("json.tags.@count == 0", [2] as [Int64]), ("json.tags.@count == nil", [1, 3])] {
      let counted = try FetchRequest(entity: "Value", where: text)
      #expect(try Self.ids(try await store.makeContext().fetch(counted)).sorted() == expected, "\(text)")
      #expect(try Self.ids(graph.objects(matching: counted)).sorted() == expected, "\(text)")
    }
  }
}

extension QueryEvaluationTests {
  @Test("@sum, @avg, @min and @max of a JSON array's numbers, on every backend and in memory", arguments: StoreBackendKind.available)
  func jsonAggregates(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Library.schema).store
    let values = #"""
      [{"id": 1, "json": {"scores": [1, 2.5, "x", true, 4]}}, {"id": 2, "json": {"scores": []}},
       {"id": 3, "json": {"scores": "7"}}, {"id": 4}, {"id": 5, "json": {"scores": [10, 20]}}]
      """#
    try await store.makeContext().importJSON(Array(values.utf8), entity: "Value")
    let graph = ObjectGraph(schema: Library.schema)
    try graph.importJSON(Array(values.utf8), entity: "Value")
    let cases: [(String, [Int64])] = [
      ("json.scores.@sum == 7.5", [1]),
      ("json.scores.@avg == 2.5", [1]),
      ("json.scores.@sum == 0", [2, 3, 4]),
      ("json.scores.@min == 1", [1]),
      ("json.scores.@max > 4", [5]),
      ("json.scores.@max == nil", [2, 3, 4]),
    ]
    for (text, expected) in cases {
      let request = try FetchRequest(entity: "Value", where: text)
      #expect(try Self.ids(try await store.makeContext().fetch(request)).sorted() == expected, "\(backend): \(text)")
      #expect(try Self.ids(graph.objects(matching: request)).sorted() == expected, "in memory: \(text)")
    }
    await #expect(throws: StoreError.self) { _ = try await store.makeContext().fetch(try FetchRequest(entity: "Value", where: "ANY json.scores.@sum > 1")) }
  }
}

/// Text order on a PostgreSQL database whose collation is not code point order.
@Suite("Queries on PostgreSQL under a linguistic collation")
struct CollationQueryTests {
  @Test("<, BETWEEN and key path orders compare text by code point on an en-US database, as SQLite and memory do")
  func codePointOrder() async throws {
    guard PostgresTestServer.unavailableReason == nil else { return }
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase(options: ["--template=template0", "--locale-provider=icu", "--icu-locale=en-US"])
    let store = try await Store(postgres: url, schema: QueryFormsTests.schema, poolSize: 2)
    // Code point order: "B" < "a" < "b"; en-US puts "a" first.
    let payload = #"[{"id": 1, "name": "B", "alias": "a", "reviews": [{"score": 1}]}, {"id": 2, "name": "a", "alias": "B"}, {"id": 3, "name": "b", "alias": "b"}]"#
    try await store.makeContext().importJSON(Array(payload.utf8), entity: "Product")
    let graph = ObjectGraph(schema: QueryFormsTests.schema)
    try graph.importJSON(Array(payload.utf8), entity: "Product")
    for (text, expected) in [("name < 'a'", [1] as [Int64]), ("name BETWEEN {'B', 'a'}", [1, 2]), ("name < alias", [1]), ("name >= 'b'", [3])] {
      let request = try FetchRequest(entity: "Product", where: text)
      #expect(try QueryEvaluationTests.ids(try await store.makeContext().fetch(request)).sorted() == expected, "\(text)")
      #expect(try QueryEvaluationTests.ids(graph.objects(matching: request)).sorted() == expected, "\(text)")
    }
  }
}
