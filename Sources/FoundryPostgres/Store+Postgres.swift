import Foundry
import FoundryGraph
import FoundryStore
internal import PostgresNIO

extension Store {
  /// Opens the store in the PostgreSQL database at `url`, creating its tables (and indexes)
  /// for `schema` when the database has none, and migrating them when the store was made
  /// with an earlier version of the model.
  ///
  /// ```swift
  /// let store = try await Store(postgres: "postgres://app@localhost:5432/library", schema: schema)
  /// let context = try store.makeContext()
  /// ```
  /// - Parameters:
  ///   - url: `postgres://user:password@host:port/database`.
  ///   - schema: The schema whose tables the database holds.
  ///   - poolSize: How many connections the store opens at most.
  ///   - transformers: The transformers of the model's transformer names, which decide how
  ///     values are kept, as for an SQLite store (`Store(path:schema:transformers:)`): the
  ///     store records the specs and binds them again when opened without them.
  /// - Throws: `StoreError`: `notAStore` for a bad URL or a database that holds other
  ///   tables but no Foundry store, `schemaMismatch` for a store made with another schema it
  ///   cannot be migrated from (every change that is not lightweight in
  ///   `StoreError.details`), `database` when the server cannot be reached. Nothing is
  ///   changed then.
  public convenience init(postgres url: String, schema: Schema, poolSize: Int = 4, transformers: TransformerRegistry = .standard) async throws {
    try await self.init(postgres: try PostgresStoreConfiguration(url: url, poolSize: poolSize), schema: schema, transformers: transformers)
  }

  /// Opens the store in the PostgreSQL database `configuration` names, creating its tables
  /// for `schema` when the database has none, and migrating them as `Store(path:schema:)` of FoundrySQLite
  /// migrates an SQLite store.
  ///
  /// ```swift
  /// let configuration = PostgresStoreConfiguration(host: "localhost", username: "app", database: "library", poolSize: 8)
  /// let store = try await Store(postgres: configuration, schema: schema)
  /// ```
  /// Two processes opening an empty or outdated database at once make (or migrate) its tables
  /// once: the work holds a transaction-level advisory lock and looks again under it. A
  /// migration is one transaction: it is all done, or the store is left as it was.
  /// - Parameters:
  ///   - configuration: The server, database and pool.
  ///   - schema: The schema whose tables the database holds.
  ///   - transformers: The transformers of the model's transformer names (see
  ///     ``init(postgres:schema:poolSize:transformers:)``).
  /// - Throws: `StoreError`, as ``init(postgres:schema:poolSize:transformers:)``.
  public convenience init(postgres configuration: PostgresStoreConfiguration, schema: Schema, transformers: TransformerRegistry = .standard) async throws {
    try await self.init(postgres: configuration, stages: [MigrationStage(schema: schema)], transformers: transformers)
  }

  /// Opens the store in the PostgreSQL database at `url` with the last of the versions of its
  /// model, migrating a store made with an earlier one through each later stage, its code
  /// included, in one transaction, as `Store(path:stages:)` of FoundrySQLite does (see
  /// `MigrationStage`).
  ///
  /// ```swift
  /// let store = try await Store(postgres: "postgres://app@localhost/people", stages: [
  ///   MigrationStage(schema: version1),
  ///   MigrationStage(schema: version2, after: { new in try fillLastNames(new) }),
  /// ])
  /// ```
  /// - Throws: `StoreError`, as ``init(postgres:schema:poolSize:transformers:)``, or what a
  ///   stage threw; the database is as it was then.
  public convenience init(postgres url: String, stages: [MigrationStage], poolSize: Int = 4, transformers: TransformerRegistry = .standard) async throws {
    try await self.init(postgres: try PostgresStoreConfiguration(url: url, poolSize: poolSize), stages: stages, transformers: transformers)
  }

  /// ``init(postgres:stages:poolSize:transformers:)`` for the database `configuration` names.
  ///
  /// ```swift
  /// let store = try await Store(postgres: configuration, stages: stages)
  /// ```
  public convenience init(postgres configuration: PostgresStoreConfiguration, stages: [MigrationStage], transformers: TransformerRegistry = .standard) async throws {
    let opener = try PostgresStoreOpener(configuration: configuration, stages: stages, transformers: transformers)
    let layout = try await opener.backend.transaction(commits: true) { transaction in try opener.prepare(transaction) }
    self.init(backend: opener.backend, layout: layout)
  }

  /// Opens the store in the PostgreSQL database at `url` with the schema it recorded when it
  /// was made or last migrated: for tools that have no model at hand.
  ///
  /// ```swift
  /// let store = try await Store(postgres: "postgres://app@localhost/library")
  /// store.schema.entities.map(\.name)   // ["Author", "Book", "Tag"]
  /// ```
  /// - Throws: `StoreError`: `notAStore` for a database that is not a Foundry store,
  ///   `database` when the server cannot be reached.
  public convenience init(postgres url: String, poolSize: Int = 4) async throws {
    let configuration = try PostgresStoreConfiguration(url: url, poolSize: poolSize)
    let backend = try PostgresStoreOpener.makeBackend(configuration)
    let recorded = try await backend.transaction(commits: false) { transaction in
      try PostgresStoreOpener.recordedSchema(transaction, name: configuration.displayName)
    }
    try await self.init(postgres: configuration, schema: try Store.schema(fromRecord: recorded))
  }

  /// Opens a PostgreSQL store from a synchronous caller outside Swift's cooperative pool (the
  /// command line), blocking until the server has answered; with the recorded schema when
  /// `schema` is `nil`. The same checks, creation and migration as
  /// ``init(postgres:schema:poolSize:)``.
  /// ``init(postgres:stages:poolSize:transformers:)`` now, blocking the caller: for the command line.
  package static func openNow(postgres url: String, stages: [MigrationStage], poolSize: Int = 2, transformers: TransformerRegistry = .standard) throws -> Store {
    let configuration = try PostgresStoreConfiguration(url: url, poolSize: poolSize)
    let opener = try PostgresStoreOpener(configuration: configuration, stages: stages, transformers: transformers)
    let layout = try opener.backend.transactionNow(commits: true) { transaction in try opener.prepare(transaction) }
    return Store(backend: opener.backend, layout: layout)
  }

  /// Where the store stands against `stages`, read in a transaction that changes nothing:
  /// what ``openNow(postgres:stages:poolSize:transformers:)`` would do.
  package static func migrationStateNow(postgres url: String, stages: [MigrationStage], transformers: TransformerRegistry) throws -> StagedMigrationState {
    let configuration = try PostgresStoreConfiguration(url: url, poolSize: 1)
    let backend = try PostgresStoreOpener.makeBackend(configuration)
    let recorded = try backend.transactionNow(commits: false) { transaction in try PostgresStoreOpener.record(transaction, name: configuration.displayName) }
    return try StagedMigrationState(recorded: recorded, name: configuration.displayName, stages: stages, transformers: transformers, dialect: PostgresDialect())
  }

  package static func openNow(postgres url: String, schema: Schema?, poolSize: Int = 2, transformers: TransformerRegistry = .standard) throws -> Store {
    let configuration = try PostgresStoreConfiguration(url: url, poolSize: poolSize)
    var schema = schema
    if schema == nil {
      let backend = try PostgresStoreOpener.makeBackend(configuration)
      let recorded = try backend.transactionNow(commits: false) { transaction in
        try PostgresStoreOpener.recordedSchema(transaction, name: configuration.displayName)
      }
      schema = try Store.schema(fromRecord: recorded)
    }
    guard let schema else { throw StoreError(.notAStore, "\(configuration.displayName) records no schema") }
    let opener = try PostgresStoreOpener(configuration: configuration, stages: [MigrationStage(schema: schema)], transformers: transformers)
    let layout = try opener.backend.transactionNow(commits: true) { transaction in try opener.prepare(transaction) }
    return Store(backend: opener.backend, layout: layout)
  }
}

/// What opening a PostgreSQL store takes, whichever way it is awaited: the backend, the
/// layout, and the transaction body that checks the database and creates or migrates its
/// tables.
struct PostgresStoreOpener: Sendable {
  let backend: PostgresBackend
  /// The versions of the model, the last the store's; one for a store opened with a schema.
  let stages: [MigrationStage]
  let transformers: TransformerRegistry
  let name: String

  init(configuration: PostgresStoreConfiguration, stages: [MigrationStage], transformers: TransformerRegistry) throws {
    guard !stages.isEmpty else { throw StoreError(.unsupportedSchema, "\(configuration.displayName): no stages: give at least the model's current version") }
    self.stages = stages
    self.transformers = transformers
    backend = try Self.makeBackend(configuration)
    name = configuration.displayName
  }

  static func makeBackend(_ configuration: PostgresStoreConfiguration) throws(StoreError) -> PostgresBackend {
    let logger = Logger(label: "foundry.postgres")
    let replicas = try configuration.replicas.map { replica throws(StoreError) in
      PostgresReplica(pool: try replica.makePool(logger: logger))
    }
    let primary = try configuration.makePool(logger: logger)
    return PostgresBackend(pool: primary, replicas: replicas)
  }

  /// Creates the tables of a database without any, migrates those of an earlier schema, and
  /// refuses what is not a store of this schema; under an advisory lock, so one process at
  /// a time does it.
  /// - Returns: The store's layout, with the transformer bindings it recorded.
  func prepare(_ transaction: any StoreTransaction) throws -> StoreLayout {
    // One creator at a time; the key is any fixed number, "FNDR" here.
    _ = try transaction.read([SQLStatement("SELECT pg_advisory_xact_lock(1179538514)")])
    let recorded = try Self.record(transaction, name: name)
    if StoreHistory.needsUpgrade(recorded) { try StoreHistory.upgradeIfNeeded(in: transaction, dialect: PostgresDialect()) }
    if let recorded, let steps = try MigrationStep.steps(from: recorded, stages: stages, transformers: transformers, dialect: PostgresDialect()),
      let last = steps.last
    {
      for step in steps {
        try step.run(backend: backend, in: transaction) {
          try PostgresMigration(plan: step.plan, layout: step.new, definition: step.new.createStatements(PostgresDialect())).run(in: transaction)
        }
      }
      return last.new
    }
    let schema = stages[stages.count - 1].schema
    let layout = try StoreLayout.opening(schema, transformers: transformers, recorded: recorded)
    let definition = layout.createStatements(PostgresDialect())
    switch try StoreRecord.state(of: recorded, name: name, layout: layout, definition: definition, dialect: PostgresDialect()) {
    case .new:
      var plan = WritePlan()
      plan.statements = StoreRecord.createStatements(definition, record: layout.recordText)
      _ = try transaction.write(plan)
    case .current: break
    case .outdated(let plan):
      try PostgresMigration(plan: plan, layout: layout, definition: definition).run(in: transaction)
    }
    return layout
  }

  /// The schema a store records, as text.
  /// - Throws: ``StoreError`` `notAStore` for a database that is not a store recording one.
  static func recordedSchema(_ transaction: any StoreTransaction, name: String) throws -> String {
    guard let recorded = try record(transaction, name: name), recorded["format"] == StoreRecord.format, let schema = recorded["schema"] else {
      throw StoreError(.notAStore, "\(name) is not a Foundry store that records its schema (give the model instead)")
    }
    return schema
  }

  /// The record: `nil` for a database without tables in its current schema.
  /// - Throws: ``StoreError`` `notAStore` for a database with tables but no record.
  static func record(_ transaction: any StoreTransaction, name: String) throws -> [String: String]? {
    let tables = try transaction.read([SQLStatement("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")])[0]
    let names = tables.values.compactMap { if case .text(let name) = $0 { name } else { nil } }
    if names.isEmpty { return nil }
    guard names.contains("foundry_store") else {
      throw StoreError(.notAStore, "\(name) is a PostgreSQL database but not a Foundry store (tables: \(names.prefix(5).joined(separator: ", ")))")
    }
    let rows = try transaction.read([SQLStatement("SELECT key, value FROM foundry_store")])[0]
    var record: [String: String] = [:]
    for row in 0..<rows.count {
      if case .text(let key) = rows[row, 0], case .text(let value) = rows[row, 1] { record[key] = value }
    }
    return record
  }
}

extension PostgresStoreConfiguration {
  /// postgres-nio's configuration of one connection.
  /// - Throws: ``StoreError`` `database` when TLS cannot be set up (its trusted certificates
  ///   cannot be read).
  func connection() throws(StoreError) -> PostgresConnection.Configuration {
    var configuration: PostgresConnection.Configuration
    if let unixSocketPath {
      configuration = PostgresConnection.Configuration(unixSocketPath: unixSocketPath, username: username, password: password, database: database)
    } else {
      let tls = try tls.connectionTLS(trustedCertificatesPath: trustedCertificatesPath)
      configuration = PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
    configuration.options.connectTimeout = TimeAmount(connectTimeout)
    if let statementTimeout {
      let milliseconds = max(1, statementTimeout.components.seconds * 1_000 + statementTimeout.components.attoseconds / 1_000_000_000_000_000)
      configuration.options.additionalStartupParameters.append(("statement_timeout", "\(milliseconds)"))
    }
    return configuration
  }

  /// The pool of connections to this server: ``poolSize`` of them, callers waiting at most
  /// ``poolTimeout`` for one, a handshake at most ``connectTimeout``, and with a
  /// ``statementTimeout`` a query unanswered 5 seconds past it gives its connection up (the
  /// server's cancellation cannot arrive through a stalled network).
  func makePool(logger: Logger) throws(StoreError) -> PostgresConnectionPool {
    PostgresConnectionPool(
      configuration: try connection(), size: poolSize, waitTimeout: poolTimeout, connectTimeout: connectTimeout,
      responseTimeout: statementTimeout.map { $0 + .seconds(5) }, logger: logger)
  }

  /// How errors name the database: its address, without the password.
  var displayName: String {
    let place = unixSocketPath ?? "\(host):\(port)"
    return "postgres://\(username)@\(place)/\(database ?? username)"
  }
}
