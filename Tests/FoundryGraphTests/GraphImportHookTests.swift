import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import Testing

@Suite("Graph import: hooks per object")
struct GraphImportHookTests {
  let schema: Schema
  init() throws { schema = try LibrarySchema.make() }

  @Test("shouldImport skips objects and what they nest, at the root and in relationships")
  func skipping() throws {
    let graph = ObjectGraph(schema: schema)
    var options = GraphImportOptions()
    options.shouldImport = { entity, payload in
      (try? payload.member("hidden")?.bool()) != true && (entity.name != "Tag" || payload.kind != .object)
    }
    let payload = #"""
      [{"author_id": 1, "firstName": "A", "books": [
         {"book_id": 1, "title": "kept", "tags": [{"label": "object tags are skipped"}, "drama"]},
         {"book_id": 2, "title": "hidden", "hidden": true}]},
       {"author_id": 2, "firstName": "B", "hidden": true, "books": [{"book_id": 3, "title": "nested in a skipped author"}]}]
      """#
    let report = try graph.importJSON(Array(payload.utf8), entity: "Author", options: options)
    #expect(report.objects.count == 1)
    #expect(report.issues.isEmpty)
    #expect(try graph.objects(of: "Book").map(\.title) == [.string("kept")])
    #expect(try graph.objects(of: "Tag").map(\.label) == [.string("drama")])
  }

  @Test("didImport sees every object after its payload, new or found, and can fail it")
  func didImport() throws {
    let graph = ObjectGraph(schema: schema)
    var options = GraphImportOptions()
    options.didImport = { object, _, isNew in
      guard object.entity.name == "Author" else { return }
      if object.firstName == .string("bad") { throw MappingError.invalid("no bad authors") }
      object.lastName = .string(isNew ? "new" : "updated")
    }
    try graph.importJSON(Array(#"[{"author_id": 1, "firstName": "A"}]"#.utf8), entity: "Author", options: options)
    #expect(try graph.object(of: "Author", identity: 1)?.lastName == .string("new"))
    try graph.importJSON(Array(#"[{"author_id": 1, "firstName": "A2"}]"#.utf8), entity: "Author", options: options)
    #expect(try graph.object(of: "Author", identity: 1)?.lastName == .string("updated"))
    options.isLossy = true
    let report = try graph.importJSON(Array(#"[{"author_id": 2, "firstName": "bad"}, {"author_id": 3, "firstName": "C"}]"#.utf8), entity: "Author", options: options)
    #expect(report.objects.count == 1)
    #expect(report.issues.count == 1)
    #expect(try graph.object(of: "Author", identity: 2) == nil)
  }

  @Test("a hook that throws CancellationError stops the import with it, in lossy mode too, at the root and nested")
  func cancellingHook() throws {
    let graph = ObjectGraph(schema: schema)
    for lossy in [false, true] {
      for entity in ["Author", "Book"] {
        var options = GraphImportOptions()
        options.isLossy = lossy
        options.didImport = { object, _, _ in
          if object.entity.name == entity { throw CancellationError() }
        }
        let payload = #"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 1, "title": "T"}]}]"#
        #expect(throws: CancellationError.self, "lossy: \(lossy), \(entity)") {
          try graph.importJSON(Array(payload.utf8), entity: "Author", options: options)
        }
      }
    }
  }

  @Test("an import in a cancelled task throws CancellationError")
  func cancelledTask() async throws {
    let schema = schema
    await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      let graph = ObjectGraph(schema: schema)
      let payload = "[" + (1...200).map { #"{"author_id": \#($0), "firstName": "A"}"# }.joined(separator: ",") + "]"
      #expect(throws: CancellationError.self) { try graph.importJSON(Array(payload.utf8), entity: "Author") }
    }.value
  }
}
