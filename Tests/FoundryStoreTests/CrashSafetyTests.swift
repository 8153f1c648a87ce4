import Foundation
import FoundryTestSupport
import Testing

/// A store survives its writer being killed: a `foundry import --store` child process gets
/// SIGKILL part way through a large import, and the store it leaves passes SQLite's integrity
/// check and holds exactly what it held before the import, or everything (never a part).
@Suite("Crash safety: a writer killed mid-import", .serialized)
struct CrashSafetyTests {
  @Test("SIGKILL during a large import leaves the store as before it, or complete; never a part")
  func killedMidImport() async throws {
    let directory = try TemporaryStore()
    let big = directory.directory.appendingPathComponent("big.json").path
    try KilledImport.payload(authors: 4_000).write(toFile: big, atomically: true, encoding: .utf8)

    // A complete import gives the "after" state.
    let complete = directory.directory.appendingPathComponent("complete.sqlite").path
    try await KilledImport.complete(KilledImport.smallPayload, into: complete)
    try await KilledImport.complete(big, into: complete)
    let after = try await KilledImport.state(of: complete)
    #expect(after.integrity == "ok")
    #expect(after.counts == ["Author": 4_002, "Book": 8_003, "Tag": 54])

    var interrupted = 0
    var durations: [Double] = []
    for (attempt, fraction) in [0.35, 0.6, 0.8, 0.95].enumerated() {
      // Each kill time is a fraction of a complete import timed just before it, so that the
      // load of tests running beside this one is about the same for both.
      let timed = directory.directory.appendingPathComponent("timed-\(attempt).sqlite").path
      try await KilledImport.complete(KilledImport.smallPayload, into: timed)
      let duration = try await KilledImport.complete(big, into: timed)
      durations.append(duration)
      let path = directory.directory.appendingPathComponent("killed-\(attempt).sqlite").path
      try await KilledImport.complete(KilledImport.smallPayload, into: path)
      let before = try await KilledImport.state(of: path)
      let (outcome, output) = try await KilledImport.run(big, into: path, killAfter: duration * fraction)
      let left = try await KilledImport.state(of: path)
      #expect(left.integrity == "ok")
      #expect(left == before || left == after, "killed at \(fraction) of \(duration) s: \(left.counts)")
      if outcome != .killed { #expect(outcome == .exited(0), "\(output)") }
      if outcome == .killed, left == before { interrupted += 1 }
    }
    // Timing varies, but of four kills spread over the import, at least one lands before its commit.
    #expect(interrupted > 0, "no kill interrupted the import (complete ones took \(durations) s)")
  }
}
