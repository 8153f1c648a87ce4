import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

@Suite("PostgreSQL: imports merged by identity", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresMergeTests {
  /// The library payload, plus (with `extra`) a book of the same author and publisher.
  static func payload(extra: Bool) -> [UInt8] {
    let book = extra ? #", {"id": 3003, "title": "Othello", "tags": ["drama", "tragedy"], "publisher": 7}"# : ""
    let text = """
      {"authors": [{"id": 101, "name": "William Shakespeare", "books": [
        {"id": 3001, "title": "The Tempest", "tags": ["drama", "fantasy"], "publisher": 7},
        {"id": 3002, "title": "Hamlet", "tags": ["drama"], "publisher": 7}\(book)]}]}
      """
    return Array(text.utf8)
  }

  @Test("two stores import the same objects at once: both succeed, each object is stored once, and new rows point at the rows the other stored")
  func concurrentImports() async throws {
    let server = try PostgresTestServer.shared.get()
    let first = try await StoreBackendKind.postgres.makeStore()
    guard case .database(let url) = first.location else { return }
    let second = try await first.reopen()
    // The first import inserts its author, books and publisher, then waits to insert its tags;
    // the second finds nothing stored yet, and waits for the first's author to commit. The
    // second then takes every row the first stored, and its new book must point at them.
    // The imports run on a queue of their own: the test waits for them with blocking calls.
    let store = first.store
    let executor = QueueTaskExecutor()
    let (winner, loser) = try await onOwnThread {
      try server.holdingLock(#"LOCK TABLE "Tag" IN SHARE ROW EXCLUSIVE MODE"#, in: url, untilWaiting: 2) {
        let winner = Task(executorPreference: executor) {
          try await store.makeContext().importJSON(Self.payload(extra: false), entity: "Author", root: "authors").saved.inserted.count
        }
        try server.waitForLockWaiters(1, in: url)
        let loser = Task(executorPreference: executor) {
          try await second.makeContext().importJSON(Self.payload(extra: true), entity: "Author", root: "authors").saved.inserted.count
        }
        return (winner, loser)
      }
    }
    // Each import believed every object new: 1 author, 2 (3) books, 2 (3) tags, 1 publisher.
    let inserted = [try await winner.value, try await loser.value]
    #expect(inserted == [6, 8])

    let context = try first.store.makeContext()
    for (entity, count) in [("Author", 1), ("Book", 3), ("Tag", 3), ("Publisher", 1)] {
      let stored = try await context.count(FetchRequest(entity: entity))
      #expect(stored == count, "\(entity)")
    }
    let author = try #require(try context.object(of: "Author", identity: 101))
    #expect(try author.related(forKey: "books").compactMap(\.id) == [3001, 3002, 3003])
    let othello = try #require(try context.object(of: "Book", identity: 3003))
    #expect(try othello.relatedObject(forKey: "publisher")?.persistentID == (try context.object(of: "Publisher", identity: 7))?.persistentID)
    let tags = try othello.related(forKey: "tags").compactMap { object -> String? in if case .string(let label)? = object.label { label } else { nil } }.sorted()
    #expect(tags == ["drama", "tragedy"])
    let drama = try #require(try context.object(of: "Tag", identity: "drama"))
    #expect(try drama.related(forKey: "books").compactMap(\.id).map(\.description).sorted() == ["3001", "3002", "3003"])
  }

  @Test("two imports in batches meet the same objects in opposite orders: PostgreSQL ends one to break the deadlock, it runs again, and both complete with each object once")
  func opposingBatchImports() async throws {
    let opened = try await StoreBackendKind.postgres.makeStore()
    let second = try await opened.reopen()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-opposing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Each import holds the tags of its batches so far (uncommitted) and then needs the
    // other's: the first from the front, the second from the back.
    let labels = (0..<600).map { String(format: "tag %03d", $0) }
    var files: [URL] = []
    for (name, order) in [("forward", labels), ("backward", labels.reversed())] {
      let file = directory.appendingPathComponent(name + ".json")
      try Data(("[" + order.map { #"{"label": "\#($0)"}"# }.joined(separator: ",") + "]").utf8).write(to: file)
      files.append(file)
    }
    let (store, forward, backward) = (opened.store, files[0], files[1])
    async let first = store.importJSON(contentsOf: forward, entity: "Tag", batchSize: 20)
    async let other = second.importJSON(contentsOf: backward, entity: "Tag", batchSize: 20)
    let reports = try await [first, other]
    #expect(reports.map(\.elementCount) == [labels.count, labels.count])
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == labels.count)
  }

  @Test(
    "two imports in batches store the same objects whose identity is unique per parent only: the one that meets the other's runs again and updates them, and each is stored once")
  func concurrentScopedImports() async throws {
    let opened = try await StoreBackendKind.postgres.makeStore(ScopedIdentityStoreTests.schema)
    let second = try await opened.reopen(ScopedIdentityStoreTests.schema)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-scoped-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    // Seats are numbered within their performance (a join table keeps the order): no unique
    // index covers them, so ON CONFLICT cannot merge them; the store's triggers refuse a
    // second seat A-1 under one performance.
    let performances = (1...200).map { id in
      #"{"id": \#(id), "seats": ["# + (1...5).map { #"{"row": "A", "number": \#($0), "price": 10}"# }.joined(separator: ",") + "]}"
    }
    try Data(("[" + performances.joined(separator: ",") + "]").utf8).write(to: file)
    let store = opened.store
    async let first = store.importJSON(contentsOf: file, entity: "Performance", batchSize: 10)
    async let other = second.importJSON(contentsOf: file, entity: "Performance", batchSize: 10)
    let reports = try await [first, other]
    #expect(reports.map(\.elementCount) == [200, 200])
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Performance")) == 200)
    #expect(try await context.count(FetchRequest(entity: "Seat")) == 1000)
  }

  @Test("a save whose multi-row upserts meet rows another store committed meanwhile takes those rows, in the middle of a batch, and links to them")
  func mergeWithinBatches() async throws {
    let first = try await StoreBackendKind.postgres.makeStore(BatchedSaveTests.wide)
    let other = try await first.reopen(BatchedSaveTests.wide)
    // The context finds nothing stored and believes all 2,000 objects and 7 groups new; the
    // other store then commits 500..<1500 and every group before the context saves.
    let context = try first.store.makeContext()
    try context.graph.importJSON(BatchedSaveTests.widePayload(count: 2_000, scale: 2), entity: "Wide", root: "items")
    try await other.makeContext().importJSON(BatchedSaveTests.widePayload(from: 500, count: 1_000), entity: "Wide", root: "items")
    let stored = try #require(try other.makeContext().object(of: "Wide", identity: 900)).persistentID
    let saved = try context.saveNow(mergesByIdentity: true)
    #expect(saved.inserted.count == 2_007)

    let fresh = try first.store.makeContext()
    #expect(try await fresh.count(FetchRequest(entity: "Wide")) == 2_000)
    #expect(try await fresh.count(FetchRequest(entity: "Group")) == 7)
    for id in [0, 499, 500, 900, 1_499, 1_500, 1_999] {
      let object = try #require(try fresh.object(of: "Wide", identity: .integer(Int64(id))))
      #expect(object.c79 == .integer(Int64(id * 79 * 2)), "\(id)")
      #expect(try object.relatedObject(forKey: "group")?.id == .integer(Int64(id % 7)), "\(id)")
    }
    #expect(try fresh.object(of: "Wide", identity: 900)?.persistentID == stored)
    #expect(try #require(try fresh.object(of: "Group", identity: 3)).related(forKey: "members").count == 286)
  }

  @Test("two stores importing the same 3,000 objects at once both succeed, and each object is stored once")
  func concurrentLargeImports() async throws {
    let first = try await StoreBackendKind.postgres.makeStore(BatchedSaveTests.wide)
    let second = try await first.reopen(BatchedSaveTests.wide)
    let payload = BatchedSaveTests.widePayload(count: 3_000)
    let store = first.store
    let one = Task { try await store.makeContext().importJSON(payload, entity: "Wide", root: "items").saved.inserted.count }
    let two = Task { try await second.makeContext().importJSON(payload, entity: "Wide", root: "items").saved.inserted.count }
    // Each import believed every object new.
    #expect([try await one.value, try await two.value] == [3_007, 3_007])
    let context = try first.store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Wide")) == 3_000)
    #expect(try await context.count(FetchRequest(entity: "Group")) == 7)
    #expect(try #require(try context.object(of: "Group", identity: 3)).related(forKey: "members").count == 429)
  }
}
