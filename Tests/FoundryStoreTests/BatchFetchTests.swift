import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// Fetches with a batch size: every object found at once, its values read a batch at a time
/// on first use, as Core Data's `fetchBatchSize` does.
@Suite("Fetches in batches")
struct BatchFetchTests {
  static let schema = try! Schema {
    Entity("Item", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
    }
    Entity("Media", abstract: true, identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
    }
    Entity("Film", parent: "Media") { Attribute("minutes", .integer32, optional: true) }
    Entity("Album", parent: "Media") { Attribute("tracks", .integer32, optional: true) }
  }

  static func store(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(Self.schema).store
    let items = (0..<10).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",")
    try await store.makeContext().importJSON(Array("[\(items)]".utf8), entity: "Item")
    let context = try store.makeContext()
    for (entity, json) in [
      ("Film", #"[{"id": 1, "title": "Solaris", "minutes": 167}, {"id": 3, "title": "Alien", "minutes": 117}]"#), ("Album", #"[{"id": 2, "title": "Abbey Road", "tracks": 17}]"#),
    ] {
      try context.graph.importJSON(Array(json.utf8), entity: entity)
    }
    try await context.save()
    return store
  }

  static func names(_ objects: [ManagedObject], _ key: String) throws -> [String] {
    try objects.map { object in
      let value: GraphValue? = try object.value(forKey: key)
      return value.map { "\($0)" } ?? "-"
    }
  }

  @Test("the same objects in the same order as a fetch without batches, subentities included", arguments: StoreBackendKind.available)
  func sameObjects(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    for (entity, key, predicate) in [("Item", "name", "id >= 2"), ("Media", "title", "title != 'x'")] {
      var request = try FetchRequest(entity: entity, where: predicate)
      request.sortBy = [SortKey(key, ascending: false)]
      let whole = try Self.names(try await store.makeContext().fetch(request), key)
      request.batchSize = 3
      let context = try store.makeContext()
      let batched = try await context.fetch(request)
      #expect(try Self.names(batched, key) == whole, "\(backend) \(entity)")
      #expect(batched.map(\.entity.name) == (try await store.makeContext().fetch(request)).map(\.entity.name))
      request.limit = 2
      request.offset = 1
      #expect(try Self.names(try await store.makeContext().fetch(request), key) == Array(whole.dropFirst().prefix(2)))
    }
  }

  @Test("objects beyond the first batch are read a batch at a time, on first use", arguments: StoreBackendKind.available)
  func faults(_ backend: StoreBackendKind) async throws {
    let store = try await Self.store(backend)
    let context = try store.makeContext()
    var request = FetchRequest(entity: "Item")
    request.sortBy = [SortKey("id")]
    request.batchSize = 3
    let items = try await context.fetch(request)
    #expect(items.count == 10)
    #expect(try items[4].value(forKey: "name") == "item 4")  // reads batch 1: items 3, 4, 5
    // Another context deletes rows of each batch: what a batch read before holds stays, a
    // batch read after finds its deleted rows gone.
    let other = try store.makeContext()
    for object in try await other.fetch(try FetchRequest(entity: "Item", where: "id IN {1, 5, 6, 7}")) { try other.delete(object) }
    try await other.save()
    #expect(try items[1].value(forKey: "name") == "item 1")
    #expect(try items[5].value(forKey: "name") == "item 5")
    #expect(try items[8].value(forKey: "name") == "item 8")  // reads batch 2: items 6, 7, 8
    #expect(try items[6].value(forKey: "name") == nil)
    // The graph keeps the failure: a save refuses to write over what it could not read.
    let failure = await #expect(throws: (any Error).self) { try await context.save() }
    #expect("\(failure.map { "\($0)" } ?? "")".contains("was deleted from the store after the fetch that found it"))
  }
}
