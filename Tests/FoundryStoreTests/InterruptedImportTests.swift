import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `foundry import --store` stopped by SIGINT or SIGTERM, in a child process: the payload in
/// progress rolls back, the store is as it was before it, nothing is left in the temporary
/// folder, and the exit status is 128 and the signal's number.
@Suite("Interrupting foundry import")
struct InterruptedImportTests {
  @Test("SIGINT or SIGTERM during an import into an SQLite store rolls it back and exits with 130 or 143", arguments: [SIGINT, SIGTERM])
  func sqlite(signal: Int32) async throws {
    let directory = try TemporaryStore()
    let store = directory.path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    let before = try await KilledImport.state(of: store)
    let (status, output, temporary) = try await Self.interrupt(into: store, in: directory, with: signal)
    #expect(ChildProcess.exitCode(of: status) == 128 + signal, "\(output)")
    #expect(output.contains("error: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM"): the import in progress was stopped and rolled back"), "\(output)")
    #expect(temporary == [])
    #expect(try await KilledImport.state(of: store) == before)
    // Nothing is left held: another import runs to its end.
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
  }

  @Test("SIGINT during an import into PostgreSQL rolls it back and exits with 130", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
  func postgres() async throws {
    let url = try PostgresTestServer.shared.get().makeDatabase()
    let directory = try TemporaryStore()
    try await KilledImport.complete(KilledImport.smallPayload, into: url)
    let before = try await Self.contents(of: url)
    let (status, output, _) = try await Self.interrupt(into: url, in: directory, with: SIGINT)
    #expect(ChildProcess.exitCode(of: status) == 130, "\(output)")
    #expect(output.contains("error: interrupted by SIGINT"), "\(output)")
    #expect(try await Self.contents(of: url) == before)
    // The transaction and its lock are gone: another import runs to its end.
    try await KilledImport.complete(KilledImport.smallPayload, into: url)
  }

  @Test("a signal while standard input is still being copied ends the command at once with 130, leaving no file")
  func whileCopyingStandardInput() async throws {
    #if os(Linux)
    let directory = try TemporaryStore()
    let store = directory.path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    let before = try await KilledImport.state(of: store)
    let temporary = directory.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let fifo = directory.directory.appendingPathComponent("input").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    // The shell opens the FIFO (waiting for this test to open its end), then becomes foundry.
    let child = try ChildProcess(
      program: "/bin/sh", arguments: ["-c", #"exec "$0" import - "$@" < "$FIFO""#, program] + KilledImport.arguments + ["--store", store],
      environment: ["TMPDIR": temporary.path, "FIFO": fifo])
    let writer = try await onOwnThread { open(fifo, O_WRONLY) }
    #expect(writer >= 0)
    defer { close(writer) }
    var start = Array(KilledImport.payload(authors: 200).utf8.prefix(4_000))
    #expect(write(writer, &start, start.count) == start.count)
    #expect(try await Self.waitUntilHandlesSignals(child.pid))
    child.kill(SIGINT)
    let (status, output) = try await onOwnThread { child.wait() }
    #expect(ChildProcess.exitCode(of: status) == 130, "\(output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    #expect(try await KilledImport.state(of: store) == before)
    #endif
  }

  // MARK: - Helpers

  /// The authors of the payload an interrupted import reads (two books each): enough that the
  /// import is still running when the signal arrives, a moment after its first batch, even
  /// when this process is slow to send it (the whole suite under the address sanitizer on two
  /// cores: 8,000 were once all imported before it).
  static let authorCount = 40_000

  /// Runs `foundry import --progress` of a large payload into `store` and sends it `signal`
  /// once it has reported its first batch.
  /// - Returns: Its wait status, what it printed, and what its temporary folder held after it.
  static func interrupt(into store: String, in directory: TemporaryStore, with signal: Int32) async throws -> (status: Int32, output: String, temporary: [String]) {
    let big = directory.directory.appendingPathComponent("big.json").path
    try KilledImport.payload(authors: authorCount).write(toFile: big, atomically: true, encoding: .utf8)
    let temporary = directory.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    let child = try ChildProcess(
      program: program, arguments: ["import", big] + KilledImport.arguments + ["--store", store, "--progress"], environment: ["TMPDIR": temporary.path])
    let started = try await child.waitForOutput(containing: "importing ")
    #expect(started, "the import reported no progress: \(child.outputSoFar)")
    child.kill(signal)
    let (status, output) = try await onOwnThread { child.wait() }
    return (status, output, try FileManager.default.contentsOfDirectory(atPath: temporary.path))
  }

  /// Waits until process `pid` ignores or catches SIGINT (`SigIgn`, `SigCgt` in
  /// `/proc/PID/status`): `foundry` has taken over its signals.
  static func waitUntilHandlesSignals(_ pid: pid_t) async throws -> Bool {
    for _ in 0..<3_000 {
      let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
      let masks = status.split(separator: "\n").filter { $0.hasPrefix("SigIgn:") || $0.hasPrefix("SigCgt:") }
        .compactMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) }
      if masks.contains(where: { $0 & (1 << (UInt64(SIGINT) - 1)) != 0 }) { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  /// Every Author, Book and Tag identity a PostgreSQL store holds, sorted.
  static func contents(of url: String) async throws -> [String: [String]] {
    let store = try await Store(postgres: url, schema: try Schema(modelAt: URL(fileURLWithPath: KilledImport.model)), poolSize: 1)
    return try await CancellationTests.identities(of: store, keys: ["Author": "id", "Book": "id", "Tag": "label"])
  }
}
