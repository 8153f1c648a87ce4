import Foundation
import Foundry
import FoundryGraph
import Synchronization
import Testing

/// A payload that repeats an object (denormalized JSON: the same area under every group) is
/// read once per object and content, and the graph is what reading every mention would make.
@Suite("Graph import: repeated objects")
struct GraphImportRepeatsTests {
  static let schema = try! Schema {
    Entity("Root") {
      Relationship("groups", to: "Group", toMany: true, ordered: true, inverse: "root")
    }
    Entity("Group", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("root", to: "Root", inverse: "groups")
      Relationship("areas", to: "Area", toMany: true, ordered: true, inverse: "groups")
    }
    Entity("Area", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Attribute("blocks", .value(GraphValueType([Int].self)))
      Relationship("groups", to: "Group", toMany: true, inverse: "areas")
    }
  }

  /// A payload of groups, each listing the given areas (JSON objects as text).
  static func payload(_ groups: [[String]]) -> [UInt8] {
    let items = groups.enumerated().map { index, areas in "{\"id\": \(index + 1), \"areas\": [\(areas.joined(separator: ", "))]}" }
    return Array("{\"groups\": [\(items.joined(separator: ", "))]}".utf8)
  }

  static func area(_ id: Int, _ name: String, _ blocks: [Int] = []) -> String {
    "{\"id\": \(id), \"name\": \"\(name)\", \"blocks\": \(blocks)}"
  }

  @Test("the same area under many groups: one object, linked to every group")
  func repeatsLinkEveryMention() throws {
    let groups = (1...5).map { _ in [Self.area(1, "North", [4]), Self.area(2, "South")] }
    let graph = ObjectGraph(schema: Self.schema)
    let report = try graph.importJSON(Self.payload(groups), entity: "Root")
    #expect(report.objectCounts == ["Root": 1, "Group": 5, "Area": 2])
    let areas = try graph.objects(of: "Area")
    #expect(areas.map(\.name) == [.string("North"), .string("South")])
    #expect(try areas.map { try $0.related(forKey: "groups").count } == [5, 5])
    #expect(try graph.objects(of: "Group").allSatisfy { try $0.related(forKey: "areas").count == 2 })
    #expect(areas[0].blocks == .custom(CustomGraphValue([4])))
  }

  @Test("a mention that differs is read, and the last mention wins, even when it repeats an earlier one")
  func theLastMentionWins() throws {
    let north = Self.area(1, "North")
    let northeast = Self.area(1, "Northeast", [9])
    for (mentions, name, blocks) in [([north, north, northeast], "Northeast", [9]), ([north, north, northeast, north], "North", [])] {
      let graph = ObjectGraph(schema: Self.schema)
      try graph.importJSON(Self.payload(mentions.map { [$0] }), entity: "Root")
      let area = try #require(try graph.objects(of: "Area").first)
      #expect(area.name == .string(name))
      #expect(area.blocks == .custom(CustomGraphValue(blocks)))
    }
  }

  @Test("a mention written differently is read again: 1 and 1.0, or a member more")
  func writtenDifferentlyIsReadAgain() throws {
    let groups = [
      [Self.area(1, "North")], [Self.area(1, "North")],
      ["{\"id\": 1, \"name\": \"North\", \"blocks\": [], \"extra\": 1}"],
      ["{\"id\": 1.0, \"name\": \"West\", \"blocks\": []}"],
    ]
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Self.payload(groups), entity: "Root")
    #expect(try graph.objects(of: "Area").map(\.name) == [.string("West")])
  }

  @Test("lossy mode reports every mention's issue; a hook sees every mention")
  func everyMentionIsReportedAndHooked() throws {
    let bad = "{\"id\": 1, \"name\": 7, \"blocks\": []}"
    var options = GraphImportOptions()
    options.isLossy = true
    let graph = ObjectGraph(schema: Self.schema)
    let report = try graph.importJSON(Self.payload([[bad], [bad], [bad]]), entity: "Root", options: options)
    #expect(report.issues.count == 3)

    let mentions = Mutex(0)
    var hooked = GraphImportOptions()
    hooked.didImport = { object, _, _ in if object.entity.name == "Area" { mentions.withLock { $0 += 1 } } }
    try ObjectGraph(schema: Self.schema).importJSON(Self.payload([[Self.area(1, "North")], [Self.area(1, "North")], [Self.area(1, "North")]]), entity: "Root", options: hooked)
    #expect(mentions.withLock { $0 } == 3)
  }

  @Test("a second import reads its payload again: repeats count within one import only")
  func repeatsAreWithinOneImport() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Self.payload([[Self.area(1, "North")], [Self.area(1, "North")]]), entity: "Root")
    let area = try #require(try graph.objects(of: "Area").first)
    try area.setValue(.string("Changed"), forKey: "name")
    try graph.importJSON(Self.payload([[Self.area(1, "North")]]), entity: "Root")
    #expect(area.name == .string("North"))
  }
}
