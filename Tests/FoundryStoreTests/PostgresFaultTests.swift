import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

@Suite("PostgreSQL: faults", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresFaultTests {
  @Test("the server stopped during an import: a clear error, nothing half-written after the restart, the pool reconnects and a retried import completes")
  func serverStoppedMidImport() async throws {
    // A cluster of its own: the shared one serves the tests running meanwhile.
    let server = try PostgresTestServer.startPrivate()
    let url = try server.makeDatabase()
    let store = try await Store(postgres: url, schema: Library.schema, poolSize: 2)
    let committed = try store.makeContext()
    try committed.insert("Tag").label = "committed before"
    try await committed.save()
    let payload = Array(Library.payload.utf8)
    // A session locking the Tag table: the import writes its authors and books, then waits.
    let holder = try await onOwnThread { try server.startLock(#"LOCK TABLE "Tag" IN SHARE ROW EXCLUSIVE MODE"#, in: url) }
    let importing = Task(executorPreference: QueueTaskExecutor()) { _ = try await store.makeContext().importJSON(payload, entity: "Author", root: "authors") }
    try await onOwnThread { try server.waitForLockWaiters(1, in: url) }
    try server.stopImmediately()
    _ = try await onOwnThread { holder.wait() }

    let error = await #expect(throws: StoreError.self) { try await importing.value }
    #expect(error?.code == .database)
    #expect(error?.message == "PostgreSQL: the connection to the server was lost (serverClosedConnection); nothing this operation wrote was committed")

    try server.startServer()
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Author")) == 0)
    #expect(try await context.count(FetchRequest(entity: "Book")) == 0)
    #expect(try context.object(of: "Tag", identity: "committed before") != nil)
    let report = try await store.makeContext().importJSON(payload, entity: "Author", root: "authors")
    #expect(report.saved.inserted.count > 0)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 2)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Book")) == 3)
    try server.stopImmediately()
  }

  @Test("a statement running longer than statementTimeout is cancelled by the server: a clear error, and the store goes on")
  func statementTimeout() async throws {
    var configuration = try PostgresStoreConfiguration(url: try PostgresTestServer.shared.get().makeDatabase())
    configuration.statementTimeout = .milliseconds(200)
    let store = try await Store(postgres: configuration, schema: Library.schema)
    let error = await #expect(throws: StoreError.self) { _ = try await store.backend.read(SQLStatement("SELECT pg_sleep(5)")) }
    #expect(error?.code == .database)
    #expect(error?.message.contains("canceling statement due to statement timeout") == true)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 0)
  }

  @Test("a read waiting longer than poolTimeout for a connection of a busy pool fails, saying so; the pool goes on")
  func poolTimeout() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    var configuration = try PostgresStoreConfiguration(url: url, poolSize: 1)
    configuration.poolTimeout = .milliseconds(300)
    let store = try await Store(postgres: configuration, schema: Library.schema)
    // The pool's one connection waits for a lock another session holds.
    let holder = try await onOwnThread { try server.startLock(#"LOCK TABLE "Tag" IN ACCESS EXCLUSIVE MODE"#, in: url) }
    let blocked = Task(executorPreference: QueueTaskExecutor()) { _ = try await store.backend.read(SQLStatement(#"SELECT count(*) FROM "Tag""#)) }
    try await onOwnThread { try server.waitForLockWaiters(1, in: url) }
    let error = await #expect(throws: StoreError.self) { _ = try await store.makeContext().count(FetchRequest(entity: "Tag")) }
    #expect(error?.message == "PostgreSQL: no connection of the pool's 1 was free within 0.3 seconds (poolTimeout)")
    try server.releaseLock(in: url)
    _ = try await onOwnThread { holder.wait() }
    try await blocked.value
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 0)
  }
}
