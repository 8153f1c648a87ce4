import Foundation

/// A value shared between threads behind a lock (backends use it too); `Sendable` when the
/// value is, since the lock orders every access to it.
package final class Locked<Value> {
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) { self.value = value }

  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
