import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// `%@` arguments: values, and objects compared with relationships (`author == %@`, `books
/// CONTAINS %@`), on each backend and in memory.
@Suite("Queries: %@ arguments, objects compared with relationships")
struct QueryObjectArgumentTests {
  static func ids(_ objects: [ManagedObject], _ key: String = "id") throws -> [String] {
    try objects.map { object in
      let value: GraphValue? = try object.value(forKey: key)
      return value.map { "\($0)" } ?? "-"
    }.sorted()
  }

  /// The store's answer and the context's in-memory answer (its objects all loaded) to `predicate`.
  static func answers(_ entity: String, _ predicate: QueryPredicate, _ context: ObjectContext, key: String = "id") async throws -> (stored: [String], inMemory: [String]) {
    var request = FetchRequest(entity: entity)
    request.predicate = predicate
    let stored = try ids(try await context.fetch(request), key)
    return (stored, try ids(try context.registeredObjects(matching: request), key))
  }

  @Test("to-one and to-many relationships compared with objects", arguments: StoreBackendKind.available)
  func objects(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    for entity in ["Author", "Book", "Tag"] { _ = try await context.fetch(FetchRequest(entity: entity)) }
    let shakespeare = try #require(try context.object(of: "Author", identity: 101))
    let tempest = try #require(try context.object(of: "Book", identity: 3001))
    let drama = try #require(try context.object(of: "Tag", identity: "drama"))
    let cases: [(String, String, QueryArgument, [String])] = [
      ("Book", "author == %@", .object(shakespeare), ["3001", "3002"]),
      ("Book", "author != %@", .object(shakespeare), ["3501"]),
      ("Author", "books CONTAINS %@", .object(tempest), ["101"]),
      ("Author", "%@ IN books", .object(tempest), ["101"]),
      ("Author", "NONE books == %@", .object(tempest), ["106"]),
      ("Author", "ALL books != %@", .object(tempest), ["106"]),
      ("Book", "ANY tags == %@", .object(drama), ["3001", "3002"]),
      ("Book", "title BEGINSWITH[c] %@", "the", ["3001"]),
    ]
    for (entity, text, argument, expected) in cases {
      let (stored, inMemory) = try await Self.answers(entity, try QueryPredicate(format: text, argument), context)
      #expect(stored == expected, "\(backend): \(text)")
      #expect(inMemory == expected, "in memory: \(text)")
    }
    // An object not saved yet is no stored row, and in memory only itself.
    let unsaved = try context.insert("Author")
    let (none, noneInMemory) = try await Self.answers("Book", try QueryPredicate(format: "author == %@", .object(unsaved)), context)
    #expect(none.isEmpty && noneInMemory.isEmpty)
    let (all, _) = try await Self.answers("Book", try QueryPredicate(format: "author != %@", .object(unsaved)), context)
    #expect(all == ["3001", "3002", "3501"])
  }

  @Test("an object of another entity, an operator other than ==, != and CONTAINS, and a wrong number of arguments are refused", arguments: StoreBackendKind.available)
  func refusals(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let context = try store.makeContext()
    let drama = try #require(try await context.fetch(try FetchRequest(entity: "Tag", where: "label == 'drama'")).first)
    let cases: [(String, String)] = [
      ("author == %@", "column 1: author holds Author objects, and Tag #\(drama.persistentID?.row ?? 0) is a Tag"),
      ("author < %@", "column 8: an object compares with ==, != or CONTAINS, not <"),
      ("title == %@", "column 1: title is not a relationship: an object compares with a relationship (author == %@, books CONTAINS %@)"),
    ]
    for (text, message) in cases {
      var request = FetchRequest(entity: "Book")
      request.predicate = try QueryPredicate(format: text, .object(drama))
      await #expect(throws: StoreError(.invalidQuery, message)) { _ = try await context.fetch(request) }
      #expect(throws: StoreError(.invalidQuery, message)) { _ = try context.registeredObjects(matching: request) }
    }
    #expect(throws: StoreError(.invalidQuery, "the format has 2 %@ placeholders and 1 argument")) {
      try QueryPredicate(format: "title == %@ AND author == %@", "x")
    }
  }
}
