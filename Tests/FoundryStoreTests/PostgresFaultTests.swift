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
    // Long enough for the count below on a loaded machine (an instrumented build), far shorter
    // than the statement that must time out.
    configuration.statementTimeout = .seconds(1)
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

  /// What a test stops the server in the middle of.
  private enum Operation: CaseIterable { case batchImport, save, fetch }

  @Test("the server stopped and restarted at random moments of imports, saves and fetches: an error saying so or success, all of a transaction or none, and the pool goes on")
  func serverStoppedAtRandomMoments() async throws {
    let server = try PostgresTestServer.startPrivate()
    let url = try server.makeDatabase()
    let store = try await Store(postgres: url, schema: Library.schema, poolSize: 2)
    let directory = try TemporaryStore()
    let runs = Int(ProcessInfo.processInfo.environment["FOUNDRY_FAULT_RUNS"] ?? "") ?? 6
    let seed = UInt64(Date().timeIntervalSince1970)
    var random = SeededRandom(seed: seed)
    var stored = 0
    var outcomes: [String: Int] = [:]
    for run in 0..<runs {
      let operation = Operation.allCases[run % Operation.allCases.count]
      let firstID = 1_000_000 * (run + 1)
      let file = directory.directory.appendingPathComponent("run-\(run).json")
      try Data(Self.authors(3_000, firstID: firstID).utf8).write(to: file)
      let work = Task(executorPreference: QueueTaskExecutor()) { () async throws -> Int in
        switch operation {
        case .batchImport: return try await store.importJSON(contentsOf: file, entity: "Author", root: "authors", batchSize: 500).elementCount
        case .save:
          let context = try store.makeContext()
          for id in firstID..<(firstID + 3_000) {
            let author = try context.insert("Author")
            author.id = .integer(Int64(id))
            author.name = .string("Saved \(id)")
          }
          try await context.save()
          return 3_000
        case .fetch: return try await store.makeContext().fetch(FetchRequest(entity: "Author")).count
        }
      }
      // Within about how long each takes here, so that most stops fall inside it.
      try await Task.sleep(for: .milliseconds(Int(random.next(upperBound: [.batchImport: 1_500, .save: 400, .fetch: 60][operation] ?? 0))))
      try await onOwnThread { try server.stopImmediately() }
      let outcome: String
      var written: ClosedRange<Int>
      do {
        let count = try await work.value
        (outcome, written) = ("completed", operation == .fetch ? 0...0 : 3_000...3_000)
        if operation == .fetch { #expect(count == stored, "run \(run) (seed \(seed))") }
      } catch let error as StoreError {
        #expect(error.code == .database, "run \(run) (seed \(seed)): \(error)")
        let unknown = error.message.contains("while it committed")
        (outcome, written) = (unknown ? "commit outcome unknown" : "failed: connection lost", unknown ? 0...3_000 : 0...0)
        #expect(unknown || error.message.contains("nothing this operation wrote was committed"), "run \(run) (seed \(seed)): \(error)")
      }
      outcomes["\(operation) \(outcome)", default: 0] += 1
      try await onOwnThread { try server.startServer() }
      let range = try FetchRequest(entity: "Author", where: "id >= \(firstID) AND id < \(firstID + 3_000)")
      let found = try await store.makeContext().count(range)
      #expect(found == written.lowerBound || found == written.upperBound, "run \(run) (seed \(seed)): \(operation) \(outcome) left \(found) authors")
      if operation == .batchImport, found == 0 {
        #expect(try await store.importJSON(contentsOf: file, entity: "Author", root: "authors").elementCount == 3_000)
      }
      stored += operation == .fetch ? 0 : 3_000
      #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == stored - (operation == .save && found == 0 ? 3_000 : 0))
      if operation == .save, found == 0 { stored -= 3_000 }
    }
    print("server stops (seed \(seed)): \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
    try server.stopImmediately()
  }

  /// `count` authors with IDs from `firstID` on, two books each, tags shared between them.
  static func authors(_ count: Int, firstID: Int) -> String {
    let items = (firstID..<(firstID + count)).map { id in
      #"{"id": \#(id), "name": "Author \#(id)", "books": [{"id": \#(id * 10), "title": "A", "tags": ["shared"]}, {"id": \#(id * 10 + 1), "title": "B", "tags": ["t\#(id % 9)"]}]}"#
    }
    return #"{"authors": [\#(items.joined(separator: ",\n"))]}"#
  }

  @Test(
    "a batch import that deletes stale objects on a pool of one connection, with no pool timeout: its reads share its transaction's connection, so it cannot wait for itself",
    .timeLimit(.minutes(2)))
  func importOnPoolOfOneCannotDeadlock() async throws {
    var configuration = try PostgresStoreConfiguration(url: try PostgresTestServer.shared.get().makeDatabase(), poolSize: 1)
    configuration.poolTimeout = nil
    let store = try await Store(postgres: configuration, schema: Library.schema)
    let directory = try TemporaryStore()
    let first = directory.directory.appendingPathComponent("first.json")
    let second = directory.directory.appendingPathComponent("second.json")
    try Data(BatchImportTests.payload(authors: 30).utf8).write(to: first)
    try Data(BatchImportTests.payload(authors: 20).utf8).write(to: second)
    var options = GraphImportOptions()
    options.staleObjects = .all
    try await store.importJSON(contentsOf: first, entity: "Author", root: "authors", options: options, batchSize: 7)
    let report = try await store.importJSON(contentsOf: second, entity: "Author", root: "authors", options: options, batchSize: 7)
    #expect(report.saved.deleted.count >= 10)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 20)
  }

  @Test("connections ended by pg_terminate_backend: an idle one is replaced unseen; a save's is retried on another; a batch import's fails saying so and leaves nothing")
  func terminatedConnections() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    let store = try await Store(postgres: url, schema: Library.schema, poolSize: 2)
    let endOthers = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    for round in 0..<5 {
      #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == round)
      _ = try await onOwnThread { try server.sql(endOthers, in: url) }
      let context = try store.makeContext()
      try context.insert("Tag").label = .string("idle \(round)")
      try await context.save()
    }
    // A save waiting for a lock, its connection ended under it: run again on another.
    let holder = try await onOwnThread { try server.startLock(#"LOCK TABLE "Tag" IN SHARE ROW EXCLUSIVE MODE"#, in: url) }
    let context = try store.makeContext()
    try context.insert("Tag").label = "busy"
    let saving = Task(executorPreference: QueueTaskExecutor()) { _ = try await context.save() }
    let waiting = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    try await onOwnThread {
      try server.waitForLockWaiters(1, in: url)
      try server.sql(waiting, in: url)
      try server.waitForLockWaiters(1, in: url)
      try server.releaseLock(in: url)
    }
    _ = try await onOwnThread { holder.wait() }
    try await saving.value
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 6)
    // A batch import reads its input as it goes: it cannot run again, so it fails.
    let directory = try TemporaryStore()
    let file = directory.directory.appendingPathComponent("authors.json")
    try Data(Self.authors(200, firstID: 1).utf8).write(to: file)
    let lock = try await onOwnThread { try server.startLock(#"LOCK TABLE "Book" IN SHARE ROW EXCLUSIVE MODE"#, in: url) }
    let importing = Task(executorPreference: QueueTaskExecutor()) { _ = try await store.importJSON(contentsOf: file, entity: "Author", root: "authors") }
    try await onOwnThread {
      try server.waitForLockWaiters(1, in: url)
      try server.sql(waiting, in: url)
    }
    let error = await #expect(throws: StoreError.self) { try await importing.value }
    #expect(error?.message.hasPrefix("PostgreSQL: the connection to the server was lost") == true)
    try await onOwnThread { try server.releaseLock(in: url) }
    _ = try await onOwnThread { lock.wait() }
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 0)
    #expect(try await store.importJSON(contentsOf: file, entity: "Author", root: "authors").elementCount == 200)
  }

  @Test(
    "a network that stalls or drops connections mid-statement: the response and connect timeouts fire, a dropped read fails saying so, and the store goes on once the network is back"
  )
  func stallingAndDroppingNetwork() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    let proxy = try TCPProxy(to: server.port)
    defer { proxy.stop() }
    var configuration = try PostgresStoreConfiguration(url: url.replacingOccurrences(of: ":\(server.port)/", with: ":\(proxy.port)/"), poolSize: 1)
    configuration.statementTimeout = .milliseconds(200)
    configuration.connectTimeout = .seconds(1)
    // The tables are made without the short statementTimeout, which making them can outlast
    // under load; the statements before and after the faults may try again (`eventually`).
    _ = try await Store(postgres: url, schema: Library.schema, poolSize: 1)
    let store = try await Self.eventually { try await Store(postgres: configuration, schema: Library.schema) }
    #expect(try await Self.eventually { try await store.makeContext().count(FetchRequest(entity: "Tag")) } == 0)

    proxy.mode = .stall
    let stalled = await #expect(throws: StoreError.self) { _ = try await store.makeContext().count(FetchRequest(entity: "Tag")) }
    #expect(
      stalled?.message
        == "PostgreSQL: the server did not answer within 5.2 seconds (statementTimeout and 5 seconds more), so the connection was closed; nothing this operation wrote was committed"
    )
    // The next connection's handshake stalls too: connectTimeout.
    let connecting = await #expect(throws: StoreError.self) { _ = try await store.makeContext().count(FetchRequest(entity: "Tag")) }
    #expect(connecting?.message == "PostgreSQL: no connection to the server within 1.0 seconds (connectTimeout); nothing this operation wrote was committed")

    proxy.mode = .forward
    #expect(try await Self.eventually { try await store.makeContext().count(FetchRequest(entity: "Tag")) } == 0)
    let reading = Task(executorPreference: QueueTaskExecutor()) { try await store.backend.read(SQLStatement("SELECT pg_sleep(0.1) FROM generate_series(1, 100)")) }
    try await Task.sleep(for: .milliseconds(50))
    proxy.mode = .drop
    let dropped = await #expect(throws: StoreError.self) { _ = try await reading.value }
    #expect(dropped?.code == .database)
    proxy.mode = .forward
    // The store goes on. On an instrumented build under load (CI runs the suite under the
    // address sanitizer), the connection the pool held through the faults can still fail the
    // first operation after them, with an error saying why: the store must succeed by the
    // third attempt, each with what a failed save leaves (the context as it was).
    let context = try store.makeContext()
    try context.insert("Tag").label = "after"
    _ = try await Self.eventually { try await context.save() }
    #expect(try await Self.eventually { try await store.makeContext().count(FetchRequest(entity: "Tag")) } == 1)
  }

  /// `operation`'s result, trying again after a `StoreError` until the third attempt, whose
  /// error is thrown.
  static func eventually<T>(_ operation: () async throws -> T) async throws -> T {
    for _ in 1..<3 {
      do { return try await operation() } catch is StoreError { continue }
    }
    return try await operation()
  }
}
