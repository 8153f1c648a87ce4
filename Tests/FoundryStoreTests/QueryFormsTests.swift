import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// NSPredicate forms beyond key path against value: key path against key path, and `$name`
/// variables with substitutions, on both backends.
@Suite("Queries: key path against key path, variables")
struct QueryFormsTests {
  static let schema = try! Schema {
    Entity("Product", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Attribute("alias", .string, optional: true)
      Attribute("price", .double, optional: true)
      Attribute("listPrice", .decimal, optional: true)
      Attribute("rating", .integer16, optional: true)
      Attribute("released", .date, optional: true)
      Relationship("pricing", to: "Pricing", inverse: "product")
      Relationship("reviews", to: "Review", toMany: true, inverse: "product")
    }
    Entity("Pricing") {
      Attribute("retail", .double, optional: true)
      Relationship("product", to: "Product", inverse: "pricing")
    }
    Entity("Review") {
      Attribute("score", .integer16)
      Relationship("product", to: "Product", inverse: "reviews")
    }
  }

  static let payload = """
    [{"id": 1, "name": "Café", "alias": "CAFÉ", "price": 5, "listPrice": "5", "rating": 3, "released": "2001-01-01T00:00:00Z",
      "pricing": {"retail": 5}, "reviews": [{"score": 4}, {"score": 5}, {"score": 1}, {"score": 2}]},
     {"id": 2, "name": "Tea", "alias": "Chai", "price": 2, "listPrice": "2.5", "rating": 4, "released": "2010-06-01T00:00:00Z",
      "pricing": {"retail": 3}, "reviews": [{"score": 5}]},
     {"id": 3, "name": "Water"}]
    """

  private static func store(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(schema).store
    try await store.makeContext().importJSON(Array(payload.utf8), entity: "Product")
    return store
  }

  private static func ids(_ request: FetchRequest, in store: Store) async throws -> [Int64] {
    try await store.makeContext().fetch(request).compactMap { object -> Int64? in
      guard case .integer(let id)? = try object.value(forKey: "id") else { return nil }
      return id
    }.sorted()
  }

  private static func ids(_ predicate: String, in store: Store) async throws -> [Int64] {
    try await ids(FetchRequest(entity: "Product", where: predicate), in: store)
  }

  @Test("a key path against a key path: attributes, to-one paths, @count, folding, nil equals nil", arguments: StoreBackendKind.available)
  func keyPathAgainstKeyPath(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("price > rating", in: store) == [1])
    #expect(try await Self.ids("rating >= price", in: store) == [2])
    #expect(try await Self.ids("pricing.retail == price", in: store) == [1, 3])
    #expect(try await Self.ids("pricing.retail != price", in: store) == [2])
    #expect(try await Self.ids("listPrice > price", in: store) == [2])
    #expect(try await Self.ids("name == alias", in: store) == [])
    #expect(try await Self.ids("name ==[c] alias", in: store) == [1])
    #expect(try await Self.ids("reviews.@count > rating", in: store) == [1])
  }

  @Test("forms a key path against a key path does not take are refused, naming them", arguments: StoreBackendKind.available)
  func keyPathRefusals(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    let cases = [
      ("name BEGINSWITH alias", "column 6: BEGINSWITH compares a key path with a value; with another key path use ==, !=, <, <=, > or >="),
      ("ANY reviews.score > rating", "column 5: ANY, ALL and NONE compare a to-many key path with a value, not with another key path"),
      ("pricing == price", "column 1: pricing: a key path compared with another must reach an attribute (through to-one relationships), a @count or an aggregate"),
    ]
    for (predicate, message) in cases {
      let error = await #expect(throws: StoreError.self) { try await Self.ids(predicate, in: store) }
      #expect(error?.message == message, "\(predicate)")
    }
  }

  @Test("@sum, @avg, @min and @max of a to-many key path, with NSArray's answers for no values", arguments: StoreBackendKind.available)
  func aggregates(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("reviews.@avg.score > 2.9", in: store) == [1, 2])
    #expect(try await Self.ids("reviews.@avg.score == 0", in: store) == [3])
    #expect(try await Self.ids("reviews.@sum.score == 12", in: store) == [1])
    #expect(try await Self.ids("reviews.@sum.score == 0", in: store) == [3])
    #expect(try await Self.ids("reviews.@max.score == 5", in: store) == [1, 2])
    #expect(try await Self.ids("reviews.@min.score < 2", in: store) == [1])
    #expect(try await Self.ids("reviews.@min.score == nil", in: store) == [3])
    #expect(try await Self.ids("reviews.@max.score > rating", in: store) == [1, 2])
    let error = await #expect(throws: StoreError.self) { try await Self.ids("reviews.@avg > 2", in: store) }
    #expect(error?.message == "column 1: @avg needs an attribute after it (books.@avg.rating), reached through to-one relationships")
  }

  @Test("CAST to NSDate, and a to-one relationship compared with its object's identity", arguments: StoreBackendKind.available)
  func castAndIdentities(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    // 2001-01-01T00:00:00Z is 0 seconds after NSDate's reference date.
    #expect(try await Self.ids(#"released == CAST(0, "NSDate")"#, in: store) == [1])
    #expect(try await Self.ids(#"released > CAST("2005-01-01T00:00:00Z", "NSDate")"#, in: store) == [2])
    #expect(try await Self.ids(#"released <= CAST(0.5, "NSDate")"#, in: store) == [1])
    let library = try await backend.makeStore().store
    try await library.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    #expect(try await library.makeContext().count(FetchRequest(entity: "Book", where: "author == 106")) == 1)
    #expect(try await library.makeContext().count(FetchRequest(entity: "Book", where: "author IN {101, 106}")) == 3)
    #expect(try await library.makeContext().count(FetchRequest(entity: "Book", where: "author != 106")) == 2)
  }

  @Test("MATCHES: a whole-string ICU regular expression, [c] and [d]; PostgreSQL refuses what it reads otherwise", arguments: StoreBackendKind.available)
  func matches(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids(#"name MATCHES "C.*""#, in: store) == [1])
    #expect(try await Self.ids(#"name MATCHES "af""#, in: store) == [])
    #expect(try await Self.ids(#"name MATCHES[c] "c.*""#, in: store) == [1])
    #expect(try await Self.ids(#"name MATCHES[cd] "cafe""#, in: store) == [1])
    #expect(try await Self.ids(#"name MATCHES "\\w+""#, in: store) == [1, 2, 3])
    #expect(try await Self.ids(#"name MATCHES "(T|W)[a-z]{2,4}""#, in: store) == [2, 3])
    #expect(try await Self.ids(#"alias MATCHES ".*""#, in: store) == [1, 2])  // no value matches nothing
    let bad = await #expect(throws: StoreError.self) { try await Self.ids(#"name MATCHES "(""#, in: store) }
    #expect(bad?.message == #"column 14: MATCHES "(" is not a regular expression (ICU syntax, as NSPredicate reads it)"#)
    switch backend {
    case .sqlite: #expect(try await Self.ids(#"name MATCHES "\\bTea\\b""#, in: store) == [2])
    case .postgres:
      let refused = await #expect(throws: StoreError.self) { try await Self.ids(#"name MATCHES "\\bTea\\b""#, in: store) }
      #expect(refused?.message.contains(#"\b (word boundary) is read otherwise by PostgreSQL's regular expressions"#) == true)
    }
  }

  @Test("the constructs PostgreSQL reads otherwise than ICU are found")
  func unportableConstructs() {
    #expect(QueryRegex.unportable("C.*é") == nil)
    #expect(QueryRegex.unportable(#"[\d\s]+(?:a|b)?x{2,3}(?=y)"#) == nil)
    #expect(QueryRegex.unportable("[[:alpha:]]+") == nil)
    #expect(QueryRegex.unportable(#"\p{L}"#) == #"\p (a Unicode property)"#)
    #expect(QueryRegex.unportable("(?<=a)b") == "(?< (lookbehind or a named group)")
    #expect(QueryRegex.unportable("a++") == "++ (a possessive quantifier)")
    #expect(QueryRegex.unportable("[a-z&&[^aeiou]]") == "&& in a set (ICU's set intersection)")
    #expect(QueryRegex.unportable("[[a-z]--[aeiou]]") == "a set inside a set ([[a-z]&&[aeiou]], ICU's set operations)")
    #expect(QueryRegex.unportable("(?i)abc") == "(?i (a group ICU and PostgreSQL read otherwise)")
  }

  @Test("SUBQUERY(…).@count, nested, with variables; misuse refused at its column", arguments: StoreBackendKind.available)
  func subqueries(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("SUBQUERY(reviews, $r, $r.score >= 4).@count > 1", in: store) == [1])
    #expect(try await Self.ids("SUBQUERY(reviews, $r, $r.score >= 4).@count == 0", in: store) == [3])
    #expect(try await Self.ids("1 < SUBQUERY(reviews, $r, $r.score > 0 AND NOT $r.score == 3).@count", in: store) == [1])
    let variable = try FetchRequest(entity: "Product", where: "SUBQUERY(reviews, $r, $r.score >= $min).@count > 0", variables: ["min": 5])
    #expect(try await Self.ids(variable, in: store) == [1, 2])
    let library = try await backend.makeStore().store
    try await library.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    let nested = #"SUBQUERY(books, $b, SUBQUERY($b.tags, $t, $t.label == "drama").@count > 0).@count == 2"#
    #expect(try await library.makeContext().count(FetchRequest(entity: "Author", where: nested)) == 1)
    let cases = [
      ("SUBQUERY(reviews, $r, score > 3).@count > 1", "column 23: inside SUBQUERY, key paths start with its variable: $r.score"),
      ("SUBQUERY(name, $r, $r.score > 3).@count > 1", "column 1: SUBQUERY needs a to-many relationship first: name is not one"),
      ("SUBQUERY(reviews, $r, $r.score > 3) > 1", "column 37: SUBQUERY(…) is a collection: compare its @count (SUBQUERY(…).@count > 1)"),
      (
        "SUBQUERY(reviews, $r, $q.score > 3).@count > 1",
        "column 23: $q is not a SUBQUERY's variable (the SUBQUERY it is in has $r): a key path cannot follow a substitution variable"
      ),
    ]
    for (predicate, message) in cases {
      let error = await #expect(throws: StoreError.self) { try await Self.ids(predicate, in: store) }
      #expect(error?.message == message, "\(predicate)")
    }
  }

  @Test("forms not supported yet are refused, naming the form and the column")
  func unsupportedForms() {
    let cases = [
      (
        "FUNCTION(name, 'uppercase') == 'X'",
        "column 1: FUNCTION(…) is not supported: use a key path, @count, an aggregate (books.@avg.rating) or SUBQUERY"
      ),
      (
        #"released > CAST("x", "NSData")"#,
        #"column 12: CAST("x", "NSData") is not supported: CAST takes a number or an ISO 8601 string to "NSDate", a string to "NSNumber", an integer to "NSString""#
      ),
    ]
    for (text, message) in cases {
      let error = #expect(throws: StoreError.self) { try QueryPredicate(text) }
      #expect(error?.message == message, "\(text)")
    }
  }

  @Test("$name variables take their values; unbound ones are refused by name", arguments: StoreBackendKind.available)
  func variables(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    let request = try FetchRequest(
      entity: "Product", where: "price >= $low AND name != $none AND released < $before",
      variables: ["low": 2, "none": nil, "before": .date(Date(timeIntervalSince1970: 1_200_000_000))])
    #expect(try await Self.ids(request, in: store) == [1])
    let list = try FetchRequest(entity: "Product", where: "name IN {$a, $b}", variables: ["a": "Tea", "b": "Water"])
    #expect(try await Self.ids(list, in: store) == [2, 3])
    let unbound = #expect(throws: StoreError.self) { try QueryPredicate("price > $low AND rating < $high OR id == $low", variables: [:]) }
    #expect(unbound?.message == "column 9: unbound variables $low, $high: give their values")
    let binary = #expect(throws: StoreError.self) { try QueryPredicate("name == $x", variables: ["x": .data(Data([1]))]) }
    #expect(binary?.message.hasPrefix("variable $x:") == true)
  }
}
