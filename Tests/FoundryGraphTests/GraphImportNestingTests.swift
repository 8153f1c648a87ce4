import Foundry
import FoundryGraph
import FoundryJSON
import FoundryTestSupport
import Synchronization
import Testing

/// Import refuses nesting past ``GraphImportOptions/maximumNestingDepth`` (an overflow crashed
/// it at about 1,300 levels before), and imports payloads nested deeper than a few levels on a
/// stack of its own: the deepest nesting it accepts imports on the smallest stack a platform
/// gives a secondary thread (512 KB), even in a debug build (about 16 KB a level).
@Suite("Graph import nesting")
struct GraphImportNestingTests {
  static let schema = try! Schema {
    Entity("Step", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("next", to: "Step", inverse: "previous")
      Relationship("previous", to: "Step", inverse: "next")
    }
  }

  /// Steps 1 to `depth`, each nested in the one before.
  static func chain(_ depth: Int) -> [UInt8] {
    Array(((1...depth).map { #"{"id": \#($0), "next": "# }.joined() + "null" + String(repeating: "}", count: depth)).utf8)
  }

  /// The smallest stack a platform gives a secondary thread (macOS: 512 KB).
  static let smallStack = 512 << 10

  @Test(arguments: [1, 16, 17, 64, GraphImportOptions.maximumNestingDepth])
  func nestingUpToTheLimitImportsOnTheSmallestStack(depth: Int) async throws {
    let steps = try await onOwnThread(stackSize: Self.smallStack) {
      let graph = ObjectGraph(schema: Self.schema)
      try graph.importJSON(Self.chain(depth), entity: "Step")
      return try graph.objects(of: "Step").map { try #require($0.value(forKey: "id") as Int?) }.sorted()
    }
    #expect(steps == Array(1...depth))
  }

  @Test func xmlNestedToTheLimitImportsOnTheSmallestStack() async throws {
    let depth = GraphImportOptions.maximumNestingDepth
    let xml = "<step>" + (1...depth).map { "<id>\($0)</id>" }.joined(separator: "<next>") + String(repeating: "</next>", count: depth - 1) + "</step>"
    let created = try await onOwnThread(stackSize: Self.smallStack) {
      try ObjectGraph(schema: Self.schema).importXML(Array(xml.utf8), entity: "Step").createdCount
    }
    #expect(created == depth)
  }

  /// A payload transformer that makes each step it reads the first of two nested steps, up to step `last`.
  static func deepening(to last: Int) -> GraphImportOptions {
    var options = GraphImportOptions()
    options.payloadTransformers["deepen"] = { payload in
      guard let id = payload["id"].flatMap({ if case .number(let number) = $0 { number.int } else { nil } }), id < last else { return payload }
      return ["id": .number(JSONNumber(id)), "next": ["id": .number(JSONNumber(id + 1))]]
    }
    return options
  }

  @Test func aTransformerThatNestsDeeperThanItsPayloadImportsOnTheSmallestStack() async throws {
    var declarations = Self.schema.declarations
    declarations[0].payloadTransformerName = "deepen"
    let schema = try Schema(declarations)
    let depth = GraphImportOptions.maximumNestingDepth
    let created = try await onOwnThread(stackSize: Self.smallStack) {
      let graph = ObjectGraph(schema: schema)
      return try graph.importJSON(Array(#"{"id": 1}"#.utf8), entity: "Step", options: Self.deepening(to: depth)).createdCount
    }
    #expect(created == depth)
    let graph = ObjectGraph(schema: schema)
    #expect(throws: MappingError.self) {
      try graph.importJSON(Array(#"{"id": 1}"#.utf8), entity: "Step", options: Self.deepening(to: depth + 1))
    }
    #expect(try graph.objects(of: "Step").isEmpty)
  }

  @Test func hooksOfDeepObjectsRunWhileTheCallerWaits() throws {
    let graph = ObjectGraph(schema: Self.schema)
    var options = GraphImportOptions()
    let seen = Mutex<[Int]>([])
    options.didImport = { object, _, _ in
      let id = try #require(object.value(forKey: "id") as Int?)
      seen.withLock { $0.append(id) }
    }
    try graph.importJSON(Self.chain(40), entity: "Step", options: options)
    // Innermost first: each object is done once its nested ones are.
    #expect(seen.withLock { $0 } == Array((1...40).reversed()))
  }

  @Test func deeperNestingFailsCleanly() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let depth = GraphImportOptions.maximumNestingDepth + 1
    #expect {
      try graph.importJSON(Self.chain(depth), entity: "Step")
    } throws: { error in
      guard let error = error as? MappingError else { return false }
      return error.path.components.count == depth - 1
        && error.reason == "objects nested more than 128 deep (GraphImportOptions.maximumNestingDepth, fixed)"
    }
    #expect(try graph.objects(of: "Step").isEmpty)
  }

  @Test func aChainAsDeepAsTheDocumentAllowsFailsCleanly() throws {
    let graph = ObjectGraph(schema: Self.schema)
    var options = GraphImportOptions()
    options.mapping.parsing.maximumDepth = 100_000
    #expect(throws: MappingError.self) {
      try graph.importJSON(Self.chain(50_000), entity: "Step", options: options)
    }
  }
}
