/// A value shared between threads behind a lock, always taken exclusively: the face of
/// ``ReadWriteLocked`` for state that is written as often as it is read. One lock for the
/// package (a `pthread_rwlock_t` at a fixed address); `Synchronization.Mutex` needs macOS 15 /
/// iOS 18, above the package's minimums.
///
/// `Sendable` when the value is, since the lock orders every access to it.
///
/// ```swift
/// let subscribers = Locked<[Int]>([])
/// subscribers.withLock { $0.append(1) }
/// ```
package final class Locked<Value> {
  private let guarded: ReadWriteLocked<Value>

  package init(_ value: Value) { guarded = ReadWriteLocked(value) }

  /// Runs `body` with the value to read or change, holding the lock.
  package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try guarded.write(body)
  }
}

// @unchecked: the value is only reached through `withLock`, which holds the lock.
extension Locked: @unchecked Sendable where Value: Sendable {}
