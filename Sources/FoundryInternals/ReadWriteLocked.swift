#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a read-write lock, for state that is read far more often than written
/// (caches filled once per type).
///
/// The lock lives in the tail of a `ManagedBuffer`, so it has one address for its whole life:
/// a `pthread_rwlock_t` stored in a class property and passed with `&` may be handed to C as a
/// temporary copy, which POSIX forbids (swift-nio's `NIOLock` keeps its mutex the same way).
/// `Synchronization.Mutex` would do, but it needs macOS 15 / iOS 18, above the package's
/// minimums, and has no shared (read) mode.
///
/// ```swift
/// let cache = ReadWriteLocked<[String: Int]>([:])
/// cache.write { $0["a"] = 1 }
/// cache.read { $0["a"] }   // 1
/// ```
package final class ReadWriteLocked<Value> {
  private let storage: Storage

  package init(_ value: Value) {
    storage = Storage.create(value)
  }

  /// Runs `body` with the value, holding the lock in shared mode (readers run together).
  package func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    try storage.withLock(exclusive: false) { try body($0.pointee) }
  }

  /// Runs `body` with the value to change, holding the lock in exclusive mode.
  package func write<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withLock(exclusive: true) { try body(&$0.pointee) }
  }

  /// The value as header and the lock as the single tail element, both at fixed addresses.
  private final class Storage: ManagedBuffer<Value, pthread_rwlock_t> {
    static func create(_ value: Value) -> Storage {
      let buffer = Storage.create(minimumCapacity: 1) { _ in value }
      // `create` returns the class it was called on; the cast cannot fail.
      let storage = unsafeDowncast(buffer, to: Storage.self)
      storage.withUnsafeMutablePointerToElements { lock in
        lock.initialize(to: pthread_rwlock_t())
        let status = pthread_rwlock_init(lock, nil)
        precondition(status == 0, "pthread_rwlock_init failed: \(status)")
      }
      return storage
    }

    func withLock<Result>(
      exclusive: Bool, _ body: (UnsafeMutablePointer<Value>) throws -> Result
    ) rethrows -> Result {
      try withUnsafeMutablePointers { value, lock in
        let status = exclusive ? pthread_rwlock_wrlock(lock) : pthread_rwlock_rdlock(lock)
        precondition(status == 0, "pthread_rwlock lock failed: \(status)")
        defer { pthread_rwlock_unlock(lock) }
        return try body(value)
      }
    }

    // The header (the value) is a stored property and is destroyed by `ManagedBuffer` itself.
    deinit {
      withUnsafeMutablePointerToElements { lock in
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
      }
    }
  }
}

// @unchecked: the value is only reached through `read` and `write`, which hold the lock.
extension ReadWriteLocked: @unchecked Sendable where Value: Sendable {}
