import FoundryStore
internal import PostgresNIO
internal import FoundryInternals

/// A connection of the pool, whose queries always end: answered, failed by the server, or
/// failed when the connection closes.
///
/// postgres-nio hands a query to its channel without a promise for the write: a query sent
/// while the connection closes (the server stopped, the network cut it) is dropped with the
/// closed channel's pipeline, and its future never completes. A save waiting for it would
/// wait for good. So every query's promise is kept here until it completes, and when the
/// connection closes, the ones still open fail with the connection lost; a query sent after
/// that fails at once.
///
/// ```swift
/// let result = try connection.query(PostgresQuery(unsafeSQL: "SELECT 1"), logger: logger).wait()
/// ```
final class PooledConnection: Sendable {
  /// The queries sent and not yet answered, by the number each got; `nil` once the
  /// connection closed.
  private struct InFlight {
    /// How to fail each one.
    var promises: [Int: @Sendable (any Error) -> Void]? = [:]
    var next = 0
  }

  /// The error of a query the connection closed under.
  struct Closed: Error {}

  /// The error of a query the server did not answer in time: the connection was closed.
  struct Unanswered: Error {
    let after: Duration
  }

  let connection: PostgresConnection
  /// How long a query may go unanswered before the connection is given up (`nil`: no
  /// limit): what bounds a connection that stalls without closing.
  let responseTimeout: Duration?
  private let inFlight = Locked(InFlight())

  init(_ connection: PostgresConnection, responseTimeout: Duration? = nil) {
    self.connection = connection
    self.responseTimeout = responseTimeout
    connection.closeFuture.whenComplete { [weak self] _ in self?.failInFlight(with: Closed()) }
  }

  var eventLoop: any EventLoop { connection.eventLoop }
  var isClosed: Bool { connection.isClosed }
  var id: Int { connection.id }

  /// Runs `query`; its future fails with the connection lost if the connection closes first.
  func query(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
    tracked { connection.query(query, logger: logger) }
  }

  /// Runs `query`, handing each row to `onRow` on the connection's event loop as it arrives;
  /// its future fails as ``query(_:logger:)``'s does. postgres-nio's collected result copies
  /// its list of rows each time a packet of rows arrives (its state holds the list while it
  /// grows): a read of many rows goes through here.
  func query(_ query: PostgresQuery, logger: Logger, onRow: @escaping @Sendable (PostgresRow) throws -> Void) -> EventLoopFuture<PostgresQueryMetadata> {
    tracked { connection.query(query, logger: logger, onRow) }
  }

  /// What `send` starts, kept among the queries in flight until it completes.
  private func tracked<T: Sendable>(_ send: () -> EventLoopFuture<T>) -> EventLoopFuture<T> {
    let promise = eventLoop.makePromise(of: T.self)
    let number = inFlight.withLock { state -> Int? in
      guard state.promises != nil else { return nil }
      state.next += 1
      state.promises?[state.next] = { promise.fail($0) }
      return state.next
    }
    guard let number else {
      promise.fail(Closed())
      return promise.futureResult
    }
    let deadline = responseTimeout.map { timeout in eventLoop.scheduleTask(in: TimeAmount(timeout)) { self.giveUp(after: timeout) } }
    send().whenComplete { result in
      deadline?.cancel()
      self.inFlight.withLock { _ = $0.promises?.removeValue(forKey: number) }
      promise.completeWith(result)
    }
    return promise.futureResult
  }

  /// Fails every query still open, saying the server did not answer in time, and closes the
  /// connection, which no later answer can put back in step.
  private func giveUp(after timeout: Duration) {
    failInFlight(with: Unanswered(after: timeout))
    connection.close().whenComplete { _ in withExtendedLifetime(self.connection) {} }
  }

  /// Closes the connection (every query still open fails).
  func close() -> EventLoopFuture<Void> { connection.close() }

  /// Fails every query not yet answered with `error`, and every query sent from now on with
  /// ``Closed``.
  private func failInFlight(with error: any Error) {
    let open = inFlight.withLock { state -> [@Sendable (any Error) -> Void] in
      defer { state.promises = nil }
      return Array((state.promises ?? [:]).values)
    }
    for fail in open { fail(error) }
  }
}
