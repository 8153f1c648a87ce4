import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import PostgresNIO

/// `store.import.postgres`: `citm_catalog.json` imported into a PostgreSQL store (parse, graph
/// import with identity uniquing, save plan, one transaction whose inserts merge by identity
/// with multi-row `INSERT ... ON CONFLICT`) against postgres-nio inserting the same rows into
/// the same tables in one transaction, no mapping, at its best row at a time: a named
/// prepared statement per table (parsed and planned once), executed once per row. Both sides
/// send their statements without waiting for each answer (pipelined) and open a new
/// connection per run. Target: a ratio of at least 0.5.
///
/// The server is the one `FOUNDRY_BENCH_POSTGRES` names (a `postgres://` URL of a database the
/// benchmark may empty: each run starts from an empty `public` schema, reset before the run
/// and outside its time). Without it the case is skipped, and says so.
enum PostgresCases {
  static let variable = "FOUNDRY_BENCH_POSTGRES"

  /// The server's URL, or `nil` (after saying that case `name` is skipped).
  static func serverURL(skipping name: String = "store.import.postgres") -> String? {
    guard let url = ProcessInfo.processInfo.environment[variable], !url.isEmpty else {
      FileHandle.standardError.write(Data("note: \(name) skipped: set \(variable) to the postgres:// URL of a database the benchmark may empty\n".utf8))
      return nil
    }
    return url
  }

  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    guard let url = serverURL(), let data = corpus.data("json", "citm_catalog.json") else { return [] }
    let bytes = [UInt8](data)
    let schema = try GraphCatalog.schema()
    let server = try RawPostgres(url: url)
    try server.reset()
    let definitions = try importCatalog(bytes, schema: schema, url: url)
    let tables = try server.tables()
    guard tables.contains(where: { !$0.rows.isEmpty }) else { throw SetupError("store.import.postgres: the import stored no rows") }
    return [
      BenchmarkCase(
        name: "store.import.postgres", file: "citm_catalog.json", byteCount: bytes.count, baselineName: "postgres-nio prepared row inserts",
        ours: { _ = try importCatalog(bytes, schema: schema, url: url) },
        baseline: { try server.insertAll(tables, definitions: definitions) },
        setUp: { try server.reset() }
      )
    ]
  }

  /// Imports the catalog into a new store in the (empty) database at `url`.
  /// - Returns: The store's table definitions.
  @discardableResult
  static func importCatalog(_ bytes: [UInt8], schema: Schema, url: String) throws -> [String] {
    let store = try Store.openNow(postgres: url, schema: schema, poolSize: 1)
    let report = try store.makeContext().importNow(dryRun: false) { try $0.importJSON(bytes, entity: "Catalog") }
    blackHole(report)
    return store.tableDefinitions
  }
}

/// The benchmark's own PostgreSQL connection work, through postgres-nio alone.
final class RawPostgres {
  /// One table's insert statement and rows, as the server sent them (binary cells).
  struct Table {
    let insert: String
    let rows: [[PostgresCell]]
  }

  let configuration: PostgresConnection.Configuration
  let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  let logger = Logger(label: "foundry-bench.postgres")

  init(url: String) throws {
    let parsed = try PostgresStoreConfiguration(url: url)
    configuration = PostgresConnection.Configuration(
      host: parsed.host, port: parsed.port, username: parsed.username, password: parsed.password, database: parsed.database, tls: .disable)
  }

  deinit { try? group.syncShutdownGracefully() }

  /// Runs `body` on a new connection, closed afterwards.
  func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    let connection = try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 1, logger: logger).wait()
    defer { try? connection.close().wait() }
    return try body(connection)
  }

  /// Empties the database: an empty `public` schema.
  func reset() throws {
    try withConnection { connection in
      for sql in ["DROP SCHEMA public CASCADE", "CREATE SCHEMA public"] {
        _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
      }
    }
  }

  /// The rows of every table of the store in the database (but its record).
  func tables() throws -> [Table] {
    try withConnection { connection in
      let names = try connection.query(
        PostgresQuery(unsafeSQL: "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'foundry_store' ORDER BY tablename"),
        logger: logger
      ).wait().rows.map { try $0.decode(String.self) }
      return try names.map { name in
        let rows = try connection.query(PostgresQuery(unsafeSQL: "SELECT * FROM \"\(name)\""), logger: logger).wait().rows.map { Array($0) }
        let columns = rows.first.map { $0.map { "\"\($0.columnName)\"" } } ?? []
        let marks = columns.indices.map { "$\($0 + 1)" }
        return Table(insert: "INSERT INTO \"\(name)\" (\(columns.joined(separator: ", "))) VALUES (\(marks.joined(separator: ", ")))", rows: rows)
      }
    }
  }

  /// Creates the tables (`definitions`, as the store made them), prepares a named insert
  /// statement per table (parsed and planned once), and executes it once per row, bound with
  /// the row's cells as the server sent them: all in one transaction, every statement sent
  /// without waiting for the one before (but the executions wait for the preparations, one
  /// round trip).
  func insertAll(_ tables: [Table], definitions: [String]) throws {
    try withConnection { connection in
      var sent: [EventLoopFuture<Void>] = [connection.query(PostgresQuery(unsafeSQL: "BEGIN"), logger: logger).map { _ in }]
      for sql in definitions { sent.append(connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).map { _ in }) }
      let prepared = try EventLoopFuture.whenAllSucceed(tables.map { connection.prepare(query: $0.insert) }, on: connection.eventLoop).wait()
      for (table, statement) in zip(tables, prepared) {
        for row in table.rows {
          let binds = row.map { PostgresData(type: $0.dataType, formatCode: $0.format, value: $0.bytes) }
          sent.append(statement.execute(binds) { _ in })
        }
      }
      sent.append(connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: logger).map { _ in })
      _ = try EventLoopFuture.whenAllSucceed(sent, on: connection.eventLoop).wait()
    }
  }
}
