import Foundation
import FoundryGraph
import FoundryPostgres
import FoundryStore
import FoundryTestSupport
import Testing

@Suite("PostgreSQL: TLS", .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL is not installed here"))
struct PostgresTLSTests {
  /// A server of the suite's own with TLS on, and its certificate (its own authority).
  static let server = Result { () throws -> (PostgresTestServer, String) in
    let server = try PostgresTestServer.startPrivate()
    return (server, try server.enableTLS())
  }

  @Test("verify-full, trusting the server's authority: the store works over an encrypted connection")
  func verifiedConnection() async throws {
    let (server, certificate) = try Self.server.get()
    let url = try server.makeDatabase() + "&sslmode=verify-full&sslrootcert=" + certificate
    let store = try await Store(postgres: url, schema: Library.schema)
    let context = try store.makeContext()
    try context.insert("Tag").label = "sealed"
    try await context.save()
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 1)
    #expect(try Self.isEncrypted(store))
  }

  @Test("prefer, the default, encrypts when the server offers TLS and connects plainly when it does not")
  func preferred() async throws {
    let (server, _) = try Self.server.get()
    let encrypted = try await Store(postgres: try server.makeDatabase(), schema: Library.schema)
    #expect(try Self.isEncrypted(encrypted))
    let plainServer = try PostgresTestServer.shared.get()
    let plain = try await Store(postgres: try plainServer.makeDatabase(), schema: Library.schema)
    #expect(try !Self.isEncrypted(plain))
  }

  @Test("verify-full without trusting the server's authority, or require against a server without TLS: no connection, a clear error")
  func refused() async throws {
    let (server, _) = try Self.server.get()
    let untrusted = await #expect(throws: StoreError.self) {
      _ = try await Store(postgres: try server.makeDatabase() + "&sslmode=verify-full", schema: Library.schema)
    }
    #expect(untrusted?.code == .database)
    #expect(untrusted?.message.contains("its TLS certificate is not signed by an authority the store trusts") == true)
    let plainServer = try PostgresTestServer.shared.get()
    let unencrypted = await #expect(throws: StoreError.self) {
      _ = try await Store(postgres: try plainServer.makeDatabase() + "&sslmode=require", schema: Library.schema)
    }
    #expect(unencrypted?.code == .database)
    #expect(unencrypted?.message.contains("the server does not offer TLS") == true)
    let missing = await #expect(throws: StoreError.self) {
      _ = try await Store(postgres: try server.makeDatabase() + "&sslmode=verify-ca&sslrootcert=/nonexistent/ca.pem", schema: Library.schema)
    }
    #expect(missing?.message.hasPrefix("the trusted certificates at /nonexistent/ca.pem cannot be read") == true)
  }

  @Test("a URL's sslmode, sslrootcert and connect_timeout, as libpq names them")
  func urlParameters() throws {
    let base = "postgres://app@db.internal/library"
    #expect(try PostgresStoreConfiguration(url: base).tls == .prefer)
    #expect(try PostgresStoreConfiguration(url: base + "?sslmode=disable").tls == .disable)
    #expect(try PostgresStoreConfiguration(url: base + "?sslmode=allow").tls == .prefer)
    #expect(try PostgresStoreConfiguration(url: base + "?sslmode=require").tls == .require)
    #expect(try PostgresStoreConfiguration(url: base + "?sslmode=verify-ca").tls == .verifyCA)
    let full = try PostgresStoreConfiguration(url: base + "?sslmode=verify-full&sslrootcert=/etc/ca.pem")
    #expect(full.tls == .verifyFull)
    #expect(full.trustedCertificatesPath == "/etc/ca.pem")
    #expect(try PostgresStoreConfiguration(url: base + "?connect_timeout=3").connectTimeout == .seconds(3))
    #expect(throws: StoreError.self) { try PostgresStoreConfiguration(url: base + "?connect_timeout=soon") }
    let error = #expect(throws: StoreError.self) { try PostgresStoreConfiguration(url: base + "?sslmode=always") }
    #expect(error?.code == .notAStore)
    #expect(error?.message == "sslmode=always is not one of disable, allow, prefer, require, verify-ca, verify-full")
  }

  /// Whether the store's connection to its server is encrypted (`pg_stat_ssl`).
  private static func isEncrypted(_ store: Store) throws -> Bool {
    let rows = try store.backend.readNow(SQLStatement("SELECT CASE WHEN ssl THEN 'yes' ELSE 'no' END FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
    guard !rows.isEmpty, case .text(let answer) = rows[0, 0] else { return false }
    return answer == "yes"
  }
}
