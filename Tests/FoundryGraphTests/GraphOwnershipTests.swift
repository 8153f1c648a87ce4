import FoundryGraph
import FoundryTestSupport
import Testing

/// Relationships hold their objects unowned, with the graph keeping every reachable object
/// alive: these cases would read freed memory if it did not.
@Suite("Graph ownership: objects outliving the graph, deleted objects still pointed at")
struct GraphOwnershipTests {
  static let schema = try! Schema {
    Entity("Team", identity: ["name"]) {
      Attribute("name", .string)
      Relationship("members", to: "Person", toMany: true, inverse: "team", deleteRule: .noAction)
      Relationship("mascot", to: "Animal")  // no inverse: the animal does not know
    }
    Entity("Person", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("team", to: "Team", inverse: "members", deleteRule: .noAction)
    }
    Entity("Animal", identity: ["name"]) { Attribute("name", .string) }
  }

  @Test("an object kept after its graph goes away has empty relationships")
  func objectOutlivesGraph() throws {
    var kept: ManagedObject?
    do {
      let graph = ObjectGraph(schema: Self.schema)
      let team = try graph.insert("Team")
      let person = try graph.insert("Person")
      try team.add(person, forKey: "members")
      #expect(try person.relatedObject(forKey: "team") === team)
      kept = person
    }
    let person = try #require(kept)
    #expect(try person.relatedObject(forKey: "team") == nil)
    #expect(try person.related(forKey: "team").isEmpty)
  }

  @Test("the graph's objects that nobody else holds go with it")
  func objectsGoWithGraph() throws {
    weak var team: ManagedObject?
    do {
      let graph = ObjectGraph(schema: Self.schema)
      let made = try graph.insert("Team")
      try made.add(try graph.insert("Person"), forKey: "members")
      team = made
    }
    #expect(team == nil)
  }

  @Test("a deleted object other objects still point at (no action) stays readable")
  func noActionKeepsDeletedObject() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let person = try graph.insert("Person")
    do {
      let team = try graph.insert("Team")
      team.name = "Core"
      try person.setRelated(team, forKey: "team")
      try graph.delete(team)
    }
    // The person still points at the deleted team, which the graph keeps alive.
    let stale = try #require(try person.relatedObject(forKey: "team"))
    #expect(stale.isDeleted)
    #expect(stale.name == "Core")
  }

  @Test("a deleted object a relationship without inverse points at stays readable")
  func oneWayKeepsDeletedObject() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let team = try graph.insert("Team")
    do {
      let animal = try graph.insert("Animal")
      animal.name = "Owl"
      try team.setRelated(animal, forKey: "mascot")
      try graph.delete(animal)
    }
    let stale = try #require(try team.relatedObject(forKey: "mascot"))
    #expect(stale.isDeleted && stale.name == "Owl")
  }

  @Test("objects a failed lossy import made are taken back, counted out, and not pointed at")
  func lossyDiscards() throws {
    let graph = ObjectGraph(schema: Self.schema)
    var options = GraphImportOptions()
    options.isLossy = true
    let payload = #"[{"name": "A", "members": [{"id": 1}, {"id": "x"}], "mascot": {"name": "Owl"}}, {"name": "B", "members": [{"id": 2}]}]"#
    let report = try graph.importJSON(Array(payload.utf8), entity: "Team", options: options)
    #expect(report.objectCounts == ["Team": 2, "Person": 2, "Animal": 1])
    #expect(report.createdCount == 5)
    #expect(report.issues.count == 1)
    let teamA = try #require(try graph.object(of: "Team", identity: "A"))
    #expect(try teamA.related(forKey: "members").map(\.id) == [.integer(1)])
    #expect(try graph.objects(of: "Person").count == 2)
  }
}

@Suite("Identity index")
struct IdentityIndexTests {
  static let schema = try! Schema {
    Entity("Item", identity: ["id"]) { Attribute("id", .integer64, optional: true) }
  }

  @Test("integer identities stay findable through inserts, changes and deletes", arguments: [1, 2, 3])
  func randomizedAgainstADictionary(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let graph = ObjectGraph(schema: Self.schema)
    var expected: [Int64: ManagedObject] = [:]
    // Few distinct ids, so that runs of neighbours form, move and are taken apart.
    func nextID() -> Int64 { Int64(random.next() % 600) - 300 }
    for step in 0..<4_000 {
      switch random.next() % 4 {
      case 0, 1:
        let id = nextID()
        guard expected[id] == nil else { continue }
        let item = try graph.insert("Item")
        try item.setValue(.integer(id), forKey: "id")
        expected[id] = item
      case 2:
        guard let (id, item) = expected.randomElement(using: &random) else { continue }
        let newID = nextID()
        guard expected[newID] == nil else { continue }
        try item.setValue(.integer(newID), forKey: "id")
        expected[id] = nil
        expected[newID] = item
      default:
        guard let (id, item) = expected.randomElement(using: &random) else { continue }
        try graph.delete(item)
        expected[id] = nil
      }
      if step % 97 == 0 {
        for id in -300..<300 {
          #expect(try graph.object(of: "Item", identity: .integer(Int64(id))) === expected[Int64(id)])
        }
      }
    }
    #expect(graph.count == expected.count)
  }
}
