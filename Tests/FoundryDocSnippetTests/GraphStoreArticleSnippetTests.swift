// swift-format-ignore-file
// The Swift blocks of the FoundryGraph and FoundryStore articles, run.

// doc: Sources/FoundryGraph/FoundryGraph.docc/FoundryGraph.md #1
import FoundryGraph
// end doc
// doc: Sources/FoundryGraph/FoundryGraph.docc/Schemas.md #1
import FoundryGraph
// end doc
// doc: Sources/FoundryStore/FoundryStore.docc/FoundryStore.md #1
import FoundryGraph
import FoundrySQLite
import FoundryStore
// end doc
// doc: Sources/FoundryStore/FoundryStore.docc/StoreGuide.md #1
import FoundryGraph
import FoundrySQLite
import FoundryStore
// end doc
// doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #1
import FoundryPostgres
import FoundryStore
// end doc
// doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #4
import FoundryPostgres
import FoundryStore
// end doc
import Foundation
import Foundry
import FoundryInternals
import Observation
import Testing

/// Schemas' entity classes.
enum SchemasDoc {
  @Mappable struct Assignment: Equatable { var role: String }

  @Entity(identity: ["id"])
  final class Book {
    var id: Int64 = 0
    var title: String = ""
    @Related(inverse: "books") var author: Author?
  }

  // doc: Sources/FoundryGraph/FoundryGraph.docc/Schemas.md #2
  @Entity(identity: ["id"])
  final class Author {
    @Property(keyPath: "author_id") var id: Int64 = 0
    var name: String = ""
    @Property(transformer: "date:yyyy-MM-dd") var born: Date?
    var assignments: [Assignment] = []                     // a @Mappable value array in one attribute
    @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
  }
  // end doc
}

/// The store articles' entity classes.
enum StoreDoc {
  @Entity(identity: ["id"])
  final class Author {
    var id: Int64 = 0
    var name: String = ""
    var lastName: String?
    @Related(inverse: "author") var books: [Book]
  }

  @Entity(identity: ["id"])
  final class Book {
    var id: Int64 = 0
    var title: String = ""
    var year: Int64 = 0
    var rating: Double?
    @Related(inverse: "books") var author: Author?
    @Related(inverse: "books") var tags: [Tag]
  }

  @Entity(identity: ["label"])
  final class Tag {
    var label: String = ""
    @Related(inverse: "tags") var books: [Book]
  }

  static let payload = Array(#"""
    {"authors": [
      {"id": 1, "name": "Ada", "lastName": "Lovelace", "books": [
        {"id": 10, "title": "Notes", "year": 1843, "rating": 5, "tags": [{"label": "classic"}]},
        {"id": 11, "title": "Engines", "year": 1995, "rating": 4}]},
      {"id": 2, "name": "Octavia", "lastName": "Butler", "books": [
        {"id": 20, "title": "Kindred", "year": 1979, "rating": 4.5},
        {"id": 21, "title": "Parable", "year": 1993, "rating": 4.5}]},
      {"id": 106, "name": "Mark Twain", "lastName": "Twain", "books": [
        {"id": 30, "title": "The Adventures of Tom Sawyer", "year": 1876, "rating": 4, "tags": [{"label": "classic"}]}]}
    ]}
    """#.utf8)

  static var schema: Schema { get throws { try Schema(Author.self, Book.self, Tag.self) } }

  /// A store of `payload` in a directory of its own, removed at `body`'s end.
  static func withStore<T>(_ body: (String, Store, ObjectContext) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("library.sqlite").path
    let store = try Store(path: path, schema: try schema)
    let context = try store.makeContext()
    try await context.importJSON(payload, entity: "Author", root: "authors")
    try await context.save()
    return try await body(path, store, try store.makeContext())
  }
}

@Suite("Doc snippets: the FoundryGraph and FoundryStore articles")
struct GraphStoreArticleSnippetTests {
  @Test("graph overview: a model file")
  func graphOverview() throws {
    try #require(FileManager.default.fileExists(atPath: "Examples/authors.json"), "run from the package's root, as swift test is")
    let payload = try Data(contentsOf: URL(fileURLWithPath: "Examples/authors.json"))
    // doc: Sources/FoundryGraph/FoundryGraph.docc/FoundryGraph.md #1
    let schema = try Schema(modelAt: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let graph = ObjectGraph(schema: schema)
    var options = GraphImportOptions()
    options.mapping.transformers.register(
      try TransformerRegistry.standard.transformer(spec: "date:yyyy-MM-dd"), as: "ISODay")
    let report = try graph.importJSON(payload, entity: "Author", root: "authors", options: options)
    let author = try graph.object(of: "Author", identity: 101)
    let books = try author?.related(forKey: "books") ?? []
    // end doc
    #expect(report.objectCounts["Author"] == 2)
    #expect(books.count == 2)
  }

  @Test("a diagram")
  func diagram() throws {
    typealias Author = SchemasDoc.Author
    typealias Book = SchemasDoc.Book
    // doc: Sources/FoundryGraph/FoundryGraph.docc/FoundryGraph.md #2
    let diagram = SchemaDiagram(schema: try Schema(Author.self, Book.self), title: "Library")
    print(diagram.mermaid())   // a Mermaid class diagram; .dot() for Graphviz; .svg() laid out here
    // end doc
    #expect(diagram.mermaid().contains("Author"))
  }

  @Test("schemas in code")
  func schemas() throws {
    let data = Data(#"""
      {"authors": [
        {"author_id": 106, "name": "Mark Twain", "born": "1835-11-30", "books": [
          {"book_id": 1, "title": "Tom Sawyer", "tags": [{"label": "classic"}, {"label": "humor"}]},
          {"book_id": 2, "title": "Huckleberry Finn", "tags": [{"label": "classic"}]}]},
        {"author_id": 107, "name": "Ursula", "books": [{"book_id": 3, "title": "Earthsea", "tags": [{"label": "fantasy"}]}]}
      ]}
      """#.utf8)
    // doc: Sources/FoundryGraph/FoundryGraph.docc/Schemas.md #1
    let schema = try Schema {
      Entity("Author", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "author_id")
        Attribute("name", .string)
        Attribute("born", .date, optional: true, transformer: "date:yyyy-MM-dd")
        Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
      }
      Entity("Book", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "book_id")
        Attribute("title", .string)
        Attribute("retailPrice", .decimal, optional: true, keyPath: "pricing.retail_price")   // flattened
        Relationship("author", to: "Author", inverse: "books")
        Relationship("tags", to: "Tag", toMany: true, inverse: "books")
      }
      Entity("Tag", identity: ["label"]) {
        Attribute("label", .string)
        Relationship("books", to: "Book", toMany: true, inverse: "tags")
      }
    }
    let graph = ObjectGraph(schema: schema)
    let report = try graph.importJSON(data, entity: "Author", root: "authors")
    _ = report.objectCounts                                  // ["Author": 2, "Book": 3, "Tag": 3]
    let twain = try graph.object(of: "Author", identity: 106)!
    _ = twain.name                                           // .string("Mark Twain"): dynamic member
    _ = try twain.related(forKey: "books").map(\.title)
    let authorID: Int64 = 106
    let same = try graph.object(of: "Author", identity: .integer(authorID))   // a variable: as a GraphValue
    let json = try graph.exportJSON(try graph.objects(of: "Author"), root: "authors")   // [UInt8]
    print(String(decoding: json, as: UTF8.self))
    // end doc
    #expect(report.objectCounts == ["Author": 2, "Book": 3, "Tag": 3])
    #expect(twain.name == .string("Mark Twain"))
    #expect(try twain.related(forKey: "books").map(\.title) == [.string("Tom Sawyer"), .string("Huckleberry Finn")])
    #expect(same === twain)
  }

  @Test("entity classes")
  func entityClasses() throws {
    typealias Author = SchemasDoc.Author
    typealias Book = SchemasDoc.Book
    // doc: Sources/FoundryGraph/FoundryGraph.docc/Schemas.md #2
    let schema = try Schema(Author.self, Book.self)
    // end doc
    let graph = ObjectGraph(schema: schema)
    let book = try graph.insert(Book.self)
    // doc: Sources/FoundryGraph/FoundryGraph.docc/Schemas.md #2
    let author = try graph.insert(Author.self)
    author.books.append(book)                                // book.author is now author
    // end doc
    #expect(book.author == author)   // the same object: entity classes compare by it
  }

  @Test("store overview")
  func storeOverview() async throws {
    try await StoreDoc.withStore { storePath, _, _ in
      let schema = try StoreDoc.schema
      let payload = StoreDoc.payload
      // doc: Sources/FoundryStore/FoundryStore.docc/FoundryStore.md #1
      let store = try Store(path: storePath, schema: schema)   // "library.sqlite": created when missing
      let context = try store.makeContext()
      try await context.importJSON(payload, entity: "Author", root: "authors")

      let books = try await context.fetch(try FetchRequest(entity: "Book", where: "ANY tags.label == 'classic'"))
      books.first?.title = "A Wizard of Earthsea (1968)"
      try await context.save()
      // end doc
      #expect(books.count == 2)
    }
  }

  @Test("working with a store: a model file")
  func storeGuide() async throws {
    try #require(FileManager.default.fileExists(atPath: "Examples/authors.json"), "run from the package's root, as swift test is")
    let modelURL = URL(fileURLWithPath: "Examples/Library.xcdatamodeld")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "Examples/authors.json")))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let storePath = directory.appendingPathComponent("library.sqlite").path
    // doc: Sources/FoundryStore/FoundryStore.docc/StoreGuide.md #1
    var transformers = TransformerRegistry.standard
    try transformers.bind("ISODay", to: "date:yyyy-MM-dd")   // the model's Author.born reads days
    let store = try Store(path: storePath, schema: try Schema(modelAt: modelURL), transformers: transformers)  // or Store(inMemoryWith:)
    let context = try store.makeContext()

    // Import a payload: stored objects found by identity are updated in place, new ones inserted,
    // in one transaction. `dryRun: true` reports every change (old -> new values) and writes nothing.
    let report = try await context.importJSON(bytes, entity: "Author", root: "authors")
    _ = report.saved.inserted.count

    // Fetch, with a predicate, sorting, limit and offset; prefetch relationships in one query each.
    var request = try FetchRequest(entity: "Book", where: "year > 1970 AND author.lastName BEGINSWITH[c] 'b'")
    request.sortBy = [SortKey("title")]
    request.prefetch = ["author"]
    let books = try await context.fetch(request)
    var everyone = FetchRequest(entity: "Author")   // no predicate: every author
    everyone.sortBy = [SortKey("born", ascending: false), SortKey("lastName")]
    let authors = try await context.fetch(everyone)

    // Change, insert, delete; save writes only real changes, in one transaction, or nothing.
    books.first?.title = "Kindred (2nd ed.)"
    let tag = try context.insert("Tag")
    tag.label = "reissue"
    try await context.save()
    context.rollback()   // or forget everything since the last save
    // end doc
    #expect(report.saved.inserted.count > 0)
    #expect(books.first?.title == .string("Kindred (2nd ed.)"))
    #expect(authors.count == 2)
  }

  @Test("contexts")
  func contexts() async throws {
    try await StoreDoc.withStore { _, store, _ in
      // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #1
      let context = try store.makeContext()
      let author = try context.object(of: "Author", identity: 106)   // from memory, else the store
      author?.name = "Samuel Clemens"
      let tag = try context.insert("Tag")
      tag.label = "humor"
      let saved = try await context.save()   // one transaction
      // end doc
      #expect(saved.updated.count == 1 && saved.inserted.count == 1)
    }
  }

  @Test("cancelling an import")
  func cancelling() async throws {
    try await StoreDoc.withStore { storePath, store, context in
      let authorsJSON = URL(fileURLWithPath: storePath).deletingLastPathComponent().appendingPathComponent("many.json")
      let authors = (1...2_000).map { #"{"id": \#(1_000 + $0), "name": "Author \#($0)"}"# }
      try Data(#"{"authors": [\#(authors.joined(separator: ","))]}"#.utf8).write(to: authorsJSON)
      let before = try await context.count(FetchRequest(entity: "Author"))
      // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #2
      let importing = Task { try await store.importJSON(contentsOf: authorsJSON, entity: "Author", root: "authors").elementCount }
      importing.cancel()   // stops within a batch and rolls back
      do { _ = try await importing.value } catch is CancellationError { print("the store is as it was") }
      // end doc
      // Cancelled before it wrote anything, or (the task ran to its end first) all of it.
      let imported = (try? await importing.value) != nil
      #expect(try await context.count(FetchRequest(entity: "Author")) == before + (imported ? 2_000 : 0))
    }
  }

  @Test("history")
  func history() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-doc-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try Store(path: directory.appendingPathComponent("library.sqlite").path, schema: StoreDoc.schema)
    let context = try store.makeContext()
    let reader = try store.makeContext()
    let payload = StoreDoc.payload
    // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #3
    try await store.enableHistory()   // recorded in the store: every process keeps it from now on
    context.author = "importer"
    try await context.importJSON(payload, entity: "Author", root: "authors")

    var seen: HistoryToken? = nil   // keep seen?.rawValue between runs
    for transaction in try await store.history(after: seen) {
      print(transaction.token, transaction.author ?? "-", transaction.changes.count)
      try await reader.refresh(after: transaction.saved)   // another context catches up
      seen = transaction.token
    }
    if let seen { try await store.purgeHistory(before: seen) }   // what every reader has handled
    // end doc
    #expect(seen == HistoryToken(1))
    #expect(try await store.history(after: nil).map(\.author) == ["importer"])

    let uploaded = Locked<[HistoryChange]>([])
    @Sendable func upload(_ changes: [HistoryChange]) async throws { uploaded.withLock { $0 += changes } }
    let following = Task { [seen] in
      let reader = try store.makeContext()
      // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #4
      for try await transaction in store.transactions(after: seen) {
        try await reader.refresh(after: transaction.saved)
        if transaction.author != "sync" { try await upload(transaction.changes) }
      }
      // end doc
    }
    let tag = try context.insert("Tag")
    tag.label = "followed"
    try await context.save()
    // Up to ten minutes: a machine whose other tests hold its threads for minutes is slow, not wrong.
    for _ in 0..<60_000 where uploaded.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
    following.cancel()
    try await following.value
    #expect(uploaded.withLock { $0.map(\.entity) } == ["Tag"])
  }

  @Test("live results")
  func liveResults() async throws {
    try await StoreDoc.withStore { _, store, writer in
      let following = Task { () throws in
        let context = try store.makeContext()
        // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #5
        var request = try FetchRequest(entity: "Book", where: "year > 1970")
        request.sortBy = [SortKey("author.name"), SortKey("title")]
        for try await snapshot in context.results(for: request, sectionedBy: "author.name") {
          print(snapshot.sections.map(\.name), snapshot.difference.inserted, snapshot.difference.updated)
          if snapshot.objects.count > 3 { break }   // or follow until the task is cancelled
        }
        // end doc
      }
      // A watchdog: a wake-up that never comes fails the test instead of hanging it. Ten
      // minutes: on CI, tests that wait on PostgreSQL locks can hold both of a 2-core machine's
      // threads for minutes, and a wake-up that comes late is not one that never comes.
      let fired = Locked(false)
      let watchdog = Task {
        try await Task.sleep(for: .seconds(600))
        fired.withLock { $0 = true }
        following.cancel()
      }
      let book = try writer.insert("Book")
      book.id = 99
      book.title = "Dawn"
      book.year = 1987
      try await writer.save()
      // The loop ends once a snapshot holds the fourth book: at once, or after the save woke it.
      try await following.value
      watchdog.cancel()
      #expect(!fired.withLock { $0 })
    }
  }

  @Test("typed live results")
  func typedLiveResults() async throws {
    typealias Book = StoreDoc.Book
    try await StoreDoc.withStore { _, store, writer in
      let following = Task { () throws -> [[String]] in
        let context = try store.makeContext()
        var titles: [[String]] = []
        // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #6
        let books = try context.results(
          for: Book.self, where: \.year > 1970, sortBy: [.ascending(\.author?.name), .ascending(\.title)],
          sectionedBy: \.author?.name)
        for try await snapshot in books {
          print(snapshot.sections.map { ($0.name, $0.objects.map(\.title)) })
          if snapshot.objects.count > 3 { break }
          // end doc
          titles.append(snapshot.objects.map(\.title))
          // doc: Sources/FoundryStore/FoundryStore.docc/Contexts.md #6
        }
        // end doc
        return titles
      }
      // A watchdog: a wake-up that never comes fails the test instead of hanging it. Ten
      // minutes: on CI, tests that wait on PostgreSQL locks can hold both of a 2-core machine's
      // threads for minutes, and a wake-up that comes late is not one that never comes.
      let watchdog = Task {
        try await Task.sleep(for: .seconds(600))
        following.cancel()
      }
      let book = try writer.insert(Book.self)
      (book.id, book.title, book.year) = (99, "Dawn", 1987)
      book.author = try writer.object(StoreDoc.Author.self, identity: 2)
      try await writer.save()
      let titles = try await following.value
      watchdog.cancel()
      // The first snapshot, unless the save came before it was made.
      #expect(titles.isEmpty || titles == [["Engines", "Kindred", "Parable"]])
    }
  }

  @Test("large imports")
  func largeImports() async throws {
    try await StoreDoc.withStore { storePath, store, context in
      let directory = URL(fileURLWithPath: storePath).deletingLastPathComponent()
      let authorsJSON = directory.appendingPathComponent("authors.json")
      try Data(#"{"authors": [{"id": 3, "name": "Ursula", "books": [{"id": 40, "title": "Earthsea"}]}]}"#.utf8).write(to: authorsJSON)
      let libraryXML = directory.appendingPathComponent("library.xml")
      try Data("<library><author><id>4</id><name>Grace</name></author><author><id>5</id><name>Mary</name></author></library>".utf8).write(to: libraryXML)
      // doc: Sources/FoundryStore/FoundryStore.docc/LargeImports.md #1
      // {"authors": [{"id": 1, "name": "Ursula", "books": [...]}, ...]}
      try await store.importJSON(contentsOf: authorsJSON, entity: "Author", root: "authors")

      // <library><author><id>1</id><name>Ursula</name><books>...</books></author>...</library>
      let report = try await store.importXML(contentsOf: libraryXML, entity: "Author", root: "author", batchSize: 500)
      print(report.elementCount, report.saved.inserted.count)
      // end doc
      #expect(report.elementCount == 2 && report.saved.inserted.count == 2)
      #expect(try await context.count(FetchRequest(entity: "Author")) == 6)
    }
  }

  @Test("observation")
  func observation() async throws {
    typealias Book = StoreDoc.Book
    try await StoreDoc.withStore { _, _, context in
      // doc: Sources/FoundryStore/FoundryStore.docc/Observation.md #1
      let book = try await context.fetch(Book.self, where: \.id == 10)[0]
      // end doc
      book.title = "Notes (draft)"
      // doc: Sources/FoundryStore/FoundryStore.docc/Observation.md #1
      withObservationTracking {
        print(book.title)                     // tracked: the title of this object
      } onChange: {
        print("title changed")
      }
      context.rollback()                      // if the title had unsaved changes: "title changed"
      // end doc
      #expect(book.title == "Notes")
    }
  }

  @Test("queries")
  func queries() async throws {
    try await StoreDoc.withStore { _, _, context in
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #1
      var request = try FetchRequest(entity: "Author", where: #"name BEGINSWITH[c] "m" AND books.@count > 1"#)
      request.sortBy = [SortKey("name")]
      let authors = try await context.fetch(request)
      // end doc
      #expect(authors.isEmpty)
    }
  }

  @Test("queries in memory")
  func queriesInMemory() async throws {
    try await StoreDoc.withStore { _, _, context in
      let schema = try StoreDoc.schema
      let payload = Array(#"[{"id": 7, "name": "Ada", "books": [{"id": 70, "title": "Résumé", "year": 2000, "rating": 4}]}]"#.utf8)
      _ = try await context.fetch(FetchRequest(entity: "Book"))
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #2
      let graph = ObjectGraph(schema: schema)
      try graph.importJSON(payload, entity: "Author")
      let found = try graph.objects(of: "Author", where: QueryPredicate("ANY books.title CONTAINS[cd] 'resume'"))

      var request = try FetchRequest(entity: "Book", where: "author.books.@avg.rating > 3")
      request.sortBy = [SortKey("author.name", caseInsensitive: true)]
      let books = try context.registeredObjects(matching: request)   // unsaved changes count
      // end doc
      #expect(found.count == 1)
      #expect(books.count == 5)
    }
  }

  @Test("aggregates")
  func aggregates() async throws {
    try await StoreDoc.withStore { _, _, context in
      let graph = ObjectGraph(schema: try StoreDoc.schema)
      try graph.importJSON(StoreDoc.payload, entity: "Author", root: "authors")
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #3
      var request = try AggregateRequest(entity: "Book", where: "year > 1900")
      request.groupBy = ["author.lastName"]
      request.values = [.count, .maximum("year", as: "latest"), .average("rating")]
      let rows = try await context.aggregate(request)
      // [["author.lastName": "Butler", "count": 2, "latest": 1993, "avg.rating": 4.5], ...]
      let years = try graph.aggregate(AggregateRequest(entity: "Book", groupBy: ["year"]))   // in memory
      // end doc
      #expect(rows.first?["author.lastName"] == .string("Butler"))
      #expect(rows.first?["count"] == .integer(2))
      #expect(rows.first?["latest"] == .integer(1993))
      #expect(rows.first?["avg.rating"] == .double(4.5))
      #expect(years.count == 5)
    }
  }

  @Test("query limits")
  func queryLimits() throws {
    let text = "name == 'a' OR " + String(repeating: "(", count: 17) + "year > 1" + String(repeating: ")", count: 17)
    let error = #expect(throws: StoreError.self) {
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #4
      let predicate = try QueryPredicate(text, limits: QueryLimits(maximumLength: 2_000, maximumDepth: 16))
      // error: queryLimitExceeded: column 17: nesting deeper than 16 levels of parentheses and NOT (maximumDepth)
      // end doc
      _ = predicate
    }
    #expect(error?.code == .queryLimitExceeded)
    #expect(error?.message.hasSuffix(": nesting deeper than 16 levels of parentheses and NOT (maximumDepth)") == true)
  }

  @Test("typed queries")
  func typedQueries() async throws {
    typealias Author = StoreDoc.Author
    typealias Book = StoreDoc.Book
    try await StoreDoc.withStore { _, _, context in
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #5
      let books = try await context.fetch(
        Book.self, where: \.year > 1990 && \.author?.name == "Ada", sortBy: [.ascending(\.title)], limit: 20)
      let prolific = try await context.fetch(Author.self, where: \.books.count > 10)
      let classics = try await context.fetch(Author.self, where: .any(\.books, \.year < 1900))
      let the = try await context.fetch(Book.self, where: .beginsWith(\.title, "the", caseInsensitive: true))
      // end doc
      #expect(books.map(\.title) == ["Engines"])
      #expect(prolific.isEmpty)
      #expect(Set(classics.map(\.name)) == ["Ada", "Mark Twain"])
      #expect(the.map(\.title) == ["The Adventures of Tom Sawyer"])
    }
  }

  @Test("Foundation predicates")
  func foundationPredicates() async throws {
    typealias Book = StoreDoc.Book
    try await StoreDoc.withStore { _, _, context in
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #6; README.md #7
      var descriptor = EntityFetchDescriptor<Book>(
        predicate: #Predicate { $0.year > 1990 && $0.author?.name == "Ada" }, sortBy: [SortDescriptor(\.title)])
      descriptor.fetchLimit = 20
      let books = try await context.fetch(descriptor)
      // end doc
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #6
      let count = try await context.fetchCount(descriptor)
      let cached = try context.registeredObjects(matching: descriptor)   // in memory
      // end doc
      #expect(books.map(\.title) == ["Engines"])
      #expect(count == 1)
      #expect(cached.map(\.title) == ["Engines"])
    }
  }

  @Test("typed queries in detail")
  func typedQueriesInDetail() async throws {
    typealias Author = StoreDoc.Author
    typealias Book = StoreDoc.Book
    var printed: [String] = []
    func print(_ value: some CustomStringConvertible) { printed.append(value.description) }
    try await StoreDoc.withStore { _, _, context in
      // doc: Sources/FoundryStore/FoundryStore.docc/Queries.md #7
      let books = try await context.fetch(
        Book.self, where: \.year > 1990 && \.author?.name == "Ada", sortBy: [.ascending(\.title)], limit: 20)
      let prolific = try await context.fetch(Author.self, where: \.books.count > 10)
      let classics = try await context.count(Author.self, where: .any(\.books, \.year < 1900))

      print(\Book.year > 1990 && .beginsWith(\Book.title, "the", caseInsensitive: true))
      // year > 1990 AND title BEGINSWITH[c] "the"
      // end doc
      #expect(books.count == 1 && prolific.isEmpty && classics == 2)
    }
    #expect(printed == [#"year > 1990 AND title BEGINSWITH[c] "the""#])
  }

  /// Compiled, not run: the PostgreSQL article's blocks connect to the servers they name.
  func postgresOverview(schema: Schema, payload: [UInt8]) async throws {
    // doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #1
    let store = try await Store(postgres: "postgres://app:secret@db.internal:5432/library", schema: schema, poolSize: 8)
    let context = try store.makeContext()
    let report = try await context.importJSON(payload, entity: "Author", root: "authors")
    // end doc
    _ = report
  }

  /// Compiled, not run.
  func postgresTLS(schema: Schema) async throws -> Store {
    // doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #2
    let store = try await Store(postgres: "postgres://app@db.internal/library?sslmode=verify-full&sslrootcert=/etc/ssl/internal-ca.pem", schema: schema)
    // end doc
    return store
  }

  /// Compiled, not run.
  func postgresReplicas(schema: Schema) async throws -> Store {
    // doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #3
    var configuration = try PostgresStoreConfiguration(url: "postgres://app@primary.internal/library")
    configuration.replicas = [
      try PostgresStoreConfiguration(url: "postgres://app@replica-1.internal/library"),
      try PostgresStoreConfiguration(url: "postgres://app@replica-2.internal/library"),
    ]
    let store = try await Store(postgres: configuration, schema: schema)
    // end doc
    return store
  }

  /// Compiled, not run.
  func postgresLocal(schema: Schema, bytes: [UInt8]) async throws -> Store {
    // doc: Sources/FoundryStore/FoundryStore.docc/PostgreSQL.md #4
    let store = try await Store(postgres: "postgres://app:secret@localhost:5432/library", schema: schema, poolSize: 8)
    // or: Store(postgres: PostgresStoreConfiguration(host: "localhost", username: "app", database: "library"), schema: schema)
    let context = try store.makeContext()
    try await context.importJSON(bytes, entity: "Author", root: "authors")
    // end doc
    return store
  }

  @Test("the PostgreSQL blocks' addresses parse")
  func postgresAddresses() throws {
    for url in [
      "postgres://app:secret@db.internal:5432/library", "postgres://app@db.internal/library?sslmode=verify-full&sslrootcert=/etc/ssl/internal-ca.pem",
      "postgres://app@primary.internal/library", "postgres://app:secret@localhost:5432/library",
    ] {
      #expect(throws: Never.self) { try PostgresStoreConfiguration(url: url) }
    }
  }
}
