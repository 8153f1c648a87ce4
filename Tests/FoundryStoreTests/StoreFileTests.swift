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

  @Test("a store opens with the schema it recorded, with no model at hand")
  func recordedSchema() async throws {
    let file = try TemporaryStore()
    try await Self.importLibrary(into: file)
    let store = try Store(path: file.path)
    #expect(store.tableDefinitions == (try file.open()).tableDefinitions)
    #expect(store.schema["Author"]?.declaration.indexedKeyPaths == ["settings.theme", "name"])
    #expect(try await store.makeContext().count(FetchRequest(entity: "Book")) == 3)
    let missing = #expect(throws: StoreError.self) { try Store(path: file.directory.appendingPathComponent("none.sqlite").path) }
    #expect(missing?.code == .notAStore)
  }

  @Test("a store closes its file when the last reference to it and its contexts goes", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func closesWithTheLastReference() async throws {
    let file = try TemporaryStore()
    var store: Store? = try file.open()
    var context: ObjectContext? = try store?.makeContext()
    try await context?.importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    #expect(try Self.openDescriptors(of: file.path) > 0)
    store = nil
    #expect(try Self.openDescriptors(of: file.path) > 0, "the context keeps the store open")
    context = nil
    #expect(try Self.openDescriptors(of: file.path) == 0)
  }

  /// How many of this process's file descriptors are open on `path` or its `-wal`/`-shm` files.
  static func openDescriptors(of path: String) throws -> Int {
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return names.filter { name in
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name) else { return false }
      return target.hasPrefix(real)
    }.count
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

@Suite("How a schema becomes tables")
struct StoreLayoutTests {
  @Test("the Tables article's definitions are the ones a store creates")
  func documentedTables() throws {
    let definitions = try Store(inMemoryWith: Library.schema).tableDefinitions
    let documented = [
      #"CREATE TABLE "Book" ("_pk" INTEGER PRIMARY KEY, "_entity" TEXT NOT NULL, "_version" INTEGER NOT NULL DEFAULT 1, "id" INTEGER, "title" TEXT, "price" TEXT, "publisher" INTEGER REFERENCES "Publisher" ("_pk") ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED)"#,
      #"CREATE INDEX "Book_publisher" ON "Book" ("publisher")"#,
      #"CREATE UNIQUE INDEX "Book_identity_1" ON "Book" ("id")"#,
      #"CREATE TABLE "Author_books" ("owner" INTEGER NOT NULL REFERENCES "Author" ("_pk") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, "target" INTEGER NOT NULL REFERENCES "Book" ("_pk") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, "owner_position" INTEGER, "target_position" INTEGER, PRIMARY KEY ("owner", "target"))"#,
      #"CREATE UNIQUE INDEX "Author_books_target" ON "Author_books" ("target")"#,
    ]
    for statement in documented { #expect(definitions.contains(statement), "\(statement)\nnot in:\n\(definitions.joined(separator: "\n"))") }
  }

  @Test("a family shares one table; a one-to-one link is one foreign key; many-to-many and one-way links are join tables")
  func layout() throws {
    let definitions = try Store(inMemoryWith: Library.schema).tableDefinitions
    let tables = definitions.filter { $0.hasPrefix("CREATE TABLE") }.map { $0.split(separator: " ")[2] }
    #expect(tables == [#""Author""#, #""Book""#, #""Tag""#, #""Publisher""#, #""Portrait""#, #""Value""#, #""Media""#, #""Author_books""#, #""Book_tags""#, #""Book_related""#])
    #expect(definitions.contains { $0.hasPrefix(#"CREATE TABLE "Author""#) && $0.contains(#""portrait" INTEGER REFERENCES "Portrait""#) })
    #expect(!definitions.contains { $0.hasPrefix(#"CREATE TABLE "Portrait""#) && $0.contains("REFERENCES") })
    #expect(definitions.contains { $0.hasPrefix(#"CREATE TABLE "Media""#) && $0.contains(#""minutes" INTEGER"#) && $0.contains(#""tracks" INTEGER"#) })
  }
}
