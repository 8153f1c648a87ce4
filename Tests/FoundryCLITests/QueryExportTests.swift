#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryCLI
import Testing

@Suite("foundry query and foundry export")
struct QueryExportTests {
  /// A store holding the README example's two payloads.
  static func exampleStore(in directory: TemporaryDirectory, named name: String = "library.sqlite") -> String {
    let store = directory.path + "/" + name
    _ = ImportCommandTests.run(ImportCommandTests.authors, ImportCommandTests.update, "--store", store)
    return store
  }

  static func storeOptions(_ store: String, entity: String) -> [String] {
    ["--store", store, "--model", ImportCommandTests.model, "--entity", entity, "--transformer", "ISODay=date:yyyy-MM-dd"]
  }

  @Test("a query prints the matching objects as a table")
  func table() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let result = foundry(["query"] + Self.storeOptions(store, entity: "Book") + ["year < 1980 AND ANY tags.label == 'classic'", "--sort", "title:desc"])
    #expect(
      result
        == CommandResult(
          status: 0,
          output: """
            id    title                      year
            1002  The Left Hand of Darkness  1969
            1001  A Wizard of Earthsea       1968

            """,
          error: ""))
  }

  @Test("a query prints JSON through the model's key paths, with a limit")
  func json() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let result = foundry(["query"] + Self.storeOptions(store, entity: "Tag") + ["label BEGINSWITH[c] 'S'", "--format", "json", "--limit", "1", "--sort", "label"])
    #expect(result.status == 0)
    #expect(result.output.contains(#""label": "science fiction""#))
    #expect(result.output.split(separator: "\n").filter { $0 == "  {" }.count == 1)  // one object at the top level
  }

  @Test("a bad predicate is an error naming its column")
  func badPredicate() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let result = foundry(["query"] + Self.storeOptions(store, entity: "Book") + ["year <"])
    #expect(result == CommandResult(status: 1, output: "", error: "error: invalidQuery: column 7: expected a value, found the end of the query\n"))
  }

  @Test("store -> export -> import gives a store with the same objects", arguments: ["copy.json", "copy.xml"])
  func roundTrip(file: String) throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let exported = directory.path + "/" + file
    let export = foundry(["export"] + Self.storeOptions(store, entity: "Author") + ["--root", "authors", "-o", exported])
    #expect(export == CommandResult(status: 0, output: "exported 2 Author to \(exported)\n", error: ""))
    let copy = directory.path + "/copy.sqlite"
    let reimport = ImportCommandTests.run(exported, "--store", copy)
    #expect(reimport.status == 0, "\(reimport.error)")
    for entity in ["Author", "Book", "Tag"] {
      let original = foundry(["query"] + Self.storeOptions(store, entity: entity) + ["--sort", entity == "Tag" ? "label" : "id"])
      let copied = foundry(["query"] + Self.storeOptions(copy, entity: entity) + ["--sort", entity == "Tag" ? "label" : "id"])
      #expect(copied == original, "\(entity)")
      #expect(original.output.split(separator: "\n").count > 1)
    }
  }

  @Test("without --model, query and export use the schema and transformer bindings the store recorded")
  func recordedSchema() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let withModel = foundry(["query"] + Self.storeOptions(store, entity: "Book") + ["year < 1980", "--sort", "id"])
    let recorded = foundry(["query", "--store", store, "--entity", "Book", "year < 1980", "--sort", "id"])
    #expect(recorded == withModel)
    let exported = directory.path + "/copy.json"
    #expect(foundry(["export", "--store", store, "--entity", "Author", "--root", "authors", "-o", exported]).status == 0)
    let copy = directory.path + "/copy.sqlite"
    #expect(ImportCommandTests.run(exported, "--store", copy).status == 0)
    #expect(foundry(["query", "--store", copy, "--entity", "Author", "--sort", "id"]) == foundry(["query", "--store", store, "--entity", "Author", "--sort", "id"]))
    let unknown = foundry(["query", "--store", store, "--entity", "Nope"])
    #expect(unknown == CommandResult(status: 1, output: "", error: "error: invalidQuery: no entity named \"Nope\" in the store (entities: Author, Book, Tag)\n"))
  }
}
