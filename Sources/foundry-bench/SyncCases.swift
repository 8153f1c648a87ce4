#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryStore
import FoundrySQLite
import GRDB

/// `store.sync`: a payload imported again into a store that holds the previous one: the work
/// sync libraries are judged by.
///
/// The store holds N authors with five books each (imported from a first payload, outside the
/// time). The second payload lists the same authors but: every other one changed (its name and
/// its books' titles), a tenth of them new, a tenth of the old ones missing. Ours imports the
/// file into the store in batches (`foundry import --store`'s path) with stale objects
/// deleted: the missing authors go, their books with them (cascade). The baseline writes the
/// same rows through GRDB by hand, no mapping: the rows already in Swift values, a prepared
/// `INSERT … ON CONFLICT DO UPDATE` per author and per book, and one `DELETE` of the authors
/// the payload leaves out (their books by the foreign key's cascade), in one transaction, into
/// tables of the same shape. Both start each run from a copy of their store as the first
/// payload left it. N is `FOUNDRY_BENCH_SYNC_AUTHORS` (100,000 unless set).
enum SyncCases {
  static let schema = try! Schema {
    Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Attribute("born", .integer32, optional: true)
      Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
    }
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
      Attribute("year", .integer32)
      Relationship("author", to: "Author", inverse: "books")
    }
  }

  static var authorCount: Int {
    ProcessInfo.processInfo.environment["FOUNDRY_BENCH_SYNC_AUTHORS"].flatMap(Int.init).map { max(10, $0) } ?? 100_000
  }

  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    let count = authorCount
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-sync").path
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let first = Payload(authors: (0..<count).map { Author(id: $0, revision: 0) })
    let second = Payload.sync(of: count)
    let firstFile = directory + "/first.json"
    let secondFile = directory + "/second.json"
    try Data(first.json.utf8).write(to: URL(fileURLWithPath: firstFile))
    try Data(second.json.utf8).write(to: URL(fileURLWithPath: secondFile))

    var options = GraphImportOptions()
    options.staleObjects = .all
    let seed = directory + "/seed.sqlite"
    try importFile(firstFile, into: seed, options: options)
    let rawSeed = directory + "/raw-seed.sqlite"
    try RawSync.write(first, into: rawSeed, fresh: true)

    let ours = directory + "/ours.sqlite"
    let raw = directory + "/raw.sqlite"
    // Checked once before measuring: both sides end with the second payload's objects.
    try copyDatabase(seed, to: ours)
    try importFile(secondFile, into: ours, options: options)
    try copyDatabase(rawSeed, to: raw)
    try RawSync.write(second, into: raw, fresh: false)
    try check(ours: ours, raw: raw, expected: second)

    let size = second.json.utf8.count
    return [
      BenchmarkCase(
        name: "store.sync", file: "\(count / 1000)k authors, 5 books each", byteCount: size,
        baselineName: "GRDB upserts by hand",
        ours: { try importFile(secondFile, into: ours, options: options, fresh: false) },
        baseline: { try RawSync.write(second, into: raw, fresh: false) },
        setUp: {
          try copyDatabase(seed, to: ours)
          try copyDatabase(rawSeed, to: raw)
        }
      )
    ]
  }

  /// Imports the JSON file at `file` into the store at `path` (a new one when `fresh`).
  static func importFile(_ file: String, into path: String, options: GraphImportOptions, fresh: Bool = true) throws {
    if fresh { StoreCases.removeDatabase(at: path) }
    let store = try Store(path: path, schema: schema)
    let report = try store.importFileNow(
      contentsOf: file, format: .json, entity: "Author", root: nil, options: options, transformers: nil, dryRun: false, sourceName: nil)
    blackHole(report)
  }

  /// Copies the closed database at `source` (with its log, if one is left) to `destination`.
  private static func copyDatabase(_ source: String, to destination: String) throws {
    StoreCases.removeDatabase(at: destination)
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
      try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
    }
  }

  /// Both stores hold exactly the second payload's authors and books, with its values.
  private static func check(ours: String, raw: String, expected: Payload) throws {
    let (expectedAuthors, expectedBooks) = rows(of: expected)
    let ourAuthors = try DatabaseQueue(path: ours).read { db in
      (
        try Row.fetchAll(db, sql: #"SELECT "id", "name" FROM "Author""#).map { "\($0[0] as Int64) \($0[1] as String)" }.sorted(),
        try Row.fetchAll(db, sql: #"SELECT b."id", b."title", a."id" FROM "Book" b JOIN "Author" a ON a."_pk" = b."author""#)
          .map { "\($0[0] as Int64) \($0[1] as String) \($0[2] as Int64)" }.sorted()
      )
    }
    let rawRows = try DatabaseQueue(path: raw).read { db in
      (
        try Row.fetchAll(db, sql: "SELECT id, name FROM author").map { "\($0[0] as Int64) \($0[1] as String)" }.sorted(),
        try Row.fetchAll(db, sql: "SELECT id, title, author_id FROM book").map { "\($0[0] as Int64) \($0[1] as String) \($0[2] as Int64)" }.sorted()
      )
    }
    guard ourAuthors.0 == expectedAuthors, ourAuthors.1 == expectedBooks else {
      throw SetupError(
        "store.sync: the store holds \(ourAuthors.0.count) authors and \(ourAuthors.1.count) books, not the payload's \(expectedAuthors.count) and \(expectedBooks.count)")
    }
    guard rawRows.0 == expectedAuthors, rawRows.1 == expectedBooks else {
      throw SetupError("store.sync: the GRDB baseline holds \(rawRows.0.count) authors and \(rawRows.1.count) books, not the payload's")
    }
  }

  /// The payload's authors (`id name`) and books (`id title author-id`) as sorted lines, to
  /// compare with a store's rows.
  static func rows(of payload: Payload) -> (authors: [String], books: [String]) {
    (
      payload.authors.map { "\($0.id) \($0.name)" }.sorted(),
      payload.authors.flatMap { author in author.books.map { "\($0.id) \($0.title) \(author.id)" } }.sorted()
    )
  }

  // MARK: - Payloads

  struct Book {
    var id: Int
    var title: String
    var year: Int
  }

  /// An author of the payloads; `revision` 1 is the changed one.
  struct Author {
    var id: Int
    var name: String
    var born: Int?
    var books: [Book]

    init(id: Int, revision: Int) {
      self.id = id
      let names = ["Zoë Ørsted", "Ada Lovelace", "Ελένη Ζαχαρίου", "Jean-Paul Sartre", "山田 太郎"]
      name = names[id % names.count] + " \(id)" + (revision > 0 ? " (revised)" : "")
      born = id % 7 == 0 ? nil : 1900 + id % 100
      books = (0..<5).map { number in
        Book(id: id * 5 + number, title: "Book \(number) of \(id)" + (revision > 0 ? ", 2nd edition" : ""), year: 1950 + (id + number) % 70)
      }
    }
  }

  struct Payload {
    var authors: [Author]

    /// The second payload over `count` authors: every other one changed, the first tenth
    /// missing, a tenth new after the last.
    static func sync(of count: Int) -> Payload { Payload(authors: Array(syncAuthors(of: count))) }

    /// The authors of ``sync(of:)``, made as they are read.
    static func syncAuthors(of count: Int) -> some Sequence<Author> {
      let kept = (count / 10..<count).lazy.map { Author(id: $0, revision: $0.isMultiple(of: 2) ? 1 : 0) }
      return [AnySequence(kept), AnySequence((count..<(count + count / 10)).lazy.map { Author(id: $0, revision: 0) })].joined()
    }

    var json: String {
      var text = "["
      text.reserveCapacity(authors.count * 420)
      for (index, author) in authors.enumerated() {
        if index > 0 { text += ",\n" }
        text += #"{"id":\#(author.id),"name":"\#(author.name)","born":\#(author.born.map(String.init) ?? "null"),"books":["#
        for (number, book) in author.books.enumerated() {
          if number > 0 { text += "," }
          text += #"{"id":\#(book.id),"title":"\#(book.title)","year":\#(book.year)}"#
        }
        text += "]}"
      }
      return text + "]"
    }
  }

  // MARK: - Baseline

  /// The baseline's tables and writes, by hand.
  enum RawSync {
    static let create = [
      "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born INTEGER)",
      "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER NOT NULL, author_id INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE)",
      "CREATE INDEX book_author ON book (author_id)",
    ]

    /// Upserts every author and book of `payload` and deletes the authors it leaves out, in
    /// one transaction (tables made first when `fresh`).
    static func write(_ payload: Payload, into path: String, fresh: Bool) throws {
      if fresh { StoreCases.removeDatabase(at: path) }
      let pool = try DatabasePool(path: path)
      try pool.write { db in
        if fresh { for statement in create { try db.execute(sql: statement) } }
        let author = try db.makeStatement(
          sql: "INSERT INTO author (id, name, born) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, born = excluded.born")
        let book = try db.makeStatement(
          sql: """
            INSERT INTO book (id, title, year, author_id) VALUES (?, ?, ?, ?) \
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, year = excluded.year, author_id = excluded.author_id
            """)
        var ids: [Int] = []
        ids.reserveCapacity(payload.authors.count)
        for row in payload.authors {
          try author.execute(arguments: [row.id, row.name, row.born])
          for item in row.books { try book.execute(arguments: [item.id, item.title, item.year, row.id]) }
          ids.append(row.id)
        }
        // The authors the payload leaves out, in one statement: its identities as a JSON array.
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        try db.execute(sql: "DELETE FROM author WHERE id NOT IN (SELECT value FROM json_each(?))", arguments: [list])
      }
      try pool.close()
    }
  }
}
