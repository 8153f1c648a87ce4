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
    let store = first.store
    let (winner, loser) = try await onOwnThread {
      try server.holdingLock(#"LOCK TABLE "Tag" IN SHARE ROW EXCLUSIVE MODE"#, in: url, untilWaiting: 2) {
        let winner = Task { try await store.makeContext().importJSON(Self.payload(extra: false), entity: "Author", root: "authors").saved.inserted.count }
        try server.waitForLockWaiters(1, in: url)
        let loser = Task { try await second.makeContext().importJSON(Self.payload(extra: true), entity: "Author", root: "authors").saved.inserted.count }
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
