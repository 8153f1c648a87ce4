import Foundation
import FoundryTestSupport
import Testing

/// One store, many crashes: a loop imports a large payload into the same store in a child
/// process, kills it with SIGKILL at a random moment, and reopens the store. Every time the
/// file must pass `PRAGMA integrity_check`, show either none of the killed import or all of it,
/// and keep everything that earlier iterations committed.
///
/// `FOUNDRY_CRASH_LOOP_ITERATIONS` sets the number of iterations (5 by default, so the suite
/// stays quick; the README reports a run of 100), `FOUNDRY_CRASH_LOOP_SEED` the seed of the
/// kill times (a failure names the seed it ran with).
///
/// ```sh
/// FOUNDRY_CRASH_LOOP_ITERATIONS=100 swift test --skip-build --filter CrashLoopTests
/// ```
@Suite("Crash loop: a store killed again and again", .serialized)
struct CrashLoopTests {
  /// Authors per import: two books each, so 3 objects and 4 rows (with the tag joins) apiece.
  static let authorsPerImport = 4_000

  /// A positive integer from the environment variable `name`, or `fallback`.
  static func setting(_ name: String, default fallback: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }.flatMap { $0 > 0 ? $0 : nil } ?? fallback
  }

  @Test("SIGKILL at random moments: every reopened store is sound, whole, and keeps what was committed")
  func killedAgainAndAgain() async throws {
    let iterations = Int(Self.setting("FOUNDRY_CRASH_LOOP_ITERATIONS", default: 5))
    let seed = Self.setting("FOUNDRY_CRASH_LOOP_SEED", default: UInt64.random(in: 1...UInt64(UInt32.max)))
    var random = SeededRandom(seed: seed)
    let directory = try TemporaryStore()
    let store = directory.path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    var committed = try await KilledImport.state(of: store)
    #expect(committed.integrity == "ok")

    // The kill times spread over a complete import timed on a store of its own first, and a
    // little past it, so that some kills come after the commit. An import that ends before
    // its kill was quicker than that: the window shrinks to a little past its kill time, so
    // that a timing taken under load does not send every later kill after the commit.
    let timed = directory.directory.appendingPathComponent("timed.sqlite").path
    let timing = directory.directory.appendingPathComponent("timing.json").path
    try KilledImport.payload(authors: Self.authorsPerImport, firstID: 1_000_000).write(toFile: timing, atomically: true, encoding: .utf8)
    let duration = try await KilledImport.complete(timing, into: timed)
    var window = duration * 1.1

    var kills: [Double] = []
    var interrupted = 0
    var failures = 0
    for iteration in 0..<iterations {
      // Each import adds authors of its own, so that a complete one shows.
      let payload = directory.directory.appendingPathComponent("import-\(iteration).json").path
      let firstID = 10_000 + iteration * Self.authorsPerImport
      try KilledImport.payload(authors: Self.authorsPerImport, firstID: firstID).write(toFile: payload, atomically: true, encoding: .utf8)
      let delay = window * Double(random.next(upperBound: 1_000_001)) / 1_000_000
      kills.append(delay)
      let (outcome, output) = try await KilledImport.run(payload, into: store, killAfter: delay)
      let left = try await KilledImport.state(of: store)
      let whole = committed.merging(Self.expectedState(firstID: firstID))
      let context = "seed \(seed) (FOUNDRY_CRASH_LOOP_SEED), iteration \(iteration), killed after \(delay) s of about \(duration) s"
      let isSound = left.integrity == "ok"
      let isWhole = left == committed || left == whole
      if !isSound || !isWhole { failures += 1 }
      #expect(isSound, "\(context): \(left.integrity)")
      #expect(isWhole, "\(context): partial import or lost objects, \(left.counts) instead of \(committed.counts) or \(whole.counts)")
      if outcome != .killed { #expect(outcome == .exited(0), "\(context): \(output)") }
      if left == committed, outcome == .killed { interrupted += 1 }
      if left == whole { committed = left }
      if outcome == .exited(0) { window = min(window, delay * 1.1) }
      try FileManager.default.removeItem(atPath: payload)
    }
    let range = kills.isEmpty ? "none" : String(format: "%.2f to %.2f s", kills.min() ?? 0, kills.max() ?? 0)
    print(
      "crash loop: \(iterations) iterations, seed \(seed), complete import \(String(format: "%.2f", duration)) s, kills \(range), \(interrupted) interrupted, \(iterations - interrupted) complete or killed after the commit, \(failures) failures"
    )
    // Most kill times fall before the commit: a loop in which none did tested nothing.
    #expect(iterations < 5 || interrupted > 0, "seed \(seed): no kill of \(kills) interrupted an import of about \(duration) s")
  }

  /// What a complete import of the payload `KilledImport.payload(authors:firstID:)` adds.
  static func expectedState(firstID: Int) -> KilledImport.State {
    let authors = (0..<authorsPerImport).map { Int64(firstID + $0) }
    let tags = Set((0..<min(authorsPerImport, 50)).map { "tag \($0)" } + ["shared"])
    return KilledImport.State(
      integrity: "ok", counts: [:], authorIDs: Set(authors), bookIDs: Set(authors.flatMap { [$0 * 10, $0 * 10 + 1] }), tagLabels: tags)
  }
}
