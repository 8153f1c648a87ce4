import Foundation

/// Runs blocking work (waiting for a child process, polling a server) on a thread of its own
/// and awaits it: such work must not hold one of the few threads of Swift's cooperative pool
/// (two on a two-core machine) while the tasks it waits for, or other tests' tasks, need them.
///
/// With `stackSize`, the thread gets a stack of that many bytes: work that must not depend
/// on the depth of its input runs on the smallest stack a platform gives secondary threads.
///
/// ```swift
/// let (status, output) = try await onOwnThread { process.wait() }
/// let view = try await onOwnThread(stackSize: 512 << 10) { XMLJSONView.document(of: tree.root).value }
/// ```
public func onOwnThread<T: Sendable>(stackSize: Int? = nil, _ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result(catching: body)) }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }
}
