import Foundry
import FoundryGraph
import Testing

/// Seed 002's work order: a whole sub-graph (the assignments) in one attribute, imported from
/// payloads, read typed, changed in place, and exported back.
@Suite("Graph import and export: typed values in one attribute")
struct GraphValueAttributeTests {
  static let schema = try! Schema {
    Entity("WorkOrder", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("assignments", .value(GraphValueType([MacroLibrary.Assignment].self)), optional: true)
    }
  }

  @Test("a JSON payload's array of models is one typed value", arguments: ["json", "xml"])
  func roundTrip(format: String) throws {
    let graph = ObjectGraph(schema: Self.schema)
    let json = #"[{"id": 1, "assignments": [{"user": "ada"}, {"user": "grace"}]}, {"id": 2, "assignments": [{"user": "alan"}]}]"#
    let xml =
      "<orders><order><id>1</id><assignments><user>ada</user></assignments><assignments><user>grace</user></assignments></order>"
      + "<order><id>2</id><assignments><user>alan</user></assignments></order></orders>"
    if format == "json" {
      try graph.importJSON(Array(json.utf8), entity: "WorkOrder")
    } else {
      try graph.importXML(Array(xml.utf8), entity: "WorkOrder", root: "order")
    }
    let first = try #require(try graph.object(of: "WorkOrder", identity: 1))
    #expect(try first.value([MacroLibrary.Assignment].self, forKey: "assignments") == [.init(user: "ada"), .init(user: "grace")])
    let second = try #require(try graph.object(of: "WorkOrder", identity: 2))
    #expect(try second.value([MacroLibrary.Assignment].self, forKey: "assignments") == [.init(user: "alan")])

    // Changing the array is a change to the attribute; an equal array is none.
    graph.commitChanges()
    try second.setValue([MacroLibrary.Assignment(user: "alan")], forKey: "assignments")
    #expect(!second.hasChanges)
    try second.setValue([MacroLibrary.Assignment(user: "alan"), .init(user: "edsger")], forKey: "assignments")
    #expect(second.changedKeys == ["assignments"])

    let copy = ObjectGraph(schema: Self.schema)
    if format == "json" {
      try copy.importJSON(try graph.exportJSON(try graph.objects(of: "WorkOrder")), entity: "WorkOrder")
    } else {
      try copy.importXML(try graph.exportXML(try graph.objects(of: "WorkOrder"), root: "order"), entity: "WorkOrder", root: "order")
    }
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
    #expect(try copy.object(of: "WorkOrder", identity: 2)?.value([MacroLibrary.Assignment].self, forKey: "assignments")?.count == 2)
  }

  @Test("a bad element inside the value fails with its payload path")
  func badValue() throws {
    let graph = ObjectGraph(schema: Self.schema)
    #expect(throws: MappingError.self) {
      try graph.importJSON(Array(#"[{"id": 1, "assignments": [{"user": 7}, {"name": "x"}]}]"#.utf8), entity: "WorkOrder")
    }
    do {
      try graph.importJSON(Array(#"[{"id": 1, "assignments": [{"user": "ok"}, {"name": "x"}]}]"#.utf8), entity: "WorkOrder")
    } catch let error as MappingError {
      #expect(error.description.hasPrefix("error: $[0].assignments[1].user: required key not found"))
    }
  }
}
