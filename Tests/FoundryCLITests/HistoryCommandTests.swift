#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FoundryCLI
import FoundryJSON
import Testing

@Suite("foundry history")
struct HistoryCommandTests {
  @Test("a store without history says how to start it")
  func disabled() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    _ = ImportCommandTests.run(ImportCommandTests.authors, "--store", store)
    let result = foundry("history", "--store", store)
    #expect(result.status == 1)
    #expect(result.error.contains("keeps no history"), "\(result.error)")
    #expect(result.error.contains("foundry history --enable"), "\(result.error)")
  }

  @Test("--enable starts the history; each import is one line: token, time, author, changes by entity")
  func importsListed() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    _ = ImportCommandTests.run(ImportCommandTests.authors, "--store", store)
    #expect(foundry("history", "--store", store, "--enable") == CommandResult(status: 0, output: "", error: ""))
    _ = ImportCommandTests.run(ImportCommandTests.update, "--store", store)
    _ = ImportCommandTests.run(ImportCommandTests.update, "--store", store)
    let result = foundry("history", "--store", store)
    #expect(result.status == 0, "\(result.error)")
    // The second import of the same payload changed nothing, so it recorded nothing.
    let lines = result.output.split(separator: "\n").map { $0.split(separator: "  ").map(String.init) }
    try #require(lines.count == 1, "\(result.output)")
    #expect(lines[0][0] == "1")
    #expect(lines[0][1].hasPrefix("20") && lines[0][1].hasSuffix("Z"))
    #expect(lines[0][2] == "foundry import")
    #expect(lines[0][3] == "inserted Book 1, Tag 1; updated Author 2, Tag 1", "\(result.output)")
    #expect(foundry("history", "--store", store, "--after", "1") == CommandResult(status: 0, output: "", error: ""))
  }

  @Test("--format json prints a transaction per line with every change; --purge-before removes older ones")
  func jsonAndPurge() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    _ = ImportCommandTests.run(ImportCommandTests.authors, "--store", store)
    _ = foundry("history", "--store", store, "--enable")
    _ = ImportCommandTests.run(ImportCommandTests.update, "--store", store)
    let result = foundry("history", "--store", store, "--format", "json")
    let line = try #require(result.output.split(separator: "\n").first)
    let document = try JSONDocument(bytes: Array(line.utf8))
    #expect(document.root["token"]?.int64 == 1)
    #expect(document.root["author"]?.string == "foundry import")
    let changes = try #require(document.root["changes"])
    #expect(changes.elements.count == 5)
    let updated = changes.elements.filter { $0["change"]?.string == "updated" }
    #expect(updated.allSatisfy { $0["keys"]?.elements.count ?? 0 > 0 })
    let purged = foundry("history", "--store", store, "--purge-before", "2")
    #expect(purged == CommandResult(status: 0, output: "", error: "purged 1 transaction\n"))
  }
}
