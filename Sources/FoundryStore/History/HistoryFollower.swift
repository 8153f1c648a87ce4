#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
internal import FoundryInternals

extension Store {
  /// The store's transactions as they commit, in this process and others, starting after
  /// `token`: what has been committed since, then each new one, for as long as you iterate.
  ///
  /// ```swift
  /// for try await transaction in store.transactions(after: lastSeen) {
  ///   try await context.refresh(after: transaction.saved)
  ///   lastSeen = transaction.token
  /// }
  /// ```
  /// Nothing is polled: the follower sleeps until the database says a write committed (the
  /// store's file changing on SQLite, `NOTIFY` on PostgreSQL, or a save of this process), then
  /// reads what is new. It reads at the pace you iterate, so a slow reader holds nothing in
  /// memory, and it never skips a transaction: if the ones it has yet to read were purged,
  /// iterating throws ``StoreError`` `historyPurged`. The sequence ends when the task
  /// iterating it is cancelled.
  /// - Parameters:
  ///   - token: The last transaction already handled; `nil` for all the store kept.
  public func transactions(after token: HistoryToken?) -> HistoryTransactions { HistoryTransactions(store: self, start: token) }

  /// Wakes every follower of this store (a save or import committed, here or elsewhere).
  func wakeFollowers() {
    for wake in followers.withLock({ Array($0.wakes.values) }) { wake() }
  }

  /// Adds a follower, starting the backend's watch for the first: one inotify watch or one
  /// listening connection per store, however many follow it.
  func addFollower(_ id: UUID, wake: @escaping @Sendable () -> Void) throws {
    try followers.withLock { followers in
      if followers.watch == nil { followers.watch = try backend.watchCommits { [weak self] in self?.wakeFollowers() } }
      followers.wakes[id] = wake
    }
  }

  /// Whether anything follows the store's commits (a watch of the backend runs then).
  package var isWatchingCommits: Bool { followers.withLock { $0.watch != nil || !$0.wakes.isEmpty } }

  /// Removes a follower, stopping the watch after the last.
  func removeFollower(_ id: UUID) {
    let unused = followers.withLock { followers -> (any CommitWatch)? in
      followers.wakes[id] = nil
      guard followers.wakes.isEmpty else { return nil }
      defer { followers.watch = nil }
      return followers.watch
    }
    unused?.cancel()
  }
}

/// A store's followers: what wakes each, and the backend's watch.
struct Followers {
  var wakes: [UUID: @Sendable () -> Void] = [:]
  var watch: (any CommitWatch)?
}

/// The transactions of a store as they commit (``Store/transactions(after:)``).
///
/// ```swift
/// for try await transaction in store.transactions(after: nil) { print(transaction.token) }
/// ```
public struct HistoryTransactions: AsyncSequence, Sendable {
  public typealias Element = HistoryTransaction

  let store: Store
  let start: HistoryToken?

  public func makeAsyncIterator() -> Iterator { Iterator(store: store, last: start) }

  /// Reads a page of transactions when it has none left, and waits for a commit when there
  /// are no more.
  public struct Iterator: AsyncIteratorProtocol {
    let store: Store
    var last: HistoryToken?
    /// Read and not yet handed out, oldest last.
    private var pending: [HistoryTransaction] = []
    private var follower: Follower?
    private var wakeUps: AsyncStream<Void>.Iterator?

    init(store: Store, last: HistoryToken?) {
      self.store = store
      self.last = last
    }

    /// The transactions read at once.
    static let pageSize = 100

    public mutating func next() async throws -> HistoryTransaction? {
      while true {
        if let transaction = pending.popLast() {
          last = transaction.token
          return transaction
        }
        if Task.isCancelled { return nil }
        // Watching starts before the first read, so a commit between a read and the wait
        // still wakes it.
        if follower == nil {
          let watching = try Follower(store: store)
          follower = watching
          wakeUps = watching.wakeUps.makeAsyncIterator()
        }
        let page: [HistoryTransaction]
        do { page = try await store.history(after: last, limit: Self.pageSize) } catch  where Task.isCancelled { return nil }
        if !page.isEmpty {
          pending = page.reversed()
          continue
        }
        // Ends (nil) when the task is cancelled.
        guard await wakeUps?.next() != nil else { return nil }
      }
    }
  }
}

/// What keeps a follower's wake-ups coming: its place among the store's followers, which the
/// store's saves and the backend's watch wake; it leaves with it.
final class Follower: Sendable {
  private let store: Store
  private let id = UUID()
  /// A value each time a write may have committed.
  let wakeUps: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init(store: Store) throws {
    self.store = store
    // One pending wake-up is enough: the read after it sees every commit before it.
    (wakeUps, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let continuation = continuation
    try store.addFollower(id) { continuation.yield() }
  }

  deinit {
    store.removeFollower(id)
    continuation.finish()
  }
}
