import Foundry
import FoundryGraph
import FoundryJSON
import Testing

/// Export round trips over graph shapes that are not trees: long chains, many-to-many links
/// reachable only through an inverse, and a relationship that is its own inverse.
@Suite("Graph export: chains, many-to-many inverses, self-inverse relationships")
struct GraphExportShapesTests {
  static let schema = try! Schema {
    Entity("Node", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("next", to: "Node", inverse: "previous")
      Relationship("previous", to: "Node", inverse: "next")
      Relationship("friends", to: "Node", toMany: true, inverse: "friends")
      Relationship("badge", to: "Badge", inverse: "holder")
    }
    Entity("Badge") {
      Attribute("code", .string)
      Relationship("holder", to: "Node", inverse: "badge")
      Relationship("next", to: "Badge", inverse: "previous")
      Relationship("previous", to: "Badge", inverse: "next")
    }
  }

  static func roundTrip(_ graph: ObjectGraph, entity: String) throws -> ObjectGraph {
    let exported = try graph.exportJSON(try graph.objects(of: entity))
    let copy = ObjectGraph(schema: graph.schema)
    try copy.importJSON(exported, entity: entity)
    return copy
  }

  @Test("a long chain of links exports without deep nesting and reads back equal", arguments: [150, 5_000])
  func longChain(length: Int) throws {
    let payload = "[" + (1...length).map { #"{"id": \#($0), "next": \#($0 == length ? "null" : "\($0 + 1)")}"# }.joined(separator: ",") + "]"
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(payload.utf8), entity: "Node")
    let copy = try Self.roundTrip(graph, entity: "Node")
    #expect(copy.count == length)
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }

  @Test("a chain of objects without identity too deep to nest is an error, not a crash")
  func deepChainWithoutIdentity() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let node = try graph.insert("Node")
    node.id = 1
    var previous = try graph.insert("Badge")
    try node.setRelated(previous, forKey: "badge")
    for _ in 0..<(GraphExporterLimits.nesting + 5) {
      let badge = try graph.insert("Badge")
      try previous.setRelated(badge, forKey: "next")
      previous = badge
    }
    #expect(throws: GraphError.self) { try graph.exportJSON([node]) }
    do {
      _ = try graph.exportJSON([node])
    } catch let error as GraphError {
      #expect(error.code == .nestingTooDeep)
      #expect(error.description.hasPrefix("error: Badge: the graph nests more than 100 objects deep"))
    }
  }

  @Test("objects reached only through the inverse of a many-to-many relationship are exported")
  func manyToManyInverse() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let first =
      #"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 10, "title": "T", "tags": ["classic"]}]},"#
      + #" {"author_id": 2, "firstName": "B", "books": [{"book_id": 30, "title": "U", "tags": ["classic"]}]}]"#
    try graph.importJSON(Array(first.utf8), entity: "Author")
    // Author 2 lets go of book 30, which stays tagged "classic".
    try graph.importJSON(Array(#"[{"author_id": 2, "books": []}]"#.utf8), entity: "Author")
    let copy = try Self.roundTrip(graph, entity: "Author")
    #expect(try copy.objects(of: "Book").count == 2)
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }

  @Test("objects of two graphs export together, each graph's links written once")
  func twoGraphs() throws {
    let first = ObjectGraph(schema: Self.schema)
    let second = ObjectGraph(schema: Self.schema)
    // The same object numbers in both graphs, different objects and links.
    try first.importJSON(Array(#"[{"id": 1, "friends": [2]}]"#.utf8), entity: "Node")
    try second.importJSON(Array(#"[{"id": 3, "friends": [4, 5]}]"#.utf8), entity: "Node")
    let roots = [try #require(try first.object(of: "Node", identity: 1)), try #require(try second.object(of: "Node", identity: 3))]
    let exported = String(decoding: try first.exportJSON(roots), as: UTF8.self)
    #expect(exported == #"[{"id":1,"friends":[2]},{"id":3,"friends":[4,5]}]"#)
  }

  @Test("a triangle in a self-inverse relationship keeps every link through a round trip")
  func triangle() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(#"[{"id": 1, "friends": [2, 3]}, {"id": 2, "friends": [1, 3]}]"#.utf8), entity: "Node")
    let copy = try Self.roundTrip(graph, entity: "Node")
    let two = try #require(try copy.object(of: "Node", identity: 2))
    #expect(try two.related(forKey: "friends").count == 2)
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }

  @Test("an object in its own self-inverse relationship is there once")
  func selfInverse() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(#"[{"id": 1, "friends": [1, 2]}, {"id": 3, "friends": [3]}, {"id": 3, "friends": [3, 1]}]"#.utf8), entity: "Node")
    let one = try #require(try graph.object(of: "Node", identity: 1))
    #expect(try one.related(forKey: "friends").map(\.id).sorted { "\($0!)" < "\($1!)" } == [.integer(1), .integer(2), .integer(3)])
    let three = try #require(try graph.object(of: "Node", identity: 3))
    #expect(try three.related(forKey: "friends").map(\.id) == [.integer(3), .integer(1)])
    try one.remove(one, forKey: "friends")
    #expect(try one.related(forKey: "friends").count == 2)
    let copy = try Self.roundTrip(graph, entity: "Node")
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }
}

/// The exporter's nesting limit, as documented.
enum GraphExporterLimits {
  static let nesting = 100
}
