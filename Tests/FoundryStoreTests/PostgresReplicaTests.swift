import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

@Suite("PostgreSQL: read replicas", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresReplicaTests {
  @Test("with a real streaming replica: fetches, counts and faults of a context without changes read the replica; saves go to the primary; a store reads its own saves and imports")
  func readsGoToTheReplica() async throws {
    let (primary, replica, store, url) = try await Self.primaryAndReplica()
    // Another process's store over the same primary and replica.
    let elsewhere = try await Store(postgres: try Self.configuration(url, replica: replica), schema: Library.schema)
    let writer = try store.makeContext()
    let ada = try writer.insert("Author")
    ada.id = 101
    ada.name = "Ada"
    try ada.add(try Self.book(1, in: writer), forKey: "books")
    try await writer.save()
    try await onOwnThread { try Self.waitForReplay(primary, replica, url) }
    try await Self.pauseReplay(replica, url)

    try ada.add(try Self.book(2, in: writer), forKey: "books")
    try await writer.save()
    // The store's own save is not on the replica yet: its contexts read the primary.
    #expect(try await Self.bookIDs(writer) == [1, 2])
    #expect(try await store.makeContext().count(FetchRequest(entity: "Book")) == 2)

    // A context of the other store reads the replica, as it was before the pause; its
    // relationship faults follow its fetch there.
    let reader = try elsewhere.makeContext()
    #expect(try await Self.bookIDs(reader) == [1])
    #expect(try await reader.count(FetchRequest(entity: "Book")) == 1)
    let fetched = try #require(try await reader.fetch(FetchRequest(entity: "Author")).first)
    #expect(try fetched.related(forKey: "books").map(\.id) == [1])

    // With unsaved changes, a context reads the primary; its save goes there too.
    let editor = try elsewhere.makeContext()
    try editor.insert("Tag").label = "unsaved"
    #expect(try await editor.count(FetchRequest(entity: "Book")) == 2)
    try await editor.save()
    #expect(try await editor.count(FetchRequest(entity: "Tag")) == 1)

    try replica.sql("SELECT pg_wal_replay_resume()", in: url)
    try await onOwnThread { try Self.waitForReplay(primary, replica, url) }
    #expect(try await Self.bookIDs(try elsewhere.makeContext()) == [1, 2])

    // Once the replica holds a store's saves, its contexts read the replica again: what the
    // other store saves or imports while replay is paused is seen through that store only.
    try await Self.pauseReplay(replica, url)
    let other = try elsewhere.makeContext()
    let author = try #require(try other.object(of: "Author", identity: 101))
    try author.add(try Self.book(3, in: other), forKey: "books")
    try await other.save()
    #expect(try await Self.bookIDs(writer) == [1, 2])
    #expect(try await Self.bookIDs(other) == [1, 2, 3])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-replica-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(#"[{"label": "imported"}]"#.utf8).write(to: file)
    try await elsewhere.importJSON(contentsOf: file, entity: "Tag")
    #expect(try await elsewhere.makeContext().count(FetchRequest(entity: "Tag")) == 2)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 1)
    try replica.sql("SELECT pg_wal_replay_resume()", in: url)
  }

  @Test("live results over a replica that lags: woken by the primary's commit, they read the primary, not the replica that has not replayed it")
  func liveResultsWhileTheReplicaLags() async throws {
    let (primary, replica, store, url) = try await Self.primaryAndReplica()
    let reader = try await Store(postgres: try Self.configuration(url, replica: replica), schema: Library.schema)
    try await onOwnThread { try Self.waitForReplay(primary, replica, url) }
    try await Self.pauseReplay(replica, url)
    var request = FetchRequest(entity: "Author")
    request.sortBy = [SortKey("name")]
    let reading = LiveResultsTests.Reading(reader, request: request)
    #expect(try await reading.waitFor(1).first?.names == [])
    let writer = try store.makeContext()
    let ada = try writer.insert("Author")
    ada.id = 101
    ada.name = "Ada"
    try await writer.save()
    #expect(try await reading.waitFor(2).last?.names == ["Ada"])
    await reading.stop()
    try replica.sql("SELECT pg_wal_replay_resume()", in: url)
  }

  @Test("a replica that cannot be reached leaves the reads to the primary")
  func unreachableReplica() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    var configuration = try PostgresStoreConfiguration(url: url)
    // Port 1 of loopback: nothing listens there, connecting is refused.
    configuration.replicas = [try PostgresStoreConfiguration(url: "postgres://postgres@127.0.0.1:1/replica")]
    let store = try await Store(postgres: configuration, schema: Library.schema)
    let writer = try store.makeContext()
    try writer.insert("Tag").label = "only on the primary"
    try await writer.save()
    for _ in 0..<3 {
      #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 1)
    }
  }

  @Test("a replica that stops or is promoted: reads go to the primary, and no store reads data older than what the primary holds")
  func replicaStoppedOrPromoted() async throws {
    let (primary, replica, store, url) = try await Self.primaryAndReplica()
    let writer = try store.makeContext()
    try writer.insert("Tag").label = "before"
    try await writer.save()
    try await onOwnThread { try Self.waitForReplay(primary, replica, url) }
    // Promoted: it takes writes of its own and follows the primary no more.
    try replica.sql("SELECT pg_promote()", in: url)
    try replica.waitUntil("SELECT pg_is_in_recovery()", in: url, prints: "f")
    let another = try await Store(postgres: try Self.configuration(url, replica: replica), schema: Library.schema)
    let other = try another.makeContext()
    try other.insert("Tag").label = "after the promotion"
    try await other.save()
    // A store that saved nothing would read the promoted server's old copy: it reads the primary.
    let bystander = try await Store(postgres: try Self.configuration(url, replica: replica), schema: Library.schema)
    #expect(try await bystander.makeContext().count(FetchRequest(entity: "Tag")) == 2)
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 2)
    // Stopped: its connections fail, and the reads go to the primary.
    try replica.stopImmediately()
    for _ in 0..<3 { #expect(try await bystander.makeContext().count(FetchRequest(entity: "Tag")) == 2) }
  }

  // MARK: - Helpers

  /// A private primary with a store's tables, a streaming replica of it, and a store over
  /// both.
  private static func primaryAndReplica() async throws -> (PostgresTestServer, PostgresTestServer, Store, String) {
    let primary = try PostgresTestServer.startPrivate()
    let url = try primary.makeDatabase()
    _ = try await Store(postgres: url, schema: Library.schema)
    let replica = try primary.startReplica()
    try waitForReplay(primary, replica, url)
    return (primary, replica, try await Store(postgres: try configuration(url, replica: replica), schema: Library.schema), url)
  }

  /// The primary at `url`, with `replica` as its read replica.
  private static func configuration(_ url: String, replica: PostgresTestServer) throws -> PostgresStoreConfiguration {
    var configuration = try PostgresStoreConfiguration(url: url)
    configuration.replicas = [try PostgresStoreConfiguration(url: replica.url(of: url))]
    return configuration
  }

  /// Stops the replica's replay: what the primary commits from then on is not there.
  private static func pauseReplay(_ replica: PostgresTestServer, _ url: String) async throws {
    try replica.sql("SELECT pg_wal_replay_pause()", in: url)
    try await onOwnThread { try replica.waitUntil("SELECT pg_get_wal_replay_pause_state()", in: url, prints: "paused") }
  }

  /// Waits until the replica has replayed everything the primary has written so far.
  private static func waitForReplay(_ primary: PostgresTestServer, _ replica: PostgresTestServer, _ url: String) throws {
    let written = try primary.sql("SELECT pg_current_wal_lsn()", in: url).trimmingCharacters(in: .whitespacesAndNewlines)
    try replica.waitUntil("SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn", in: url, prints: "t")
  }

  private static func book(_ id: Int64, in context: ObjectContext) throws -> ManagedObject {
    let book = try context.insert("Book")
    book.id = .integer(id)
    book.title = .string("Book \(id)")
    return book
  }

  private static func bookIDs(_ context: ObjectContext) async throws -> [GraphValue?] {
    var request = FetchRequest(entity: "Book")
    request.sortBy = [SortKey("id")]
    return try await context.fetch(request).map(\.id)
  }
}
