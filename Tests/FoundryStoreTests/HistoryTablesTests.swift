import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// The tables history is kept in: tokens that never repeat or go back whatever mix of saves,
/// imports in batches and purges wrote them, and stores made with the tables of before (a row
/// per part) moved to today's with every token, author, time and change kept.
@Suite("History tables")
struct HistoryTablesTests {
  @Test("saves, imports in batches and purges give tokens in order, never one twice", arguments: StoreBackendKind.available)
  func tokensInOrder(_ backend: StoreBackendKind) async throws {
    let (store, url, directory) = try await CancellationTests.storeAndPayload(backend, authors: 30)
    defer { _ = directory }
    try await store.enableHistory()
    try await Self.saveTag("a", in: store)
    try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 10)
    try await Self.saveTag("b", in: store)
    #expect(try await store.history(after: nil).map(\.token.rawValue) == [1, 2, 3])
    #expect(try await store.history(after: nil).map(\.changes.count)[1] > 30)
    // Every transaction purged: the next ones go on from the last token given.
    #expect(try await store.purgeHistory(before: HistoryToken(100)) == 3)
    try await Self.saveTag("c", in: store)
    let context = try store.makeContext()
    for author in try await context.fetch(FetchRequest(entity: "Author")) { try context.graph.delete(author) }
    try await context.save()
    try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 10)
    let history = try await store.history(after: nil)
    #expect(history.map(\.token.rawValue) == [4, 5, 6])
    let authors = history.map { transaction in Set(transaction.changes.filter { $0.entity == "Author" }.map(\.kind)) }
    #expect(authors == [[], [.deleted], [.inserted]])
    #expect(history[2].changes.filter { $0.entity == "Author" }.count == 30)
    #expect(try await store.lastHistoryToken() == HistoryToken(6))
    #expect(try await store.history(after: HistoryToken(4), limit: 1).map(\.token.rawValue) == [5])
  }

  @Test("changes alike are listed together and read back one per object, each with its keys", arguments: StoreBackendKind.available)
  func changesAlike(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    try await store.enableHistory()
    let context = try store.makeContext()
    let values = try (1...6).map { id in
      let value = try context.insert("Value")
      value.id = .integer(Int64(id))
      return value
    }
    try await context.save()
    for (index, value) in values.enumerated() where index < 5 {
      if index == 3 { value.long = .integer(1 << 60) } else { value.short = .integer(Int64(index)) }
    }
    try context.graph.delete(values[5])
    try await context.save()

    let history = try await store.history(after: nil)
    try #require(history.count == 2)
    let ids = try values.map { try #require($0.persistentID) }
    #expect(history[0].changes.map(\.id) == ids)
    #expect(history[0].changes.allSatisfy { $0.kind == .inserted && $0.entity == "Value" })
    let stored = try await store.backend.read(SQLStatement("SELECT changes FROM foundry_history WHERE token = 1"))
    #expect(stored[0, 0] == .text(#"[{"change":"inserted","entity":"Value","rows":[\#(ids.map { String($0.row) }.joined(separator: ","))]}]"#))
    var keys: [PersistentID: [String]] = [:]
    for change in history[1].changes where change.kind == .updated { keys[change.id] = change.changedKeys }
    #expect(keys == [ids[0]: ["short"], ids[1]: ["short"], ids[2]: ["short"], ids[3]: ["long"], ids[4]: ["short"]])
    let deleted = history[1].changes.filter { $0.kind == .deleted }
    #expect(deleted.map(\.id) == [ids[5]] && deleted.first?.keptValues == ["id": .integer(6)])
  }

  @Test("a store whose history has a row per part opens with every transaction kept, and goes on", arguments: StoreBackendKind.available)
  func tablesOfBefore(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.enableHistory()
    var plan = WritePlan()
    plan.statements = Self.tablesOfBefore.map { SQLStatement($0) }
    _ = try await made.store.backend.write(plan)

    // The first opener moves the tables; the next finds nothing to move.
    for store in [try await made.reopen(), try await made.reopen()] {
      let history = try await store.history(after: nil)
      #expect(history.map(\.token.rawValue) == [1, 2, 3])
      #expect(history.map(\.author) == ["app", "importer", nil])
      #expect(history.map(\.date.timeIntervalSince1970) == [100, 200, 300])
      // A transaction's changes in the order of its parts, the first part's first.
      #expect(history.map { $0.changes.map(\.id.row) } == [[1], [2, 3, 4], [5]])
      #expect(history.map { $0.changes.map(\.kind) } == [[.inserted], [.inserted, .updated, .deleted], [.inserted]])
      #expect(try store.backend.record(StoreHistory.tablesRecordKey) == "2")
    }
    let store = try await made.reopen()
    try await Self.saveTag("next", in: store)
    #expect(try await store.history(after: HistoryToken(3)).map(\.token.rawValue) == [4])
    #expect(try await store.purgeHistory(before: HistoryToken(4)) == 3)
    #expect(try await store.history(after: HistoryToken(3)).map(\.token.rawValue) == [4])
  }

  /// The tables of before, holding: a save (token 1); an import of two parts (token 2); an
  /// import whose first part listed nothing (token 3); a part never sealed (dropped).
  static let tablesOfBefore = [
    "DROP TABLE foundry_history",
    "DROP TABLE foundry_history_parts",
    "DELETE FROM foundry_store WHERE key = '\(StoreHistory.tablesRecordKey)'",
    "CREATE TABLE foundry_history (token BIGINT, part INTEGER NOT NULL, time DOUBLE PRECISION NOT NULL, author TEXT, changes TEXT NOT NULL)",
    "CREATE INDEX foundry_history_token ON foundry_history (token)",
    """
    INSERT INTO foundry_history (token, part, time, author, changes) VALUES \
    (1, 0, 100, 'app', '[{"change":"inserted","entity":"Tag","row":1}]'), \
    (2, 1, 200, 'importer', '[{"change":"updated","entity":"Tag","row":3,"keys":["label"]},{"change":"deleted","entity":"Tag","row":4,"kept":{}}]'), \
    (2, 0, 200, 'importer', '[{"change":"inserted","entity":"Tag","row":2}]'), \
    (3, 1, 300, NULL, '[{"change":"inserted","entity":"Tag","row":5}]'), \
    (NULL, 0, 400, NULL, '[{"change":"inserted","entity":"Tag","row":6}]')
    """,
    "UPDATE foundry_history_clock SET token = 3",
  ]

  static func saveTag(_ label: String, in store: Store) async throws {
    let context = try store.makeContext()
    try context.insert("Tag").label = .string(label)
    try await context.save()
  }
}
