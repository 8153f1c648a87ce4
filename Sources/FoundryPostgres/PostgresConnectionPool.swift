import FoundryStore
internal import PostgresNIO
internal import FoundryInternals

/// A fixed number of PostgreSQL connections, opened when first needed and handed out one
/// operation at a time; a caller that finds them all busy waits (a future) for the next one
/// given back. A connection found closed (the server restarted, the network dropped it) is
/// replaced by a new one for the next operation.
///
/// Everything here is `EventLoopFuture`-based, so the same pool serves the async API
/// (`get()`) and the synchronous one (`wait()` from a thread that is not an event loop's).
final class PostgresConnectionPool: Sendable {
  private struct State {
    var idle: [PooledConnection] = []
    var opened = 0
    var nextID = 0
    var waiters: [EventLoopPromise<PooledConnection>] = []
  }

  private enum Lease {
    case idle(PooledConnection)
    case open(Int)
    case wait(EventLoopFuture<PooledConnection>)
  }

  /// The error of a connection whose handshake did not end within ``connectTimeout``.
  struct ConnectTimedOut: Error {
    let after: Duration
  }

  let configuration: PostgresConnection.Configuration
  let size: Int
  /// How long a caller waits for a connection given back before it fails (`nil`: no limit).
  let waitTimeout: Duration?
  /// How long opening a connection may take, handshake included.
  let connectTimeout: Duration
  /// How long a query may go unanswered before its connection is given up (`nil`: no limit).
  let responseTimeout: Duration?
  let logger: Logger
  private let group: any EventLoopGroup
  private let state = Locked(State())

  init(
    configuration: PostgresConnection.Configuration, size: Int, waitTimeout: Duration? = nil, connectTimeout: Duration = .seconds(10),
    responseTimeout: Duration? = nil, logger: Logger
  ) {
    self.configuration = configuration
    self.size = max(1, size)
    self.waitTimeout = waitTimeout
    self.connectTimeout = connectTimeout
    self.responseTimeout = responseTimeout
    self.logger = logger
    self.group = MultiThreadedEventLoopGroup.singleton
  }

  /// Runs `body` on a connection of the pool, giving it back when the future `body` returns
  /// completes; with `retrying`, again on another connection when the connection closed under
  /// it (idle connections the server ended meanwhile: as many times as the pool holds
  /// connections, and once more): for work that a second run cannot do twice, a read, or a
  /// write whose transaction cannot have committed.
  func withConnection<T: Sendable>(retrying: Bool = false, _ body: @escaping @Sendable (PooledConnection) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
    run(body, retriesLeft: retrying ? size + 1 : 0, firstLoss: nil)
  }

  /// One run of `body`, and the next while connections are lost and retries are left. When a
  /// later run finds no server (refused, or lost again while it shuts down), the first loss is
  /// what the caller hears of.
  private func run<T: Sendable>(
    _ body: @escaping @Sendable (PooledConnection) -> EventLoopFuture<T>, retriesLeft: Int, firstLoss: EventLoopFuture<T>?
  ) -> EventLoopFuture<T> {
    let attempt = lease().flatMap { connection in
      body(connection).always { _ in self.giveBack(connection) }
    }
    guard retriesLeft > 0 || firstLoss != nil else { return attempt }
    return attempt.flatMapError { error in
      let isLoss = PostgresBackend.isConnectionLoss(error)
      if isLoss, retriesLeft > 0 { return self.run(body, retriesLeft: retriesLeft - 1, firstLoss: firstLoss ?? attempt) }
      if let firstLoss, isLoss || Self.isConnectFailure(error) { return firstLoss }
      return attempt
    }
  }

  /// Whether `error` says no connection could be made.
  static func isConnectFailure(_ error: any Error) -> Bool {
    error is ConnectTimedOut || (error as? PSQLError)?.code == .connectionError
  }

  /// A connection for one operation: an idle one, a new one while fewer than ``size`` are
  /// open, or the next one given back.
  func lease() -> EventLoopFuture<PooledConnection> {
    let eventLoop = group.any()
    let lease = state.withLock { state -> Lease in
      if let connection = state.idle.popLast() { return .idle(connection) }
      if state.opened < size {
        state.opened += 1
        state.nextID += 1
        return .open(state.nextID)
      }
      let promise = eventLoop.makePromise(of: PooledConnection.self)
      state.waiters.append(promise)
      return .wait(promise.futureResult)
    }
    switch lease {
    case .idle(let connection) where !connection.isClosed: return eventLoop.makeSucceededFuture(connection)
    case .idle:
      return open(
        id: state.withLock {
          $0.nextID += 1; return $0.nextID
        }, on: eventLoop)
    case .open(let id): return open(id: id, on: eventLoop)
    case .wait(let future):
      guard let waitTimeout else { return future }
      let timeout = eventLoop.scheduleTask(in: TimeAmount(waitTimeout)) { self.giveUpWaiting(for: future, after: waitTimeout) }
      future.whenComplete { _ in timeout.cancel() }
      return future
    }
  }

  /// Fails a caller still waiting for a connection after `waitTimeout`, and forgets it.
  private func giveUpWaiting(for future: EventLoopFuture<PooledConnection>, after waitTimeout: Duration) {
    let waiter = state.withLock { state -> EventLoopPromise<PooledConnection>? in
      guard let index = state.waiters.firstIndex(where: { $0.futureResult === future }) else { return nil }
      return state.waiters.remove(at: index)
    }
    waiter?.fail(StoreError(.database, "PostgreSQL: no connection of the pool's \(size) was free within \(waitTimeout) (poolTimeout)"))
  }

  /// Gives a connection back: to the first waiter, or to the idle ones. A closed one counts
  /// as given up, and a waiter gets a new connection in its place.
  func giveBack(_ connection: PooledConnection) {
    if connection.isClosed {
      let waiter = state.withLock { state -> (EventLoopPromise<PooledConnection>, Int)? in
        guard !state.waiters.isEmpty else {
          state.opened -= 1
          return nil
        }
        state.nextID += 1
        return (state.waiters.removeFirst(), state.nextID)
      }
      if let (promise, id) = waiter { promise.completeWith(open(id: id, on: promise.futureResult.eventLoop)) }
      return
    }
    let waiter = state.withLock { state -> EventLoopPromise<PooledConnection>? in
      if state.waiters.isEmpty {
        state.idle.append(connection)
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.succeed(connection)
  }

  /// Operations in flight hold the pool, so when it goes every connection is idle.
  deinit { close() }

  /// Closes the idle connections, each kept alive until it is closed (postgres-nio asserts
  /// that a connection is closed before it goes).
  func close() {
    let idle = state.withLock { state -> [PooledConnection] in
      defer { state.idle = [] }
      return state.idle
    }
    for connection in idle { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
  }

  /// A connection of the pool's configuration that the pool does not hold: what a listener
  /// keeps for itself (``PostgresCommitWatch``).
  func connectOutside() -> EventLoopFuture<PostgresConnection> {
    PostgresConnection.connect(on: group.any(), configuration: configuration, id: -1, logger: logger)
  }

  private func open(id: Int, on eventLoop: any EventLoop) -> EventLoopFuture<PooledConnection> {
    let responseTimeout = self.responseTimeout
    let connecting = PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger)
    // The driver's own timeout covers the TCP connection only: a server (or a proxy) that
    // accepts and then says nothing would hold the handshake for good.
    let opened = eventLoop.makePromise(of: PooledConnection.self)
    let deadline = eventLoop.scheduleTask(in: TimeAmount(connectTimeout)) { [connectTimeout] in
      opened.fail(ConnectTimedOut(after: connectTimeout))
    }
    connecting.whenComplete { result in
      deadline.cancel()
      opened.completeWith(result.map { PooledConnection($0, responseTimeout: responseTimeout) })
    }
    opened.futureResult.whenFailure { _ in
      // A handshake that ends after the deadline leaves a connection nobody holds: close it.
      connecting.whenSuccess { late in late.close().whenComplete { _ in withExtendedLifetime(late) {} } }
    }
    return opened.futureResult.flatMapErrorThrowing { error in
      self.state.withLock { $0.opened -= 1 }
      throw error
    }
  }
}
