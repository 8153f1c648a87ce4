import ArgumentParser
import Foundation
import PostgresNIO

/// `foundry-bench postgres-importers [--importers 1,2,4] [--runs 3]`: the throughput of N
/// importers at once on one PostgreSQL server, each importing `citm_catalog.json` into a store
/// of its own database (`<database>_importer_<k>`, made on the server `FOUNDRY_BENCH_POSTGRES`
/// names, whose user may create databases), each on its own thread and connection. Reports,
/// per N, the total megabytes imported per second of wall clock (median of the runs).
struct PostgresImportersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "postgres-importers",
    abstract: "Throughput of N concurrent importers of citm_catalog.json on the FOUNDRY_BENCH_POSTGRES server, each into its own database."
  )

  @Option(help: "The corpus folder (with json/ and xml/ inside).")
  var corpus: String = Corpus.defaultDirectory

  @Option(parsing: .upToNextOption, help: "The numbers of concurrent importers to measure.")
  var importers: [Int] = [1, 2, 4]

  @Option(help: "Timed runs per number of importers; the median is reported.")
  var runs: Int = 3

  func validate() throws {
    guard importers.allSatisfy({ (1...64).contains($0) }) else { throw ValidationError("--importers takes numbers from 1 to 64") }
    guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
  }

  func run() throws {
    guard let url = PostgresCases.serverURL() else { return }
    guard let data = Corpus(directory: corpus).data("json", "citm_catalog.json") else {
      throw ValidationError("citm_catalog.json is not in \(corpus)/json")
    }
    let bytes = [UInt8](data)
    let schema = try GraphCatalog.schema()
    let databases = try Self.makeDatabases(count: importers.max() ?? 1, url: url)
    let servers = try databases.map { try RawPostgres(url: $0) }
    for count in importers {
      var seconds: [Double] = []
      for _ in 0..<runs {
        for server in servers.prefix(count) { try server.reset() }
        let failures = Failures()
        let start = Harness.now()
        let done = DispatchGroup()
        for database in databases.prefix(count) {
          done.enter()
          Thread {
            do { try PostgresCases.importCatalog(bytes, schema: schema, url: database) } catch { failures.append("\(error)") }
            done.leave()
          }.start()
        }
        done.wait()
        seconds.append(Harness.now() - start)
        if let failure = failures.first { throw ValidationError("an importer failed: \(failure)") }
      }
      let megabytes = Double(bytes.count * count) / 1e6
      let median = Harness.median(seconds)
      print(
        "\(count) importer\(count == 1 ? "" : "s"): \(String(format: "%.2f", megabytes / median)) MB/s in all (\(String(format: "%.3f", median)) s for \(count) x citm_catalog.json)"
      )
    }
  }

  /// The URLs of `count` databases beside the one `url` names, made (empty) when missing.
  static func makeDatabases(count: Int, url: String) throws -> [String] {
    guard var components = URLComponents(string: url) else { throw ValidationError("\(PostgresCases.variable) is not a URL") }
    let base = components.path.split(separator: "/").last.map(String.init) ?? "postgres"
    let admin = try RawPostgres(url: url)
    return try (1...count).map { number in
      let name = "\(base)_importer_\(number)"
      let exists = try admin.withConnection { connection in
        try connection.query(PostgresQuery(unsafeSQL: "SELECT 1 FROM pg_database WHERE datname = '\(name)'"), logger: admin.logger).wait().rows.count > 0
      }
      if !exists {
        try admin.withConnection { connection in _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \"\(name)\""), logger: admin.logger).wait() }
      }
      components.path = "/" + name
      guard let database = components.string else { throw ValidationError("cannot make the URL of database \(name)") }
      return database
    }
  }
}

/// Errors the importer threads met, collected under a lock.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var first: String? { lock.withLock { messages.first } }
}
