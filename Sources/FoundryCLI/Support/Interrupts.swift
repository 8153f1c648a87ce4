#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
internal import FoundryInternals

/// SIGINT and SIGTERM for the command line: an import into a store in progress is stopped
/// and rolls back; at any other moment the process ends at once. Either way the exit status
/// is 128 and the signal's number: 130 for SIGINT (Ctrl-C), 143 for SIGTERM.
///
/// Ending at once loses nothing: a store is as of its last completed transaction whenever the
/// process ends, and standard input's copy has no name on Linux (``StandardInputSpool``; a
/// copy that has one is removed first). An import is stopped rather than cut off so that it
/// rolls back, gives its database connection back and says what happened. A second signal
/// during an import ends the process at once.
///
/// ```swift
/// Interrupts.install()   // FoundryCommand.main(): the process's own signals
/// options.cancellation = Interrupts.cancellation
/// let report = try Interrupts.stoppable { try store.importFileNow(...) }
/// ```
enum Interrupts {
  /// The flag stoppable work checks; cancelled by the first signal during it.
  static let cancellation = CancellationFlag()

  private struct State {
    var stoppable = 0
    var signal: Int32?
    /// Temporary files with a name, removed before the process ends at once.
    var temporaryNames: Set<String> = []
  }
  private static let state = Locked(State())
  // Written once by `install()`, on the main thread before any signal can arrive, and never
  // read: it only keeps the sources alive.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Handles SIGINT and SIGTERM from now on, on a queue of their own: for the `foundry`
  /// executable, which owns its process (a library leaves signals to its program).
  static func install() {
    let queue = DispatchQueue(label: "foundry.signals")
    for number in [SIGINT, SIGTERM] {
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { received(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// A signal: stops the stoppable work in progress, or ends the process.
  private static func received(_ number: Int32) {
    let names = state.withLock { state -> Set<String>? in
      let first = state.signal == nil
      if first { state.signal = number }
      return first && state.stoppable > 0 ? nil : state.temporaryNames
    }
    guard let names else { return cancellation.cancel() }
    for name in names { POSIX.remove(name) }
    POSIX.exitNow(128 + number)
  }

  /// Runs `body`, work that checks ``cancellation`` and rolls back when it is cancelled: a
  /// signal meanwhile cancels it instead of ending the process.
  static func stoppable<T>(_ body: () throws -> T) rethrows -> T {
    state.withLock { $0.stoppable += 1 }
    defer { state.withLock { $0.stoppable -= 1 } }
    return try body()
  }

  /// The exit status of the signal received, `128 + number`; `nil` before any.
  static var status: Int32? { state.withLock { $0.signal.map { 128 + $0 } } }

  /// The name of the signal received (`SIGINT`), for messages.
  static var signalName: String {
    switch state.withLock({ $0.signal }) {
    case SIGTERM: "SIGTERM"
    default: "SIGINT"
    }
  }

  /// Removes the temporary file `name` if the process ends at once, until ``forget(_:)``.
  static func removeOnExit(_ name: String) { _ = state.withLock { $0.temporaryNames.insert(name) } }

  /// Stops removing `name` (the file is gone).
  static func forget(_ name: String) { _ = state.withLock { $0.temporaryNames.remove(name) } }
}
