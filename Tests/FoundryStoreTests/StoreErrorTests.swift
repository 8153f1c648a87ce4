import Foundation
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// A store caller catches one type: what the mapping and graph layers throw comes as a
/// `StoreError` carrying it, and prints as it does.
/// An error of the caller's own code.
private struct HookFailure: Error {}

@Suite("Store errors carry the errors of the layers below")
struct StoreErrorTests {
  @Test("a payload that does not map is a mapping error inside a store error, printed word for word")
  func mapping() async throws {
    let context = try Store(inMemoryWith: Library.schema).makeContext()
    let payload = Array(#"{"authors": [{"id": 1, "name": "Ada", "books": [{"id": 2, "title": "x", "price": "cheap"}]}]}"#.utf8)
    let error = await #expect(throws: StoreError.self) { _ = try await context.importJSON(payload, entity: "Author", root: "authors") }
    #expect(error?.code == .mapping)
    let mapping = try #require(error?.underlying as? MappingError)
    #expect(mapping.path.description == "$.authors[0].books[0].price")
    #expect(error?.description == mapping.description)
    #expect(error?.message == "$.authors[0].books[0].price: expected Decimal, found string \"cheap\"")
  }

  @Test("a graph refusal (an unknown entity) is a graph error inside a store error")
  func graph() async throws {
    let context = try Store(inMemoryWith: Library.schema).makeContext()
    let error = await #expect(throws: StoreError.self) { _ = try await context.importJSON(Array("[]".utf8), entity: "Writer") }
    #expect(error?.code == .graph)
    #expect((error?.underlying as? GraphError)?.code == .unknownEntity)
    #expect(error?.description == error?.underlying.map { "\($0)" })
  }

  @Test("an error of the caller's own hook is found under the mapping error that places it")
  func callersOwnError() async throws {
    let context = try Store(inMemoryWith: Library.schema).makeContext()
    var options = GraphImportOptions()
    options.didImport = { _, _, _ in throw HookFailure() }
    let error = await #expect(throws: StoreError.self) {
      _ = try await context.importJSON(Array(#"[{"id": 1, "name": "Ada"}]"#.utf8), entity: "Author", options: options)
    }
    let mapping = try #require(error?.underlying as? MappingError)
    #expect(mapping.path.description == "$[0]" && mapping.underlying is HookFailure)
  }

  @Test("store errors compare by code, message, details and the error they carry")
  func equality() {
    let graph = GraphError(.unknownEntity, at: "Writer", "no entity named \"Writer\"")
    let carried = StoreError.carrying(graph) as? StoreError
    #expect(carried == StoreError.carrying(graph) as? StoreError)
    #expect(carried != StoreError(.graph, "Writer: no entity named \"Writer\""))
    #expect(StoreError(.conflict, "x") == StoreError(.conflict, "x"))
  }
}
