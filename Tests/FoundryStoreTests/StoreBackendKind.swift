import Foundation
import FoundryInternals
import Foundry
import FoundryGraph
import FoundryPostgres
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import GRDB
import Testing

/// A backend the store's behaviour tests run on: every parameterized test runs its one body
/// on each backend available here (SQLite always, PostgreSQL when its binaries are installed:
/// see ``PostgresTestServer``).
enum StoreBackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  /// The backends to run on: SQLite, and PostgreSQL when a test server can be started.
  static var available: [StoreBackendKind] { PostgresTestServer.unavailableReason == nil ? allCases : [.sqlite] }

  var testDescription: String { rawValue }

  /// A new, empty store of `schema` on this backend, and how to open it again.
  func makeStore(_ schema: Schema = Library.schema, transformers: TransformerRegistry = .standard) async throws -> TestStore {
    switch self {
    case .sqlite:
      let file = try TemporaryStore()
      TestStore.keepUntilExit(file)
      return TestStore(store: try Store(path: file.path, schema: schema, transformers: transformers), location: .file(file))
    case .postgres:
      let server = try PostgresTestServer.shared.get()
      let url = try server.makeDatabase()
      return TestStore(store: try await Store(postgres: url, schema: schema, poolSize: 3, transformers: transformers), location: .database(url))
    }
  }

  /// A new store on this backend holding the library payload.
  func makeLibraryStore() async throws -> Store {
    let store = try await makeStore().store
    try await store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    return store
  }

  /// The message of the error a save gets when it would store a second `Tag` labelled alike.
  var duplicateTagMessage: String {
    switch self {
    case .sqlite: "UNIQUE constraint failed: Tag.label"
    case .postgres: "duplicate key value violates unique constraint \"Tag_identity_1\" (Key (label)=(same) already exists.)"
    }
  }
}

/// A store made for one test, with what it takes to open the same store again.
struct TestStore {
  enum Location {
    case file(TemporaryStore)
    case database(String)
  }

  let store: Store
  let location: Location

  /// The files of SQLite stores made here, removed when the test process exits: a test keeps
  /// the store, not this value, and the file must outlive neither.
  private static let files = Locked<[TemporaryStore]>([])

  static func keepUntilExit(_ file: TemporaryStore) {
    let isFirst = files.withLock { files in
      files.append(file)
      return files.count == 1
    }
    if isFirst { atexit { TestStore.files.withLock { $0.removeAll() } } }
  }

  /// Runs `sql` (statements separated by `;`) on the store's database behind the store's back,
  /// as another program would: GRDB on the SQLite file, `psql` on the PostgreSQL database.
  func execute(_ sql: String) async throws {
    switch location {
    case .file(let file): try await DatabaseQueue(path: file.path).write { db in try db.execute(sql: sql) }
    case .database(let url): try PostgresTestServer.shared.get().sql(sql, in: url)
    }
  }

  /// The same store, opened anew with the stages of its model's versions.
  func reopen(stages: [MigrationStage], transformers: TransformerRegistry = .standard) async throws -> Store {
    switch location {
    case .file(let file): try Store(path: file.path, stages: stages, transformers: transformers)
    case .database(let url): try await Store(postgres: url, stages: stages, poolSize: 2, transformers: transformers)
    }
  }

  /// The same store, opened anew (a reopened SQLite file, a new PostgreSQL connection pool).
  func reopen(_ schema: Schema = Library.schema, transformers: TransformerRegistry = .standard) async throws -> Store {
    switch location {
    case .file(let file): try Store(path: file.path, schema: schema, transformers: transformers)
    case .database(let url): try await Store(postgres: url, schema: schema, poolSize: 2, transformers: transformers)
    }
  }
}
