import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import GRDB
import Testing

@Suite("Opening store files")
struct StoreFileTests {
  @Test("a file that is not a Foundry store is refused, and left as it was", arguments: ["text", "sqlite", "schema", "truncated"])
  func refused(kind: String) async throws {
    let file = try TemporaryStore()
    let expected: StoreError.Code
    switch kind {
    case "text":
      try Data("hello, world\n".utf8).write(to: URL(fileURLWithPath: file.path))
      expected = .notAStore
    case "sqlite":
      try await Self.makeOtherDatabase(at: file.path)
      expected = .notAStore
    case "schema":
      _ = try file.open()
      expected = .schemaMismatch
    default:
      try await Self.importLibrary(into: file)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
      try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: file.path))
      expected = .corrupt
    }
    let before = try Self.contents(of: file.directory)
    let schema = kind == "schema" ? try Schema { Entity("Other") { Attribute("name", .string) } } : Library.schema
    let error = #expect(throws: StoreError.self) { try Store(path: file.path, schema: schema) }
    #expect(error?.code == expected || (kind == "truncated" && error?.code == .notAStore))
    let after = try Self.contents(of: file.directory)
    #expect(after == before, "\(before.mapValues(\.count)) -> \(after.mapValues(\.count))")
  }

  @Test("a store reopens with what was saved, and an empty file becomes a store")
  func reopen() async throws {
    let file = try TemporaryStore()
    try Data().write(to: URL(fileURLWithPath: file.path))
    let store = try file.open()
    try await store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    let reopened = try file.open()
    #expect(try await reopened.makeContext().count(FetchRequest(entity: "Book")) == 3)
    #expect(reopened.tableDefinitions.first?.hasPrefix(#"CREATE TABLE "Author" ("_pk" INTEGER PRIMARY KEY"#) == true)
  }

  /// Every file of a directory with its bytes.
  static func contents(of directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    return files
  }

  /// An SQLite database of another application.
  static func makeOtherDatabase(at path: String) async throws {
    let queue = try DatabaseQueue(path: path)
    try await queue.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('hi')") }
  }

  /// Imports the library payload into the store file and closes the store.
  static func importLibrary(into file: TemporaryStore) async throws {
    let store = try file.open()
    try await store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
  }
}
