import FoundryTestSupport
import Testing

@testable import FoundryGraph

/// The table of object numbers by integer identity: it answers as a dictionary would, and
/// spreads the key patterns real identities follow instead of lining them up in long runs.
@Suite("Integer identity table")
struct IntegerIdentityTableTests {
  /// Identities as payloads and stores give them: counted up, in steps, negative, sparse.
  static let patterns: [(name: String, keys: [Int64])] = [
    ("counted up", Array(1...100_000)),
    ("steps of 8", (1...100_000).map { $0 * 8 }),
    ("steps of 1,000", (1...100_000).map { $0 * 1_000 }),
    ("counted down from -1", (1...100_000).map { -$0 }),
    ("steps of 2^32", (0..<20_000).map { $0 << 32 }),
    ("each bit, and its neighbours", (0..<63).flatMap { bit in [Int64(1) << bit, (Int64(1) << bit) - 1, -(Int64(1) << bit)] }.uniqued()),
  ]

  @Test("finds every key of each pattern, and a key walks past few others to be found", arguments: 0..<6)
  func spreads(pattern: Int) {
    let (name, keys) = Self.patterns[pattern]
    var table = IntegerIdentityTable()
    for (number, key) in keys.enumerated() { table.insert(key, number: number) }
    #expect(keys.enumerated().allSatisfy { table.number(of: $0.element) == $0.offset }, "\(name)")
    #expect(table.number(of: Int64.max) == nil && table.number(of: Int64.min) == nil)
    // At most half full with keys spread at random, a key sits half a slot from its start on
    // average; a multiply alone put counted-up keys thousands of slots away for some seeds.
    #expect(table.averageDisplacement < 2, "\(name): \(table.averageDisplacement)")
  }

  @Test("inserts, replacements and removals answer as a dictionary does")
  func agreesWithDictionary() {
    var random = SeededRandom(seed: 0x1D_7AB1E)
    var table = IntegerIdentityTable()
    var expected: [Int64: Int] = [:]
    // Keys from a small range, so that removals hit present keys and runs form and break up.
    for step in 0..<200_000 {
      let key = Int64(random.next(upperBound: 5_000)) * (step.isMultiple(of: 3) ? 8 : 1) - 2_000
      switch random.next(upperBound: 4) {
      case 0:
        table.remove(key)
        expected[key] = nil
      case 1:
        table.insertIfAbsent(key, number: step)
        if expected[key] == nil { expected[key] = step }
      default:
        table.insert(key, number: step)
        expected[key] = step
      }
      if step.isMultiple(of: 997) {
        #expect(table.number(of: key) == expected[key])
      }
    }
    #expect(expected.allSatisfy { table.number(of: $0.key) == $0.value })
    #expect((-2_000..<40_000).allSatisfy { table.number(of: $0) == expected[$0] })
    var emptied = table
    for key in expected.keys { table.remove(key) }
    #expect(table.isEmpty)
    // Emptied at once, the table keeps its room and takes keys again.
    emptied.removeAll()
    #expect(emptied.isEmpty && expected.keys.allSatisfy { emptied.number(of: $0) == nil })
    emptied.insert(-2_000, number: 1)
    #expect(emptied.number(of: -2_000) == 1 && emptied.averageDisplacement == 0)
  }
}

extension Array where Element: Hashable {
  /// The elements, each once, in their first order.
  fileprivate func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
