import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `foundry import --store` run in a child process that a crash test may kill with SIGKILL,
/// and what a store holds once the child is gone: the machinery `CrashSafetyTests` and
/// `CrashLoopTests` share.
///
/// ```swift
/// try KilledImport.payload(authors: 4_000).write(toFile: big, atomically: true, encoding: .utf8)
/// let before = try await KilledImport.state(of: store)
/// let outcome = try await KilledImport.run(big, into: store, killAfter: 0.4)
/// let after = try await KilledImport.state(of: store)
/// ```
enum KilledImport {
  /// The repository's root, found from this file's path.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let model = repository.appendingPathComponent("Examples/Library.xcdatamodeld").path
  /// The small committed payload of `Examples/`: 2 authors, 3 books, 4 tags.
  static let smallPayload = repository.appendingPathComponent("Examples/authors.json").path
  static let arguments = ["--model", model, "--entity", "Author", "--root", "authors", "--transformer", "ISODay=date:yyyy-MM-dd"]

  /// The `foundry` executable built beside the test bundle.
  static var foundry: String? { BuiltExecutable.path(of: "foundry", repository: repository) }

  // MARK: - Payloads

  /// A payload of `count` authors, IDs from `firstID` on, with two books each (IDs ten times
  /// their author's, and one more) and tags shared between them (`tag 0` to `tag 49`, `shared`).
  static func payload(authors count: Int, firstID: Int = 10_000) -> String {
    let authors = (0..<count).map { index in
      let id = firstID + index
      return #"{"author_id": \#(id), "firstName": "Author \#(index)", "lastName": "Writer", "books": ["#
        + #"{"book_id": \#(id * 10), "title": "Book \#(index) a", "year": 2000, "tags": ["tag \#(index % 50)", "shared"]},"#
        + #"{"book_id": \#(id * 10 + 1), "title": "Book \#(index) b", "tags": ["tag \#(index % 7)"]}]}"#
    }
    return #"{"version": 1, "authors": ["# + authors.joined(separator: ",\n") + "]}"
  }

  // MARK: - What a store holds

  /// What a store holds, read back after its writer ended: SQLite's verdict on the file, the
  /// objects per entity as a reopened `Store` counts them, and every identity.
  struct State: Equatable {
    var integrity: String
    var counts: [String: Int]
    var authorIDs: Set<Int64>
    var bookIDs: Set<Int64>
    var tagLabels: Set<String>

    /// This state with everything `other` holds added, as a complete import of `other` leaves it.
    func merging(_ other: State) -> State {
      var merged = self
      merged.authorIDs.formUnion(other.authorIDs)
      merged.bookIDs.formUnion(other.bookIDs)
      merged.tagLabels.formUnion(other.tagLabels)
      merged.counts = ["Author": merged.authorIDs.count, "Book": merged.bookIDs.count, "Tag": merged.tagLabels.count]
      return merged
    }
  }

  /// The state of the store at `path`, opened afresh (recovering what a killed writer left).
  static func state(of path: String) async throws -> State {
    let database = try DatabaseQueue(path: path)
    let (integrity, authorIDs, bookIDs, tagLabels) = try await database.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "",
        Set(try Int64.fetchAll(db, sql: "SELECT id FROM Author")),
        Set(try Int64.fetchAll(db, sql: "SELECT id FROM Book")),
        Set(try String.fetchAll(db, sql: "SELECT label FROM Tag"))
      )
    }
    try database.close()
    let store = try Store(path: path, schema: try Schema(modelAt: URL(fileURLWithPath: model)))
    let context = try store.makeContext()
    var counts: [String: Int] = [:]
    for entity in ["Author", "Book", "Tag"] { counts[entity] = try await context.count(FetchRequest(entity: entity)) }
    return State(integrity: integrity, counts: counts, authorIDs: authorIDs, bookIDs: bookIDs, tagLabels: tagLabels)
  }

  // MARK: - Running and killing

  /// How a child import ended.
  enum Outcome: Equatable {
    /// It exited by itself, with this exit code.
    case exited(Int32)
    /// SIGKILL ended it while it ran.
    case killed
  }

  /// Runs `foundry import` on `payload` into the store at `store`; with `delay`, sends it
  /// SIGKILL that many seconds after starting it, unless it has ended by then.
  /// - Returns: How it ended, and what it printed.
  static func run(_ payload: String, into store: String, killAfter delay: Double? = nil) async throws -> (outcome: Outcome, output: String) {
    let program = try #require(foundry, "build the foundry executable first (swift build)")
    let child = try ChildProcess(program: program, arguments: ["import", payload] + arguments + ["--store", store])
    if let delay {
      try await Task.sleep(for: .seconds(delay))
      // A process that has exited but not been waited for is a zombie: the signal reaches
      // nothing, and its status still says it exited.
      child.kill()
    }
    let (status, output) = try await onOwnThread { child.wait() }
    if let code = ChildProcess.exitCode(of: status) { return (.exited(code), output) }
    return (.killed, output)
  }

  /// Runs an import to its end, expecting it to succeed.
  /// - Returns: How long it took, in seconds.
  @discardableResult
  static func complete(_ payload: String, into store: String) async throws -> Double {
    let started = Date()
    let (outcome, output) = try await run(payload, into: store)
    #expect(outcome == .exited(0), "\(output)")
    return Date().timeIntervalSince(started)
  }
}
