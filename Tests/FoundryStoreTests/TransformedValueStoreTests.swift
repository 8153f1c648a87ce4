import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// A schema shaped like seed 004's model (Modelmatic): Transformable attributes bound to a date
/// transformer and a list transformer, a key path into a nested object, a to-one relationship
/// to an entity without identity.
enum Modelmatic {
  static let schema = try! Schema {
    Entity("Author", identity: ["authorId"]) {
      Attribute("authorId", .integer64, keyPath: "author_id")
      Attribute("dateOfBirth", .transformable, optional: true, transformer: "Date")
      Attribute("name", .string, optional: true)
      Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
    }
    Entity("Book", identity: ["bookId"]) {
      Attribute("bookId", .integer64, keyPath: "book_id")
      Attribute("tags", .transformable, optional: true, transformer: "StringArray")
      Attribute("title", .string, optional: true)
      Relationship("author", to: "Author", inverse: "books")
      Relationship("pricing", to: "Pricing", inverse: "book", deleteRule: .cascade)
    }
    Entity("Pricing") {
      Attribute("retailPrice", .decimal, optional: true, keyPath: "retail_price")
      Relationship("book", to: "Book", inverse: "pricing")
    }
  }

  /// `Date=date:yyyy-MM-dd`, `StringArray=split:,`, bound from specs (so a store records them).
  static var transformers: TransformerRegistry {
    var registry = TransformerRegistry.standard
    try! registry.bind("Date", to: "date:yyyy-MM-dd")
    try! registry.bind("StringArray", to: "split:,")
    return registry
  }

  static let payload = Array(
    """
    {"authors": [
      {"author_id": 1, "name": "William Shakespeare", "dateOfBirth": "1564-04-01",
       "books": [{"book_id": 11, "title": "The Tempest", "tags": "drama,fantasy", "pricing": {"retail_price": "9.99"}},
                 {"book_id": 12, "title": "Othello", "tags": "melodrama", "pricing": {"retail_price": 12.5}}]},
      {"author_id": 2, "name": "Émile Zola", "dateOfBirth": "2101-12-31",
       "books": [{"book_id": 21, "title": "Germinal", "tags": "", "pricing": {"retail_price": 7}}]},
      {"author_id": 3, "name": "Anonyme", "books": []}
    ]}
    """.utf8)

  static func day(_ text: String) -> GraphValue {
    var components = DateComponents()
    let parts = text.split(separator: "-").compactMap { Int($0) }
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return .date(calendar.date(from: components)!)
  }

  static func titles(_ books: [ManagedObject]) -> [String] {
    books.compactMap { if case .string(let title)? = try? $0.value(forKey: "title") { title } else { nil } }.sorted()
  }
}

@Suite("Transformed values in the store: kept by their type, read back alike on every backend")
struct TransformedValueStoreTests {
  @Test("a date transformer's values are a date column, a list transformer's a JSON array", arguments: StoreBackendKind.available)
  func columnsFollowTheValues(kind: StoreBackendKind) async throws {
    let store = try await kind.makeStore(Modelmatic.schema, transformers: Modelmatic.transformers).store
    let author = try #require(store.tableDefinitions.first { $0.hasPrefix(#"CREATE TABLE "Author""#) })
    let book = try #require(store.tableDefinitions.first { $0.hasPrefix(#"CREATE TABLE "Book""#) })
    switch kind {
    case .sqlite:
      #expect(author.contains(#""dateOfBirth" REAL"#), "\(author)")
      #expect(book.contains(#""tags" TEXT"#), "\(book)")
    case .postgres:
      #expect(author.contains(#""dateOfBirth" DOUBLE PRECISION"#), "\(author)")
      #expect(book.contains(#""tags" JSONB"#) || book.contains(#""tags" jsonb"#), "\(book)")
    }
  }

  @Test("imported values read back as they were imported; importing again changes nothing", arguments: StoreBackendKind.available)
  func valuesReadBack(kind: StoreBackendKind) async throws {
    let store = try await kind.makeStore(Modelmatic.schema, transformers: Modelmatic.transformers).store
    let first = try await store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    #expect(first.saved.inserted.count == 9)
    let context = try store.makeContext()
    let shakespeare = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "authorId == 1")).first)
    #expect(try shakespeare.value(forKey: "dateOfBirth") == Modelmatic.day("1564-04-01"))
    #expect(try shakespeare.value(forKey: "name") == "William Shakespeare")
    let zola = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "authorId == 2")).first)
    #expect(try zola.value(forKey: "dateOfBirth") == Modelmatic.day("2101-12-31"))
    let tempest = try #require(try await context.fetch(FetchRequest(entity: "Book", where: "bookId == 11")).first)
    #expect(try tempest.value([String].self, forKey: "tags") == ["drama", "fantasy"])
    let again = try await store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    #expect(again.saved.inserted.isEmpty && again.saved.updated.isEmpty && again.saved.deleted.isEmpty, "\(again.saved)")
    #expect(try await store.makeContext().count(FetchRequest(entity: "Pricing")) == 3)
  }

  @Test("queries see a transformed list's elements and a transformed date's order", arguments: StoreBackendKind.available)
  func queriesSeeValues(kind: StoreBackendKind) async throws {
    let store = try await kind.makeStore(Modelmatic.schema, transformers: Modelmatic.transformers).store
    try await store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    let context = try store.makeContext()
    func books(_ predicate: String) async throws -> [String] {
      Modelmatic.titles(try await context.fetch(FetchRequest(entity: "Book", where: predicate)))
    }
    #expect(try await books(#"tags CONTAINS "drama""#) == ["The Tempest"])
    #expect(try await books(#"ANY tags == "fantasy""#) == ["The Tempest"])
    #expect(try await books("tags.@count == 2") == ["The Tempest"])
    #expect(try await books("tags.@count == 0") == ["Germinal"])
    let early = try await context.fetch(FetchRequest(entity: "Author", where: #"dateOfBirth < "1900-01-01T00:00:00Z""#))
    #expect(early.count == 1)
  }

  @Test("a store opened later without the bindings reads the same values; other bindings are refused", arguments: StoreBackendKind.available)
  func storeRemembersItsBindings(kind: StoreBackendKind) async throws {
    let made = try await kind.makeStore(Modelmatic.schema, transformers: Modelmatic.transformers)
    try await made.store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    let reopened = try await made.reopen(Modelmatic.schema)
    let author = try #require(try await reopened.makeContext().fetch(FetchRequest(entity: "Author", where: "authorId == 1")).first)
    #expect(try author.value(forKey: "dateOfBirth") == Modelmatic.day("1564-04-01"))
    #expect(reopened.transformers.boundSpec(of: "Date") == "date:yyyy-MM-dd")
    var other = TransformerRegistry.standard
    try other.bind("Date", to: "json")
    await #expect {
      _ = try await made.reopen(Modelmatic.schema, transformers: other)
    } throws: { error in
      guard let error = error as? StoreError else { return false }
      return error.code == .schemaMismatch && error.details.contains { $0.hasPrefix("Author.dateOfBirth: the store keeps it as Date") }
    }
  }

  @Test("a transformer registered as a value must be registered again: the store names it")
  func customTransformerIsNamed() async throws {
    var registry = TransformerRegistry.standard
    registry.register(DateTransformer.date(format: "yyyy-MM-dd"), as: "Date")
    try registry.bind("StringArray", to: "split:,")
    let made = try await StoreBackendKind.sqlite.makeStore(Modelmatic.schema, transformers: registry)
    try await made.store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    await #expect {
      _ = try await made.reopen(Modelmatic.schema)
    } throws: { error in
      (error as? StoreError)?.details == [
        #"Author.dateOfBirth: the store keeps it as Date made from Date values through transformer "Date", which is not bound: "#
          + "register it in the transformers the store is opened with"
      ]
    }
    let again = try await made.reopen(Modelmatic.schema, transformers: registry)
    #expect(try await again.makeContext().count(FetchRequest(entity: "Author")) == 3)
  }

  @Test("a stored value that does not read back hides nothing else: the object loads, that read names it", arguments: StoreBackendKind.available)
  func unreadableValueHidesNothingElse(kind: StoreBackendKind) async throws {
    let made = try await kind.makeStore(Modelmatic.schema, transformers: Modelmatic.transformers)
    try await made.store.makeContext().importJSON(Modelmatic.payload, entity: "Author", root: "authors")
    try await made.execute(#"UPDATE "Book" SET "tags" = '{"not": "a list"}' WHERE "bookId" = 12"#)
    let context = try made.store.makeContext()
    var request = FetchRequest(entity: "Book")
    request.sortBy = [SortKey("bookId")]
    let books = try await context.fetch(request)
    #expect(Modelmatic.titles(books) == ["Germinal", "Othello", "The Tempest"])
    #expect(try books[0].value([String].self, forKey: "tags") == ["drama", "fantasy"])
    #expect(throws: GraphError.self) { try books[1].value(forKey: "tags") }
    do throws(GraphError) {
      _ = try books[1].value(forKey: "tags")
    } catch {
      #expect(error.code == .loadFailed)
      #expect(error.location == "Book.tags")
      #expect(error.message.hasPrefix("the stored value of Book (Book #"), "\(error.message)")
    }
    var encoding = EncodingOptions()
    encoding.transformers = context.transformers
    let (listing, unreadable) = try context.graph.listingValueLeavingOutUnreadable(books, options: encoding)
    #expect(listing.array?.count == 3)
    #expect(unreadable.map { $0.location } == ["Book.tags"])
    #expect(throws: GraphError.self) { try context.graph.exportValue(books, options: encoding) }
  }
}
