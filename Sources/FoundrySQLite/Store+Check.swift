import Foundation
import FoundryStore
internal import GRDB

extension Store {
  /// What is wrong with the SQLite store file at `path`, one line per problem, read without
  /// changing the file: an empty list for a sound store.
  ///
  /// It checks that the file is an SQLite database, SQLite's own `PRAGMA integrity_check`
  /// (every page, every index against its table) and `foreign_key_check`, that the store's
  /// record is of a format this Foundry reads, and that every table and index the record lists
  /// is in the file as it was made.
  ///
  /// ```swift
  /// for problem in Store.problems(ofFileAt: "library.sqlite") { print(problem) }
  /// ```
  public static func problems(ofFileAt path: String) -> [String] {
    var problems: [String] = []
    var recorded: [String: String] = [:]
    do {
      guard let found = try SQLiteStoreFile.record(path: path), !found.isEmpty else { return ["\(path) is not a Foundry store (no foundry_store record)"] }
      recorded = found
      try StoreRecord.checkFormat(of: recorded, name: path)
    } catch  where error.code == .corrupt && FileManager.default.fileExists(atPath: path) {
      // A damaged file still gets SQLite's checks, which say where.
      problems.append("\(path): the store's record cannot be read (the file is damaged)")
    } catch {
      return [error.message]
    }
    var configuration = Configuration()
    configuration.readonly = true
    do {
      let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
      let queue = try DatabaseQueue(path: hasLog ? path : SQLiteStoreFile.immutableURI(path), configuration: configuration)
      return problems + SQLiteStoreFile.problems(in: queue, recorded: recorded, path: path)
    } catch {
      return problems + ["\(path) cannot be opened: \((error as? DatabaseError)?.message ?? "\(error)")"]
    }
  }
}

extension SQLiteStoreFile {
  /// The most lines SQLite's integrity check reports.
  static let maxIntegrityLines = 100

  /// What is wrong in the open database: SQLite's checks, then the tables the record lists.
  /// A check that a damaged page stops is a problem of its own, and the others still run.
  static func problems(in queue: DatabaseQueue, recorded: [String: String], path: String) -> [String] {
    var problems: [String] = []
    func run(_ check: String, _ body: (Database) throws -> [String]) {
      do { problems += try queue.read(body) } catch {
        let message = (error as? DatabaseError)?.message ?? "\(error)"
        problems.append("\(path): \(check) stopped: \(message)")
      }
    }
    run("integrity_check") { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check(\(maxIntegrityLines))").flatMap { $0.split(separator: "\n") }.filter { $0 != "ok" }.map {
        "\(path): integrity: \($0)"
      }
    }
    run("foreign_key_check") { db in
      try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
        "\(path): foreign key: \(row[0] as String? ?? "?") row \(row[1] as Int64? ?? -1) names a missing \(row[2] as String? ?? "?") row"
      }
    }
    run("the tables check") { db in
      let made = Set(try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").map(normalized))
      guard let tables = recorded["tables"] else { return [] }
      return tables.split(separator: "\n").filter { !made.contains(normalized(String($0))) }.map {
        "\(path): missing or changed since the store was made: \($0)"
      }
    }
    return problems
  }

  /// `sql` with its runs of whitespace made one space: SQLite keeps a statement as written.
  private static func normalized(_ sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
