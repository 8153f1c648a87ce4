import Foundation
import FoundryTestSupport
import Testing

/// Where a test's store lives: an SQLite file, or a PostgreSQL database when its binaries are here.
enum CLIStoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  static var available: [CLIStoreKind] { PostgresTestServer.unavailableReason == nil ? allCases : [.sqlite] }

  var testDescription: String { rawValue }

  /// A new, empty store's `--store` argument.
  func makeStore(in directory: TemporaryDirectory) throws -> String {
    switch self {
    case .sqlite: directory.path + "/store.sqlite"
    case .postgres: try PostgresTestServer.shared.get().makeDatabase()
    }
  }
}

/// The failures a new user met with a Modelmatic-style model whose Transformable attributes are
/// bound to transformers (issue "Real models, exactly"), each on both backends.
@Suite("foundry with a model of bound Transformable attributes")
struct TransformedModelTests {
  let directory: TemporaryDirectory
  let model: String
  let payload: String

  init() throws {
    directory = try TemporaryDirectory()
    model = try ModelmaticFixture.writeModel(in: directory.path)
    payload = try directory.write(ModelmaticFixture.payload, to: "authors.json")
  }

  private func importing(_ payload: String, into store: String, _ extra: [String] = ModelmaticFixture.bindings) -> CommandResult {
    foundry(["import", payload, "--model", model, "--entity", "Author", "--root", "authors", "--store", store] + extra)
  }

  @Test("import exits 0, and a dry run too: the summary reads the store through its bindings", arguments: CLIStoreKind.available)
  func importSucceeds(kind: CLIStoreKind) throws {
    let store = try kind.makeStore(in: directory)
    let dryRun = importing(payload, into: store, ModelmaticFixture.bindings + ["--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun)")
    let first = importing(payload, into: store)
    #expect(first.status == 0, "\(first)")
    #expect(first.error == "")
    #expect(first.output.hasSuffix("(inserted 9, updated 0, deleted 0)\nobjects: Author 3, Book 3, Pricing 3\n"), "\(first)")
    // Again, without the flags: the store binds what it recorded; nothing changes, nothing doubles.
    let again = importing(payload, into: store, [])
    #expect(again.status == 0, "\(again)")
    #expect(again.error == "")
    #expect(again.output.hasSuffix("(inserted 0, updated 0, deleted 0)\nobjects: Author 3, Book 3, Pricing 3\n"), "\(again)")
  }

  @Test("stored dates and lists read back: no attribute shows null, and export writes the payload's forms", arguments: CLIStoreKind.available)
  func valuesReadBack(kind: CLIStoreKind) throws {
    let store = try kind.makeStore(in: directory)
    #expect(importing(payload, into: store).status == 0)
    let authors = foundry("query", "--store", store, "--entity", "Author", "--sort", "authorId")
    #expect(
      authors
        == CommandResult(
          status: 0,
          output: """
            authorId  dateOfBirth           firstName  lastName
            1         1564-04-01T00:00:00Z  William    Shakespeare
            2         1840-04-02T00:00:00Z  Émile      Zola
            3         -                     Anonyme    -

            """, error: ""))
    let export = foundry("export", "--store", store, "--entity", "Author", "--root", "authors")
    #expect(export.status == 0, "\(export)")
    #expect(export.output.contains(#""dateOfBirth": "1564-04-01""#))
    #expect(export.output.contains(#""tags": "drama,fantasy""#))
    #expect(export.output.contains(#""retail_price": 12.5"#))
    // The export imports into a new store as the same objects.
    let copy = try directory.write(export.output, to: "copy-\(kind).json")
    let other = try kind.makeStore(in: directory) + (kind == .sqlite ? "-copy" : "")
    #expect(importing(copy, into: other).output.hasSuffix("(inserted 9, updated 0, deleted 0)\nobjects: Author 3, Book 3, Pricing 3\n"))
    #expect(foundry("query", "--store", other, "--entity", "Author", "--sort", "authorId") == authors)
  }

  @Test("a transformed list is a list: CONTAINS, ANY and @count see its elements", arguments: CLIStoreKind.available)
  func listsAreQueryable(kind: CLIStoreKind) throws {
    let store = try kind.makeStore(in: directory)
    #expect(importing(payload, into: store).status == 0)
    func titles(_ predicate: String) -> [String] {
      let result = foundry("query", "--store", store, "--entity", "Book", predicate, "--sort", "title", "--format", "json")
      let titles = result.output.split(separator: "\n").compactMap { line -> String? in
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix(#""title": ""#) else { return nil }
        return String(text.dropFirst(10).prefix { $0 != "\"" })
      }
      return result.status == 0 ? titles : ["exit \(result.status): \(result.error)"]
    }
    #expect(titles(#"tags CONTAINS "drama""#) == ["The Tempest"])
    #expect(titles(#"ANY tags == "fantasy""#) == ["The Tempest"])
    #expect(titles("tags.@count == 2") == ["The Tempest"])
    #expect(titles("tags.@count == 0") == ["Germinal"])
    #expect(titles(#"ANY tags == "melodrama""#) == ["Othello"])
  }

  @Test("query --format json lists each match once at the top level, related objects as identities; --nest nests them")
  func jsonListsMatchesOnce() throws {
    let store = try CLIStoreKind.sqlite.makeStore(in: directory)
    #expect(importing(payload, into: store).status == 0)
    let listed = foundry("query", "--store", store, "--entity", "Book", "--sort", "bookId", "--format", "json")
    #expect(listed.status == 0)
    #expect(listed.output.components(separatedBy: #""book_id""#).count - 1 == 3)
    #expect(listed.output.components(separatedBy: #""author": "#).count - 1 == 3)
    #expect(listed.output.contains(#""author": 1,"#))
    #expect(!listed.output.contains(#""firstName""#))
    let nested = foundry("query", "--store", store, "--entity", "Book", "--sort", "bookId", "--format", "json", "--nest")
    #expect(nested.output.contains(#""firstName": "William""#))
  }

  @Test("a timestamp out of a date's range is refused at import with its place, and never stored", arguments: CLIStoreKind.available)
  func outOfRangeDates(kind: CLIStoreKind) throws {
    let store = try kind.makeStore(in: directory)
    let micros = try directory.write(#"{"authors": [{"author_id": 9, "dateOfBirth": 1700000000000000}]}"#, to: "micros.json")
    let result = importing(micros, into: store, ["--transformer", "Date=epoch-seconds", "--transformer", "StringArray=split:,"])
    #expect(result.status == 1)
    #expect(result.error.contains("$.authors[0].dateOfBirth: expected Date as seconds since 1970, found number 1700000000000000 (out of range"))
    #expect(result.error.contains("micros.json:1:"), "\(result.error)")
    let query = foundry("query", "--store", store, "--entity", "Author")
    #expect(query.output == "(no objects)\n" || query.status == 1, "\(query)")
    // Lossy: the bad value is reported with its object's place and never stored; the optional
    // attribute keeps no value, and the other objects are imported.
    let mixed = try directory.write(
      #"{"authors": [{"author_id": 8, "dateOfBirth": 0}, {"author_id": 9, "dateOfBirth": 1700000000000000}]}"#, to: "mixed-\(kind).json")
    let lossy = importing(mixed, into: store, ["--transformer", "Date=epoch-seconds", "--transformer", "StringArray=split:,", "--lossy"])
    #expect(lossy.status == 0, "\(lossy)")
    #expect((lossy.output + lossy.error).contains("$.authors[1].dateOfBirth"), "\(lossy)")
    #expect(lossy.output.contains("objects: Author 2"), "\(lossy)")
    let stored = foundry("query", "--store", store, "--entity", "Author", "--sort", "authorId")
    #expect(stored.output.contains("8         1970-01-01T00:00:00Z"), "\(stored)")
    #expect(stored.output.contains("9         -"), "\(stored)")
  }

  @Test("a store refuses, naming the attribute, a binding that would read its values otherwise")
  func refusesAnotherBinding() throws {
    let store = try CLIStoreKind.sqlite.makeStore(in: directory)
    #expect(importing(payload, into: store).status == 0)
    let other = importing(payload, into: store, ["--transformer", "Date=json"])
    #expect(other.status == 1)
    #expect(other.error.contains("Author.dateOfBirth: the store keeps it as Date made from Date values"), "\(other.error)")
  }

  @Test("an unbound transformer on a Transformable attribute keeps the payload's JSON, with a one-line note")
  func unboundTransformableKeepsJSON() throws {
    let store = try CLIStoreKind.sqlite.makeStore(in: directory)
    let result = importing(payload, into: store, [])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.error == """
        note: Author.dateOfBirth: transformer "Date" is not bound: values are kept as the payload's JSON \
        (--transformer Date=json says so; bind another spec to transform them)
        note: Book.tags: transformer "StringArray" is not bound: values are kept as the payload's JSON \
        (--transformer StringArray=json says so; bind another spec to transform them)

        """)
    let books = foundry("query", "--store", store, "--entity", "Book", #"tags == "drama,fantasy""#)
    #expect(books.output.contains("The Tempest"), "\(books)")
  }
}
