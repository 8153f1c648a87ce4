import Foundation
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// Indexes on folded text (`lastName[cd]` in `indexedKeyPaths`): the store makes an index on
/// the expression `[cd]` comparisons compare, and `==[cd]` and `IN[cd]` use it.
@Suite("Indexes on folded text")
struct FoldedIndexTests {
  static func schema(_ indexed: [String] = ["lastName[cd]", "nickname[c]"]) throws -> Schema {
    var person = Entity("Person", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("lastName", .string, optional: true)
      Attribute("nickname", .string, optional: true)
    }
    person.indexedKeyPaths = indexed
    return try Schema([person])
  }

  static func payload(_ count: Int) -> [UInt8] {
    let names = ["Müller", "MULLER", "muller", "Meyer", "Straße", "Zoë"]
    let people = (0..<count).map { #"{"id": \#($0), "lastName": "\#(names[$0 % names.count])\#($0 < names.count ? "" : " \($0 / 7)")", "nickname": "n\#($0)"}"# }
    return Array(("[" + people.joined(separator: ",") + "]").utf8)
  }

  @Test("SQLite: the index is on foundry_fold of the column, and ==[cd] and IN[cd] use it")
  func sqlite() async throws {
    let store = try Store(inMemoryWith: try Self.schema())
    #expect(store.tableDefinitions.contains(#"CREATE INDEX "Person_path_lastName[cd]" ON "Person" ((foundry_fold("lastName", 3)))"#), "\(store.tableDefinitions)")
    #expect(store.tableDefinitions.contains(#"CREATE INDEX "Person_path_nickname[c]" ON "Person" ((foundry_fold("nickname", 1)))"#))
    try await store.makeContext().importJSON(Self.payload(60), entity: "Person")
    let context = try store.makeContext()
    for text in [#"lastName ==[cd] "muller""#, #"lastName IN[cd] {"muller", "zoe"}"#, #"nickname ==[c] "N5""#] {
      let plan = try context.queryPlan(try FetchRequest(entity: "Person", where: text))
      #expect(plan.contains { $0.contains("USING INDEX Person_path_") }, "\(text): \(plan)")
    }
    // Another folding than the index's, or none, cannot use it.
    let unfolded = try context.queryPlan(try FetchRequest(entity: "Person", where: #"lastName ==[c] "muller""#))
    #expect(!unfolded.contains { $0.contains("Person_path_lastName") }, "\(unfolded)")
    let found = try await context.fetch(try FetchRequest(entity: "Person", where: #"lastName ==[cd] "muller""#))
    #expect(try found.map { try $0.value(forKey: "id") }.compactMap { $0 } == [0, 1, 2])
  }

  @Test("PostgreSQL: the index is on the folding expression, and ==[cd] uses it")
  func postgres() async throws {
    guard StoreBackendKind.available.contains(.postgres) else { return }
    let store = try await StoreBackendKind.postgres.makeStore(try Self.schema()).store
    try await store.makeContext().importJSON(Self.payload(20_000), entity: "Person")
    let context = try store.makeContext()
    let plan = try context.queryPlan(try FetchRequest(entity: "Person", where: #"lastName ==[cd] "muller""#))
    #expect(plan.contains { $0.contains("Person_path_lastName[cd]") }, "\(plan)")
    let found = try await context.fetch(try FetchRequest(entity: "Person", where: #"lastName ==[cd] "muller""#))
    #expect(try found.map { try $0.value(forKey: "id") }.compactMap { $0 } == [0, 1, 2])
  }

  @Test("an option other than [c], [d], [cd], or a fold of what is not text, is refused")
  func refused() throws {
    for (path, message) in [
      ("lastName[x]", "Person: indexed key path lastName[x]: write [c], [d] or [cd] after it for an index on folded text"),
      ("id[c]", "Person: indexed key path id[c] folds text, and id is not a string attribute"),
    ] {
      let error = #expect(throws: StoreError.self) { try Store(inMemoryWith: try Self.schema([path])) }
      #expect(error?.message == message)
    }
  }
}
