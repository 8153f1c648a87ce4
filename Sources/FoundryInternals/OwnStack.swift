#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs recursive work on a thread of its own, with a stack of a size the work chooses, while
/// the caller waits: the depth the work allows, not the caller's thread, then decides whether
/// it fits (a secondary thread may have 512 KB, a debug build's frames are large).
///
/// The caller is blocked until the work is done and `pthread_join` orders everything the work
/// wrote before the caller reads it, so the work may use the caller's state as a plain call
/// would; it must not wait for the caller's thread (a main-actor hop would never be served).
///
/// ```swift
/// let count = try OwnStack.run(bytes: 32 << 20) { try importDeepPayload() }
/// ```
package enum OwnStack {
  /// The thread could not be started (the process reached its limit of threads or memory).
  package struct Unavailable: Error, CustomStringConvertible {
    /// The `pthread_create` status.
    package let status: Int32
    package var description: String { "a thread with a stack of its own could not be started (\(String(cString: strerror(status))))" }
  }

  /// Runs `body` on a new thread with a stack of `bytes` and returns what it returns.
  ///
  /// ```swift
  /// let depth = try OwnStack.run(bytes: 8 << 20) { recurse(1_000) }
  /// ```
  /// - Throws: What `body` throws, or ``Unavailable`` when no thread could be started.
  package static func run<T>(bytes: Int, _ body: () throws -> T) throws -> T {
    try withoutActuallyEscaping(body) { body in
      let job = Job(body)
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, bytes)
      // The thread holds the job until it has run it; the caller's reference keeps it after.
      let context = Unmanaged.passRetained(job).toOpaque()
      // The Darwin branches follow that platform's headers but are not built by CI (Linux only).
      #if canImport(Darwin)
      var thread: pthread_t?
      #else
      var thread = pthread_t()
      #endif
      let status = pthread_create(&thread, &attributes, { context in OwnStack.start(context) }, context)
      guard status == 0 else {
        Unmanaged<AnyJob>.fromOpaque(context).release()
        throw Unavailable(status: status)
      }
      #if canImport(Darwin)
      if let thread { pthread_join(thread, nil) }
      #else
      pthread_join(thread, nil)
      #endif
      guard let result = job.result else { throw Unavailable(status: EINVAL) }
      return try result.get()
    }
  }

  /// The new thread's entry: runs the job `context` points to.
  private static func start(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<AnyJob>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }

  /// A job as the thread's entry sees it (a C function cannot be generic).
  private class AnyJob {
    func run() {}
  }

  /// The work and, once run, its outcome.
  ///
  /// Unchecked: the caller hands it to one thread and reads it only after joining that thread.
  private final class Job<T>: AnyJob, @unchecked Sendable {
    let body: () throws -> T
    var result: Result<T, any Error>?

    init(_ body: @escaping () throws -> T) { self.body = body }

    override func run() { result = Result(catching: body) }
  }
}
