import Foundation
import FoundryGraph
import FoundryStore
import GRDB
import Testing

@testable import FoundrySQLite

/// Values reach the database exactly as they are bound: empty text and bytes stay empty (not
/// null), integers past 2^53 keep every digit, text keeps its every character.
@Suite("Binding values")
struct ValueBindingTests {
  @Test("empty text and bytes, integers past 2^53 and non-ASCII text read back as saved", arguments: StoreBackendKind.available)
  func exactValues(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    let context = try made.store.makeContext()
    let cases: [(id: Int64, text: String, data: Data, long: Int64)] = [
      (1, "", Data(), (1 << 53) + 1),
      (2, "Ærøskøbing — 東京 🚲", Data([0, 255, 0]), Int64.min),
      (3, "a'b\"c", Data(repeating: 7, count: 5_000), Int64.max),
    ]
    for item in cases {
      let value = try context.insert("Value")
      value.id = .integer(item.id)
      value.text = .string(item.text)
      value.data = .data(item.data)
      value.long = .integer(item.long)
    }
    try await context.save()

    let reader = try await made.reopen().makeContext()
    var request = FetchRequest(entity: "Value")
    request.sortBy = [SortKey("id")]
    let read = try await reader.fetch(request)
    #expect(read.map { $0.text } == cases.map { .string($0.text) })
    #expect(read.map { $0.data } == cases.map { .data($0.data) })
    #expect(read.map { $0.long } == cases.map { .integer($0.long) })
    // Compared as SQL values too: an empty string finds its object.
    #expect(try await reader.fetch(FetchRequest(entity: "Value", where: "text == ''")).map { $0.id } == [.integer(1)])
  }

  @Test("a statement given more or fewer arguments than it takes is refused, not run")
  func argumentCount() throws {
    try DatabaseQueue().inDatabase { db in
      let statement = try db.makeStatement(sql: "SELECT ?, ?")
      #expect(throws: StoreError.self) { try SQLiteArguments.bind([.value(.integer(1))], rows: [], to: statement) }
      #expect(throws: StoreError.self) { try SQLiteArguments.bind([.value(.null), .value(.null), .value(.null)], rows: [], to: statement) }
      try SQLiteArguments.bind([.value(.text("")), .newRow(1)], rows: [10, 20], to: statement)
      let row = try #require(try Row.fetchOne(statement))
      #expect(row[0] as String? == "" && row[1] as Int64? == 20)
    }
  }
}
