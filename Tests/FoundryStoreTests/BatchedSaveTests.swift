import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// Saves and imports whose inserts a backend sends as multi-row inserts: more rows than one
/// statement holds, rows wider than the parameter limit lets many of in one statement, and
/// imports that meet rows already stored in the middle of a batch.
@Suite("Saves of more rows than one statement holds")
struct BatchedSaveTests {
  /// An entity of 80 attributes: 83 arguments a row, so 789 rows fill PostgreSQL's 65,535
  /// bind parameters (and 394 SQLite's 32,766).
  static let wide = try! Schema {
    Entity("Wide", identity: ["id"]) {
      Attribute("id", .integer64)
      for column in 0..<80 { Attribute("c\(column)", .integer64, optional: true) }
      Relationship("group", to: "Group", inverse: "members")
    }
    Entity("Group", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("members", to: "Wide", toMany: true, inverse: "group")
    }
  }

  /// `count` wide objects from `first` on, each in group `id % 7`, column `c<k>` holding
  /// `id * k * scale`.
  static func widePayload(from first: Int = 0, count: Int, scale: Int = 1) -> [UInt8] {
    let items = (first..<first + count).map { id in
      let columns = (0..<80).map { "\"c\($0)\": \(id * $0 * scale)" }.joined(separator: ", ")
      return "{\"id\": \(id), \(columns), \"group\": {\"id\": \(id % 7)}}"
    }
    return Array("{\"items\": [\(items.joined(separator: ", "))]}".utf8)
  }

  @Test("a save of 2,500 books, their tags and one author's ordered list stores every row and link at the rows it reports", arguments: StoreBackendKind.available)
  func largeSave(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    let author = try context.insert("Author")
    author.id = 1
    author.name = "Prolific"
    let tags = try (0..<25).map { number in
      let tag = try context.insert("Tag")
      tag.label = .string("t\(number)")
      return tag
    }
    var books: [ManagedObject] = []
    for id in 1...2_500 {
      let book = try context.insert("Book")
      book.id = .integer(Int64(id))
      book.title = .string("Book \(id)")
      try book.setRelated([tags[id % 25]], forKey: "tags")
      books.append(book)
    }
    try author.setRelated(books.reversed(), forKey: "books")
    let saved = try await context.save()
    #expect(saved.inserted.count == 2_526)

    let fresh = try store.makeContext()
    #expect(try await fresh.count(FetchRequest(entity: "Book")) == 2_500)
    for id in [1, 789, 1_000, 1_001, 2_500] {
      let stored = try #require(try fresh.object(of: "Book", identity: .integer(Int64(id))))
      #expect(stored.persistentID == books[id - 1].persistentID)
      #expect(try stored.related(forKey: "tags").map(\.persistentID) == [tags[id % 25].persistentID])
    }
    let reloaded = try #require(try fresh.object(of: "Author", identity: 1))
    #expect(try reloaded.related(forKey: "books").compactMap(\.id) == (1...2_500).reversed().map { .integer(Int64($0)) })
    let tag = try #require(try fresh.object(of: "Tag", identity: "t7"))
    #expect(try tag.related(forKey: "books").count == 100)
  }

  @Test("an import of 2,000 objects of 83 columns a row, more than one statement may bind, stores each value", arguments: StoreBackendKind.available)
  func wideImport(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.wide).store
    let report = try await store.makeContext().importJSON(Self.widePayload(count: 2_000), entity: "Wide", root: "items")
    #expect(report.saved.inserted.count == 2_007)
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Wide")) == 2_000)
    for id in [0, 788, 789, 1_577, 1_578, 1_999] {
      let object = try #require(try context.object(of: "Wide", identity: .integer(Int64(id))))
      #expect(object.c79 == .integer(Int64(id * 79)))
      #expect(try object.relatedObject(forKey: "group")?.id == .integer(Int64(id % 7)))
    }
  }

  @Test("an import over stored objects updates them in place and inserts the others", arguments: StoreBackendKind.available)
  func importOverStoredRows(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.wide).store
    try await store.makeContext().importJSON(Self.widePayload(from: 500, count: 1_000), entity: "Wide", root: "items")
    let kept = try #require(try store.makeContext().object(of: "Wide", identity: 900)).persistentID

    let report = try await store.makeContext().importJSON(Self.widePayload(count: 2_000, scale: 2), entity: "Wide", root: "items")
    #expect(report.saved.inserted.count == 1_000)
    // The 1,000 stored objects, and the 7 groups whose members grew.
    #expect(report.saved.updated.count == 1_007)
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Wide")) == 2_000)
    let updated = try #require(try context.object(of: "Wide", identity: 900))
    #expect(updated.persistentID == kept)
    #expect(updated.c79 == .integer(900 * 79 * 2))
    #expect(try #require(try context.object(of: "Group", identity: 3)).related(forKey: "members").count == 286)
  }
}
