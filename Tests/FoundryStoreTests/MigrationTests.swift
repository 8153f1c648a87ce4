import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// A three-version model (`Fixtures/Shelf.xcdatamodeld`): version 2 adds an optional attribute,
/// an attribute and an entity with a many-to-many relationship, and renames `Book.title` to
/// `name` through its renaming identifier; version 3 renames `Author.name` to `fullName`,
/// makes `rating` required with a default, and removes `Book.subtitle`.
@Suite("Migrating a store to the next model version")
struct MigrationTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func version(_ name: String) throws -> Schema {
    try Schema(modelAt: fixtures.appendingPathComponent("Shelf.xcdatamodeld/\(name).xcdatamodel"))
  }

  @Test("versions 1 -> 2 -> 3 migrate in place, keeping every object, value and link", arguments: StoreBackendKind.available)
  func threeVersions(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore(try Self.version("Shelf"))
    let first = made.store
    let context = try first.makeContext()
    for (id, name) in [(1, "Ursula"), (2, "Octavia")] {
      let author = try context.insert("Author")
      author.id = .integer(Int64(id))
      author.name = .string(name)
      for number in 0..<2 {
        let book = try context.insert("Book")
        book.id = .integer(Int64(id * 10 + number))
        book.title = .string("\(name) \(number)")
        try book.setRelated(author, forKey: "author")
      }
    }
    try await context.save()

    let second = try await made.reopen(try Self.version("Shelf 2"))
    let secondContext = try second.makeContext()
    let book = try #require(try secondContext.object(of: "Book", identity: 10))
    #expect(book.name == "Ursula 0")
    #expect(book.subtitle == nil)
    #expect(try book.relatedObject(forKey: "author")?.name == "Ursula")
    #expect(try book.relatedObject(forKey: "author")?.rating == nil)
    book.subtitle = "A Novel"
    try #require(try secondContext.object(of: "Author", identity: 2)).rating = 5
    let tag = try secondContext.insert("Tag")
    tag.label = "classic"
    try tag.setRelated([book], forKey: "books")
    try await secondContext.save()

    let third = try await made.reopen(try Self.version("Shelf 3"))
    let thirdContext = try third.makeContext()
    let authors = try await thirdContext.fetch(FetchRequest(entity: "Author"))
    #expect(authors.compactMap(\.fullName) == ["Ursula", "Octavia"])
    #expect(authors.compactMap(\.rating) == [3, 5])  // the default filled in where there was none
    #expect(try authors[0].related(forKey: "books").compactMap(\.name) == ["Ursula 0", "Ursula 1"])
    let tagged = try #require(try thirdContext.object(of: "Tag", identity: "classic"))
    #expect(try tagged.related(forKey: "books").compactMap(\.id) == [10])
    #expect(try await thirdContext.count(FetchRequest(entity: "Book")) == 4)
    #expect(third.tableDefinitions.allSatisfy { !$0.contains("subtitle") })

    // Opening again with the same version changes nothing.
    let again = try await made.reopen(try Self.version("Shelf 3"))
    #expect(try await again.makeContext().count(FetchRequest(entity: "Author")) == 2)
    // New rows come after the copied ones.
    let later = try again.makeContext()
    let author = try later.insert("Author")
    author.id = 3
    author.fullName = "Iain"
    try await later.save()
    #expect(try await again.makeContext().count(FetchRequest(entity: "Author")) == 3)
  }

  @Test("a change that is not lightweight is refused, every change named, and the store is left as it was")
  func notLightweight() async throws {
    let file = try TemporaryStore()
    do {
      let store = try Store(path: file.path, schema: try Self.version("Shelf 3"))
      let author = try store.makeContext().insert("Author")
      _ = author
    }
    let before = try StoreFileTests.contents(of: file.directory)
    let retyped = try Schema(modelAt: Self.fixtures.appendingPathComponent("ShelfRetyped.xcdatamodel"))
    let error = #expect(throws: StoreError.self) { try Store(path: file.path, schema: retyped) }
    #expect(error?.code == .schemaMismatch)
    #expect(
      error?.details.sorted() == [
        "Author.books: changed kind (to-one, to-many, ordered or its inverse)",
        "Author.id: type changed from Integer 64 to String",
        "Author.motto: added required without a default value",
      ])
    #expect(try StoreFileTests.contents(of: file.directory) == before)
    #expect(try Store(path: file.path, schema: try Self.version("Shelf 3")).tableDefinitions.count > 0)
  }
}

@Suite("The model file's validation rules")
struct ValidationRuleTests {
  @Test("ranges, lengths and patterns from the model file are checked before a save, every broken rule listed")
  func modelRules() async throws {
    let store = try Store(inMemoryWith: try MigrationTests.version("Shelf 3"))
    let context = try store.makeContext()
    let author = try context.insert("Author")
    author.id = 1
    author.fullName = "A"
    author.rating = 7
    let tag = try context.insert("Tag")
    tag.label = "Classic!"
    let error = await #expect(throws: StoreError.self) { try await context.save() }
    #expect(error?.code == .validation)
    #expect(
      error?.details.sorted() == [
        "Author.fullName: 1 characters is below the minimum 2",
        "Author.rating: 7 is above the maximum 5",
        #"Tag.label: "Classic!" does not match [a-z ]+"#,
      ])
    author.fullName = "Ada"
    author.rating = 5
    tag.label = "classic"
    try await context.save()
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 1)
  }
}
