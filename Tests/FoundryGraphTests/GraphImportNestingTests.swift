import Foundry
import FoundryGraph
import FoundryJSON
import FoundryTestSupport
import Testing

/// Import follows nested payload objects on the call stack, so it refuses nesting past
/// ``GraphImportOptions/maximumNestingDepth`` (an overflow crashed it at about 1,300 levels
/// before), and the deepest nesting it accepts imports on a 2 MB stack in a debug build.
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

  @Test func theDeepestNestingAllowedImportsOnATwoMegabyteStack() async throws {
    let count = try await onOwnThread(stackSize: 2 << 20) {
      let graph = ObjectGraph(schema: Self.schema)
      return try graph.importJSON(Self.chain(GraphImportOptions.maximumNestingDepth), entity: "Step").createdCount
    }
    #expect(count == GraphImportOptions.maximumNestingDepth)
  }

  @Test func deeperNestingFailsCleanly() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let depth = GraphImportOptions.maximumNestingDepth + 1
    #expect {
      try graph.importJSON(Self.chain(depth), entity: "Step")
    } throws: { error in
      guard let error = error as? MappingError else { return false }
      return error.path.components.count == depth - 1
        && error.reason == "objects nested more than 128 deep (GraphImportOptions.maximumNestingDepth, fixed: import nests on the call stack)"
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
