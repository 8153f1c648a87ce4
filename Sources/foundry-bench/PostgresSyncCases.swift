import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import PostgresNIO

/// `store.export.postgres` and `store.sync.postgres`: `store.export` and `store.sync` on a
/// PostgreSQL store (the server `FOUNDRY_BENCH_POSTGRES` names), against postgres-nio by hand.
///
/// Each starts from the store `store.sync`'s first payload makes (N authors with five books
/// each, imported outside the time; N is `FOUNDRY_BENCH_SYNC_AUTHORS`), and the baseline's
/// tables of the same shape (`author`, `book`) copied from it.
///
/// - `store.export.postgres`: ours opens the store and writes every author with its books
///   prefetched as compact JSON (as `store.export` does); the baseline reads both tables on a
///   new connection, groups the books by author and encodes the authors with `JSONEncoder`.
/// - `store.sync.postgres`: ours imports `store.sync`'s second payload in batches with stale
///   authors deleted; the baseline sends, in one transaction on a new connection, a prepared
///   `INSERT … ON CONFLICT DO UPDATE` per author and per book (pipelined: no waiting for each
///   answer) and one `DELETE` of the authors the payload leaves out. Before each run both
///   sides' tables are restored from copies in a `seed` schema, outside the time.
enum PostgresSyncCases {
  static func makeExport(corpus: Corpus) throws -> [BenchmarkCase] {
    guard let url = PostgresCases.serverURL(skipping: "store.export.postgres") else { return [] }
    let server = try RawPostgres(url: url)
    let count = SyncCases.authorCount
    try seed(server: server, url: url, count: count)
    let output = try ExportCases.export(from: try store(url))
    try ExportCases.check(output, against: try exportRaw(server), authors: count)
    return [
      BenchmarkCase(
        name: "store.export.postgres", file: "\(count / 1000)k authors, 5 books each", byteCount: output.count,
        baselineName: "postgres-nio + JSONEncoder",
        ours: { blackHole(try ExportCases.export(from: try store(url))) },
        baseline: { blackHole(try exportRaw(server)) }
      )
    ]
  }

  static func makeSync(corpus: Corpus) throws -> [BenchmarkCase] {
    guard let url = PostgresCases.serverURL(skipping: "store.sync.postgres") else { return [] }
    let server = try RawPostgres(url: url)
    let count = SyncCases.authorCount
    try seed(server: server, url: url, count: count)
    let tables = [#""Author""#, #""Book""#, "author", "book"]
    try server.execute(["DROP SCHEMA IF EXISTS seed CASCADE", "CREATE SCHEMA seed"] + tables.map { "CREATE TABLE seed.\($0) AS TABLE public.\($0)" })
    let restore = ["TRUNCATE " + tables.map { "public.\($0)" }.joined(separator: ", ")] + tables.map { "INSERT INTO public.\($0) SELECT * FROM seed.\($0)" }

    let second = SyncCases.Payload.sync(of: count)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-sync-postgres.json").path
    try Data(second.json.utf8).write(to: URL(fileURLWithPath: file))
    var options = GraphImportOptions()
    options.staleObjects = .all
    let importSecond = {
      let report = try store(url).importFileNow(
        contentsOf: file, format: .json, entity: "Author", root: nil, options: options, transformers: nil, dryRun: false, sourceName: nil)
      blackHole(report)
    }
    // Checked once before measuring: both sides end with the second payload's objects.
    try importSecond()
    try syncRaw(second, server: server)
    try check(server: server, expected: second)
    return [
      BenchmarkCase(
        name: "store.sync.postgres", file: "\(count / 1000)k authors, 5 books each", byteCount: second.json.utf8.count,
        baselineName: "postgres-nio upserts by hand",
        ours: importSecond,
        baseline: { try syncRaw(second, server: server) },
        setUp: { try server.execute(restore) }
      )
    ]
  }

  /// A store on the database at `url`, with one connection.
  private static func store(_ url: String) throws -> Store {
    try Store.openNow(postgres: url, schema: SyncCases.schema, poolSize: 1)
  }

  /// Empties the database, imports the first payload of `count` authors into a store there,
  /// and copies its rows into the baseline's tables.
  private static func seed(server: RawPostgres, url: String, count: Int) throws {
    try server.reset()
    let payload = SyncCases.Payload(authors: (0..<count).map { SyncCases.Author(id: $0, revision: 0) })
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-seed-postgres.json").path
    try Data(payload.json.utf8).write(to: URL(fileURLWithPath: file))
    let report = try store(url).importFileNow(
      contentsOf: file, format: .json, entity: "Author", root: nil, options: GraphImportOptions(), transformers: nil, dryRun: false, sourceName: nil)
    blackHole(report)
    try server.execute([
      "CREATE TABLE author (id BIGINT PRIMARY KEY, name TEXT NOT NULL, born INTEGER)",
      "CREATE TABLE book (id BIGINT PRIMARY KEY, title TEXT NOT NULL, year INTEGER NOT NULL, author_id BIGINT NOT NULL REFERENCES author (id) ON DELETE CASCADE)",
      "CREATE INDEX book_author ON book (author_id)",
      #"INSERT INTO author SELECT "id", "name", "born" FROM "Author""#,
      #"INSERT INTO book SELECT b."id", b."title", b."year", a."id" FROM "Book" b JOIN "Author" a ON a."_pk" = b."author""#,
    ])
  }

  /// The baseline's export: both tables read, books grouped by author, `JSONEncoder`. Rows
  /// are decoded as they arrive (postgres-nio's collected result copies its list of rows as
  /// it grows; the store reads this way too).
  private static func exportRaw(_ server: RawPostgres) throws -> Data {
    try server.withConnection { connection in
      let books = Box([Int64: [ExportCases.ExportedBook]]())
      _ = try connection.query("SELECT id, title, year::bigint, author_id FROM book", logger: server.logger) { row in
        let (id, title, year, author) = try row.decode((Int64, String, Int64, Int64).self)
        books.value[author, default: []].append(ExportCases.ExportedBook(id: id, title: title, year: year))
      }.wait()
      let authors = Box([ExportCases.ExportedAuthor]())
      _ = try connection.query("SELECT id, name, born::bigint FROM author", logger: server.logger) { row in
        let (id, name, born) = try row.decode((Int64, String, Int64?).self)
        authors.value.append(ExportCases.ExportedAuthor(id: id, name: name, born: born, books: books.value[id] ?? []))
      }.wait()
      return try JSONEncoder().encode(authors.value)
    }
  }

  /// A value the rows of a query are read into. Unchecked `Sendable`: postgres-nio calls a
  /// query's row handler on one event loop, one row after another, and the caller reads the
  /// value after the query's future completed.
  private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// The baseline's sync of `payload`, in one transaction on a new connection.
  private static func syncRaw(_ payload: SyncCases.Payload, server: RawPostgres) throws {
    try server.withConnection { connection in
      let logger = server.logger
      var sent: [EventLoopFuture<Void>] = [connection.query("BEGIN", logger: logger).map { _ in }]
      let prepared = try EventLoopFuture.whenAllSucceed(
        [
          connection.prepare(
            query: "INSERT INTO author (id, name, born) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = excluded.name, born = excluded.born"),
          connection.prepare(
            query: """
              INSERT INTO book (id, title, year, author_id) VALUES ($1, $2, $3, $4) \
              ON CONFLICT (id) DO UPDATE SET title = excluded.title, year = excluded.year, author_id = excluded.author_id
              """),
        ], on: connection.eventLoop
      ).wait()
      var ids: [Int64] = []
      ids.reserveCapacity(payload.authors.count)
      for author in payload.authors {
        let born = author.born.map { PostgresData(int32: Int32($0)) } ?? PostgresData(type: .int4)
        sent.append(prepared[0].execute([PostgresData(int64: Int64(author.id)), PostgresData(string: author.name), born]) { _ in })
        for book in author.books {
          let binds = [PostgresData(int64: Int64(book.id)), PostgresData(string: book.title), PostgresData(int32: Int32(book.year)), PostgresData(int64: Int64(author.id))]
          sent.append(prepared[1].execute(binds) { _ in })
        }
        ids.append(Int64(author.id))
      }
      // NOT IN a subquery: hashed once, where `<> ALL(array)` would scan the array per row.
      sent.append(connection.query("DELETE FROM author WHERE id NOT IN (SELECT unnest(\(ids)::bigint[]))", logger: logger).map { _ in })
      sent.append(connection.query("COMMIT", logger: logger).map { _ in })
      _ = try EventLoopFuture.whenAllSucceed(sent, on: connection.eventLoop).wait()
    }
  }

  /// Both sides' tables hold exactly `expected`'s authors and books, with its values.
  private static func check(server: RawPostgres, expected: SyncCases.Payload) throws {
    let wanted = SyncCases.rows(of: expected)
    let ours = try rows(server, authors: #"SELECT "id", "name" FROM "Author""#, books: #"SELECT b."id", b."title", a."id" FROM "Book" b JOIN "Author" a ON a."_pk" = b."author""#)
    guard ours.authors == wanted.authors, ours.books == wanted.books else {
      throw SetupError(
        "store.sync.postgres: the store holds \(ours.authors.count) authors and \(ours.books.count) books, not the payload's \(wanted.authors.count) and \(wanted.books.count)")
    }
    let raw = try rows(server, authors: "SELECT id, name FROM author", books: "SELECT id, title, author_id FROM book")
    guard raw.authors == wanted.authors, raw.books == wanted.books else {
      throw SetupError("store.sync.postgres: the postgres-nio baseline holds \(raw.authors.count) authors and \(raw.books.count) books, not the payload's")
    }
  }

  /// The rows of two queries (`id, name` and `id, title, author id`) as ``SyncCases/rows(of:)`` writes them.
  private static func rows(_ server: RawPostgres, authors: String, books: String) throws -> (authors: [String], books: [String]) {
    try server.withConnection { connection in
      let authorRows = try connection.query(PostgresQuery(unsafeSQL: authors), logger: server.logger).wait().map { row in
        let (id, name) = try row.decode((Int64, String).self)
        return "\(id) \(name)"
      }
      let bookRows = try connection.query(PostgresQuery(unsafeSQL: books), logger: server.logger).wait().map { row in
        let (id, title, author) = try row.decode((Int64, String, Int64).self)
        return "\(id) \(title) \(author)"
      }
      return (authorRows.sorted(), bookRows.sorted())
    }
  }
}

extension RawPostgres {
  /// Runs `statements` one after another on a new connection.
  func execute(_ statements: [String]) throws {
    try withConnection { connection in
      for sql in statements { _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait() }
    }
  }
}
