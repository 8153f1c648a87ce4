import Foundation
import FoundryGraph
import FoundryStore
import struct FoundryStore.FetchRequest
import Testing

/// Objects fetched from a store keep the rows they came from: values decode on first use, and
/// to-one relationships kept in foreign keys link to loaded objects without a query.
@Suite("Fetched rows: values decoded on first use, foreign keys followed in memory")
struct FetchedRowTests {
  /// Every book, by id.
  static var books: FetchRequest {
    var request = FetchRequest(entity: "Book")
    request.sortBy = [SortKey("id")]
    return request
  }

  /// A new store on `backend` holding the library payload.
  static func library(on backend: StoreBackendKind) async throws -> TestStore {
    let made = try await backend.makeStore()
    try await made.store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    return made
  }

  @Test("every value of a fetched object reads back as it was saved", arguments: StoreBackendKind.available)
  func values(_ backend: StoreBackendKind) async throws {
    let books = try await Self.library(on: backend).store.makeContext().fetch(Self.books)
    #expect(books.map { $0.title } == [GraphValue.string("The Tempest"), .string("Hamlet"), .string("A Connecticut Yankee")])
    #expect(books.map { $0.price } == [GraphValue.decimal(Decimal(string: "12.50")!), nil, nil])
    #expect(books.map { $0.persistentID?.family } == ["Book", "Book", "Book"])
  }

  @Test(
    "a stored value that does not read back hides nothing else: its read names it, the object's other values and saves go on",
    arguments: StoreBackendKind.available)
  func undecodable(_ backend: StoreBackendKind) async throws {
    let library = try await Self.library(on: backend)
    try await library.execute(#"UPDATE "Book" SET "price" = 'twelve' WHERE "id" = 3001"#)
    let context = try library.store.makeContext()
    // The fetch itself succeeds: the row is only decoded when the object is used.
    let books = try await context.fetch(Self.books)
    #expect(books.count == 3)
    #expect(books[0].title == .string("The Tempest"))
    let error = #expect(throws: GraphError.self) { try books[0].value(forKey: "price") }
    #expect(error?.code == .loadFailed)
    #expect(error?.location == "Book.price")
    #expect(error?.message.contains("does not read back") == true, "\(String(describing: error))")
    #expect(books[1].title == .string("Hamlet"))
    books[0].title = "The Tempest, again"
    books[1].title = "Hamlet, Prince of Denmark"
    #expect(try await context.save().updated.count == 2)
    // The value nobody set is left as it was stored; setting it makes it readable.
    let again = try await library.store.makeContext().fetch(Self.books)
    #expect(again[0].title == .string("The Tempest, again"))
    #expect(throws: GraphError.self) { try again[0].value(forKey: "price") }
    try again[0].setValue(.decimal(12), forKey: "price")
    #expect(try again[0].value(forKey: "price") == .decimal(12))
  }

  @Test(
    "a to-one relationship follows the fetched row's foreign key to an object already loaded, without asking the store",
    arguments: StoreBackendKind.available)
  func foreignKeys(_ backend: StoreBackendKind) async throws {
    let library = try await Self.library(on: backend)
    let context = try library.store.makeContext()
    var request = Self.books
    request.prefetch = ["publisher"]
    let books = try await context.fetch(request)
    #expect(books.allSatisfy { !$0.isFault(forKey: "publisher") })
    // Rows the store no longer has: the links come from the fetched rows and the loaded publisher.
    try await library.execute(#"UPDATE "Book" SET "publisher" = NULL; DELETE FROM "Publisher""#)
    #expect(try books.map { try $0.relatedObject(forKey: "publisher")?.id } == [7, 7, nil])
    // Kept in a join table, and not fetched ahead: the author is asked of the store on first use.
    #expect(books[0].isFault(forKey: "author"))
    #expect(try books[0].relatedObject(forKey: "author")?.id == 101)
  }

  @Test(
    "a fetch into an empty context registers each row once: fetched again or found by identity it is the same object, deleted it stays out",
    arguments: StoreBackendKind.available)
  func identityMap(_ backend: StoreBackendKind) async throws {
    let context = try await Self.library(on: backend).store.makeContext()
    let books = try await context.fetch(Self.books)
    let again = try await context.fetch(Self.books)
    #expect(zip(books, again).allSatisfy { $0 === $1 })
    #expect(try context.object(of: "Book", identity: 3002) === books[1])
    try context.delete(books[0])
    #expect(try await context.fetch(Self.books).map(\.id) == [3002, 3501])
    context.rollback()
    #expect(try await context.fetch(Self.books).map { ObjectIdentifier($0) } == books.map { ObjectIdentifier($0) })
  }

  @Test("a refreshed object forgets its fetched row: its to-one relationships load again from the store", arguments: StoreBackendKind.available)
  func refresh(_ backend: StoreBackendKind) async throws {
    let store = try await Self.library(on: backend).store
    let context = try store.makeContext()
    var request = Self.books
    request.prefetch = ["publisher"]
    let books = try await context.fetch(request)
    // Another context takes Hamlet from its publisher.
    let other = try store.makeContext()
    try #require(try other.object(of: "Book", identity: 3002)).setRelated(nil, forKey: "publisher")
    try await context.refresh(after: try await other.save())
    #expect(try books[1].relatedObject(forKey: "publisher") == nil)
    #expect(try books[0].relatedObject(forKey: "publisher")?.id == 7)
  }
}

@Suite("Rows read from a store")
struct SQLRowsTests {
  @Test("the distinct integers of a column come sorted, nulls and other kinds left out, dense or spread")
  func distinctIntegers() {
    var dense: [SQLValue] = []
    for row in 0..<300 {
      dense.append(.integer(Int64(row)))
      dense.append(row % 7 == 0 ? .null : .integer(Int64(1_000 + row % 50)))
    }
    // Every remainder by 50 comes in some row not divisible by 7 (50 steps through the sevens).
    #expect(SQLRows(columnCount: 2, values: dense).distinctIntegers(column: 1) == (1_000..<1_050).map(Int64.init))
    #expect(SQLRows(columnCount: 2, values: dense).distinctIntegers(column: 0) == (0..<300).map(Int64.init))
    let spread: [SQLValue] = [.integer(.max), .text("7"), .integer(.min), .integer(3), .integer(.max), .real(2.5)]
    #expect(SQLRows(columnCount: 1, values: spread).distinctIntegers(column: 0) == [.min, 3, .max])
    #expect(SQLRows(columnCount: 1, values: [.null, .text("x")]).distinctIntegers(column: 0) == [])
    #expect(SQLRows(columnCount: 1, values: [.integer(5)]).distinctIntegers(column: 3) == [])
  }
}
