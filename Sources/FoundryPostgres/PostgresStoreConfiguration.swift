#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryStore

/// Where a PostgreSQL store lives and how many connections it may hold open.
///
/// ```swift
/// var configuration = try PostgresStoreConfiguration(url: "postgres://app:secret@localhost:5432/library")
/// configuration.poolSize = 8
/// let store = try await Store(postgres: configuration, schema: schema)
/// ```
public struct PostgresStoreConfiguration: Sendable, Hashable {
  /// The server's host name or address (ignored when ``unixSocketPath`` is set).
  public var host: String
  /// The server's TCP port.
  public var port: Int
  /// The directory-qualified path of the server's Unix socket (`/tmp/.s.PGSQL.5432`), used
  /// instead of TCP when set.
  public var unixSocketPath: String?
  /// The role the store connects as.
  public var username: String
  /// The role's password, if the server asks for one.
  public var password: String?
  /// The database holding the store's tables (the role's own when `nil`).
  public var database: String?
  /// How many connections the store opens at most (at least 1): saves and reads beyond
  /// that wait for a free one.
  public var poolSize: Int
  /// How long opening a connection may take, handshake included (a URL's `connect_timeout`,
  /// in seconds): 10 s unless said.
  public var connectTimeout: Duration = .seconds(10)
  /// How long a save or read waits for a free connection when all ``poolSize`` are busy
  /// before it fails with `StoreError` `database`: 30 s unless said; `nil` waits as long as
  /// it takes.
  public var poolTimeout: Duration? = .seconds(30)
  /// How long the server lets one statement run before it cancels it (PostgreSQL's
  /// `statement_timeout`, set for the store's connections): the server's own setting when
  /// `nil`. A cancelled statement fails its save or read with `StoreError` `database`. A
  /// statement still unanswered 5 seconds later (a network that stalled, which the server's
  /// cancellation cannot cross) closes its connection and fails the same way.
  public var statementTimeout: Duration?
  /// Whether and how connections are encrypted (``PostgresTLSMode/prefer`` unless said, as
  /// libpq; TCP only: a Unix socket is not encrypted).
  public var tls = PostgresTLSMode.prefer
  /// A PEM file of the certificate authorities ``PostgresTLSMode/verifyCA`` and
  /// ``PostgresTLSMode/verifyFull`` trust (a URL's `sslrootcert`); the system's when `nil`.
  public var trustedCertificatesPath: String?
  /// Read-only replicas of this server (streaming standbys) that the fetches, counts and
  /// relationship faults of contexts without unsaved changes may read, in turn; each with
  /// its own address and pool size (their own `replicas` are not used).
  ///
  /// ```swift
  /// var configuration = try PostgresStoreConfiguration(url: "postgres://app@primary/library")
  /// configuration.replicas = [try PostgresStoreConfiguration(url: "postgres://app@replica-1/library")]
  /// ```
  /// Saves, imports, identity lookups and refreshes always go to the primary. A store's
  /// contexts read from a replica only once it has replayed the store's latest save or
  /// import, so a process always sees its own writes; other processes' writes arrive with
  /// the replica's lag. A replica that cannot be
  /// reached (or fails a read) leaves the read to the primary, and is passed by for a few
  /// seconds.
  public var replicas: [PostgresStoreConfiguration] = []

  /// A server reached over TCP.
  ///
  /// ```swift
  /// let configuration = PostgresStoreConfiguration(host: "localhost", username: "app", database: "library")
  /// ```
  public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil, poolSize: Int = 4) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.database = database
    self.poolSize = poolSize
  }

  /// A server named by a connection URL: `postgres://user:password@host:port/database`
  /// (`postgresql://` too; user, password, port and database optional), with libpq's
  /// `sslmode`, `sslrootcert` and `connect_timeout` parameters
  /// (`?sslmode=verify-full&sslrootcert=ca.pem&connect_timeout=5`).
  ///
  /// ```swift
  /// let configuration = try PostgresStoreConfiguration(url: "postgres://app@localhost/library")
  /// ```
  /// - Throws: `StoreError` `notAStore` for a URL that is not a `postgres://` URL with a host,
  ///   or with an `sslmode` libpq does not know or a `connect_timeout` that is not a number.
  public init(url: String, poolSize: Int = 4) throws(StoreError) {
    guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme?.lowercased() ?? ""),
      let host = components.host, !host.isEmpty
    else {
      throw StoreError(.notAStore, "\(url) is not a PostgreSQL URL (postgres://user:password@host:port/database)")
    }
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    self.init(
      host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
      password: components.password, database: path.isEmpty ? nil : path, poolSize: poolSize)
    for item in components.queryItems ?? [] {
      switch item.name {
      case "sslmode": tls = try PostgresTLSMode(sslmode: item.value ?? "")
      case "sslrootcert": trustedCertificatesPath = item.value
      case "connect_timeout":
        guard let seconds = item.value.flatMap(Int.init), seconds > 0 else {
          throw StoreError(.notAStore, "connect_timeout=\(item.value ?? "") is not a whole number of seconds above 0")
        }
        connectTimeout = .seconds(seconds)
      default: break
      }
    }
  }
}
