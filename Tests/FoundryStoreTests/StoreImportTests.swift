import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundrySQLite
import FoundryStore
import Testing

@Suite("Importing payloads into a store")
struct StoreImportTests {
  func importLibrary(_ payload: String = Library.payload, dryRun: Bool = false, into store: Store) async throws -> StoreImportReport {
    try await store.makeContext().importJSON(Array(payload.utf8), entity: "Author", root: "authors", dryRun: dryRun)
  }

  /// Every stored object as `Entity id: attribute values` lines, and every link, sorted.
  func snapshot(of store: Store) async throws -> [String] {
    let context = try store.makeContext()
    var lines: [String] = []
    for entity in ["Author", "Book", "Tag", "Publisher"] {
      for object in try await context.fetch(FetchRequest(entity: entity)) {
        let values = try object.entity.attributes.map { "\($0.name)=\((try object.value(forKey: $0.name) as GraphValue?).map { "\($0)" } ?? "nil")" }
        let links = try object.entity.relationships.map { "\($0.name)->\(try object.related(forKey: $0.name).map { "\($0.persistentID!)" })" }
        lines.append("\(object.persistentID!) " + (values + links).joined(separator: " "))
      }
    }
    return lines.sorted()
  }

  @Test(
    "a stored book named in another author's list moves there, its old author's list left unloaded or loaded; in one import and in batches",
    arguments: StoreBackendKind.available)
  func bookMovesToAnotherAuthor(_ backend: StoreBackendKind) async throws {
    let moved = #"{"authors": [{"id": 107, "name": "New Owner", "books": [{"id": 3002}]}, {"id": 106, "books": [{"id": 3501}, {"id": 3001}]}]}"#
    func titles(_ store: Store) async throws -> [Int64: [Int64]] {
      var books: [Int64: [Int64]] = [:]
      let context = try store.makeContext()
      for author in try await context.fetch(FetchRequest(entity: "Author")) {
        books[try author.value(Int64.self, forKey: "id") ?? -1] = try author.related(forKey: "books").map { try $0.value(Int64.self, forKey: "id") ?? -1 }
      }
      return books
    }
    let expected: [Int64: [Int64]] = [101: [], 106: [3501, 3001], 107: [3002]]
    // The old author unloaded.
    let store = try await backend.makeLibraryStore()
    _ = try await importLibrary(moved, into: store)
    let storeBooks = try await titles(store)
    #expect(storeBooks == expected)
    #expect(try await importLibrary(moved, into: store).saved.updated.isEmpty)
    // The old author loaded, with its books, in the importing context.
    let loaded = try await backend.makeLibraryStore()
    let context = try loaded.makeContext()
    for author in try await context.fetch(FetchRequest(entity: "Author")) { _ = try author.related(forKey: "books") }
    _ = try await context.importJSON(Array(moved.utf8), entity: "Author", root: "authors")
    let loadedBooks = try await titles(loaded)
    #expect(loadedBooks == expected)
    // In batches of one author.
    let batched = try await backend.makeLibraryStore()
    let file = try TemporaryStore()
    let url = file.directory.appendingPathComponent("moved.json")
    try Data(moved.utf8).write(to: url)
    try await batched.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 1)
    let batchedBooks = try await titles(batched)
    #expect(batchedBooks == expected)
  }

  @Test("an import inserts the payload's objects and links in one save", arguments: StoreBackendKind.available)
  func firstImport(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let report = try await importLibrary(into: store)
    #expect(report.graph.objectCounts == ["Author": 2, "Book": 3, "Tag": 3, "Publisher": 1])
    #expect(report.saved.inserted.count == 9)
    let context = try store.makeContext()
    let tempest = try #require(try context.object(of: "Book", identity: 3001))
    #expect(tempest.price == .decimal(Decimal(string: "12.50")!))
    #expect(try tempest.relatedObject(forKey: "author")?.name == "William Shakespeare")
  }

  @Test("importing the same payload again changes nothing", arguments: StoreBackendKind.available)
  func idempotent(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    _ = try await importLibrary(into: store)
    let before = try await snapshot(of: store)
    let again = try await importLibrary(into: store)
    #expect(again.saved.isEmpty)
    #expect(again.changes.isEmpty)
    #expect(try await snapshot(of: store) == before)
  }

  @Test("stored objects are updated in place, never deleted and re-created", arguments: StoreBackendKind.available)
  func updatesInPlace(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    _ = try await importLibrary(into: store)
    let context = try store.makeContext()
    let before = try #require(try context.object(of: "Author", identity: 106)?.persistentID)
    let update = #"{"authors": [{"id": 106, "name": "Samuel Clemens", "books": [{"id": 3501, "title": "A Connecticut Yankee"}, {"id": 3502, "title": "Roughing It"}]}]}"#
    let report = try await importLibrary(update, into: store)
    #expect(report.saved.inserted.count == 1)
    #expect(report.saved.deleted.isEmpty)
    #expect(report.changes.map(\.description).contains(#"update Author #2: name "Mark Twain" -> "Samuel Clemens", books +1"#))
    let fresh = try store.makeContext()
    let author = try #require(try fresh.object(of: "Author", identity: 106))
    #expect(author.persistentID == before)
    #expect(author.name == "Samuel Clemens")
    #expect(author.rating == 5)  // absent from the update: left alone
    #expect(try author.related(forKey: "books").compactMap(\.title) == ["A Connecticut Yankee", "Roughing It"])
  }

  @Test("a dry run reports what would change and writes nothing", arguments: StoreBackendKind.available)
  func dryRun(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    _ = try await importLibrary(into: store)
    let before = try await snapshot(of: store)
    let update = #"{"authors": [{"id": 101, "name": "W. Shakespeare"}, {"id": 200, "name": "Ada"}]}"#
    let report = try await importLibrary(update, dryRun: true, into: store)
    #expect(report.saved.isEmpty)
    #expect(
      report.changes.map(\.description).sorted() == [
        #"insert Author (new): id nil -> 200, name nil -> "Ada", rating nil -> 3"#,
        #"update Author #1: name "William Shakespeare" -> "W. Shakespeare""#,
      ])
    #expect(try await snapshot(of: store) == before)
  }

  @Test(
    "a failed import leaves the store and the context as they were", arguments: StoreBackendKind.available,
    [
      #"{"authors": [{"id": 300, "name": "Ada"}, {"id": "not a number", "name": "Bad"}]}"#,
      #"{"authors": [{"id": 300, "name": "Ada"}, {"id": 301}]}"#,
      #"{"authors": [{"id": 300, "name": "Ada""#,
    ])
  func failedImport(backend: StoreBackendKind, payload: String) async throws {
    let store = try await backend.makeStore().store
    _ = try await importLibrary(into: store)
    let before = try await snapshot(of: store)
    let context = try store.makeContext()
    await #expect(throws: (any Error).self) {
      _ = try await context.importJSON(Array(payload.utf8), entity: "Author", root: "authors")
    }
    #expect(!context.hasChanges)
    #expect(try await snapshot(of: store) == before)
  }

  @Test("sync policies: a partial payload keeps what it does not mention; a full list deletes what it left out", arguments: StoreBackendKind.available)
  func syncPolicies(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    _ = try await importLibrary(into: store)
    var keep = GraphImportOptions()
    keep.toManyMerge = .append
    let partial = #"{"authors": [{"id": 101, "books": [{"id": 3003, "title": "Macbeth"}]}]}"#
    try await store.makeContext().importJSON(Array(partial.utf8), entity: "Author", root: "authors", options: keep)
    let context = try store.makeContext()
    #expect(try context.object(of: "Author", identity: 101)?.related(forKey: "books").compactMap(\.title) == ["The Tempest", "Hamlet", "Macbeth"])

    var full = GraphImportOptions()
    full.toManyMerges["Author.books"] = .replaceDeletingOthers
    let list = #"{"authors": [{"id": 101, "books": [3002]}]}"#
    let report = try await store.makeContext().importJSON(Array(list.utf8), entity: "Author", root: "authors", options: full)
    #expect(report.saved.deleted.count == 2)
    let after = try store.makeContext()
    #expect(try after.object(of: "Author", identity: 101)?.related(forKey: "books").compactMap(\.title) == ["Hamlet"])
    #expect(try await after.count(FetchRequest(entity: "Book")) == 2)
  }

  @Test("an import into a context with unsaved changes is refused", arguments: StoreBackendKind.available)
  func unsavedChanges(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    _ = try context.insert("Tag")
    let error = await #expect(throws: StoreError.self) {
      _ = try await context.importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    }
    #expect(error?.code == .unsavedChanges)
  }

  @Test("hostile strings in payloads are stored as values, never as SQL", arguments: StoreBackendKind.available)
  func hostileStrings(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    let store = made.store
    var hostile = ["'); DROP TABLE \"Author\"; --", "\" OR 1=1 --", "ünïcödé 🎉", "Robert'); DELETE FROM foundry_store; --", "$1 ? $2", "100% \\ _"]
    // PostgreSQL's text never holds a NUL (such a save fails there with the server's error).
    if backend == .sqlite { hostile.insert("\u{0}nul", at: 2) }
    let authors = hostile.enumerated().map { #"{"id": \#($0.offset + 1), "name": \#(JSONValue.string($0.element).makeJSONString())}"# }
    _ = try await importLibrary(#"{"authors": [\#(authors.joined(separator: ","))]}"#, into: store)
    let reopened = try await made.reopen()
    let names = try await reopened.makeContext().fetch(FetchRequest(entity: "Author")).compactMap { $0.name?.base as? String }
    #expect(names == hostile)
  }
}
