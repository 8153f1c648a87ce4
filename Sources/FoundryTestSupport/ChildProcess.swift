import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program the tests run as a process of its own, its output (standard output and error
/// together) kept in a temporary file until it ends.
///
/// ```swift
/// let process = try ChildProcess(program: "/usr/bin/env", arguments: ["true"])
/// let (status, output) = process.wait()
/// ```
/// `posix_spawn` and `waitpid`, not Foundation's `Process`: `Process` learns of the end of a
/// program through a descriptor the program inherits, and a server the program starts (as
/// `pg_ctl` does) keeps it open, so `waitUntilExit()` would wait until the server stops.
public final class ChildProcess: Sendable {
  /// The process's ID.
  public let pid: pid_t
  private let outputPath: String

  /// Starts `program` (a path) with `arguments`, its standard input empty.
  /// - Throws: ``ChildProcessError`` when the program cannot be started.
  public init(program: String, arguments: [String], environment: [String: String] = [:]) throws {
    outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-child-\(UUID().uuidString).out").path
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil  // an opaque pointer there
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
    guard spawned == 0 else { throw ChildProcessError(message: "\(program) did not start (error \(spawned))") }
    self.pid = pid
  }

  /// Waits for the process to end.
  /// - Returns: Its wait status (0: exited with 0) and what it printed.
  public func wait() -> (status: Int32, output: String) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // Decoded leniently: a program's excerpt of its input (xmllint's) may cut a character in two,
    // and strict decoding would then lose the whole output.
    let text = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
    try? FileManager.default.removeItem(atPath: outputPath)
    return (status, text)
  }

  /// What the process has printed so far (standard output and error together).
  public var outputSoFar: String {
    FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Waits until the process has printed `text`, checking every 20 ms.
  /// - Returns: Whether it did; `false` when it ended first, or after `seconds`.
  public func waitForOutput(containing text: String, seconds: Double = 120) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if outputSoFar.contains(text) { return true }
      guard isRunning else { return outputSoFar.contains(text) }
      try await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Whether the process has not ended yet (an ended one stays to be waited for).
  public var isRunning: Bool {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
    return info._sifields._sigchld.si_pid == 0
  }

  /// Sends the process `signal` (by default `SIGKILL`: it ends at once, cleaning up nothing).
  public func kill(_ signal: Int32 = SIGKILL) {
    #if canImport(Glibc)
    _ = Glibc.kill(pid, signal)
    #elseif canImport(Musl)
    _ = Musl.kill(pid, signal)
    #else
    _ = Darwin.kill(pid, signal)
    #endif
  }

  /// Runs a program to its end.
  /// - Returns: What it printed.
  /// - Throws: ``ChildProcessError`` when it cannot start or does not exit with 0.
  @discardableResult
  public static func run(_ program: String, _ arguments: [String]) throws -> String {
    let (status, output) = try ChildProcess(program: program, arguments: arguments).wait()
    // Exited normally with status 0: the low 7 bits (the signal) and the exit code are zero.
    guard status == 0 else {
      throw ChildProcessError(message: "\(program) \(arguments.joined(separator: " ")) failed (status \(status)): \(output)")
    }
    return output
  }

  /// The exit code in a wait status, or `nil` when the process was killed by a signal.
  public static func exitCode(of status: Int32) -> Int32? {
    status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }
}

/// Why a child process failed.
public struct ChildProcessError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
