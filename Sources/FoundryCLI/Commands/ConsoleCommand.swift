import ArgumentParser

/// A command that does its work through a ``Console`` rather than the process's streams.
///
/// ``FoundryCommand/run(_:console:)`` hands its console to such commands, so tests run them
/// in-process; `run()` uses the real streams.
protocol ConsoleCommand: ParsableCommand {
  /// Does the command's work, writing through `console`.
  ///
  /// - Throws: `ExitCode.failure` after printing diagnostics, or a `ValidationError` for usage.
  func run(console: Console) throws
}

extension ConsoleCommand {
  func run() throws { try run(console: .standard) }
}
