import Dispatch
import FoundryStore
internal import FoundryInternals

/// `foundry history --follow`: the store's transactions as they commit, handed to a synchronous
/// caller. A task follows the history (``Store/transactions(after:)``) and queues what it reads;
/// the command's thread, which is not one of Swift's cooperative pool, waits for the queue.
enum HistoryFollowing {
  /// Calls `body` with each transaction after `token`, as it commits, until the process is
  /// interrupted or reading fails.
  /// - Throws: The error that ended the following (a lost database, a purged history).
  static func run(_ store: Store, after token: HistoryToken?, _ body: (HistoryTransaction) -> Void) throws {
    let queue = Locked<(transactions: [HistoryTransaction], failure: (any Error)?, ended: Bool)>(([], nil, false))
    let arrived = DispatchSemaphore(value: 0)
    let task = Task {
      do {
        for try await transaction in store.transactions(after: token) {
          queue.withLock { $0.transactions.append(transaction) }
          arrived.signal()
        }
      } catch {
        queue.withLock { $0.failure = error }
      }
      queue.withLock { $0.ended = true }
      arrived.signal()
    }
    defer { task.cancel() }
    while true {
      arrived.wait()
      let (ready, failure, ended) = queue.withLock { state in
        defer { state.transactions = [] }
        return (state.transactions, state.failure, state.ended)
      }
      for transaction in ready { body(transaction) }
      if let failure { throw failure }
      if ended { return }
    }
  }
}
