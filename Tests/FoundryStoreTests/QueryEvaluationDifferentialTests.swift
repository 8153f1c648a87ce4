import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import FoundryTestSupport
import Testing

/// The differential property test of queries: random authors and books (names with hard case
/// and diacritics, nil values, numbers past 2^53, decimals, dates, JSON settings) and random
/// predicates of every form (folded string operators, `MATCHES`, `IN`, `BETWEEN`, nil tests,
/// to-one and to-many key paths with `ANY`/`ALL`/`NONE`, `@count` and aggregates,
/// `SUBQUERY`, key path against key path, JSON key paths, `NOT`/`AND`/`OR`) must find the same
/// objects in memory (`ObjectGraph.objects(matching:)`), on SQLite and on PostgreSQL, and sort
/// them alike. Fixed seeds in CI; `FOUNDRY_PROPERTY_RUNS=N` runs more.
@Suite("Differential: a predicate finds the same objects in memory, on SQLite and on PostgreSQL")
struct QueryEvaluationDifferentialTests {
  static let seeds: [UInt64] = Array(1...UInt64(ProcessInfo.processInfo.environment["FOUNDRY_PROPERTY_RUNS"].flatMap { UInt64($0) } ?? 10))

  static let schema = try! Schema {
    Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Attribute("born", .date, optional: true)
      Attribute("rating", .double, optional: true)
      Attribute("fee", .decimal, optional: true)
      Attribute("active", .boolean, optional: true)
      Attribute("big", .integer64, optional: true)
      Attribute("settings", .transformable, optional: true)
      Relationship("books", to: "Book", toMany: true, inverse: "author")
      Relationship("agent", to: "Agent", inverse: "authors")
    }
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string, optional: true)
      Attribute("year", .integer32, optional: true)
      Attribute("rating", .double, optional: true)
      Attribute("price", .decimal, optional: true)
      Relationship("author", to: "Author", inverse: "books")
    }
    Entity("Agent", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Relationship("authors", to: "Author", toMany: true, inverse: "agent")
    }
  }

  static let words = ["Müller", "MÜLLER", "muller", "Café", "cafe", "RÉSUMÉ", "résumé", "Straße", "STRASSE", "ΣΊΣΥΦΟΣ", "σίσυφος", "Ada", "ada", "Zoë", "a*b?", ""]
  static let probes = ["mü", "MU", "é", "e", "SS", "ß", "caf", "ada", "Σ", "ς", "*", "?", "ller", "Ü", "RÉS", "o"]
  static let patterns = ["M.*", "[a-zà-ÿ]+", ".*é.*", "ada|zoë", "..", ".*ll.*", "S.*"]

  @Test("random data and predicates: the evaluator, SQLite and PostgreSQL agree", arguments: seeds)
  func agree(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let payload = Array(Self.payload(&random).makeJSONString().utf8)
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(payload, entity: "Author")
    var stores: [(StoreBackendKind, Store)] = []
    for backend in StoreBackendKind.available {
      let store = try await backend.makeStore(Self.schema).store
      try await store.makeContext().importJSON(payload, entity: "Author")
      stores.append((backend, store))
    }
    for _ in 0..<40 {
      let onBooks = random.next(upperBound: 3) == 0
      var generator = PredicateGenerator(random: random, onBooks: onBooks)
      let text = generator.predicate(depth: 2)
      random = generator.random
      var request = try FetchRequest(entity: onBooks ? "Book" : "Author", where: text)
      if random.next(upperBound: 2) == 0 {
        request.sortBy = [onBooks ? SortKey("author.name", caseInsensitive: true) : SortKey("name", diacriticInsensitive: true), SortKey("id", ascending: false)]
        request.limit = 6
        request.offset = Int(random.next(upperBound: 3))
      }
      let expected = try Self.ids(graph.objects(matching: request))
      let compared = request.sortBy.isEmpty ? expected.sorted() : expected
      for (backend, store) in stores {
        let found = try Self.ids(try await store.makeContext().fetch(request))
        #expect((request.sortBy.isEmpty ? found.sorted() : found) == compared, "\(backend), seed \(seed): \(request.entity) where \(text)")
      }
    }
  }

  static func ids(_ objects: [ManagedObject]) throws -> [Int64] {
    try objects.map { object in
      guard case .integer(let id)? = try object.value(forKey: "id") else { throw GraphError(.typeMismatch, at: "id", "no id") }
      return id
    }
  }

  /// Twelve authors, up to four books each, three agents, every optional value nil by chance.
  static func payload(_ random: inout SeededRandom) -> JSONValue {
    func maybe(_ value: JSONValue) -> JSONValue { random.next(upperBound: 5) == 0 ? .null : value }
    func number(_ value: Double) -> JSONValue { .number(JSONNumber(value) ?? 0) }
    var bookID = 100
    let authors: [JSONValue] = (1...12).map { id in
      let books: [JSONValue] = (0..<Int(random.next(upperBound: 5))).map { _ in
        bookID += 1
        return .object(
          JSONObject([
            ("id", .number(JSONNumber(bookID))),
            ("title", maybe(.string(random.element(of: words)))),
            ("year", maybe(.number(JSONNumber(1980 + Int(random.next(upperBound: 45)))))),
            ("rating", maybe(number(Double(random.next(upperBound: 21)) / 4))),
            ("price", maybe(.number(JSONNumber(text: random.element(of: ["9.99", "12.5", "100", "0.1", "12345678.91"])) ?? 0))),
          ]))
      }
      var settings: [(String, JSONValue)] = []
      if random.next(upperBound: 2) == 0 { settings.append(("theme", .string(random.element(of: ["dark", "Dark", "light"])))) }
      if random.next(upperBound: 2) == 0 { settings.append(("level", .number(JSONNumber(Int(random.next(upperBound: 5)))))) }
      if random.next(upperBound: 2) == 0 {
        let scores: [JSONValue] = (0..<Int(random.next(upperBound: 4))).map { _ in
          random.next(upperBound: 5) == 0 ? .string("n/a") : .number(JSONNumber(Double(random.next(upperBound: 20)) / 2) ?? 0)
        }
        settings.append(("scores", .array(scores)))
      }
      if random.next(upperBound: 2) == 0 {
        settings.append(("tags", .array((0..<Int(random.next(upperBound: 4))).map { _ in .string(random.element(of: ["swift", "Swift", "sql", "é"])) })))
      }
      let agent: JSONValue =
        random.next(upperBound: 4) == 0
        ? .null : .object(JSONObject([("id", .number(JSONNumber(1 + Int(random.next(upperBound: 3))))), ("name", .string(random.element(of: words)))]))
      let big = Int64(1) << 53
      return .object(
        JSONObject([
          ("id", .number(JSONNumber(id))),
          ("name", maybe(.string(random.element(of: words)))),
          ("born", maybe(.string("\(1950 + Int(random.next(upperBound: 60)))-0\(1 + Int(random.next(upperBound: 9)))-15T12:00:00Z"))),
          ("rating", maybe(number(Double(random.next(upperBound: 21)) / 4))),
          ("fee", maybe(.number(JSONNumber(text: random.element(of: ["9.99", "12.5", "100", "0.1", "12345678.91"])) ?? 0))),
          ("active", maybe(.bool(random.next(upperBound: 2) == 0))),
          ("big", maybe(.number(JSONNumber(big + Int64(random.next(upperBound: 5)) - 2)))),
          ("settings", random.next(upperBound: 4) == 0 ? .null : .object(JSONObject(settings))),
          ("books", .array(books)),
          ("agent", agent),
        ]))
    }
    return .array(authors)
  }
}

/// Random predicates over the differential test's authors and books.
struct PredicateGenerator {
  var random: SeededRandom
  let onBooks: Bool

  mutating func pick<T>(_ elements: [T]) -> T { random.element(of: elements) }
  mutating func chance(_ one: UInt64) -> Bool { random.next(upperBound: one) == 0 }

  mutating func predicate(depth: Int) -> String {
    guard depth > 0, !chance(3) else { return onBooks ? bookComparison() : authorComparison() }
    switch random.next(upperBound: 3) {
    case 0: return "NOT (\(predicate(depth: depth - 1)))"
    case 1: return "(\(predicate(depth: depth - 1)) AND \(predicate(depth: depth - 1)))"
    default: return "(\(predicate(depth: depth - 1)) OR \(predicate(depth: depth - 1)))"
    }
  }

  mutating func quoted(_ text: String) -> String { "\"" + text + "\"" }
  mutating func folding() -> String { pick(["", "[c]", "[d]", "[cd]"]) }

  mutating func text(_ keyPath: String) -> String {
    switch random.next(upperBound: 6) {
    case 0: return "\(keyPath) \(pick(["==", "!=", "<", ">="]))\(folding()) \(quoted(pick(QueryEvaluationDifferentialTests.words)))"
    case 1: return "\(keyPath) \(pick(["BEGINSWITH", "ENDSWITH", "CONTAINS"]))\(folding()) \(quoted(pick(QueryEvaluationDifferentialTests.probes)))"
    case 2: return "\(keyPath) LIKE\(folding()) \(quoted(pick(["*ü*", "M?ller", "*é", "a\\\\*b*", "*", "?"])))"
    case 3: return "\(keyPath) MATCHES\(folding()) \(quoted(pick(QueryEvaluationDifferentialTests.patterns)))"
    case 4: return "\(keyPath) IN\(folding()) {\(quoted(pick(QueryEvaluationDifferentialTests.words))), \(quoted(pick(QueryEvaluationDifferentialTests.words)))}"
    default: return "\(keyPath) \(pick(["==", "!="])) nil"
    }
  }

  mutating func order() -> String { pick(["==", "!=", "<", "<=", ">", ">="]) }

  mutating func bookComparison() -> String {
    switch random.next(upperBound: 8) {
    case 0: return text(pick(["title", "author.name", "author.agent.name"]))
    case 1: return "year \(order()) \(1980 + Int(random.next(upperBound: 45)))"
    case 2: return "\(pick(["rating", "price", "author.rating", "author.fee"])) \(order()) \(pick(["2.5", "3", "12.5", "0.1", "100"]))"
    case 3: return "author \(pick(["==", "!="])) \(pick(["3", "7", "nil"]))"
    case 4: return "\(pick(["ANY", "ALL", "NONE"])) author.books.year > \(1990 + Int(random.next(upperBound: 30)))"
    case 5: return "rating \(order()) author.rating"
    case 6: return "year BETWEEN {\(1985 + Int(random.next(upperBound: 20))), \(2000 + Int(random.next(upperBound: 20)))}"
    default: return "author.books.@count \(order()) \(random.next(upperBound: 4))"
    }
  }

  mutating func authorComparison() -> String {
    switch random.next(upperBound: 16) {
    case 0, 1: return text(pick(["name", "agent.name"]))
    case 2: return "\(pick(["ANY ", "ALL ", "NONE ", ""]))" + text("books.title")
    case 3: return "\(pick(["ANY", "ALL", "NONE"])) books.\(pick(["year > 2000", "rating >= 3", "price < 50", "year == nil", "title ==[cd] \"resume\""]))"
    case 4: return "books.@count \(order()) \(random.next(upperBound: 4))"
    case 5:
      let aggregate = pick(["@avg.rating", "@sum.price", "@max.year", "@min.year", "@sum.rating", "@avg.price", "@max.title", "@min.title"])
      let value = aggregate.hasSuffix("title") ? quoted(pick(QueryEvaluationDifferentialTests.words)) : pick(["0", "2.5", "2000", "100.1", "3"])
      return "books.\(aggregate) \(order()) \(value)"
    case 6:
      return
        "SUBQUERY(books, $b, $b.year > \(1985 + Int(random.next(upperBound: 30))) AND $b.rating >= \(random.next(upperBound: 5))).@count \(order()) \(random.next(upperBound: 3))"
    case 7: return pick(["rating > books.@avg.rating", "rating == fee", "name ==[cd] agent.name", "books.@count >= agent.authors.@count", "rating <= books.@max.rating"])
    case 8: return "big \(order()) \(pick(["9007199254740992", "9007199254740993", "9007199254740991", "9007199254740992.0"]))"
    case 9: return "big BETWEEN {9007199254740991, 9007199254740993}"
    case 10: return "\(pick(["rating", "fee"])) \(order()) \(pick(["2.5", "3", "12.5", "0.1", "12345678.91", "100"]))"
    case 11:
      guard !chance(4) else { return "born \(pick(["==", "!="])) nil" }
      return "born \(order()) \(pick(["\"1980-01-01T00:00:00Z\"", "CAST(\"1990-06-15T00:00:00Z\", \"NSDate\")", "CAST(0, \"NSDate\")"]))"
    case 12: return "active \(pick(["==", "!="])) \(pick(["TRUE", "FALSE", "nil"]))"
    case 13:
      return pick([
        "settings.theme ==\(folding()) \"dark\"", "settings.level > 2", "settings.tags CONTAINS \"swift\"", "ANY settings.tags ==[c] \"swift\"",
        "settings.tags.@count >= 2", "settings.theme == nil", "NONE settings.tags == \"sql\"", "settings.theme BEGINSWITH[c] \"D\"",
        "settings.scores.@avg > 4", "settings.scores.@sum <= 7.5", "settings.scores.@min == nil", "settings.scores.@max >= 9",
      ])
    case 14: return "id IN {\(random.next(upperBound: 13)), \(random.next(upperBound: 13)), \(random.next(upperBound: 13))}"
    default: return "agent \(pick(["== 2", "!= 1", "== nil", "!= nil"]))"
    }
  }
}
