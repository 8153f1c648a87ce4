import FoundryStore
internal import PostgresNIO
internal import FoundryInternals

/// The store's PostgreSQL backend: a pool of postgres-nio connections, every statement's
/// values bound, every save one transaction on one connection.
///
/// One path serves both APIs: each operation is an `EventLoopFuture` that runs on NIO's event
/// loops. The async methods await it (`get()`, which suspends the task without blocking a
/// thread); the synchronous ones (faults, imports, the command line) block the calling thread
/// with `wait()`. That never deadlocks, even on a thread of Swift's cooperative pool, because
/// the work is done by the event loop threads, not by the thread that waits; it must not be
/// called on an event loop thread (NIO traps then). A transaction's body is synchronous (its
/// reads return rows), so the async ``transaction(commits:_:)`` runs it on NIO's thread pool,
/// never on the cooperative pool.
final class PostgresBackend: StoreBackend {
  /// The primary's connections: every write, and the reads no replica serves.
  let pool: PostgresConnectionPool
  /// The read-only replicas a context's fetches may go to (see `read(_:from:)`).
  let replicas: [PostgresReplica]
  /// How many reads were offered to a replica: the next goes to the one after.
  let replicaTurn = Locked(0)
  let dialect: any SQLDialect = PostgresDialect()

  init(pool: PostgresConnectionPool, replicas: [PostgresReplica] = []) {
    self.pool = pool
    self.replicas = replicas
  }

  // MARK: - Reads

  func read(_ statements: [SQLStatement]) async throws -> [SQLRows] {
    do { return try await readFuture(statements).get() } catch { throw Self.storeError(error) }
  }

  func readNow(_ statements: [SQLStatement]) throws -> [SQLRows] {
    do { return try readFuture(statements).wait() } catch { throw Self.storeError(error) }
  }

  /// One statement alone; several in one read-only repeatable-read transaction, so that they
  /// see the same state of the store.
  func readFuture(_ statements: [SQLStatement]) -> EventLoopFuture<[SQLRows]> {
    let logger = pool.logger
    return pool.withConnection(retrying: true) { connection in Self.read(statements, on: connection, logger: logger) }
  }

  /// The rows of `statements` on `connection`: in a read-only repeatable-read transaction
  /// when there are several.
  static func read(_ statements: [SQLStatement], on connection: PooledConnection, logger: Logger) -> EventLoopFuture<[SQLRows]> {
    guard statements.count > 1 else { return rows(statements, on: connection, logger: logger) }
    return transaction(on: connection, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", commits: true, logger: logger) {
      rows(statements, on: connection, logger: logger)
    }
  }

  // MARK: - Writes

  func write(_ plan: WritePlan) async throws -> [Int64] {
    do { return try await writeFuture(plan).get() } catch { throw Self.storeError(error) }
  }

  func writeNow(_ plan: WritePlan) throws -> [Int64] {
    do { return try writeFuture(plan).wait() } catch { throw Self.storeError(error) }
  }

  private func writeFuture(_ plan: WritePlan) -> EventLoopFuture<[Int64]> {
    let logger = pool.logger
    // Run again on another connection when the connection closed before COMMIT: the server
    // rolled the first run back (a lost COMMIT fails with an error of its own).
    return pool.withConnection(retrying: true) { connection in
      Self.transaction(on: connection, begin: "BEGIN", commits: true, logger: logger) { Self.run(plan, on: connection, logger: logger) }
    }
  }

  func transaction<T: Sendable>(commits: Bool, _ body: @Sendable (any StoreTransaction) throws -> T) async throws -> T {
    try await withoutActuallyEscaping(body) { body in
      let box = TransactionBody(body)
      // Dropped before the block returns, whatever happened: the body must not outlive it.
      defer { box.take() }
      return try await NIOThreadPool.singleton.runIfActive {
        guard let body = box.take() else { throw StoreError(.database, "the transaction's body ran twice") }
        return try self.transactionNow(commits: commits, body)
      }
    }
  }

  /// Runs `body` in one transaction; once more, alone, when PostgreSQL ended it to break a
  /// deadlock with another transaction (or for a serialization failure): two imports in
  /// batches that meet the same objects in different orders both complete.
  ///
  /// Every such transaction holds a shared advisory lock; the second run waits for the lock
  /// alone, so it starts once the transactions running meanwhile have ended, and nothing it
  /// meets is held by another.
  func transactionNow<T>(commits: Bool, _ body: (any StoreTransaction) throws -> T) throws -> T {
    let failure = TransactionFailure()
    do {
      return try transactionOnce(commits: commits, alone: false, failure: failure, body)
    } catch  where failure.isTransient {
      return try transactionOnce(commits: commits, alone: true, failure: TransactionFailure(), body)
    }
  }

  /// The advisory lock the store's write transactions share, and a second run takes alone
  /// (any fixed number: "FNDT").
  private static let transactionLock = 1_179_538_516

  private func transactionOnce<T>(commits: Bool, alone: Bool, failure: TransactionFailure, _ body: (any StoreTransaction) throws -> T) throws -> T {
    let connection: PooledConnection
    do { connection = try pool.lease().wait() } catch { throw Self.storeError(error) }
    defer { pool.giveBack(connection) }
    let logger = pool.logger
    func rollBack() { _ = try? Self.execute("ROLLBACK", on: connection, logger: logger).wait() }
    let lock = alone ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared"
    do {
      _ = try Self.execute("BEGIN", on: connection, logger: logger).wait()
      _ = try Self.execute("SELECT \(lock)(\(Self.transactionLock))", on: connection, logger: logger).wait()
    } catch {
      rollBack()
      throw Self.storeError(error)
    }
    let result: T
    do {
      result = try body(PostgresTransaction(connection: connection, logger: logger, failure: failure))
    } catch {
      // The body's own errors (a mapping error of an import, say) go to the caller as they are.
      rollBack()
      throw error
    }
    do {
      _ = try Self.execute(commits ? "COMMIT" : "ROLLBACK", on: connection, logger: logger).wait()
    } catch {
      failure.note(error)
      rollBack()
      throw commits ? Self.commitError(error) : Self.storeError(error)
    }
    return result
  }

  func watchCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any CommitWatch {
    PostgresCommitWatch(pool: pool, onCommit: onCommit)
  }

  // MARK: - The store's record

  func record(_ key: String) throws -> String? {
    let rows = try readNow([SQLStatement("SELECT value FROM foundry_store WHERE key = ?", [.value(.text(key))])])
    guard let first = rows.first, !first.isEmpty, case .text(let value) = first[0, 0] else { return nil }
    return value
  }

  func setRecord(_ key: String, to value: String) throws {
    var plan = WritePlan()
    plan.statements = [
      SQLStatement("INSERT INTO foundry_store (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [.value(.text(key)), .value(.text(value))])
    ]
    _ = try writeNow(plan)
  }
}

/// A transaction's body, handed to NIO's thread pool while the caller awaits it: taken out
/// (and so released) by the thread that runs it, before the caller resumes, as
/// `withoutActuallyEscaping` demands.
private final class TransactionBody<T>: @unchecked Sendable {
  private let lock = Locked<((any StoreTransaction) throws -> T)?>(nil)

  init(_ body: @escaping (any StoreTransaction) throws -> T) { lock.withLock { $0 = body } }

  @discardableResult
  func take() -> ((any StoreTransaction) throws -> T)? {
    lock.withLock { body in
      defer { body = nil }
      return body
    }
  }
}
