import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundrySQLite
import FoundryStore
import Testing

@Suite("Importing a file into a store in batches")
struct BatchImportTests {
  /// Where the payload files go.
  let file: TemporaryStore

  init() throws {
    file = try TemporaryStore()
  }

  /// Authors whose books share tags, a publisher and links to other authors' books.
  static func payload(authors: Int, badAt: Int? = nil) -> String { payload(ids: 1...authors, badAt: badAt) }

  /// ``payload(authors:badAt:)`` of the authors `ids`.
  static func payload(ids: some Sequence<Int>, badAt: Int? = nil) -> String {
    let items = ids.map { id in
      let year = id == badAt ? #""not a number""# : "\(1900 + id)"
      let books = (0..<2).map { index in
        let book = id * 10 + index
        let related = id > 1 ? #", "related": [\#((id - 1) * 10)]"# : ""
        return #"{"id": \#(book), "title": "Book \#(book)", "price": \#(year), "tags": ["shared", "tag \#(id % 3)"], "publisher": 7\#(related)}"#
      }
      return #"{"id": \#(id), "name": "Author \#(id)", "books": [\#(books.joined(separator: ", "))]}"#
    }
    return #"{"authors": [\#(items.joined(separator: ",\n"))]}"#
  }

  /// A new payload file, named `payload-<uuid>.<pathExtension>`.
  func write(_ payload: String, pathExtension: String = "json") throws -> URL {
    let url = file.directory.appendingPathComponent("payload-\(UUID().uuidString).\(pathExtension)")
    try Data(payload.utf8).write(to: url)
    return url
  }

  /// Every stored object as `Entity identity: values, links by identity`, sorted: the same for
  /// two stores holding the same objects, whatever rows they got.
  static func snapshot(of store: Store) async throws -> [String] {
    let context = try store.makeContext()
    var lines: [String] = []
    func identity(_ object: ManagedObject) throws -> String {
      try object.entity.identity.map { "\((try object.value(forKey: $0) as GraphValue?).map { "\($0)" } ?? "nil")" }.joined(separator: ",")
    }
    for entity in ["Author", "Book", "Tag", "Publisher"] {
      for object in try await context.fetch(FetchRequest(entity: entity)) {
        let values = try object.entity.attributes.map { "\($0.name)=\((try object.value(forKey: $0.name) as GraphValue?).map { "\($0)" } ?? "nil")" }
        let links = try object.entity.relationships.map { relationship in
          "\(relationship.name)->\(try object.related(forKey: relationship.name).map(identity).sorted())"
        }
        lines.append("\(entity) " + (values + links).joined(separator: " "))
      }
    }
    return lines.sorted()
  }

  @Test("batches of any size store the same objects, values and links as one import", arguments: StoreBackendKind.available, [1, 3, 1000])
  func sameAsOneImport(backend: StoreBackendKind, batchSize: Int) async throws {
    let store = try await backend.makeStore().store
    let payload = Self.payload(authors: 10)
    let report = try await store.importJSON(contentsOf: try write(payload), entity: "Author", root: "authors", batchSize: batchSize)
    #expect(report.elementCount == 10)
    let expected = 35  // 10 authors, 20 books, 4 tags, 1 publisher
    #expect(report.saved.inserted.count == expected)
    let wholeStore = try Store(inMemoryWith: Library.schema)
    try await wholeStore.makeContext().importJSON(Array(payload.utf8), entity: "Author", root: "authors")
    #expect(try await Self.snapshot(of: store) == Self.snapshot(of: wholeStore))
  }

  @Test("an object named in many batches is one row, and importing again updates in place", arguments: StoreBackendKind.available)
  func sharedObjectsAndUpdates(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let url = try write(Self.payload(authors: 6))
    try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 2)
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Tag")) == 4)
    let shared = try #require(try context.object(of: "Tag", identity: "shared"))
    #expect(try shared.related(forKey: "books").count == 12)
    let row = try #require(shared.persistentID)
    let again = try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 2)
    #expect(again.saved.isEmpty)
    let changed = try write(Self.payload(authors: 6).replacingOccurrences(of: "Author 4", with: "Author Four"))
    let update = try await store.importJSON(contentsOf: changed, entity: "Author", root: "authors", batchSize: 2)
    #expect(update.saved.inserted.isEmpty && update.saved.updated.count == 1)
    let fresh = try store.makeContext()
    #expect(try fresh.object(of: "Tag", identity: "shared")?.persistentID == row)
    #expect(try fresh.object(of: "Author", identity: 4)?.name == "Author Four")
  }

  @Test("stale objects go a batch at a time: the same store as one import deleting them, a dry run lists them and writes nothing", arguments: StoreBackendKind.available)
  func staleInBatches(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let whole = try Store(inMemoryWith: Library.schema)
    let first = Self.payload(authors: 12)
    try await store.importJSON(contentsOf: try write(first), entity: "Author", root: "authors", batchSize: 5)
    try await whole.makeContext().importJSON(Array(first.utf8), entity: "Author", root: "authors")
    // Authors 8 to 12 gone (their books by the cascade), 1 to 7 kept, one renamed. (Each
    // author's books link to the one before's: a link to a book the import deletes would be
    // a dangling one-way reference, refused.)
    let second = Self.payload(ids: 1...7).replacingOccurrences(of: "Author 4", with: "Author Four")
    var options = GraphImportOptions()
    options.staleObjects = .all
    let dry = try await store.importJSON(contentsOf: try write(second), entity: "Author", root: "authors", options: options, batchSize: 2, dryRun: true)
    #expect(dry.graph.deletedCount == 5)
    #expect(dry.changes.filter { $0.kind == .delete && $0.object.hasPrefix("Author #") }.count == 5)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 12)
    let report = try await store.importJSON(contentsOf: try write(second), entity: "Author", root: "authors", options: options, batchSize: 2)
    #expect(report.graph.deletedCount == 5)
    try await whole.makeContext().importJSON(Array(second.utf8), entity: "Author", root: "authors", options: options)
    #expect(try await Self.snapshot(of: store) == Self.snapshot(of: whole))
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 7)
    // Matching, in batches: only the stale authors the test picks.
    options.staleObjects = .matching { (try? $0.value(forKey: "name")) == "Author 6" }
    let fewer = Self.payload(ids: 1...5).replacingOccurrences(of: "Author 4", with: "Author Four")
    let matching = try await store.importJSON(contentsOf: try write(fewer), entity: "Author", root: "authors", options: options, batchSize: 1)
    #expect(matching.graph.deletedCount == 1)
    #expect(try store.makeContext().object(of: "Author", identity: 7) != nil)
    #expect(try store.makeContext().object(of: "Author", identity: 6) == nil)
  }

  @Test("a bad element in a later batch leaves the store as it was, and the error names its place", arguments: StoreBackendKind.available)
  func failureRollsBack(_ backend: StoreBackendKind) async throws {
    let (good, bad) = (try write(Self.payload(authors: 2)), try write(Self.payload(authors: 8, badAt: 7)))
    try await expectRollback(on: backend, path: "$.authors[6].books[0].price", location: ".json:7:") { store in
      try await store.importJSON(contentsOf: good, entity: "Author", root: "authors")
    } failing: { store in
      try await store.importJSON(contentsOf: bad, entity: "Author", root: "authors", batchSize: 2)
    }
  }

  /// Runs `failing` on a store holding what `setUp` imported: it must throw a `StoreError`
  /// carrying a `MappingError` whose path starts with `path`, located at `location`
  /// (`.json:7:`) in the whole file, and leave the store as it was.
  func expectRollback(
    on backend: StoreBackendKind, path: String, location: String,
    setUp: (Store) async throws -> Void, failing: (Store) async throws -> Void
  ) async throws {
    let store = try await backend.makeStore().store
    try await setUp(store)
    let before = try await Self.snapshot(of: store)
    let thrown = await #expect(throws: StoreError.self) { try await failing(store) }
    #expect(thrown?.code == .mapping)
    let error = thrown?.underlying as? MappingError
    #expect(error?.path.description.hasPrefix(path) == true, "\(String(describing: error))")
    #expect(thrown.map { "\($0)" } == error.map { "\($0)" }, "a store error prints as the mapping error it carries")
    // The line:column of the whole file, though the element was parsed alone.
    #expect(error.map { "\($0)" }?.contains(location) == true, "\(String(describing: error))")
    #expect(try await Self.snapshot(of: store) == before)
  }

  @Test("a dry run lists every change and writes nothing", arguments: StoreBackendKind.available)
  func dryRun(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let report = try await store.importJSON(contentsOf: try write(Self.payload(authors: 4)), entity: "Author", root: "authors", batchSize: 2, dryRun: true)
    #expect(report.saved.isEmpty)
    let inserts = report.changes.filter { $0.kind == .insert }
    #expect(inserts.count == 17)  // 4 authors, 8 books, 4 tags, 1 publisher
    #expect(try await Self.snapshot(of: store).isEmpty)
  }

  @Test("a missing array is an error naming it; a lossy import reports each bad element and goes on", arguments: StoreBackendKind.available)
  func missingRootAndLossy(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let error = await #expect(throws: StoreError.self) {
      try await store.importJSON(contentsOf: try write(#"{"writers": []}"#), entity: "Author", root: "authors")
    }
    #expect(error?.code == .mapping)
    #expect((error?.underlying as? JSONParsingError)?.code == .keyPathNotFound)
    var options = GraphImportOptions()
    options.isLossy = true
    let report = try await store.importJSON(contentsOf: try write(Self.payload(authors: 5, badAt: 4)), entity: "Author", root: "authors", options: options, batchSize: 2)
    #expect(report.graph.issues.contains { $0.path.description.hasPrefix("$.authors[3]") })
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 5)
  }
}
