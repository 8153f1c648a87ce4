import Testing

@testable import FoundryGraph

/// The export's marks on objects: by number within one graph, by identity for another graph's
/// objects, and cleared at once.
@Suite("Object marks")
struct ObjectMarksTests {
  static let schema = try! Schema {
    Entity("Node", identity: ["id"]) { Attribute("id", .integer64) }
  }

  @Test("marks objects of one graph by number and another graph's by identity; removeAll clears both")
  func marks() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let other = ObjectGraph(schema: Self.schema)
    let nodes = try (0..<200).map { _ in try graph.insert("Node") }
    let foreign = try other.insert("Node")
    var marks = ObjectMarks()
    #expect(marks.isEmpty)
    let inserts = [marks.insert(nodes[150]), marks.insert(nodes[150]), marks.insert(foreign), marks.insert(foreign)]
    #expect(inserts == [true, false, true, false])
    // The other graph's first object has the same number as this graph's first.
    #expect(foreign.objectNumber == nodes[0].objectNumber)
    #expect(!marks.contains(nodes[0]))
    #expect(marks.contains(nodes[150]) && marks.contains(foreign))
    #expect(nodes.filter { marks.contains($0) }.count == 1)
    marks.removeAll()
    #expect(marks.isEmpty)
    #expect(!marks.contains(nodes[150]) && !marks.contains(foreign))
    let again = [marks.insert(nodes[199]), marks.insert(foreign)]
    #expect(again == [true, true])
    #expect(marks.contains(nodes[199]) && !marks.contains(nodes[150]))
  }
}
