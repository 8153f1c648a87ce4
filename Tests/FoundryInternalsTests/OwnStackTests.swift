import FoundryInternals
import Testing

/// `OwnStack.run` runs work on a thread with a stack of the work's choosing while the caller
/// waits, and hands back what the work returned or threw.
@Suite("OwnStack")
struct OwnStackTests {
  struct Failure: Error, Equatable { let depth: Int }

  /// Recurses `depth` levels, each holding 4 KB on the stack.
  static func recurse(_ depth: Int) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_096) { frame in
      frame.initialize(repeating: UInt8(truncatingIfNeeded: depth))
      let own = Int(frame[4_095])
      return depth == 0 ? own : recurse(depth - 1) &+ own
    }
  }

  @Test("work deeper than a secondary thread's stack runs on a stack of its own, and returns its value")
  func deepWork() throws {
    // 4,000 levels of 4 KB: 16 MB, past any secondary thread's stack, on a 64 MB one.
    let sum = try OwnStack.run(bytes: 64 << 20) { Self.recurse(4_000) }
    #expect(sum == (0...4_000).reduce(0) { $0 + $1 % 256 })
  }

  @Test("an error thrown by the work is the caller's, and what the work wrote is seen after")
  func errorsAndWrites() {
    var written = 0
    let error = #expect(throws: Failure.self) {
      try OwnStack.run(bytes: 1 << 20) {
        written = 7
        throw Failure(depth: 3)
      }
    }
    #expect(error == Failure(depth: 3))
    #expect(written == 7)
  }
}
