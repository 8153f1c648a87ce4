import Foundation
internal import FoundryInternals

extension Store {
  /// Every save made through this store from now on, as it completes: which objects it
  /// inserted, updated and deleted. Hand them to ``ObjectContext/refresh(after:)`` to bring
  /// other contexts up to date.
  ///
  /// ```swift
  /// Task {
  ///   for await saved in store.changes() { print(saved.updated.count, "updated") }
  /// }
  /// ```
  /// The stream ends when the task that reads it is cancelled. It hears this `Store`'s saves
  /// only, and keeps the newest thousand a slow reader has not taken; to follow every
  /// process's saves without losing any, keep a history and read ``transactions(after:)``.
  public func changes() -> AsyncStream<SaveResult> {
    let (stream, continuation) = AsyncStream.makeStream(of: SaveResult.self, bufferingPolicy: .bufferingNewest(1_000))
    let id = UUID()
    subscribers.withLock { $0[id] = continuation }
    continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { $0[id] = nil } }
    return stream
  }

  /// Hands a completed save to every ``changes()`` stream.
  func publish(_ saved: SaveResult) {
    guard !saved.isEmpty else { return }
    wakeFollowers()
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(saved) }
  }
}
