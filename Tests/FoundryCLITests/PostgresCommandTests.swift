import Foundation
import FoundryCLI
import FoundryTestSupport
import Testing

/// The store commands on a PostgreSQL database named by URL, against the throwaway cluster of
/// ``PostgresTestServer``; and several `foundry` processes sharing one database at once.
@Suite("foundry with a PostgreSQL store", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresCommandTests {
  @Test("import, query and export work on a postgres:// URL as on an SQLite file, the recorded schema included")
  func sameAsSQLite() throws {
    let url = try PostgresTestServer.shared.get().makeDatabase()
    let directory = try TemporaryDirectory()
    let file = directory.path + "/library.sqlite"
    let imported = ImportCommandTests.run(ImportCommandTests.authors, ImportCommandTests.update, "--store", url)
    let importedFile = ImportCommandTests.run(ImportCommandTests.authors, ImportCommandTests.update, "--store", file)
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.output == importedFile.output.replacingOccurrences(of: "store: \(file)", with: "store: \(url)"))
    for entity in ["Author", "Book", "Tag"] {
      let sort = entity == "Tag" ? "label" : "id"
      let query = foundry(["query"] + QueryExportTests.storeOptions(url, entity: entity) + ["--sort", sort])
      #expect(query == foundry(["query"] + QueryExportTests.storeOptions(file, entity: entity) + ["--sort", sort]), "\(entity)")
      #expect(query.output.split(separator: "\n").count > 1)
    }
    // Without --model: the schema and transformer bindings the database recorded.
    let filtered = foundry(["query", "--store", url, "--entity", "Book", "year < 1980 AND ANY tags.label == 'classic'", "--sort", "title:desc"])
    #expect(
      filtered.output == """
        id    title                      year
        1002  The Left Hand of Darkness  1969
        1001  A Wizard of Earthsea       1968

        """)
    let export = foundry(["export", "--store", url, "--entity", "Author", "--root", "authors"])
    #expect(export.status == 0)
    #expect(export == foundry(["export", "--store", file, "--entity", "Author", "--root", "authors"]))
  }

  @Test("a URL naming a database that is not a store is a clear error, for import and query")
  func refusals() throws {
    let server = try PostgresTestServer.shared.get()
    let foreign = try server.makeDatabase(containing: "CREATE TABLE invoices (id INT)")
    let result = ImportCommandTests.run(ImportCommandTests.authors, "--store", foreign)
    #expect(result.status == 1)
    // Errors name the database by its address, without the URL's parameters.
    let address = foreign.split(separator: "?").first.map(String.init) ?? foreign
    #expect(result.error == "error: notAStore: \(address) is a PostgreSQL database but not a Foundry store (tables: invoices)\n")
    let query = foundry(["query", "--store", foreign, "--entity", "Author"])
    #expect(query.status == 1)
    #expect(query.error.hasPrefix("error: notAStore: "))
  }

  // MARK: - Several processes

  /// The `foundry` executable built beside the test bundle (`foundry` to fail with a message when none is).
  static var executable: String {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return BuiltExecutable.path(of: "foundry", repository: repository) ?? "foundry"
  }

  /// A payload of authors `ids`, each with two books of two tags among five shared ones.
  static func payload(authors ids: Range<Int>, lastName: (Int) -> String = { "Name \($0)" }) -> String {
    let authors = ids.map { author in
      let books = (0..<2).map { number in
        let book = author * 10 + number
        let tags = ["tag \((author + number) % 5)", "tag \((author + number + 2) % 5)"].map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"book_id": \#(book), "title": "Book \#(book)", "year": \#(1900 + book % 100), "tags": [\#(tags)]}"#
      }
      return #"{"author_id": \#(author), "firstName": "First \#(author)", "lastName": "\#(lastName(author))", "books": [\#(books.joined(separator: ", "))]}"#
    }
    return #"{"authors": [\#(authors.joined(separator: ",\n"))]}"#
  }

  /// Starts `foundry import PAYLOAD --store URL` with the README example's options.
  static func startImport(_ payload: String, into url: String) throws -> ChildProcess {
    try ChildProcess(program: executable, arguments: ["import", payload] + ImportCommandTests.options() + ["--store", url])
  }

  @Test("four processes import overlapping payloads at once: every object is stored once, every link once")
  func concurrentImports() async throws {
    #expect(FileManager.default.isExecutableFile(atPath: Self.executable), "build the foundry executable first (swift build)")
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    let directory = try TemporaryDirectory()
    // Authors 0-19, 10-29, 20-39, 30-49: each overlaps the next by ten; all share the tags.
    let payloads = try (0..<4).map { process in
      try directory.write(Self.payload(authors: (process * 10)..<(process * 10 + 20)), to: "payload-\(process).json")
    }
    // The store made first, so that the processes race on objects, not on creating tables.
    #expect(ImportCommandTests.run(try directory.write(#"{"authors": []}"#, to: "empty.json"), "--store", url).status == 0)
    // A session locking the Author table until every process has read and waits to insert:
    // all four then insert at once what each found missing.
    let outcomes = try await onOwnThread {
      let processes = try server.holdingLock(#"LOCK TABLE "Author" IN SHARE ROW EXCLUSIVE MODE"#, in: url, untilWaiting: 4) {
        try payloads.map { try Self.startImport($0, into: url) }
      }
      return processes.map { $0.wait() }
    }
    for (status, output) in outcomes { #expect(status == 0, "\(output)") }
    let counts = try server.sql(
      """
      SELECT (SELECT count(*) FROM "Author"), (SELECT count(DISTINCT "id") FROM "Author"), \
      (SELECT count(*) FROM "Book"), (SELECT count(DISTINCT "id") FROM "Book"), \
      (SELECT count(*) FROM "Tag"), (SELECT count(DISTINCT "label") FROM "Tag")
      """, in: url)
    #expect(counts == "50|50|100|100|5|5\n")
    // Every book linked once to its author (the ordered join table) and to each of its two tags.
    let joinTables = try server.sql(
      "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'owner' ORDER BY 1", in: url)
    var links: [String] = []
    for table in joinTables.split(separator: "\n") {
      links.append(try server.sql("SELECT count(*), count(DISTINCT (\"owner\", \"target\")) FROM \"\(table)\"", in: url))
    }
    #expect(links.sorted() == ["100|100\n", "200|200\n"])
  }

  @Test("two processes change the same object at once: one save wins, the other gets the conflict error, and no update is lost silently")
  func concurrentEdits() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    let directory = try TemporaryDirectory()
    #expect(ImportCommandTests.run(try directory.write(Self.payload(authors: 0..<1), to: "base.json"), "--store", url).status == 0)
    let edits = try ["B", "C"].map { name in try directory.write(Self.payload(authors: 0..<1) { _ in name }, to: "\(name).json") }
    // A session holding the row lets both processes read the object before either can write it.
    let outcomes = try await onOwnThread {
      let processes = try server.holdingLock(#"SELECT 1 FROM "Author" FOR UPDATE"#, in: url, untilWaiting: 2) {
        try edits.map { try Self.startImport($0, into: url) }
      }
      return processes.map { $0.wait() }
    }
    let winners = zip(["B", "C"], outcomes).filter { $0.1.status == 0 }.map(\.0)
    let losers = outcomes.filter { $0.status != 0 }
    #expect(winners.count == 1 && losers.count == 1, "\(outcomes)")
    #expect(losers.first?.output.contains("error: conflict: Author") == true, "\(losers)")
    #expect(losers.first?.output.hasSuffix("was changed or deleted in the store since this context read it (lastName)\n") == true, "\(losers)")
    // The winner's value, written once over the first.
    #expect(try server.sql(#"SELECT "lastName", "_version" FROM "Author""#, in: url) == "\(winners.first ?? "?")|2\n")
  }

  @Test("a foundry process killed in the middle of an import leaves nothing of it in the database")
  func killedImport() async throws {
    let server = try PostgresTestServer.shared.get()
    let url = try server.makeDatabase()
    let directory = try TemporaryDirectory()
    let payload = try directory.write(Self.payload(authors: 0..<20), to: "payload.json")
    #expect(ImportCommandTests.run(try directory.write(#"{"authors": []}"#, to: "empty.json"), "--store", url).status == 0)
    let status = try await onOwnThread {
      // The import writes its authors and books, then waits for the tags' table; it dies there.
      try server.holdingLock(#"LOCK TABLE "Tag" IN SHARE ROW EXCLUSIVE MODE"#, in: url, untilWaiting: 1) {
        let process = try Self.startImport(payload, into: url)
        try server.waitForLockWaiters(1, in: url)
        process.kill()
        return process.wait().status
      }
    }
    #expect(ChildProcess.exitCode(of: status) == nil)  // killed by the signal
    // Its session ends once the server finds the client gone; nothing it wrote was committed.
    try await onOwnThread {
      try server.waitUntil("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'", in: url, prints: "1")
    }
    #expect(try server.sql(#"SELECT (SELECT count(*) FROM "Author"), (SELECT count(*) FROM "Book"), (SELECT count(*) FROM "Tag")"#, in: url) == "0|0|0\n")
  }
}
