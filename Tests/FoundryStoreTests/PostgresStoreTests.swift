import Foundation
import FoundryGraph
@testable import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

@Suite("PostgreSQL: statements and URLs")
struct PostgresStatementTests {
  @Test("? marks become $1, $2, ... outside literals, quoted names and comments")
  func numbering() {
    #expect(
      PostgresSQL.numbered(#"SELECT "a?" FROM t WHERE x = ? AND y = '?''?' AND z IN (?, ?) -- ?"#)
        == #"SELECT "a?" FROM t WHERE x = $1 AND y = '?''?' AND z IN ($2, $3) -- ?"#)
    #expect(PostgresSQL.numbered("SELECT ?::text[]") == "SELECT $1::text[]")
    #expect(PostgresSQL.numbered(#"SELECT "café?", 'ü?' FROM "tâble" WHERE x = ?"#) == #"SELECT "café?", 'ü?' FROM "tâble" WHERE x = $1"#)
    let marks = PostgresSQL.numbered("VALUES " + Array(repeating: "(?, ?)", count: 600).joined(separator: ", "))
    #expect(marks.hasPrefix("VALUES ($1, $2), ($3, $4)") && marks.hasSuffix("($1199, $1200)"))
  }

  @Test("a JSON path is a text[] literal whose keys keep commas, braces and quotes")
  func jsonPaths() {
    #expect(PostgresDialect.pathText([.key("theme")]) == #"{"theme"}"#)
    #expect(PostgresDialect.pathText([.key(#"a,"b}"#), .index(-1)]) == #"{"a,\"b}","-1"}"#)
  }

  @Test("connection URLs give host, port, user, password and database")
  func urls() throws {
    let configuration = try PostgresStoreConfiguration(url: "postgresql://app:s%40cret@db.local:6543/library", poolSize: 7)
    #expect(configuration == PostgresStoreConfiguration(host: "db.local", port: 6543, username: "app", password: "s@cret", database: "library", poolSize: 7))
    let error = #expect(throws: StoreError.self) { try PostgresStoreConfiguration(url: "mysql://localhost/db") }
    #expect(error?.message == "mysql://localhost/db is not a PostgreSQL URL (postgres://user:password@host:port/database)")
  }
}

@Suite("PostgreSQL: opening a store", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresStoreTests {
  @Test("a new database gets the tables, indexes and record; reopening it finds the same schema")
  func createAndReopen() async throws {
    let made = try await StoreBackendKind.postgres.makeStore()
    #expect(made.store.tableDefinitions.contains(#"CREATE UNIQUE INDEX "Tag_identity_1" ON "Tag" ("label")"#))
    #expect(made.store.tableDefinitions.contains(#"CREATE INDEX "Author_path_settings.theme" ON "Author" (("settings" #>> '{"theme"}'))"#))
    let context = try made.store.makeContext()
    let tag = try context.insert("Tag")
    tag.label = "kept"
    try await context.save()
    let reopened = try await made.reopen()
    #expect(try reopened.makeContext().object(of: "Tag", identity: "kept") != nil)
  }

  @Test("a store made with another schema is refused, and so is a database of other tables")
  func refusals() async throws {
    let made = try await StoreBackendKind.postgres.makeStore()
    guard case .database(let url) = made.location else { return }
    let other = try Schema { Entity("Note", identity: ["id"]) { Attribute("id", .integer64) } }
    let mismatch = await #expect(throws: StoreError.self) { _ = try await Store(postgres: url, schema: other) }
    #expect(mismatch?.code == .schemaMismatch)

    let server = try PostgresTestServer.shared.get()
    let foreign = try server.makeDatabase(containing: "CREATE TABLE invoices (id INT)")
    let notAStore = await #expect(throws: StoreError.self) { _ = try await Store(postgres: foreign, schema: other) }
    #expect(notAStore?.code == .notAStore)
    #expect(notAStore?.message.hasSuffix("is a PostgreSQL database but not a Foundry store (tables: invoices)") == true)
  }

  @Test("an unreachable server is a database error, not a hang")
  func unreachable() async throws {
    let error = await #expect(throws: StoreError.self) {
      _ = try await Store(postgres: "postgres://postgres@127.0.0.1:1/none", schema: Library.schema)
    }
    #expect(error?.code == .database)
  }

  @Test("a save is all or nothing: a failing statement leaves every row of the save out")
  func allOrNothing() async throws {
    let store = try await StoreBackendKind.postgres.makeStore().store
    let first = try store.makeContext()
    let tag = try first.insert("Tag")
    tag.label = "taken"
    try await first.save()
    let second = try store.makeContext()
    for label in ["new-1", "new-2", "taken"] {
      let tag = try second.insert("Tag")
      tag.label = .string(label)
    }
    let author = try second.insert("Author")
    author.id = 1
    author.name = "Ada"
    let error = await #expect(throws: StoreError.self) { try await second.save() }
    #expect(error?.code == .constraint)
    let fresh = try store.makeContext()
    #expect(try await fresh.count(FetchRequest(entity: "Tag")) == 1)
    #expect(try await fresh.count(FetchRequest(entity: "Author")) == 0)
  }

  @Test("two stores on one database (as two processes would be) save at once without taking the same rows")
  func concurrentStores() async throws {
    let made = try await StoreBackendKind.postgres.makeStore()
    let other = try await made.reopen()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (number, store) in [made.store, other, made.store, other].enumerated() {
        group.addTask {
          let context = try store.makeContext()
          for index in 0..<10 {
            let tag = try context.insert("Tag")
            tag.label = .string("tag \(number)-\(index)")
          }
          try await context.save()
        }
      }
      try await group.waitForAll()
    }
    let tags = try await made.store.makeContext().fetch(FetchRequest(entity: "Tag"))
    #expect(tags.count == 40)
    #expect(Set(tags.compactMap(\.persistentID)).count == 40)
  }

  @Test("synchronous reads and saves work from a plain thread, as the command line makes them")
  func synchronousCalls() async throws {
    let store = try await StoreBackendKind.postgres.makeLibraryStore()
    let count = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
      let thread = Thread {
        continuation.resume(
          with: Result(catching: {
            let context = try store.makeContext()
            let author = try context.object(of: "Author", identity: 106)
            return try author?.related(forKey: "books").count ?? -1
          }))
      }
      thread.start()
    }
    #expect(count == 1)
  }
}

@Suite("PostgreSQL: GIN indexes", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresContainmentIndexTests {
  @Test("a key path declared indexed also gets a GIN index, which serves ANY path == value")
  func containmentIndex() async throws {
    var author = Library.author
    author.indexedKeyPaths = ["settings.tags"]
    let schema = try Schema([author] + Library.schema.declarations.filter { $0.name != "Author" })
    let opened = try await StoreBackendKind.postgres.makeStore(schema)
    guard case .database(let url) = opened.location else { return }
    let store = opened.store
    #expect(store.tableDefinitions.contains(#"CREATE INDEX "Author_holds_settings.tags" ON "Author" USING GIN (("settings" #> '{"tags"}') jsonb_path_ops)"#))
    let context = try store.makeContext()
    for id in 1...3_000 {
      let author = try context.insert("Author")
      author.id = .integer(Int64(id))
      author.name = .string("Author \(id)")
      try author.setValue(Settings(theme: "plain", tags: id == 7 ? ["swift", "math"] : ["tag \(id)"]), forKey: "settings")
    }
    try await context.save()
    // Statistics, so that the planner weighs the index against reading the whole table.
    try PostgresTestServer.shared.get().sql(#"ANALYZE "Author""#, in: url)
    let request = try FetchRequest(entity: "Author", where: #"ANY settings.tags == "swift""#)
    let plan = try context.queryPlan(request)
    #expect(plan.contains { $0.contains("Author_holds_settings.tags") }, "\(plan)")
    #expect(try await store.makeContext().fetch(request).compactMap(\.id) == [7])
  }
}
