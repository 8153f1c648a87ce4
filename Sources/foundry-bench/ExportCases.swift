import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import GRDB

/// `store.export`: every author of a store written out as JSON with its books nested: what
/// `foundry export` does, and what reading a graph back costs.
///
/// The store holds N authors with five books each (`store.sync`'s first payload, imported
/// outside the time; N is `FOUNDRY_BENCH_SYNC_AUTHORS`). Ours opens the store, fetches every
/// author with its books prefetched and writes the objects as compact JSON through the
/// schema's key paths. The baseline opens a GRDB queue on tables of the same shape, fetches
/// `Author.including(all: Author.books)` into `Decodable` records and encodes them with
/// `JSONEncoder`. Both outputs are checked before measuring to hold the same authors and
/// books; throughput counts our output's bytes.
enum ExportCases {
  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    let count = SyncCases.authorCount
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-export").path
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let payload = SyncCases.Payload(authors: (0..<count).map { SyncCases.Author(id: $0, revision: 0) })
    let file = directory + "/authors.json"
    try Data(payload.json.utf8).write(to: URL(fileURLWithPath: file))
    let ours = directory + "/ours.sqlite"
    let raw = directory + "/raw.sqlite"
    try SyncCases.importFile(file, into: ours, options: GraphImportOptions())
    try SyncCases.RawSync.write(payload, into: raw, fresh: true)

    let output = try export(ours)
    try check(output, against: try RawExport.export(raw), authors: count)
    return [
      BenchmarkCase(
        name: "store.export", file: "\(count / 1000)k authors, 5 books each", byteCount: output.count,
        baselineName: "GRDB including(all:) + JSONEncoder",
        ours: { blackHole(try export(ours)) },
        baseline: { blackHole(try RawExport.export(raw)) }
      )
    ]
  }

  /// Every author of the store at `path`, with its books, as compact JSON.
  static func export(_ path: String) throws -> [UInt8] {
    try export(from: try Store(path: path, schema: SyncCases.schema))
  }

  /// Every author of `store`, with its books prefetched, as compact JSON.
  static func export(from store: Store) throws -> [UInt8] {
    let context = try store.makeContext()
    var request = FetchRequest(entity: "Author")
    request.prefetch = ["books"]
    let authors = try context.fetchNow(request)
    return try context.graph.exportJSON(authors)
  }

  /// Both exports hold the same `authors` authors with the same values and books.
  static func check(_ ours: [UInt8], against baseline: Data, authors: Int) throws {
    let decoder = JSONDecoder()
    let mine = try decoder.decode([ExportedAuthor].self, from: Data(ours)).map(\.sorted).sorted { $0.id < $1.id }
    let theirs = try decoder.decode([ExportedAuthor].self, from: baseline).map(\.sorted).sorted { $0.id < $1.id }
    guard mine.count == authors, mine == theirs else {
      throw SetupError("store.export: ours wrote \(mine.count) authors, the baseline \(theirs.count), of \(authors); or their values differ")
    }
    guard mine.allSatisfy({ $0.books.count == 5 }) else { throw SetupError("store.export: an author was written without its five books") }
  }

  /// An author as both sides write it.
  struct ExportedAuthor: Codable, Equatable, FetchableRecord {
    var id: Int64
    var name: String
    var born: Int64?
    var books: [ExportedBook]

    /// The author with its books in identity order.
    var sorted: ExportedAuthor {
      var copy = self
      copy.books.sort { $0.id < $1.id }
      return copy
    }
  }

  /// A book as both sides write it (its author is the one it is nested in).
  struct ExportedBook: Codable, Equatable {
    var id: Int64
    var title: String
    var year: Int64
  }

  // MARK: - Baseline

  /// The baseline's records and export, by GRDB's associations.
  enum RawExport {
    struct AuthorRecord: TableRecord {
      static let databaseTableName = "author"
      static let books = hasMany(BookRecord.self, using: ForeignKey(["author_id"]))
    }

    struct BookRecord: TableRecord {
      static let databaseTableName = "book"
    }

    /// Every author of the tables at `path` with its books, encoded by `JSONEncoder`.
    static func export(_ path: String) throws -> Data {
      let queue = try DatabaseQueue(path: path)
      let authors = try queue.read { db in
        try AuthorRecord.including(all: AuthorRecord.books).asRequest(of: ExportedAuthor.self).fetchAll(db)
      }
      return try JSONEncoder().encode(authors)
    }
  }
}
