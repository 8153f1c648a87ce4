import Foundation
import Foundry
import FoundryGraph
import FoundryStore
internal import GRDB

extension Store {
  /// Opens the SQLite store at `path`, creating it (tables and indexes for `schema`) when
  /// the file is missing or empty.
  ///
  /// ```swift
  /// let store = try Store(path: "library.sqlite", schema: try Schema(modelAt: modelURL))
  /// ```
  /// The file is opened in WAL mode: one writer and any number of readers at once, and a
  /// process killed mid-save leaves the store as of its last completed save. A store made with
  /// an earlier version of the model is migrated in one transaction when the change is
  /// lightweight (entities, attributes and relationships added or removed or renamed through
  /// their renaming identifiers, an optional attribute made required with a default).
  /// - Throws: `StoreError`: `notAStore` for a file that is not a Foundry store,
  ///   `schemaMismatch` for a store made with another schema it cannot be migrated from (every
  ///   change that is not lightweight in `StoreError.details`), `corrupt` for a damaged file,
  ///   `unsupportedSchema`; the file is not changed then.
  ///
  /// The transformers decide how values are kept: a transformable attribute whose transformer
  /// makes dates is a date column, one whose transformer makes lists a JSON array. The store
  /// records the specs names were bound to (`TransformerRegistry.bind(_:to:)`) and binds
  /// them again when it is opened without them; a name bound otherwise, or a transformer
  /// registered as a value and not registered again, is `schemaMismatch` naming the attribute.
  ///
  /// Processes share the file: while another process saves or imports, a save or import waits
  /// for it up to `busyTimeout`, then fails with `StoreError` `database` naming the file;
  /// readers never wait and never see half a save.
  /// - Parameters:
  ///   - path: The file.
  ///   - schema: The schema of the objects.
  ///   - transformers: The transformers of the model's transformer names.
  ///   - busyTimeout: How long a write waits for another process's write to end.
  public convenience init(path: String, schema: Schema, transformers: TransformerRegistry = .standard, busyTimeout: Duration = .seconds(10)) throws {
    try self.init(path: path, stages: [MigrationStage(schema: schema)], transformers: transformers, busyTimeout: busyTimeout)
  }

  /// Opens the SQLite store at `path` with the last of the versions of its model, migrating a
  /// store made with an earlier one through each later stage, its code included, in one
  /// transaction (see `MigrationStage`).
  ///
  /// ```swift
  /// let store = try Store(path: "people.sqlite", stages: [
  ///   MigrationStage(schema: version1),
  ///   MigrationStage(schema: version2, after: { new in try fillLastNames(new) }),
  /// ])
  /// ```
  /// A missing or empty file is created with the last version. A store made with a version
  /// that is none of the stages' migrates lightweight, without code, as
  /// ``init(path:schema:transformers:busyTimeout:)`` does.
  /// - Throws: `StoreError` as ``init(path:schema:transformers:busyTimeout:)`` does
  ///   (`schemaMismatch` naming the stage whose step is not lightweight), or what a stage
  ///   threw; the file is as it was then.
  /// - Parameters:
  ///   - path: The file.
  ///   - stages: The versions of the model, oldest first, with the code that migrates to each.
  ///   - transformers: The transformers of the model's transformer names.
  ///   - busyTimeout: How long a write waits for another process's write to end.
  public convenience init(path: String, stages: [MigrationStage], transformers: TransformerRegistry = .standard, busyTimeout: Duration = .seconds(10)) throws {
    guard let schema = stages.last?.schema else { throw StoreError(.unsupportedSchema, "\(path): no stages: give at least the model's current version") }
    let recorded = try SQLiteStoreFile.record(path: path)
    let steps = try recorded.flatMap { try MigrationStep.steps(from: $0, stages: stages, transformers: transformers, dialect: SQLiteDialect()) } ?? []
    let layout = try steps.last?.new ?? StoreLayout.opening(schema, transformers: transformers, recorded: recorded)
    let definition = layout.createStatements(SQLiteDialect())
    // With steps to run, the store's version is one of the stages': each step is checked.
    let state = steps.isEmpty ? try StoreRecord.state(of: recorded, name: path, layout: layout, definition: definition, dialect: SQLiteDialect()) : nil
    var configuration = Configuration()
    configuration.busyMode = .timeout(Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18)
    SQLiteFolding.register(in: &configuration)
    do {
      let pool = try DatabasePool(path: path, configuration: configuration)
      switch state {
      case nil: try SQLiteMigration.run(steps, in: pool, file: path)
      case .new?: try pool.write { db in try SQLiteStoreFile.create(definition, record: layout.recordText, db) }
      case .current?: break
      case .outdated(let plan)?: try SQLiteMigration.run(plan, definition: definition, record: layout.recordText, in: pool)
      }
      let backend = SQLiteBackend(writer: pool, file: path)
      if StoreHistory.needsUpgrade(recorded) {
        try backend.transactionNow(commits: true) { transaction in try StoreHistory.upgradeIfNeeded(in: transaction, dialect: SQLiteDialect()) }
      }
      self.init(backend: backend, layout: layout)
    } catch {
      throw SQLiteBackend.storeError(error, file: path)
    }
  }

  /// Opens the SQLite store at `path` with the schema it recorded when it was made or last
  /// migrated: for tools that have no model at hand. A typed-value attribute comes back as
  /// transformable (JSON), and user info is not recorded.
  ///
  /// ```swift
  /// let store = try Store(path: "library.sqlite")
  /// store.schema.entities.map(\.name)   // ["Author", "Book", "Tag"]
  /// ```
  /// - Throws: `StoreError`: `notAStore` for a missing file or one that is not a Foundry
  ///   store (or one made before stores recorded their schema), `corrupt`.
  /// - Parameters:
  ///   - path: The file.
  ///   - transformers: Transformers the store's bindings need beyond the specs it recorded
  ///     (those registered as values in the app that made it).
  ///   - busyTimeout: How long a write waits for another process's write to end.
  public convenience init(path: String, transformers: TransformerRegistry = .standard, busyTimeout: Duration = .seconds(10)) throws {
    guard let record = try SQLiteStoreFile.recordedSchema(path: path) else {
      throw StoreError(.notAStore, "\(path) is not a Foundry store that records its schema (give the model instead)")
    }
    try self.init(path: path, schema: try Store.schema(fromRecord: record), transformers: transformers, busyTimeout: busyTimeout)
  }

  /// A store in memory, gone with the last reference to it: for tests and scratch work.
  ///
  /// ```swift
  /// let store = try Store(inMemoryWith: schema)
  /// ```
  /// - Parameters:
  ///   - schema: The schema of the objects.
  ///   - transformers: The transformers of the model's transformer names, which decide how
  ///     values are kept (see ``init(path:schema:transformers:busyTimeout:)``).
  public convenience init(inMemoryWith schema: Schema, transformers: TransformerRegistry = .standard) throws {
    let layout = try StoreLayout(schema: schema, transformers: transformers)
    var configuration = Configuration()
    SQLiteFolding.register(in: &configuration)
    let queue = try DatabaseQueue(configuration: configuration)
    try queue.write { db in try SQLiteStoreFile.create(layout.createStatements(SQLiteDialect()), record: layout.recordText, db) }
    self.init(backend: SQLiteBackend(writer: queue), layout: layout)
  }
}

extension Store {
  /// Where the store at `path` stands against `stages`, read without changing the file: what
  /// `Store(path:stages:)` would do. For `foundry migrate --dry-run`.
  package static func migrationState(path: String, stages: [MigrationStage], transformers: TransformerRegistry) throws -> StagedMigrationState {
    try StagedMigrationState(recorded: try SQLiteStoreFile.record(path: path), name: path, stages: stages, transformers: transformers, dialect: SQLiteDialect())
  }
}

/// What makes an SQLite file a Foundry store: the ``StoreRecord`` in its `foundry_store` table.
enum SQLiteStoreFile {
  /// The schema a store file records, if it is a store that records one.
  static func recordedSchema(path: String) throws(StoreError) -> String? {
    guard let recorded = try record(path: path), !recorded.isEmpty else { throw StoreError(.notAStore, "\(path) is not a Foundry store") }
    try StoreRecord.checkFormat(of: recorded, name: path)
    return recorded["schema"]
  }

  /// Refuses a missing or empty database whose write-ahead log is still there: the log holds
  /// saves of the file that went, and a new store made beside it would lose or misread them.
  private static func checkNoOrphanLog(_ path: String) throws(StoreError) {
    let log = path + "-wal"
    let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
    guard size > 0 else { return }
    throw StoreError(
      .corrupt, "\(path) is missing or empty, but its write-ahead log \(log) is there: restore the database file beside it, or remove the log to start a new store")
  }

  /// The `foundry_store` record of the file at `path`, read without changing the file: `nil`
  /// for a missing or empty file (or an SQLite file without tables), empty for a store
  /// without a record.
  static func record(path: String) throws(StoreError) -> [String: String]? {
    guard FileManager.default.fileExists(atPath: path) else {
      try checkNoOrphanLog(path)
      return nil
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw StoreError(.notAStore, "\(path) cannot be read") }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    try? handle.close()
    if header.isEmpty {
      try checkNoOrphanLog(path)
      return nil
    }
    guard header == Data("SQLite format 3\0".utf8) else {
      throw StoreError(.notAStore, "\(path) is not an SQLite database, so not a Foundry store")
    }
    var configuration = Configuration()
    configuration.readonly = true
    let recorded: [String: String]
    do {
      // Without a write-ahead log beside it, the file is read as immutable: SQLite then makes
      // no -wal or -shm file, so a file that is refused is left exactly as it was.
      let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
      let queue = try DatabaseQueue(path: hasLog ? path : Self.immutableURI(path), configuration: configuration)
      recorded = try queue.read { db in
        guard try db.tableExists("foundry_store") else {
          let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
          if tables.isEmpty { return [:] }
          throw StoreError(.notAStore, "\(path) is an SQLite database but not a Foundry store (tables: \(tables.prefix(5).joined(separator: ", ")))")
        }
        let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM foundry_store")
        return Dictionary(rows.map { ($0["key"] as String, $0["value"] as String) }, uniquingKeysWith: { first, _ in first })
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw (SQLiteBackend.storeError(error, file: path) as? StoreError) ?? StoreError(.database, "\(error)")
    }
    return recorded.isEmpty ? nil : recorded
  }

  /// `file:PATH?immutable=1`, with the path's reserved characters escaped.
  static func immutableURI(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
  }

  /// Creates the tables and the record in one transaction.
  static func create(_ definition: [String], record: String, _ db: Database) throws {
    for statement in StoreRecord.createStatements(definition, record: record) {
      try SQLiteArguments.execute(statement, db)
    }
  }
}
