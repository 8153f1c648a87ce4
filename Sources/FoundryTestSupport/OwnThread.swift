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

/// An executor that runs the jobs of the tasks that prefer it on a serial dispatch queue of its
/// own, so that they go on while every thread of Swift's cooperative pool is blocked.
///
/// A test that starts work as a task and then waits for it with a blocking call (a server
/// polled until the task's session waits for a lock) needs that task to run while the test
/// waits. On the cooperative pool it can starve for as long as other tests' blocking work
/// holds the pool's threads (two on a two-core machine); a dispatch queue gets a thread of
/// its own. Child tasks and default actors the task calls run on the queue too.
///
/// ```swift
/// let importing = Task(executorPreference: QueueTaskExecutor()) { try await context.save() }
/// try await onOwnThread { try server.waitForLockWaiters(1, in: url) }
/// ```
public final class QueueTaskExecutor: TaskExecutor {
  private let queue: DispatchQueue
  private let key = DispatchSpecificKey<Bool>()

  /// An executor with a new serial queue named `label`.
  ///
  /// ```swift
  /// let executor = QueueTaskExecutor(label: "import")
  /// ```
  /// - Parameter label: The queue's name, as debuggers show it.
  public init(label: String = "foundry.tests.task-executor") {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: key, value: true)
  }

  /// Whether the caller runs on this executor's queue.
  ///
  /// ```swift
  /// let executor = QueueTaskExecutor()
  /// #expect(await Task(executorPreference: executor) { executor.isCurrent }.value)
  /// ```
  public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  /// Runs `job` on the queue.
  ///
  /// ```swift
  /// let task = Task(executorPreference: QueueTaskExecutor()) { 1 + 1 }  // enqueued here
  /// ```
  /// - Parameter job: A job of a task that prefers this executor.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
