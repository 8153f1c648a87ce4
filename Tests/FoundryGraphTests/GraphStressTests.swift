import Foundry
import FoundryGraph
import FoundryJSON
import FoundryTestSupport
import Testing

/// Seeded random imports (lossy, with bad values), deletes under every delete rule, links and
/// unlinks, and export round trips over a schema with every kind of relationship. Relationships
/// hold unowned references, so this checks that every related object stays readable and that
/// inverses stay in step; run it under the address sanitizer to catch a freed object.
@Suite("Graph stress: random imports, deletes and exports")
struct GraphStressTests {
  static let schema = try! Schema {
    Entity("Person", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Relationship("friends", to: "Person", toMany: true, inverse: "friends")
      Relationship("mentor", to: "Person", inverse: "mentees")
      Relationship("mentees", to: "Person", toMany: true, inverse: "mentor", deleteRule: .noAction)
      Relationship("pets", to: "Pet", toMany: true, inverse: "owner", deleteRule: .cascade)
      Relationship("favorite", to: "Pet")  // no inverse
      Relationship("clubs", to: "Club", toMany: true, inverse: "members")
    }
    Entity("Pet", identity: ["tag"], identityScopedToParent: true) {
      Attribute("tag", .integer64)
      Relationship("owner", to: "Person", inverse: "pets")
    }
    Entity("Club", identity: ["code"]) {
      Attribute("code", .string)
      Relationship("members", to: "Person", toMany: true, inverse: "clubs", deleteRule: .deny)
    }
  }

  static func randomPayload(_ random: inout SeededRandom) -> String {
    func id() -> Int { Int(random.next(upperBound: 30)) }
    var people: [String] = []
    for _ in 0..<Int(random.next(upperBound: 6)) {
      // Now and then a bad identity, which lossy mode drops with the object and what it made.
      var fields = [random.next(upperBound: 10) == 0 ? #""id": "bad""# : #""id": \#(id())"#]
      if random.next(upperBound: 2) == 0 { fields.append(#""name": "p\#(id())""#) }
      if random.next(upperBound: 2) == 0 { fields.append(#""friends": [\#((0..<Int(random.next(upperBound: 4))).map { _ in "\(id())" }.joined(separator: ", "))]"#) }
      if random.next(upperBound: 3) == 0 { fields.append(#""mentor": \#(id())"#) }
      if random.next(upperBound: 3) == 0 {
        let pets = (0..<Int(random.next(upperBound: 3))).map { _ in #"{"tag": \#(random.next(upperBound: 3))}"# }
        fields.append(#""pets": [\#(pets.joined(separator: ", "))]"#)
      }
      if random.next(upperBound: 3) == 0 {
        fields.append(#""clubs": [\#((0..<Int(random.next(upperBound: 3))).map { _ in #""c\#(random.next(upperBound: 4))""# }.joined(separator: ", "))]"#)
      }
      people.append("{" + fields.joined(separator: ", ") + "}")
    }
    return "[" + people.joined(separator: ", ") + "]"
  }

  /// Every relationship's objects are readable, and each link is in step with its inverse.
  static func checkInvariants(_ graph: ObjectGraph) throws {
    for object in graph.objects {
      for (slot, relationship) in object.entity.relationships.enumerated() {
        for target in try object.related(forKey: relationship.name) {
          _ = target.description  // reads the (possibly deleted) object
          guard let inverse = object.entity.inverseSlots[slot], !target.isDeleted else { continue }
          let back = try target.related(forKey: target.entity.relationships[inverse].name)
          #expect(back.contains { $0 === object }, "\(object) → \(target) has no way back")
        }
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func randomOperations(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let graph = ObjectGraph(schema: Self.schema)
    var options = GraphImportOptions()
    options.isLossy = true
    var kept: [ManagedObject] = []
    for step in 0..<150 {
      switch random.next(upperBound: 6) {
      case 0, 1, 2:
        try graph.importJSON(Array(Self.randomPayload(&random).utf8), entity: "Person", options: options)
      case 3:
        let objects = graph.objects
        guard !objects.isEmpty else { continue }
        let victim = random.element(of: objects)
        do { try graph.delete(victim) } catch { #expect(error.code == .deleteDenied) }
      case 4:
        let people = try graph.objects(of: "Person")
        guard people.count > 1 else { continue }
        let (a, b) = (random.element(of: people), random.element(of: people))
        try a.add(b, forKey: "friends")
        if let pet = try b.related(forKey: "pets").first { try a.setRelated(pet, forKey: "favorite") }
        if random.next(upperBound: 2) == 0 { try a.remove(b, forKey: "friends") }
        kept.append(a)
      default:
        let copy = ObjectGraph(schema: Self.schema)
        try copy.importJSON(try graph.exportJSON(try graph.objects(of: "Person")), entity: "Person")
        try Self.checkInvariants(copy)
      }
      if step % 10 == 0 { try Self.checkInvariants(graph) }
    }
    try Self.checkInvariants(graph)
    _ = kept.map(\.description)
  }
}
