import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// `[c]`, `[d]` and `[cd]` fold every letter on both backends, and a to-many key path leaves
/// out nil before `ANY`, `ALL` and `NONE` test its values, as Core Data answers.
@Suite("Queries: case and diacritic folding, nil in to-many key paths")
struct QueryFoldingTests {
  static let schema = try! Schema {
    Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("lastName", .string)
      Relationship("books", to: "Book", toMany: true, inverse: "author")
    }
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string, optional: true)
      Relationship("author", to: "Author", inverse: "books")
    }
  }

  static let payload = """
    [{"id": 1, "lastName": "Müller", "books": [{"id": 10, "title": "Café Society"}, {"id": 11}]},
     {"id": 2, "lastName": "Strauß", "books": [{"id": 20, "title": "RÉSUMÉ"}]},
     {"id": 3, "lastName": "Shakespeare", "books": [{"id": 30, "title": "Hamlet"}]},
     {"id": 4, "lastName": "Ødegaard", "books": [{"id": 40}]},
     {"id": 5, "lastName": "Σίσυφος"}]
    """

  private static func store(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(schema).store
    try await store.makeContext().importJSON(Array(payload.utf8), entity: "Author")
    return store
  }

  /// The ids of the objects of `entity` the predicate matches, sorted.
  private static func ids(_ entity: String, _ predicate: String, in store: Store) async throws -> [Int64] {
    try await store.makeContext().fetch(FetchRequest(entity: entity, where: predicate)).compactMap { object -> Int64? in
      guard case .integer(let id)? = try object.value(forKey: "id") else { return nil }
      return id
    }.sorted()
  }

  @Test("[c] folds every letter: CONTAINS, ==, BEGINSWITH, LIKE and IN find what NSPredicate finds", arguments: StoreBackendKind.available)
  func caseInsensitive(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("Book", #"title CONTAINS[c] "CAFÉ""#, in: store) == [10])
    #expect(try await Self.ids("Author", #"lastName ==[c] "MÜLLER""#, in: store) == [1])
    #expect(try await Self.ids("Author", #"lastName BEGINSWITH[c] "mü""#, in: store) == [1])
    #expect(try await Self.ids("Author", #"lastName LIKE[c] "*Ü*""#, in: store) == [1])
    #expect(try await Self.ids("Book", #"title IN[c] {"résumé", "hamlet"}"#, in: store) == [20, 30])
    // ß folds to ss, and final sigma to sigma.
    #expect(try await Self.ids("Author", #"lastName ==[c] "STRAUSS""#, in: store) == [2])
    #expect(try await Self.ids("Author", #"lastName ==[c] "ΣΊΣΥΦΟΣ""#, in: store) == [5])
    // Without [c], case counts.
    #expect(try await Self.ids("Author", #"lastName == "MÜLLER""#, in: store) == [])
    #expect(try await Self.ids("Author", #"lastName != "Müller""#, in: store) == [2, 3, 4, 5])
    #expect(try await Self.ids("Author", #"lastName !=[c] "MÜLLER""#, in: store) == [2, 3, 4, 5])
  }

  @Test("[d] and [cd] drop diacritics; a letter without decomposition keeps its stroke", arguments: StoreBackendKind.available)
  func diacriticInsensitive(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("Book", #"title CONTAINS[d] "Cafe""#, in: store) == [10])
    #expect(try await Self.ids("Book", #"title CONTAINS[d] "cafe""#, in: store) == [])
    #expect(try await Self.ids("Book", #"title ==[cd] "resume""#, in: store) == [20])
    #expect(try await Self.ids("Author", #"lastName ==[dc] "muller""#, in: store) == [1])
    #expect(try await Self.ids("Author", #"lastName BEGINSWITH[cd] "ΣΙΣΥ""#, in: store) == [5])
    #expect(try await Self.ids("Author", #"lastName IN[cd] {"MULLER", "strauss"}"#, in: store) == [1, 2])
    #expect(try await Self.ids("Author", #"lastName ==[cd] "odegaard""#, in: store) == [])
  }

  @Test("ANY, ALL and NONE test a to-many key path's values without its nils", arguments: StoreBackendKind.available)
  func nilInToManyKeyPaths(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    #expect(try await Self.ids("Author", #"ANY books.title != "Hamlet""#, in: store) == [1, 2])
    #expect(try await Self.ids("Author", #"ALL books.title == "Hamlet""#, in: store) == [3, 4, 5])
    #expect(try await Self.ids("Author", #"NONE books.title == "Hamlet""#, in: store) == [1, 2, 4, 5])
    #expect(try await Self.ids("Author", #"ANY books.title BEGINSWITH[c] "c""#, in: store) == [1])
    // A comparison with nil tests the nils.
    #expect(try await Self.ids("Author", "ANY books.title == nil", in: store) == [1, 4])
  }

  @Test("sorting through a to-one relationship, folded, and nil first ascending, last descending, on both backends", arguments: StoreBackendKind.available)
  func sorting(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    func sorted(_ keys: [SortKey]) async throws -> [Int64] {
      var request = FetchRequest(entity: "Book")
      request.sortBy = keys
      return try await store.makeContext().fetch(request).compactMap { object -> Int64? in
        guard case .integer(let id)? = try object.value(forKey: "id") else { return nil }
        return id
      }
    }
    #expect(try await sorted([SortKey("author.lastName", caseInsensitive: true, diacriticInsensitive: true)]) == [10, 11, 30, 20, 40])
    #expect(try await sorted([SortKey("author.lastName", ascending: false)]) == [40, 20, 30, 10, 11])
    #expect(try await sorted([SortKey("title")]) == [11, 40, 10, 30, 20])
    #expect(try await sorted([SortKey("title", ascending: false)]) == [20, 30, 10, 11, 40])
    #expect(try await sorted([SortKey("title", caseInsensitive: true)]) == [11, 40, 10, 30, 20])
  }

  @Test("an unknown option is refused, naming the options there are")
  func unknownOption() throws {
    let error = #expect(throws: StoreError.self) { try QueryPredicate(#"title CONTAINS[x] "a""#) }
    #expect(error?.message.contains("unsupported option [x] after CONTAINS: expected [c] (case-insensitive), [d] (diacritic-insensitive) or [cd]") == true)
    #expect(try QueryPredicate(#"title CONTAINS[cd] "a""#).description == #"title CONTAINS[cd] "a""#)
  }
}
