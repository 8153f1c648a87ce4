import FoundryTestSupport
import Testing

/// The executor the PostgreSQL tests start their waited-for tasks on.
@Suite("QueueTaskExecutor")
struct QueueTaskExecutorTests {
  @Test("a task that prefers the executor, and the child tasks it starts, run on its queue; other code does not")
  func runsOnItsQueue() async {
    let executor = QueueTaskExecutor(label: "test")
    #expect(!executor.isCurrent)
    let onQueue = await Task(executorPreference: executor) {
      async let child = executor.isCurrent
      return (executor.isCurrent, await child)
    }.value
    #expect(onQueue == (true, true))
    #expect(await Task { executor.isCurrent }.value == false)
  }
}
