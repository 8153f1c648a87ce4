/// A request to stop, made from anywhere and read where work can stop: what carries a
/// cancellation to work that runs outside the task that asked (on a database's own thread) or
/// outside any task (the command line, stopped by a signal).
///
/// Work that checks it also checks the current task, so one call covers both.
///
/// ```swift
/// let flag = CancellationFlag()
/// flag.cancel()
/// try flag.check()   // throws CancellationError
/// ```
package final class CancellationFlag: Sendable {
  private let cancelled = Locked(false)

  package init() {}

  /// Asks the work that checks this flag to stop.
  package func cancel() { cancelled.withLock { $0 = true } }

  /// Whether ``cancel()`` was called.
  package var isCancelled: Bool { cancelled.withLock { $0 } }

  /// Throws `CancellationError` when this flag or the current task is cancelled.
  package func check() throws {
    if Task.isCancelled || isCancelled { throw CancellationError() }
  }
}
