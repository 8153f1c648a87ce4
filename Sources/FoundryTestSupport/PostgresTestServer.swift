import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A throwaway PostgreSQL cluster for the tests: `initdb` in a fresh temporary directory,
/// started with `pg_ctl` on a free loopback port (and a Unix socket in that directory), as the
/// `postgres` user when the tests run as root (PostgreSQL refuses to run as root), and stopped
/// and removed when the test process exits. No test depends on a server that was already
/// running; without PostgreSQL's binaries the PostgreSQL cases are left out, saying why.
///
/// ```swift
/// let url = try PostgresTestServer.shared.get().makeDatabase()
/// let store = try await Store(postgres: url, schema: schema)
/// ```
public final class PostgresTestServer: Sendable {
  public let port: Int
  public let directory: String
  public let binaries: String
  /// Whether a commit waits for its write-ahead log record to be written (to the operating
  /// system, not the disk: `fsync` stays off), so that commits survive an immediate stop.
  let isDurable: Bool

  /// The cluster the tests of this process share, started on first use.
  public static let shared: Result<PostgresTestServer, ChildProcessError> = {
    guard let binaries = findBinaries() else {
      let message = "PostgreSQL's initdb and pg_ctl were not found (install postgresql, or set FOUNDRY_POSTGRES_BIN): the PostgreSQL cases are skipped"
      FileHandle.standardError.write(Data("note: \(message)\n".utf8))
      return .failure(ChildProcessError(message: message))
    }
    do {
      return .success(try start(binaries: binaries))
    } catch {
      let message = "the test PostgreSQL server did not start: \(error)"
      FileHandle.standardError.write(Data("note: \(message)\n".utf8))
      return .failure(ChildProcessError(message: message))
    }
  }()

  /// Why the PostgreSQL cases do not run, or `nil` when they do.
  public static var unavailableReason: String? {
    if case .failure(let error) = shared { return error.message }
    return nil
  }

  private init(port: Int, directory: String, binaries: String, isDurable: Bool) {
    self.isDurable = isDurable
    self.port = port
    self.directory = directory
    self.binaries = binaries
  }

  /// The URL of a new database of the cluster, empty or made by `sql` (run with `psql`),
  /// `options` given to `createdb` (`["--template=template0", "--locale-provider=icu", "--icu-locale=en-US"]`).
  public func makeDatabase(containing sql: String? = nil, options: [String] = []) throws -> String {
    let name = "foundry_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    try ChildProcess.run(binaries + "/createdb", connectionArguments + options + [name])
    if let sql { try self.sql(sql, in: name) }
    return url(of: name)
  }

  /// The URL of database `database` (a URL another cluster's ``makeDatabase(containing:)``
  /// gave, or a name) on this cluster: what a replica serves of its primary's database.
  ///
  /// Opening a connection may take a minute, not libpq's usual 10 s: under a sanitizer, on a
  /// machine that also builds, the server and the client can be that slow to start talking.
  public func url(of database: String) -> String {
    let name = Self.databaseName(database)
    return "postgres://postgres@127.0.0.1:\(port)/\(name)?connect_timeout=60"
  }

  /// The database a URL names (its last path part, without parameters), or `database` itself.
  private static func databaseName(_ database: String) -> String {
    let last = database.split(separator: "/").last ?? Substring(database)
    return String(last.split(separator: "?", maxSplits: 1).first ?? last)
  }

  /// Runs `sql` with `psql` in database `database` (of a URL `makeDatabase` gave, or its name).
  /// - Returns: What it printed: unaligned rows, `|` between values.
  @discardableResult
  public func sql(_ sql: String, in database: String) throws -> String {
    let name = Self.databaseName(database)
    return try ChildProcess.run(binaries + "/psql", connectionArguments + ["-v", "ON_ERROR_STOP=1", "-q", "-A", "-t", "-d", name, "-c", sql])
  }

  /// Starts `sql` with `psql` in database `database` and goes on while it runs: to hold a
  /// lock (`BEGIN; LOCK TABLE ...; SELECT pg_sleep(120)`) while the code under test waits
  /// for it. `applicationName` names its session in `pg_stat_activity`, to end it there.
  public func startSQL(_ sql: String, in database: String, applicationName: String) throws -> ChildProcess {
    let name = Self.databaseName(database)
    return try ChildProcess(
      program: binaries + "/psql", arguments: connectionArguments + ["-v", "ON_ERROR_STOP=1", "-q", "-d", name, "-c", sql],
      environment: ["PGAPPNAME": applicationName])
  }

  /// Runs `sql` every 50 ms until it prints `expected` (one value: `"2"`).
  /// - Throws: ``ChildProcessError`` when it has not after `seconds`.
  public func waitUntil(_ sql: String, in database: String, prints expected: String, seconds: Double = 60) throws {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try self.sql(sql, in: database).trimmingCharacters(in: .whitespacesAndNewlines)
      if last == expected { return }
      usleep(50_000)
    }
    throw ChildProcessError(message: "\(sql) still printed \(last), not \(expected), after \(seconds) s")
  }

  /// Runs `body` while a session of its own holds a lock (`lock`, such as `LOCK TABLE "Tag"
  /// IN SHARE ROW EXCLUSIVE MODE`), and lets go once `waiters` sessions wait for a lock: what
  /// `body` started then goes on at once, as concurrent work would.
  /// - Returns: What `body` returned.
  public func holdingLock<T>(_ lock: String, in database: String, untilWaiting waiters: Int, _ body: () throws -> T) throws -> T {
    let holder = try startLock(lock, in: database)
    let result = try body()
    try waitForLockWaiters(waiters, in: database)
    try terminate(applicationName: Self.lockHolder, in: database)
    _ = holder.wait()
    return result
  }

  /// Starts a session that takes `lock` and keeps it (for two minutes at most), and waits
  /// until it holds it.
  public func startLock(_ lock: String, in database: String) throws -> ChildProcess {
    let holder = try startSQL("BEGIN; \(lock); SELECT pg_sleep(120)", in: database, applicationName: Self.lockHolder)
    try waitUntil("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'", in: database, prints: "1")
    return holder
  }

  /// Ends the session ``startLock(_:in:)`` started in `database`, and so its lock.
  public func releaseLock(in database: String) throws {
    try terminate(applicationName: Self.lockHolder, in: database)
  }

  /// Waits until `count` sessions of `database` wait for a lock.
  public func waitForLockWaiters(_ count: Int, in database: String) throws {
    try waitUntil("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'", in: database, prints: "\(count)")
  }

  /// The application name of the sessions ``startLock(_:in:)`` starts.
  private static let lockHolder = "foundry-lock-holder"

  /// Ends the sessions of application `name` in `database` (what
  /// ``startSQL(_:in:applicationName:)`` started there; tests running at the same time use
  /// other databases of the cluster).
  public func terminate(applicationName name: String, in database: String) throws {
    try sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = '\(name)'", in: database)
  }

  private var connectionArguments: [String] { ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres"] }

  // MARK: - Starting and stopping

  /// A cluster of its own, for a test that stops and restarts its server (the shared one
  /// serves the tests running at the same time); its commits survive an immediate stop.
  public static func startPrivate() throws -> PostgresTestServer {
    guard let binaries = findBinaries() else { throw ChildProcessError(message: "PostgreSQL is not installed") }
    return try start(binaries: binaries, isDurable: true)
  }

  private static func start(binaries: String, isDurable: Bool = false) throws -> PostgresTestServer {
    let directory = try makeClusterDirectory(binaries: binaries)
    try asServerUser(binaries + "/initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
    return try startOnFreePort(directory: directory, binaries: binaries, isDurable: isDurable)
  }

  /// Turns TLS on (`ssl = on`, reloaded without a restart) with a self-signed certificate for
  /// `127.0.0.1` and `localhost`, made with `openssl`.
  /// - Returns: The certificate's PEM file, its own authority: what a client that verifies
  ///   trusts (`sslrootcert`).
  public func enableTLS() throws -> String {
    let certificate = directory + "/server.crt"
    let key = directory + "/server.key"
    try Self.asServerUser(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ])
    try Self.asServerUser("/bin/chmod", ["600", key])
    for setting in ["ssl_cert_file = '\(certificate)'", "ssl_key_file = '\(key)'", "ssl = on"] { try sql("ALTER SYSTEM SET \(setting)", in: "postgres") }
    try sql("SELECT pg_reload_conf()", in: "postgres")
    try waitUntil("SHOW ssl", in: "postgres", prints: "on")
    return certificate
  }

  /// A streaming replica of this cluster: a copy made with `pg_basebackup -R` (which
  /// configures it to follow this server), started as a read-only standby on a port of its
  /// own; stopped and removed at the test process's exit, as this one.
  ///
  /// ```swift
  /// let primary = try PostgresTestServer.startPrivate()
  /// let replica = try primary.startReplica()
  /// ```
  public func startReplica() throws -> PostgresTestServer {
    let directory = try Self.makeClusterDirectory(binaries: binaries)
    try Self.asServerUser(binaries + "/pg_basebackup", connectionArguments + ["-D", directory + "/data", "-R", "-X", "stream", "-c", "fast", "--no-sync"])
    return try Self.startOnFreePort(directory: directory, binaries: binaries, isDurable: isDurable)
  }

  /// A new temporary directory for a cluster, owned by the server's user and removed at exit.
  private static func makeClusterDirectory(binaries: String) throws -> String {
    let directory = try asServerUser("/bin/mktemp", ["-d", "/tmp/foundry-postgres-XXXXXX"]).trimmingCharacters(in: .whitespacesAndNewlines)
    clusters.withLock { $0.append((binaries, directory)) }
    if clusters.withLock({ $0.count }) == 1 { atexit { PostgresTestServer.removeAll() } }
    return directory
  }

  /// Starts the cluster in `directory` on a free port (trying another when one was taken meanwhile).
  private static func startOnFreePort(directory: String, binaries: String, isDurable: Bool) throws -> PostgresTestServer {
    var lastError: (any Error)?
    for _ in 0..<3 {
      let server = PostgresTestServer(port: try freePort(), directory: directory, binaries: binaries, isDurable: isDurable)
      do {
        try server.startServer()
        return server
      } catch {
        lastError = error
      }
    }
    throw lastError ?? ChildProcessError(message: "the server did not start")
  }

  /// Starts the cluster's server (again, after ``stopImmediately()``), on its port.
  public func startServer() throws {
    let commits = isDurable ? "" : " -c synchronous_commit=off"
    let options = "-p \(port) -c listen_addresses=127.0.0.1 -k \(directory) -c fsync=off\(commits) -c full_page_writes=off -c max_connections=300"
    try Self.asServerUser(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "60", "-o", options, "start"])
  }

  /// Stops the server at once (`pg_ctl -m immediate`): every session is cut, nothing is
  /// flushed, and the next start recovers from the write-ahead log, as after a crash.
  public func stopImmediately() throws {
    try Self.asServerUser(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
  }

  /// The clusters this process made, stopped and removed at its exit.
  private static let clusters = ClusterList()

  /// Stops every cluster at once and removes its directory (at the test process's exit).
  private static func removeAll() {
    for (binaries, directory) in clusters.withLock({ $0 }) {
      _ = try? asServerUser(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
      _ = try? asServerUser("/bin/rm", ["-rf", directory])
    }
  }

  /// The directory holding `initdb` and `pg_ctl`: `FOUNDRY_POSTGRES_BIN`, Debian's
  /// `/usr/lib/postgresql/<version>/bin` (the newest), or the `PATH`.
  private static func findBinaries() -> String? {
    let manager = FileManager.default
    var candidates: [String] = []
    if let configured = ProcessInfo.processInfo.environment["FOUNDRY_POSTGRES_BIN"] { candidates.append(configured) }
    let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
    candidates += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return candidates.first { manager.isExecutableFile(atPath: $0 + "/initdb") && manager.isExecutableFile(atPath: $0 + "/pg_ctl") }
  }

  /// Runs a program as the `postgres` user when the tests run as root, else as the current user.
  @discardableResult
  private static func asServerUser(_ program: String, _ arguments: [String]) throws -> String {
    guard getuid() == 0 else { return try ChildProcess.run(program, arguments) }
    return try ChildProcess.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
  }

  /// A loopback TCP port nothing listens on (the kernel's pick for a socket bound to port 0).
  private static func freePort() throws -> Int {
    let (descriptor, port) = try LoopbackSocket.bound(purpose: "a free port")
    close(descriptor)
    return port
  }
}

/// The clusters a test process made, behind a lock.
private final class ClusterList: @unchecked Sendable {
  private let lock = NSLock()
  private var clusters: [(binaries: String, directory: String)] = []

  func withLock<T>(_ body: (inout [(binaries: String, directory: String)]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&clusters)
  }
}
