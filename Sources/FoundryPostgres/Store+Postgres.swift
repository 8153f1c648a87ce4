import FoundryGraph
import FoundryStore
internal import PostgresNIO

extension Store {
  /// Opens the store in the PostgreSQL database at `url`, creating its tables (and indexes)
  /// for `schema` when the database has none.
  ///
  /// ```swift
  /// let store = try await Store(postgres: "postgres://app@localhost:5432/library", schema: schema)
  /// let context = try store.makeContext()
  /// ```
  /// - Parameters:
  ///   - url: `postgres://user:password@host:port/database`.
  ///   - schema: The schema whose tables the database holds.
  ///   - poolSize: How many connections the store opens at most.
  /// - Throws: ``StoreError``: `notAStore` for a bad URL or a database that holds other
  ///   tables but no Foundry store, `schemaMismatch` for a store made with another schema
  ///   (migrations on PostgreSQL are not supported yet), `database` when the server cannot be
  ///   reached. Nothing is changed then.
  public convenience init(postgres url: String, schema: Schema, poolSize: Int = 4) async throws {
    try await self.init(postgres: try PostgresStoreConfiguration(url: url, poolSize: poolSize), schema: schema)
  }

  /// Opens the store in the PostgreSQL database `configuration` names, creating its tables
  /// for `schema` when the database has none.
  ///
  /// ```swift
  /// let configuration = PostgresStoreConfiguration(host: "localhost", username: "app", database: "library", poolSize: 8)
  /// let store = try await Store(postgres: configuration, schema: schema)
  /// ```
  /// Two processes opening an empty database at once make its tables once: the creation holds
  /// a transaction-level advisory lock and looks again under it.
  /// - Throws: ``StoreError``, as ``init(postgres:schema:poolSize:)``.
  public convenience init(postgres configuration: PostgresStoreConfiguration, schema: Schema) async throws {
    let layout = try StoreLayout(schema: schema)
    let dialect = PostgresDialect()
    let definition = layout.createStatements(dialect)
    let backend = PostgresBackend(pool: PostgresConnectionPool(configuration: configuration.connection, size: configuration.poolSize, logger: Logger(label: "foundry.postgres")))
    let name = configuration.displayName
    try await backend.transaction(commits: true) { transaction in
      // One creator at a time; the key is any fixed number, "FNDR" here.
      _ = try transaction.read([SQLStatement("SELECT pg_advisory_xact_lock(1179538514)")])
      let recorded = try PostgresStoreRecord.read(transaction, name: name)
      switch try StoreRecord.state(of: recorded, name: name, layout: layout, definition: definition, dialect: dialect) {
      case .new:
        var plan = WritePlan()
        plan.statements = StoreRecord.createStatements(definition, record: layout.recordText)
        _ = try transaction.write(plan)
      case .current: break
      case .outdated:
        throw StoreError(.schemaMismatch, "\(name) was made with another schema, and migrating a PostgreSQL store is not supported yet")
      }
    }
    self.init(backend: backend, layout: layout)
  }
}

/// Reads the ``StoreRecord`` of a PostgreSQL database.
enum PostgresStoreRecord {
  /// The record: `nil` for a database without tables in its current schema.
  /// - Throws: ``StoreError`` `notAStore` for a database with tables but no record.
  static func read(_ transaction: any StoreTransaction, name: String) throws -> [String: String]? {
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
  var connection: PostgresConnection.Configuration {
    if let unixSocketPath {
      return PostgresConnection.Configuration(unixSocketPath: unixSocketPath, username: username, password: password, database: database)
    }
    return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: .disable)
  }

  /// How errors name the database: its address, without the password.
  var displayName: String {
    let place = unixSocketPath ?? "\(host):\(port)"
    return "postgres://\(username)@\(place)/\(database ?? username)"
  }
}
