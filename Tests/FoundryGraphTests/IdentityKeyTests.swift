import Testing

@testable import FoundryGraph

@Suite("IdentityKey: one form per identity")
struct IdentityKeyTests {
  @Test("two integers are the same key however they are made, and read back in order")
  func integerPairs() {
    let fromArray = IdentityKey([.integer(7), .integer(-3)])
    let fromPair = IdentityKey(.integer(7), .integer(-3))
    #expect(fromArray == fromPair)
    #expect(fromArray.hashValue == fromPair.hashValue)
    #expect(fromPair.components == [.integer(7), .integer(-3)])
    #expect(fromPair.display == "(7, -3)")
    #expect(IdentityKey(.integer(-3), .integer(7)) != fromPair)
  }

  @Test("other composite identities keep every value")
  func otherComposites() {
    let mixed = IdentityKey(.integer(1), .string("EU"))
    #expect(mixed == IdentityKey([.integer(1), .string("EU")]))
    #expect(mixed.components == [.integer(1), .string("EU")])
    let three = IdentityKey([.integer(1), .integer(2), .integer(3)])
    #expect(three.components == [.integer(1), .integer(2), .integer(3)])
    #expect(three != IdentityKey(.integer(1), .integer(2)))
  }

  @Test("an object with a two-integer identity is found by it, made either way")
  func graphLookup() throws {
    let schema = try Schema {
      Entity("Seat", identity: ["row", "number"]) {
        Attribute("row", .integer64)
        Attribute("number", .integer32)
      }
    }
    let graph = ObjectGraph(schema: schema)
    let seat = try graph.insert("Seat")
    try seat.setValue(.integer(4), forKey: "row")
    try seat.setValue(.integer(12), forKey: "number")
    #expect(try graph.object(of: "Seat", identityValues: [4, 12]) === seat)
    #expect(try graph.object(of: "Seat", identityValues: [12, 4]) == nil)
    let imported = try graph.importJSON(Array(#"[{"row": 4, "number": 12}, {"row": 5, "number": 1}]"#.utf8), entity: "Seat")
    #expect(imported.objectCounts["Seat"] == 2)
    #expect(try graph.objects(of: "Seat").count == 2)
  }
}

/// The set of identities an import looks ahead for: single integers in their own table, any
/// other key as a set holds it.
@Suite("Identity set")
struct IdentitySetTests {
  @Test("holds each key once, integers and other keys alike, and answers as a Set does")
  func agreesWithSet() {
    let keys =
      (0..<2_000).map { IdentityKey(one: .integer(Int64($0) * 8 - 5_000)) } + [
        IdentityKey(one: .string("tag 1")), IdentityKey(.integer(1), .integer(2)), IdentityKey(one: .integer(Int64.min)),
        IdentityKey([.string("a"), .integer(1), .bool(true)]), IdentityKey(one: .double(1.5)),
      ]
    var set = IdentitySet()
    set.reserveCapacity(keys.count)
    for key in keys + keys.prefix(100) { set.insert(key) }
    #expect(set.count == keys.count)
    #expect(keys.allSatisfy(set.contains))
    let others = [IdentityKey(one: .integer(-4_999)), IdentityKey(one: .string("tag 2")), IdentityKey(.integer(2), .integer(1)), IdentityKey(one: .integer(Int64.max))]
    #expect(!others.contains(where: set.contains))
  }
}
