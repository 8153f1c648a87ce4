import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import GRDB

/// `store.query`: a predicate with `[cd]` on an indexed key path, a collection aggregate and a
/// to-many `ANY`, fetched from a store of 20,000 authors and 100,000 books into a new context:
///
///     lastName ==[cd] $name AND books.@avg.rating > 3 AND ANY books.year > 2000
///
/// against the same query written in SQL by hand and run through GRDB on the same file (the
/// same folding function registered on its connections, so the same index serves it),
/// decoding the authors' rows into `FetchableRecord` structs. Target: at least 0.8.
/// Throughput counts the store file's size.
enum QueryCases {
  static let schema: Schema = {
    var author = Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("firstName", .string)
      Attribute("lastName", .string)
      Relationship("books", to: "Book", toMany: true, inverse: "author")
    }
    author.indexedKeyPaths = ["lastName[cd]"]
    let book = Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
      Attribute("year", .integer32)
      Attribute("rating", .double)
      Relationship("author", to: "Author", inverse: "books")
    }
    // A fixed schema: a mistake in it is a bug of the benchmark, found on its first run.
    return try! Schema([author, book])
  }()

  /// Three spellings of each of 100 names: each folded name has 200 authors.
  static func lastName(_ id: Int) -> String {
    let base = ["Müller", "Café", "Résumé", "Straße", "Zoë", "Ångström", "Łukasz", "Ñandú", "Øre", "Çelik"][id % 10] + " \(id / 10 % 10)"
    switch id / 100 % 3 {
    case 0: return base
    case 1: return base.uppercased()
    default: return base.lowercased()
    }
  }

  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-query.sqlite").path
    StoreCases.removeDatabase(at: path)
    let store = try Store(path: path, schema: schema)
    let context = try store.makeContext()
    for id in 0..<20_000 {
      let author = try context.insert("Author")
      author.id = .integer(Int64(id))
      author.firstName = .string("first \(id)")
      author.lastName = .string(lastName(id))
      for number in 0..<5 {
        let book = try context.insert("Book")
        book.id = .integer(Int64(id * 5 + number))
        book.title = .string("book \(number) of \(id)")
        book.year = .integer(Int64(1990 + (id + number * 7) % 20))
        book.rating = .double(Double((id / 7 + number) % 11) / 2)
        try book.setRelated(author, forKey: "author")
      }
    }
    try context.saveNow()
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let request = try FetchRequest(
      entity: "Author", where: "lastName ==[cd] $name AND books.@avg.rating > 3 AND ANY books.year > 2000", variables: ["name": "muller 3"])
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.add(
        function: DatabaseFunction("foundry_fold", argumentCount: 2, pure: true) { values in
          guard let value = values.first, case .string(let text) = value.storage else { return values.first }
          return QueryFolding(rawValue: Int.fromDatabaseValue(values[1]) ?? 0).fold(text)
        })
    }
    let pool = try DatabasePool(path: path, configuration: configuration)
    let ours = try store.makeContext().fetchNow(request).count
    let theirs = try pool.read { db in try AuthorRecord.fetchAll(db, sql: AuthorRecord.query, arguments: ["muller 3"]) }
    let plan = try store.makeContext().queryPlan(request)
    guard ours == theirs.count, ours > 0, plan.contains(where: { $0.contains("Author_path_lastName[cd]") }) else {
      throw SetupError("store.query: the store finds \(ours) authors, GRDB \(theirs.count); the plan: \(plan)")
    }
    return [
      BenchmarkCase(
        name: "store.query", file: "20k authors, 100k books", byteCount: size, baselineName: "GRDB hand-written SQL",
        ours: { blackHole(try store.makeContext().fetchNow(request)) },
        baseline: { blackHole(try pool.read { db in try AuthorRecord.fetchAll(db, sql: AuthorRecord.query, arguments: ["muller 3"]) }) }
      )
    ]
  }

  /// An author's row, as GRDB decodes it.
  struct AuthorRecord: FetchableRecord {
    let id: Int64
    let firstName: String
    let lastName: String

    /// The query of `store.query`, by hand: the folded name through the same index, the
    /// average rating and the newer book as correlated subqueries.
    static let query = """
      SELECT a."id", a."firstName", a."lastName" FROM "Author" a
      WHERE foundry_fold(a."lastName", 3) = foundry_fold(?, 3)
        AND (SELECT COALESCE(AVG(b."rating"), 0) FROM "Book" b WHERE b."author" = a."_pk") > 3
        AND EXISTS (SELECT 1 FROM "Book" b WHERE b."author" = a."_pk" AND b."year" IS NOT NULL AND b."year" > 2000)
      """

    init(row: Row) throws {
      id = row[0]
      firstName = row[1]
      lastName = row[2]
    }
  }
}
