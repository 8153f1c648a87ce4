import Foundation

/// Runs blocking work (waiting for a child process, polling a server) on a thread of its own
/// and awaits it: such work must not hold one of the few threads of Swift's cooperative pool
/// (two on a two-core machine) while the tasks it waits for, or other tests' tasks, need them.
///
/// ```swift
/// let (status, output) = try await onOwnThread { process.wait() }
/// ```
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result(catching: body)) }
    thread.start()
  }
}
