import FoundryStore
internal import PostgresNIO
internal import FoundryInternals

/// A read-only replica of the store's primary (a streaming standby): its connections, and
/// how long reads leave it alone after it could not be reached.
final class PostgresReplica: Sendable {
  let pool: PostgresConnectionPool
  /// Until when reads pass it by: set when a connection to it failed.
  private let restingUntil = Locked<NIODeadline?>(nil)
  /// How long a replica that could not be reached is passed by before it is tried again.
  static let restAfterFailure = TimeAmount.seconds(5)

  init(pool: PostgresConnectionPool) { self.pool = pool }

  /// Whether reads pass it by now.
  var isResting: Bool { restingUntil.withLock { until in until.map { $0 > .now() } ?? false } }

  /// Passes it by for ``restAfterFailure``.
  func rest() { restingUntil.withLock { $0 = .now() + Self.restAfterFailure } }
}

extension PostgresBackend {
  var hasReplicas: Bool { !replicas.isEmpty }

  /// The rows of each query, from the next replica (in turn) when `route` allows it and that
  /// replica has replayed the primary's log up to the route's position; from the primary
  /// otherwise, or when the replica fails (a read can be run again; a replica that cannot
  /// be reached is passed by for a few seconds).
  func read(_ statements: [SQLStatement], from route: ReadRoute) async throws -> [SQLRows] {
    do { return try await routedRead(statements, route).get() } catch { throw Self.storeError(error) }
  }

  func readNow(_ statements: [SQLStatement], from route: ReadRoute) throws -> [SQLRows] {
    do { return try routedRead(statements, route).wait() } catch { throw Self.storeError(error) }
  }

  /// Where the primary's log ends now (`pg_current_wal_insert_lsn()`): at or past the commit
  /// of every save that has returned; `nil` without replicas, which have nothing to wait for.
  func commitPosition() async throws -> CommitPosition? {
    guard hasReplicas else { return nil }
    do { return try await positionFuture().get() } catch { throw Self.storeError(error) }
  }

  func commitPositionNow() throws -> CommitPosition? {
    guard hasReplicas else { return nil }
    do { return try positionFuture().wait() } catch { throw Self.storeError(error) }
  }

  private func positionFuture() -> EventLoopFuture<CommitPosition?> {
    readFuture([SQLStatement("SELECT pg_current_wal_insert_lsn()::text")]).flatMapThrowing { rows in
      guard let first = rows.first, !first.isEmpty, case .text(let text) = first[0, 0] else {
        throw StoreError(.database, "PostgreSQL did not say where its log ends")
      }
      return try CommitPosition(text: text)
    }
  }

  private func routedRead(_ statements: [SQLStatement], _ route: ReadRoute) -> EventLoopFuture<[SQLRows]> {
    guard case .replica(let position) = route, position != .unknown, let replica = nextReplica() else { return readFuture(statements) }
    let logger = replica.pool.logger
    let fromReplica = replica.pool.lease().flatMap { connection in
      Self.hasReplayed(position, on: connection, logger: logger)
        .flatMap { caughtUp -> EventLoopFuture<[SQLRows]?> in
          guard caughtUp else { return connection.eventLoop.makeSucceededFuture(nil) }
          return Self.read(statements, on: connection, logger: logger).map { $0 }
        }
        .always { _ in replica.pool.giveBack(connection) }
    }
    return fromReplica.flatMapError { error in
      if Self.isConnectionFailure(error) { replica.rest() }
      return fromReplica.eventLoop.makeSucceededFuture(nil)
    }
    .flatMap { rows in
      guard let rows else { return self.readFuture(statements) }
      return fromReplica.eventLoop.makeSucceededFuture(rows)
    }
  }

  /// The next replica in turn that is not resting.
  private func nextReplica() -> PostgresReplica? {
    let turn = replicaTurn.withLock { turn in
      defer { turn = (turn + 1) % replicas.count }
      return turn
    }
    for step in replicas.indices {
      let replica = replicas[(turn + step) % replicas.count]
      if !replica.isResting { return replica }
    }
    return nil
  }

  /// Whether the server on `connection` is still a standby (`pg_is_in_recovery()`) and has
  /// replayed the primary's log up to `position` (`pg_last_wal_replay_lsn()`; any, for no
  /// position). A standby that was promoted follows the primary no more, whatever it replayed
  /// before: it serves no read. Asked before the read's own statements, so their snapshot is
  /// taken after the replay the answer saw.
  static func hasReplayed(_ position: CommitPosition?, on connection: PooledConnection, logger: Logger) -> EventLoopFuture<Bool> {
    execute("SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text", on: connection, logger: logger).flatMapThrowing { result in
      let rows = try PostgresRowReader.rows(result)
      guard !rows.isEmpty, rows[0, 0] == .integer(1) else { return false }
      guard let position else { return true }
      guard case .text(let text) = rows[0, 1] else { return false }
      return try CommitPosition(text: text) >= position
    }
  }

  /// Whether `error` says the server could not be reached or the connection was lost, not
  /// that a statement failed.
  static func isConnectionFailure(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return !(error is StoreError) }
    return error.serverInfo == nil
  }
}
