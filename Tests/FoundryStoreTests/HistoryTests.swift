import Foundation
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// A store's persistent history on every backend: one transaction per save or import,
/// written in the same database transaction, read back in commit order.
@Suite("Persistent history")
struct HistoryTests {
  @Test("a store keeps no history until it is enabled, and says so", arguments: StoreBackendKind.available)
  func disabled(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    #expect(!store.isHistoryEnabled)
    await #expect { _ = try await store.history(after: nil) } throws: { ($0 as? StoreError)?.code == .historyDisabled }
  }

  @Test("each save records one transaction: its author, and what it inserted, updated and deleted", arguments: StoreBackendKind.available)
  func savesRecorded(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    try await store.enableHistory()
    let context = try store.makeContext()
    context.author = "importer"
    try await context.importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    context.author = "editor"
    let twain = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "id == 106")).first)
    twain.name = .string("Samuel Clemens")
    try await context.save()
    context.author = nil
    try context.graph.delete(twain)
    let deleted = try await context.save()

    let history = try await store.history(after: nil)
    try #require(history.count == 3)
    #expect(history.map(\.token.rawValue) == [1, 2, 3])
    #expect(history.map(\.author) == ["importer", "editor", nil])
    #expect(history[0].changes.allSatisfy { $0.kind == .inserted })
    #expect(Set(history[0].changes.map(\.entity)) == ["Author", "Book", "Tag", "Publisher"])
    // 2 authors, 3 books, 3 tags, 1 publisher.
    #expect(history[0].changes.count == 9)
    let twainID = try #require(twain.persistentID)
    #expect(history[1].changes == [HistoryChange(kind: .updated, entity: "Author", id: twainID, changedKeys: ["name"])])
    let removal = try #require(history[2].changes.first { $0.entity == "Author" })
    #expect(removal.kind == .deleted)
    // The identity is kept after deletion; the book went with its author (cascade).
    #expect(removal.keptValues == ["id": .integer(106)])
    #expect(history[2].changes.contains { $0.kind == .deleted && $0.entity == "Book" && $0.keptValues == ["id": .integer(3501)] })
    #expect(Set(history[2].saved.deleted) == Set(deleted.deleted))
    #expect(history[0].date <= history[2].date)
  }

  @Test("a save that fails records nothing; the next one takes the next token", arguments: StoreBackendKind.available)
  func failedSaveRecordsNothing(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    try await store.enableHistory()
    let first = try store.makeContext()
    let tag = try first.insert("Tag")
    tag.label = .string("same")
    try await first.save()
    let second = try store.makeContext()
    let duplicate = try second.insert("Tag")
    duplicate.label = .string("same")
    await #expect(throws: StoreError.self) { try await second.save() }
    second.rollback()
    let other = try second.insert("Tag")
    other.label = .string("other")
    try await second.save()
    let history = try await store.history(after: nil)
    #expect(history.map(\.token.rawValue) == [1, 2])
    #expect(history.map { $0.changes.map(\.kind) } == [[.inserted], [.inserted]])
  }

  @Test("an import in batches is one transaction of its every batch; a dry run records nothing", arguments: StoreBackendKind.available)
  func batchedImport(_ backend: StoreBackendKind) async throws {
    let (store, url, directory) = try await CancellationTests.storeAndPayload(backend, authors: 120)
    defer { _ = directory }
    try await store.enableHistory()
    try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 25, dryRun: true)
    #expect(try await store.history(after: nil).isEmpty)
    let report = try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 25)
    let history = try await store.history(after: nil)
    try #require(history.count == 1)
    let inserted = history[0].changes.filter { $0.kind == .inserted }
    #expect(Set(inserted.map(\.id)) == Set(report.saved.inserted))
    #expect(inserted.filter { $0.entity == "Author" }.count == 120)
    #expect(history[0].saved.inserted.count == report.saved.inserted.count)
    // Re-importing changes nothing: no new transaction.
    try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 25)
    #expect(try await store.history(after: nil).count == 1)
  }

  @Test("history after a token, a limit, the last token, and purging what every reader handled", arguments: StoreBackendKind.available)
  func readingAndPurging(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    try await store.enableHistory()
    #expect(try await store.lastHistoryToken() == nil)
    let context = try store.makeContext()
    for label in ["a", "b", "c", "d"] {
      let tag = try context.insert("Tag")
      tag.label = .string(label)
      try await context.save()
    }
    #expect(try await store.lastHistoryToken() == HistoryToken(4))
    #expect(try await store.history(after: HistoryToken(2)).map(\.token.rawValue) == [3, 4])
    #expect(try await store.history(after: nil, limit: 2).map(\.token.rawValue) == [1, 2])
    #expect(try await store.purgeHistory(before: HistoryToken(3)) == 2)
    #expect(try await store.history(after: nil).map(\.token.rawValue) == [3, 4])
    // Purging never gives a token again.
    #expect(try await store.purgeHistory(before: HistoryToken(10)) == 2)
    let tag = try context.insert("Tag")
    tag.label = .string("e")
    try await context.save()
    #expect(try await store.history(after: nil).map(\.token.rawValue) == [5])
  }

  @Test("the store records that it keeps history: a store opened later keeps it, one opened before learns it when it reads", arguments: StoreBackendKind.available)
  func recordedAcrossOpens(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    let before = try await made.reopen()
    try await made.store.enableHistory()
    let later = try await made.reopen()
    #expect(later.isHistoryEnabled)
    let context = try later.makeContext()
    context.author = "later"
    try await context.importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    #expect(!before.isHistoryEnabled)
    #expect(try await before.history(after: nil).map(\.author) == ["later"])
    #expect(before.isHistoryEnabled)
  }

  @Test("a migration keeps the history, and saves after it are recorded", arguments: StoreBackendKind.available)
  func migrationKeepsHistory(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore(Self.tags(version: 1))
    try await made.store.enableHistory()
    let first = try made.store.makeContext()
    try first.insert("Tag").label = .string("before")
    try await first.save()
    let migrated = try await made.reopen(Self.tags(version: 2))
    let context = try migrated.makeContext()
    let tag = try context.insert("Tag")
    tag.label = .string("after")
    tag.colour = .string("red")
    try await context.save()
    let history = try await migrated.history(after: nil)
    #expect(history.map(\.token.rawValue) == [1, 2])
    #expect(history.map { $0.changes.map(\.kind) } == [[.inserted], [.inserted]])
  }

  /// Tags, and from version 2 their colour.
  static func tags(version: Int) -> Schema {
    try! Schema {
      Entity("Tag", identity: ["label"]) {
        Attribute("label", .string)
        if version > 1 { Attribute("colour", .string, optional: true) }
      }
    }
  }

  @Test("a deleted object's kept values read back exactly, for every attribute type", arguments: StoreBackendKind.available)
  func keptValuesOfEveryType(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.keptSchema).store
    try await store.enableHistory()
    let context = try store.makeContext()
    let note = try context.insert("Note")
    let values: [String: GraphValue?] = [
      "id": .integer(1), "short": .integer(-32_768), "long": .integer(9_007_199_254_740_993), "double": .double(0.1), "float": .float(1.5),
      "decimal": .decimal(Decimal(string: "12345678901234567890.125") ?? 0), "flag": .bool(true),
      "date": .date(Date(timeIntervalSinceReferenceDate: 123_456.789)), "data": .data(Data([0, 1, 254, 255])),
      "uuid": .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()), "url": .url(URL(string: "https://example.com/ä?q=1") ?? URL(fileURLWithPath: "/")),
      "json": .json(["ünïcödé": [1, 2.5, nil, true]]), "text": .string("Ελληνικά \u{1F600} \"quoted\""), "missing": nil,
    ]
    for (key, value) in values { try note.setValue(value, forKey: key) }
    try await context.save()
    try context.graph.delete(note)
    try await context.save()
    let deletion = try #require(try await store.history(after: HistoryToken(1)).first?.changes.first)
    #expect(deletion.kind == .deleted)
    #expect(deletion.keptValues == values)
  }

  @Test("a store opened with the schema it recorded keeps the same attributes after deletion", arguments: StoreBackendKind.available)
  func keptThroughRecordedSchema(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore(Self.keptSchema)
    try await made.store.enableHistory()
    let recorded = try await made.reopen(Store.schema(fromRecord: made.store.layout.recordText))
    let context = try recorded.makeContext()
    let note = try context.insert("Note")
    try note.setValue(GraphValue.integer(7), forKey: "id")
    try note.setValue(GraphValue.string("kept"), forKey: "text")
    try note.setValue(GraphValue.string("gone"), forKey: "notKept")
    try await context.save()
    try context.graph.delete(note)
    try await context.save()
    let deletion = try #require(try await recorded.history(after: HistoryToken(1)).first?.changes.first)
    #expect(deletion.keptValues["text"] == .some(.string("kept")))
    #expect(deletion.keptValues["notKept"] == nil)
  }

  /// A note whose every attribute is kept after deletion.
  static let keptSchema = try! Schema {
    Entity("Note", identity: ["id"]) {
      kept(Attribute("id", .integer64))
      kept(Attribute("short", .integer16, optional: true))
      kept(Attribute("long", .integer64, optional: true))
      kept(Attribute("double", .double, optional: true))
      kept(Attribute("float", .float, optional: true))
      kept(Attribute("decimal", .decimal, optional: true))
      kept(Attribute("flag", .boolean, optional: true))
      kept(Attribute("date", .date, optional: true))
      kept(Attribute("data", .binary, optional: true))
      kept(Attribute("uuid", .uuid, optional: true))
      kept(Attribute("url", .uri, optional: true))
      kept(Attribute("json", .transformable, optional: true))
      kept(Attribute("text", .string, optional: true))
      kept(Attribute("missing", .string, optional: true))
      Attribute("notKept", .string, optional: true)
    }
  }

  private static func kept(_ attribute: Attribute) -> Attribute {
    var attribute = attribute
    attribute.keepsAfterDeletion = true
    return attribute
  }
}
