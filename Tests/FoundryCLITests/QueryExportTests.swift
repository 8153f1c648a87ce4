#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryCLI
import FoundryJSON
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

  @Test("--var gives a predicate's $name variables their values; one without is an error naming it")
  func variables() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let options = Self.storeOptions(store, entity: "Book")
    let result = foundry(["query"] + options + ["year < $before AND title BEGINSWITH[cd] $start", "--var", "before=1980", "--var", "start=a wizard"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("1001  A Wizard of Earthsea"))
    #expect(!result.output.contains("1002"))
    let unbound = foundry(["query"] + options + ["year < $before"])
    #expect(unbound == CommandResult(status: 1, output: "", error: "error: invalidQuery: column 8: unbound variable $before: give its value\n"))
  }

  @Test("--aggregate and --group-by print computed values per group, as a table or JSON; misuse is refused")
  func aggregates() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let options = ["query"] + Self.storeOptions(store, entity: "Book")
    let table = foundry(options + ["year > 1900", "--group-by", "author.lastName", "--aggregate", "count", "--aggregate", "max:year=latest"])
    #expect(table == CommandResult(status: 0, output: "author.lastName  count  latest\nButler           2      1993\nLe Guin          2      1969\n", error: ""))
    let distinct = foundry(options + ["--group-by", "year", "--limit", "2", "--format", "json"])
    #expect(distinct.status == 0, "\(distinct)")
    #expect(try JSONDocument(string: distinct.output).value == [["year": 1968], ["year": 1969]])
    let wrongType = foundry(options + ["--aggregate", "sum:title"])
    #expect(wrongType.status == 1)
    #expect(wrongType.error.contains("sum of title, a String attribute"))
    #expect(foundry(options + ["--aggregate", "total:year"]).error.contains("\"total:year\" is not an aggregate"))
    #expect(foundry(options + ["--aggregate", "count", "--sort", "title"]).status == 64)
  }

  @Test("a bad predicate is an error naming its column")
  func badPredicate() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let result = foundry(["query"] + Self.storeOptions(store, entity: "Book") + ["year <"])
    #expect(result == CommandResult(status: 1, output: "", error: "error: invalidQuery: column 7: expected a value, found the end of the query\n"))
  }

  @Test("--max-query-length and --max-query-depth set the predicate's limits, and a refusal names its flag")
  func queryLimitFlags() throws {
    let directory = try TemporaryDirectory()
    let store = Self.exampleStore(in: directory)
    let options = ["query"] + Self.storeOptions(store, entity: "Book")
    let long = foundry(options + ["--max-query-length", "8", "year < 1980"])
    #expect(long == CommandResult(status: 1, output: "", error: "error: queryLimitExceeded: column 9: the query is longer than 8 characters (--max-query-length)\n"))
    let deep = foundry(options + ["--max-query-depth", "1", "NOT (year < 1980)"])
    #expect(deep == CommandResult(status: 1, output: "", error: "error: queryLimitExceeded: column 5: nesting deeper than 1 levels of parentheses and NOT (--max-query-depth)\n"))
    #expect(foundry(options + ["--max-query-length", "11", "--max-query-depth", "1", "year < 1980"]).status == 0)
    // Deeper than the default depth, within the ceiling.
    let nested = String(repeating: "(", count: 120) + "year < 1980" + String(repeating: ")", count: 120)
    #expect(foundry(options + [nested]).status == 1)
    #expect(foundry(options + ["--max-query-depth", "128", nested]).status == 0)
  }

  @Test(
    "a query limit flag outside its range is a usage error", arguments: [("--max-query-length", "0", "at least 1, got 0"), ("--max-query-depth", "129", "at most 128, got 129")])
  func queryLimitFlagRange(flag: String, value: String, message: String) throws {
    let result = foundry(["query"] + Self.storeOptions("x.sqlite", entity: "Book") + [flag, value, "year < 1980"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: \(flag) must be \(message).\n"), "\(result.error)")
  }

  @Test("with --model, an unbound transformer is reported as import reports it, before the store is opened", arguments: ["query", "export"])
  func unboundTransformer(command: String) throws {
    let directory = try TemporaryDirectory()
    let result = foundry([command, "--store", directory.path + "/never.sqlite", "--model", ImportCommandTests.model, "--entity", "Author"])
    #expect(result == CommandResult(status: 1, output: "", error: ImportErrorTests.unboundTransformer))
    #expect(directory.contents(of: "never.sqlite") == nil)
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
