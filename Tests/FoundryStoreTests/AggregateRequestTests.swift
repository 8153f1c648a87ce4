import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import FoundryTestSupport
import Testing

/// Aggregate fetches: counts, sums, averages, minimums and maximums, grouped or not, distinct
/// values, as dictionaries, on each backend and in memory alike.
@Suite("Aggregate requests: grouped counts, sums, averages, minimums, maximums and distinct values")
struct AggregateRequestTests {
  static func store(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(QueryEvaluationDifferentialTests.schema).store
    try await store.makeContext().importJSON(Array(Self.payload.utf8), entity: "Author")
    return store
  }

  static let payload = """
    [{"id": 1, "name": "Müller", "rating": 4.5, "fee": "100", "born": "1950-01-01T00:00:00Z", "agent": {"id": 1, "name": "Ada"},
      "books": [{"id": 10, "title": "Café", "year": 1999, "rating": 4, "price": "9.5"},
                {"id": 11, "title": "RÉSUMÉ", "year": 2005, "rating": 2.5, "price": "12.25"},
                {"id": 12, "year": 2005}]},
     {"id": 2, "name": "Zoë", "rating": 3, "fee": "9.5", "agent": {"id": 2},
      "books": [{"id": 20, "title": "Straße", "year": 1999, "rating": 5, "price": "100"}]},
     {"id": 3, "big": 9007199254740993, "books": []}]
    """

  static func both(_ request: AggregateRequest, _ backend: StoreBackendKind) async throws -> [[String: GraphValue]] {
    let store = try await Self.store(backend)
    let stored = try await store.makeContext().aggregate(request)
    let graph = ObjectGraph(schema: QueryEvaluationDifferentialTests.schema)
    try graph.importJSON(Array(Self.payload.utf8), entity: "Author")
    #expect(try graph.aggregate(request) == stored, "in memory and \(backend) differ")
    return stored
  }

  @Test("values over every object, with nil left out; one row even when nothing matches", arguments: StoreBackendKind.available)
  func overall(_ backend: StoreBackendKind) async throws {
    let request = AggregateRequest(
      entity: "Book", values: [.count, .count("title"), .sum("year"), .sum("price"), .average("rating"), .minimum("title"), .maximum("price"), .minimum("author.born")])
    let rows = try await Self.both(request, backend)
    #expect(
      rows == [
        [
          "count": 4, "count.title": 3, "sum.year": 8008, "sum.price": .double(121.75), "avg.rating": .double(11.5 / 3), "min.title": "Café", "max.price": .double(100),
          "min.author.born": .date(try Date("1950-01-01T00:00:00Z", strategy: .iso8601)),
        ]
      ])
    var none = try AggregateRequest(entity: "Book", where: "year > 3000", values: [.count, .sum("year"), .maximum("title")])
    #expect(try await Self.both(none, backend) == [["count": 0]])
    none.groupBy = ["year"]
    #expect(try await Self.both(none, backend) == [])
  }

  @Test("groups by attributes and to-one key paths, ordered by their values with nil first", arguments: StoreBackendKind.available)
  func grouped(_ backend: StoreBackendKind) async throws {
    let byYear = AggregateRequest(entity: "Book", groupBy: ["year"], values: [.count, .average("rating", as: "mean")])
    #expect(try await Self.both(byYear, backend) == [["year": 1999, "count": 2, "mean": .double(4.5)], ["year": 2005, "count": 2, "mean": .double(2.5)]])
    let byAgent = AggregateRequest(entity: "Book", groupBy: ["author.agent.name", "author.name"], values: [.count, .maximum("year")])
    #expect(
      try await Self.both(byAgent, backend) == [
        ["author.name": "Zoë", "count": 1, "max.year": 1999], ["author.agent.name": "Ada", "author.name": "Müller", "count": 3, "max.year": 2005],
      ])
    // Decimals group by value and sort as numbers; a number past 2^53 stays exact.
    let byFee = try AggregateRequest(entity: "Author", where: "TRUEPREDICATE", groupBy: ["fee"], values: [.sum("big"), .count])
    #expect(try await Self.both(byFee, backend) == [["sum.big": 9_007_199_254_740_993, "count": 1], ["fee": .decimal(9.5), "count": 1], ["fee": .decimal(100), "count": 1]])
  }

  @Test("distinct values: groups without values; a limit; a predicate through relationships", arguments: StoreBackendKind.available)
  func distinct(_ backend: StoreBackendKind) async throws {
    #expect(try await Self.both(AggregateRequest(entity: "Book", groupBy: ["year"]), backend) == [["year": 1999], ["year": 2005]])
    var request = try AggregateRequest(entity: "Book", where: "author.name BEGINSWITH[cd] 'mu'", groupBy: ["title"])
    #expect(try await Self.both(request, backend) == [[:], ["title": "Café"], ["title": "RÉSUMÉ"]])
    request.limit = 1
    #expect(try await Self.both(request, backend) == [[:]])
  }

  @Test("mistakes are refused before anything runs, naming them", arguments: StoreBackendKind.available)
  func refusals(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    let graph = ObjectGraph(schema: QueryEvaluationDifferentialTests.schema)
    let cases: [(AggregateRequest, String)] = [
      (AggregateRequest(entity: "Book"), "an aggregate request needs values to compute or attributes to group by"),
      (AggregateRequest(entity: "Book", values: [.sum("title")]), "sum.title: sum of title, a String attribute: sum and avg take numbers, min and max numbers, dates and strings"),
      (AggregateRequest(entity: "Book", groupBy: ["author"]), "author is not an attribute reached through to-one relationships, so nothing to group by"),
      (
        AggregateRequest(entity: "Book", groupBy: ["tilte"]),
        "Book has no attribute named \"tilte\" to group by: Book has no attribute or relationship named \"tilte\": did you mean \"title\"?"
      ),
      (
        AggregateRequest(entity: "Book", groupBy: ["year"], values: [.count("title", as: "year")]),
        "two columns of the aggregate request are named \"year\": name the values apart (.sum(\"price\", as: \"total\"))"
      ),
      (AggregateRequest(entity: "Nothing", values: [.count]), "no entity named \"Nothing\""),
    ]
    for (request, message) in cases {
      await #expect(throws: StoreError(.invalidQuery, message)) { try await store.makeContext().aggregate(request) }
      #expect(throws: StoreError(.invalidQuery, message)) { try graph.aggregate(request) }
    }
  }

  @Test("aggregate values read from text: count, FUNCTION:KEYPATH, =NAME")
  func parsing() throws {
    #expect(try AggregateValue(parsing: "count") == .count)
    #expect(try AggregateValue(parsing: "avg:rating=mean") == .average("rating", as: "mean"))
    #expect(try AggregateValue(parsing: "max:author.born") == .maximum("author.born"))
    #expect(try AggregateValue(parsing: "count:title") == .count("title"))
    for bad in ["total:price", "sum", "sum:", ""] {
      #expect(throws: StoreError.self) { try AggregateValue(parsing: bad) }
    }
  }
}
