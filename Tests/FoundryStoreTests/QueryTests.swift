import Foundation
import FoundryInternals
import FoundryGraph
import FoundryJSON
import FoundrySQLite
import FoundryStore
import Testing

@Suite("Queries")
struct QueryTests {
  /// One store per backend, made once and shared by the cases (they only read).
  private static let stores = Locked<[StoreBackendKind: Task<Store, any Error>]>([:])

  /// The library store the queries run on, on `backend`.
  func store(_ backend: StoreBackendKind) async throws -> Store {
    let task = Self.stores.withLock { stores in
      if let task = stores[backend] { return task }
      let task = Task { try await Self.makeStore(on: backend) }
      stores[backend] = task
      return task
    }
    return try await task.value
  }

  /// The library payload, an author with settings, a film and an album.
  private static func makeStore(on backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore().store
    let context = try store.makeContext()
    try await context.importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    let extra = try store.makeContext()
    let author = try extra.insert("Author")
    author.id = 300
    author.name = "ada lovelace"
    try author.setValue(Settings(theme: "light", tags: ["math", "swift"]), forKey: "settings")
    for (id, kind, title) in [(1, "Film", "Vertigo"), (2, "Album", "Abbey Road")] {
      let media = try extra.insert(kind)
      media.id = .integer(Int64(id))
      media.title = .string(title)
    }
    let value = try extra.insert("Value")
    value.id = 1
    let tags: JSONValue = .array([.string("swift"), .number(JSONNumber(5)), .number(JSONNumber(2.5))])
    value.json = .json(.object(["n": .number(JSONNumber(5)), "flag": .bool(true), "name": .string("x"), "tags": tags]))
    try await extra.save()
    return store
  }

  /// The identities of the objects of `entity` the query finds, in row order.
  func ids(_ entity: String, _ query: String, on backend: StoreBackendKind) async throws -> [Int64] {
    let request = try FetchRequest(entity: entity, where: query)
    return try await store(backend).makeContext().fetch(request).compactMap { $0.id?.base as? Int64 }
  }

  static let cases: [(entity: String, query: String, ids: [Int64])] = [
    ("Author", #"name == "Mark Twain""#, [106]),
    ("Author", #"name = 'Mark Twain' OR id == 300"#, [106, 300]),
    ("Author", #"name != "Mark Twain""#, [101, 300]),
    ("Author", #"rating > 3"#, [106]),
    ("Author", #"3 < rating"#, [106]),
    ("Author", #"rating BETWEEN {3, 4}"#, [101, 300]),
    ("Author", #"id IN {101, 300, 999}"#, [101, 300]),
    ("Author", #"id IN {}"#, []),
    ("Author", #"name BEGINSWITH "Mark""#, [106]),
    ("Author", #"name BEGINSWITH "mark""#, []),
    ("Author", #"name BEGINSWITH[c] "MARK""#, [106]),
    ("Author", #"name ENDSWITH "lace""#, [300]),
    ("Author", #"name CONTAINS[c] "SHAKE""#, [101]),
    ("Author", #"name LIKE "*Tw?in""#, [106]),
    ("Author", #"name LIKE "[*]""#, []),
    ("Author", #"NOT (name CONTAINS "a") OR rating >= 5"#, [106]),
    ("Author", #"books.@count == 2"#, [101]),
    ("Author", #"books.@count == 0"#, [300]),
    ("Author", #"ANY books.title CONTAINS "Yankee""#, [106]),
    ("Author", #"books.title == "Hamlet""#, [101]),
    // A to-many key path's nil values are left out before ALL tests them, as in Core Data: only
    // The Tempest has a price (12.50); no values, or no books, is vacuously all.
    ("Author", #"ALL books.price > 10"#, [101, 106, 300]),
    ("Author", #"NONE books.tags.label == "drama""#, [106, 300]),
    ("Author", #"ANY books.tags.label == "satire""#, [106]),
    ("Author", #"settings.theme == "dark""#, [101]),
    ("Author", #"settings.tags CONTAINS "swift""#, [300]),
    ("Author", #"settings.tags.@count >= 1"#, [101, 300]),
    ("Author", #"settings.tags.0 == "math""#, [300]),
    ("Author", #"settings.tags.-1 == "drama""#, [101]),
    ("Author", #"settings == nil"#, [106]),
    ("Author", #"ANY settings.tags BEGINSWITH "sw""#, [300]),
    ("Book", #"author.name == "Mark Twain""#, [3501]),
    ("Book", #"author.rating >= 3 AND publisher.id == 7"#, [3001, 3002]),
    ("Book", #"publisher == nil"#, [3501]),
    ("Book", #"price > 12"#, [3001]),
    ("Book", #"price == "12.5""#, [3001]),
    ("Book", #"author.books.@count > 1"#, [3001, 3002]),
    ("Media", #"title BEGINSWITH "A""#, [2]),
    ("Film", #"TRUEPREDICATE"#, [1]),
    ("Author", #"FALSEPREDICATE"#, []),
    ("Value", #"json.n > 4"#, [1]),
    ("Value", #"json.n BETWEEN {5, 6}"#, [1]),
    ("Value", #"json.n == 6"#, []),
    ("Value", #"json.flag == TRUE"#, [1]),
    ("Value", #"json.name == "x""#, [1]),
    // Array elements compare typed: a string matches strings, a number numbers.
    ("Value", #"ANY json.tags == "swift""#, [1]),
    ("Value", #"ANY json.tags == 5"#, [1]),
    ("Value", #"ANY json.tags == 2.5"#, [1]),
    ("Value", #"ANY json.tags == "5""#, []),
    ("Value", #"NONE json.tags == "swift""#, []),
    ("Value", #"NONE json.tags == "rust""#, [1]),
    ("Value", #"ANY json.name == "x""#, []),
    ("Author", #"ANY settings.tags == "swift""#, [300]),
    ("Author", #"NONE settings.tags == "drama""#, [106, 300]),
  ]

  @Test("each query finds exactly its objects", arguments: StoreBackendKind.available, cases.indices)
  func query(backend: StoreBackendKind, index: Int) async throws {
    let (entity, query, expected) = Self.cases[index]
    let found = try await ids(entity, query, on: backend)
    #expect(found == expected, "\(entity): \(query) found \(found)")
  }

  @Test(
    "a bad query names the column of the mistake",
    arguments: [
      (#"name == "#, "column 9: expected a value, found the end of the query"),
      (#"name === "x""#, "column 8: expected a value, found '='"),
      (#"name ~ "x""#, "column 6: unexpected character '~'"),
      (#"(name == "x""#, "column 13: expected ')', found the end of the query"),
      (#"name == "x"#, "column 9: unterminated string"),
      (#"name == "x" rating"#, "column 13: expected AND, OR or the end, found 'rating'"),
      (#"name ISNT "x""#, "column 6: expected a comparison (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN, BETWEEN), found 'ISNT'"),
      (#"name ==[cx] "x""#, "column 8: unsupported option [cx] after ==: expected [c] (case-insensitive), [d] (diacritic-insensitive) or [cd]"),
      (#"name == $who"#, "column 9: unbound variable $who: give its value"),
    ])
  func parseErrors(query: String, message: String) {
    let error = #expect(throws: StoreError.self) { try QueryPredicate(query) }
    #expect(error?.code == .invalidQuery)
    #expect(error?.message == message)
  }

  @Test(
    "a query that names what the schema lacks names the column too", arguments: StoreBackendKind.available,
    [
      (#"nme == "x""#, "column 1: Author has no attribute or relationship named \"nme\": did you mean \"name\"?"),
      (#"naem == "x""#, "column 1: Author has no attribute or relationship named \"naem\": did you mean \"name\"?"),
      (#"rating == "high""#, "column 11: \"high\" is not a value of a Integer 16 attribute"),
      (#"name.first == "x""#, "column 1: name is a String attribute: it has no key \"first\""),
      (#"books == "x""#, "column 1: books is a to-many relationship: compare its @count or one of its keys"),
      (#"ANY name == "x""#, "column 5: ANY, ALL and NONE need a to-many relationship or a JSON array"),
      (#"portrait == "x""#, #"column 13: "x" is not a value of a Integer 64 attribute"#),
    ])
  func schemaErrors(backend: StoreBackendKind, mistake: (query: String, message: String)) async throws {
    let (query, message) = mistake
    let request = try FetchRequest(entity: "Author", where: query)
    let store = try await self.store(backend)
    let error = await #expect(throws: StoreError.self) { _ = try await store.makeContext().fetch(request) }
    #expect(error?.message == message)
  }

  @Test("hostile strings in queries are values: they match nothing and change nothing", arguments: StoreBackendKind.available)
  func hostileQueries(backend: StoreBackendKind) async throws {
    var texts = [#"x' OR '1'='1"#, #"x"); DROP TABLE "Author"; --"#, #"\" OR 1=1 --"#, #"100%_\"#, "?", "$1", "x' || (SELECT 1) || '"]
    // PostgreSQL's text never holds a NUL: such a value is refused there, not matched.
    if backend == .sqlite { texts.append("\u{0}") }
    for text in texts {
      let predicate =
        "name == \(text.debugDescription) OR name BEGINSWITH \(text.debugDescription) OR settings.theme == \(text.debugDescription) OR name LIKE \(text.debugDescription)"
      #expect(try await ids("Author", predicate, on: backend) == [], "\(text)")
    }
    #expect(try await ids("Author", "TRUEPREDICATE", on: backend) == [101, 106, 300])
  }

  @Test("count and limit apply to the query's objects", arguments: StoreBackendKind.available)
  func countWithPredicate(backend: StoreBackendKind) async throws {
    let store = try await self.store(backend)
    var request = try FetchRequest(entity: "Book", where: "author.id == 101")
    #expect(try await store.makeContext().count(request) == 2)
    request.limit = 1
    request.prefetch = ["tags"]
    let books = try await store.makeContext().fetch(request)
    #expect(books.count == 1)
  }
}

@Suite("Indexes on key paths")
struct KeyPathIndexTests {
  @Test("an index declared on a path inside a typed value serves queries on that path")
  func expressionIndex() async throws {
    let store = try Store(inMemoryWith: Library.schema)
    #expect(store.tableDefinitions.contains(#"CREATE INDEX "Author_path_settings.theme" ON "Author" (json_extract("settings", '$."theme"'))"#))
    #expect(store.tableDefinitions.contains(#"CREATE INDEX "Author_path_name" ON "Author" ("name")"#))
    let context = try store.makeContext()
    let plan = try context.queryPlan(try FetchRequest(entity: "Author", where: #"settings.theme == "dark""#))
    #expect(plan.contains { $0.contains("USING INDEX Author_path_settings.theme") }, "\(plan)")
    let unindexed = try context.queryPlan(try FetchRequest(entity: "Author", where: #"settings.tags.@count == 2"#))
    #expect(!unindexed.contains { $0.contains("Author_path_settings.theme") })
  }

  @Test("an indexed key path must start with an attribute and go inside JSON only")
  func badIndexes() throws {
    for (path, message) in [
      ("books.title", "Author: indexed key path books.title does not start with an attribute"),
      ("name.first", "Author: indexed key path name.first goes inside name, which is not kept as JSON"),
    ] {
      var author = Library.author
      author.indexedKeyPaths = [path]
      let schema = try Schema([author] + Library.schema.declarations.filter { $0.name != "Author" })
      let error = #expect(throws: StoreError.self) { try Store(inMemoryWith: schema) }
      #expect(error?.message == message)
    }
  }
}
