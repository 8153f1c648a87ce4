import Foundation
import FoundryGraph
import Testing

/// One schema shared by graphs on many tasks at once: what the thread sanitizer run
/// (`scripts/sanitize thread`) checks for data races in graph import and export.
@Suite("Graph imports on many tasks at once")
struct GraphConcurrencyTests {
  let schema: Schema
  init() throws { schema = try LibrarySchema.make() }

  @Test("graphs of one schema import, export and import again on many tasks at once, each alike")
  func importsInParallel() async throws {
    let schema = self.schema
    let snapshots = try await withThrowingTaskGroup(of: [GraphSnapshot].self) { group in
      for _ in 0..<16 {
        group.addTask {
          let graph = ObjectGraph(schema: schema)
          try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
          let authors = try graph.objects(of: "Author")
          let fromJSON = ObjectGraph(schema: schema)
          try fromJSON.importJSON(try graph.exportJSON(authors, root: "authors"), entity: "Author", root: "authors")
          let fromXML = ObjectGraph(schema: schema)
          let xml = try graph.exportXML(authors, root: "author", rootElement: "library")
          try fromXML.importXML(xml, entity: "Author", root: "author")
          return [GraphSnapshot(graph), GraphSnapshot(fromJSON), GraphSnapshot(fromXML)]
        }
      }
      return try await group.reduce(into: [[GraphSnapshot]]()) { $0.append($1) }
    }
    let expected = try #require(snapshots.first?.first)
    #expect(snapshots.count == 16)
    #expect(snapshots.allSatisfy { $0.allSatisfy { $0 == expected } })
  }
}
