import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// A relationship fault loads the same relationship of the fired object's siblings (objects of
/// its entity registered near it) in the same query: the objects each gets are those it would
/// get alone, for every way a relationship is kept.
@Suite("Relationship faults loaded for siblings together")
struct BatchedFaultTests {
  @Test("every relationship of every fetched object holds what it holds when loaded alone", arguments: StoreBackendKind.available)
  func sameAsAlone(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    try await store.makeContext().importJSON(Array(Self.payload.utf8), entity: "Author", root: "authors")
    for entity in ["Author", "Book", "Tag", "Publisher"] {
      let together = try store.makeContext()
      let objects = try await together.fetch(FetchRequest(entity: entity))
      #expect(objects.count > 1)
      for object in objects {
        for relationship in object.entity.relationships {
          let batched = try Self.identities(object, relationship.name)
          // Alone: a context holding only this object, so its fault has no siblings.
          let alone = try store.makeContext()
          let identity = try #require(object.entity.identitySlots.first.flatMap { object.value(at: $0) })
          let single = try #require(try alone.object(of: entity, identity: identity))
          #expect(batched == (try Self.identities(single, relationship.name)), "\(entity).\(relationship.name) of \(object)")
        }
      }
    }
  }

  @Test("touching one object's relationship loads it for its siblings; a sibling changed meanwhile keeps its change", arguments: StoreBackendKind.available)
  func siblingsLoaded(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    try await store.makeContext().importJSON(Array(Self.payload.utf8), entity: "Author", root: "authors")
    let context = try store.makeContext()
    var request = FetchRequest(entity: "Book")
    request.sortBy = [SortKey("id")]
    let books = try await context.fetch(request)
    #expect(books.allSatisfy { $0.isFault(forKey: "tags") })
    // A sibling whose tags were changed before the fault keeps its change.
    let changed = books[5]
    try changed.setRelated([], forKey: "tags")
    _ = try books[0].related(forKey: "tags")
    #expect(books.allSatisfy { !$0.isFault(forKey: "tags") })
    #expect(try changed.related(forKey: "tags").isEmpty)
  }

  // MARK: - Helpers

  /// 40 authors with three books each; books share tags and publishers, and name related books.
  static let payload: String = {
    let authors = (0..<40).map { index in
      let books = (0..<3).map { number in
        let id = 10_000 + index * 10 + number
        let related = number == 0 ? "[]" : "[\(id - 1)]"
        return #"{"id": \#(id), "title": "Book \#(id)", "tags": ["t\#(id % 6)", "t\#(id % 4)"], "publisher": \#(70 + index % 3), "related": \#(related)}"#
      }
      let portrait = index % 2 == 0 ? #", "portrait": {"id": \#(500 + index)}"# : ""
      return #"{"id": \#(2_000 + index), "name": "Author \#(index)", "books": [\#(books.joined(separator: ","))]\#(portrait)}"#
    }
    return #"{"authors": [\#(authors.joined(separator: ",\n"))]}"#
  }()

  /// The identities of the objects relationship `key` of `object` holds, in its order.
  static func identities(_ object: ManagedObject, _ key: String) throws -> [String] {
    try object.related(forKey: key).map { related in
      related.entity.identitySlots.map { related.value(at: $0).map { "\($0)" } ?? "nil" }.joined(separator: ",")
    }
  }
}
