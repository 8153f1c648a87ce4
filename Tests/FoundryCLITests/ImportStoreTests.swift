#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FoundryCLI
import Testing

@Suite("foundry import --store")
struct ImportStoreTests {
  @Test("payloads import into an SQLite store, one transaction each; importing again changes nothing")
  func importsIntoStore() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    let first = ImportCommandTests.run(ImportCommandTests.authors, ImportCommandTests.update, "--store", store)
    #expect(
      first
        == CommandResult(
          status: 0,
          output: """
            model: Library 2 (2 versions)
            store: \(store)
            imported \(ImportCommandTests.authors): 2 Author (inserted 8, updated 0, deleted 0)
            imported \(ImportCommandTests.update): 2 Author (inserted 2, updated 3, deleted 0)
            objects: Author 2, Book 4, Tag 4

            """,
          error: ""))
    let again = ImportCommandTests.run(ImportCommandTests.update, "--store", store, "--dry-run")
    #expect(again.output.contains("imported \(ImportCommandTests.update): 2 Author (would insert 0, update 0, delete 0)"))
  }

  @Test("a dry run lists each change and writes nothing")
  func dryRun() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    _ = ImportCommandTests.run(ImportCommandTests.authors, "--store", store)
    let result = ImportCommandTests.run(ImportCommandTests.update, "--store", store, "--dry-run")
    #expect(result.status == 0)
    #expect(result.output.contains(#"  update Author #1: lastName "Le Guin" -> "Le Guin""#) == false)
    #expect(result.output.contains("(would insert 2, update 3, delete 0)"))
    let counts = ImportCommandTests.run(ImportCommandTests.authors, "--store", store, "--dry-run")
    #expect(counts.output.hasSuffix("objects: Author 2, Book 3, Tag 3\n"))
  }

  @Test("an XML file with --root streams into the store in batches; a bad element fails with its line and writes nothing")
  func xmlFileStreams() throws {
    let directory = try TemporaryDirectory()
    let library = Self.library
    let good = try directory.write(library("1906-12-09"), to: "library.xml")
    let bad = try directory.write(library("yesterday"), to: "bad.xml")
    let store = directory.path + "/library.sqlite"
    let result = foundry(["import", good, "--store", store] + ImportCommandTests.options(root: "author"))
    #expect(result.error == "")
    #expect(result.output.hasSuffix("imported \(good): 2 Author (inserted 5, updated 0, deleted 0)\nobjects: Author 2, Book 1, Tag 2\n"))
    let failed = foundry(["import", bad, "--store", store] + ImportCommandTests.options(root: "author"))
    #expect(failed.status == 1)
    #expect(failed.error.contains("$.author[1].born"), "\(failed.error)")
    #expect(failed.error.contains("bad.xml:5:"), "\(failed.error)")
    let dryRun = foundry(["import", good, "--store", store, "--dry-run"] + ImportCommandTests.options(root: "author"))
    #expect(dryRun.output.hasSuffix("(would insert 0, update 0, delete 0)\nobjects: Author 2, Book 1, Tag 2\n"))
  }

  /// Two authors as XML, the second born on `born` (line 5): a bad date fails there.
  static func library(born: String) -> String {
    """
    <library>
      <author><author_id>7</author_id><firstName>Ada</firstName><born>1815-12-10</born>
        <books><book_id>70</book_id><title>Notes</title><tags>math</tags><tags>engines</tags></books>
      </author>
      <author><author_id>8</author_id><firstName>Grace</firstName><born>\(born)</born></author>
    </library>
    """
  }

  @Test("a file that is not a store is refused with a clear error")
  func notAStore() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("not a database\n", to: "notes.txt")
    let result = ImportCommandTests.run(ImportCommandTests.authors, "--store", file)
    #expect(result.status == 1)
    #expect(result.error == "error: notAStore: \(file) is not an SQLite database, so not a Foundry store\n")
    #expect(directory.contents(of: "notes.txt") == "not a database\n")
  }

  @Test("--store takes a postgres:// or postgresql:// URL, printed without its password")
  func postgresURLs() {
    #expect(StoreLocation.isPostgres("postgres://app@db/library"))
    #expect(StoreLocation.isPostgres("PostgreSQL://app@db/library"))
    #expect(!StoreLocation.isPostgres("library.sqlite"))
    #expect(StoreLocation.displayName("postgres://app:s3cret@db.local:5432/library") == "postgres://app@db.local:5432/library")
    #expect(StoreLocation.displayName("postgres://app@db.local/library") == "postgres://app@db.local/library")
    #expect(StoreLocation.displayName("stores/a:b@c.sqlite") == "stores/a:b@c.sqlite")
  }

  @Test("--dry-run needs --store")
  func dryRunNeedsStore() {
    #expect(ImportCommandTests.run(ImportCommandTests.authors, "--dry-run").status == 64)
  }
}

@Suite("foundry import --store --sync")
struct ImportSyncTests {
  /// A payload that lists one of Ursula Le Guin's two books.
  static let partial = #"{"authors": [{"author_id": 101, "books": [1001]}]}"#

  @Test(
    "keep (the default) leaves what a list omits; detach unlinks it; delete deletes it",
    arguments: [
      ([String](), "objects: Author 2, Book 3, Tag 3", "1001  A Wizard of Earthsea       1968\n1002  The Left Hand of Darkness  1969"),
      (["--sync", "detach"], "objects: Author 2, Book 3, Tag 3", "1001  A Wizard of Earthsea  1968"),
      (["--sync", "delete"], "objects: Author 2, Book 2, Tag 3", "1001  A Wizard of Earthsea  1968"),
    ])
  func policies(sync: [String], objects: String, books: String) throws {
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    _ = ImportCommandTests.run(ImportCommandTests.authors, "--store", store)
    let payload = try directory.write(Self.partial, to: "partial.json")
    let result = foundry(["import", payload] + sync + ImportCommandTests.options() + ["--store", store])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains(objects), "\(result.output)")
    let query = foundry(["query"] + QueryExportTests.storeOptions(store, entity: "Book") + ["author.id == 101", "--sort", "id"])
    #expect(query.output == "id    title" + String(repeating: " ", count: books.contains("Left Hand") ? 22 : 17) + "year\n" + books + "\n", "\(query.output)")
  }

  @Test("--sync needs --store")
  func syncNeedsStore() {
    #expect(ImportCommandTests.run(ImportCommandTests.authors, "--sync", "keep").status == 64)
  }
}

@Suite("The import progress bar")
struct ProgressBarTests {
  @Test("the bar's line: filled in twentieths, a percentage and grouped counts")
  func line() {
    #expect(ProgressBar.line(label: "importing a.json", done: 21_040, total: 40_446) == "\rimporting a.json [##########..........] 52% (21,040 of 40,446)")
    #expect(ProgressBar.line(label: "x", done: 0, total: 0) == "\rx [####################] 100% (0 of 0)")
    #expect(ProgressBar.grouped(1_234_567) == "1,234,567")
    #expect(ProgressBar.grouped(999) == "999")
  }

  @Test("no bar for small inputs")
  func smallInputs() {
    #expect(!ProgressBar.isWanted(byteCount: 10_000))
  }
}
