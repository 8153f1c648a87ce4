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
final class PostgresTestServer: Sendable {
  let port: Int
  let directory: String
  let binaries: String

  /// The cluster of this test process, started on first use.
  static let shared: Result<PostgresTestServer, PostgresTestServerError> = start()

  /// Why the PostgreSQL cases do not run, or `nil` when they do.
  static var unavailableReason: String? {
    if case .failure(let error) = shared { return error.message }
    return nil
  }

  private init(port: Int, directory: String, binaries: String) {
    self.port = port
    self.directory = directory
    self.binaries = binaries
  }

  /// The URL of a new database of the cluster, empty or made by `sql` (run with `psql`).
  func makeDatabase(containing sql: String? = nil) throws -> String {
    let name = "foundry_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    let connection = ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres"]
    try Self.run(binaries + "/createdb", connection + [name])
    if let sql { try Self.run(binaries + "/psql", connection + ["-v", "ON_ERROR_STOP=1", "-q", "-d", name, "-c", sql]) }
    return "postgres://postgres@127.0.0.1:\(port)/\(name)"
  }

  // MARK: - Starting and stopping

  private static func start() -> Result<PostgresTestServer, PostgresTestServerError> {
    guard let binaries = findBinaries() else {
      let message = "PostgreSQL's initdb and pg_ctl were not found (install postgresql, or set FOUNDRY_POSTGRES_BIN): the PostgreSQL cases are skipped"
      FileHandle.standardError.write(Data("note: \(message)\n".utf8))
      return .failure(PostgresTestServerError(message: message))
    }
    do {
      let directory = try asServerUser("/bin/mktemp", ["-d", "/tmp/foundry-postgres-XXXXXX"]).trimmingCharacters(in: .whitespacesAndNewlines)
      try asServerUser(binaries + "/initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
      var lastError: (any Error)?
      for _ in 0..<3 {
        let port = try freePort()
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -k \(directory) -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        do {
          try asServerUser(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "60", "-o", options, "start"])
          let server = PostgresTestServer(port: port, directory: directory, binaries: binaries)
          stopping = (binaries, directory)
          atexit { PostgresTestServer.stop() }
          return .success(server)
        } catch {
          lastError = error
        }
      }
      throw lastError ?? PostgresTestServerError(message: "the server did not start")
    } catch {
      let message = "the test PostgreSQL server did not start: \(error)"
      FileHandle.standardError.write(Data("note: \(message)\n".utf8))
      return .failure(PostgresTestServerError(message: message))
    }
  }

  /// What ``stop()`` stops and removes: the binaries and the cluster's directory.
  nonisolated(unsafe) private static var stopping: (binaries: String, directory: String)?

  /// Stops the cluster at once and removes its directory (at the test process's exit).
  private static func stop() {
    guard let (binaries, directory) = stopping else { return }
    _ = try? asServerUser(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
    _ = try? asServerUser("/bin/rm", ["-rf", directory])
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
    guard getuid() == 0 else { return try run(program, arguments) }
    return try run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
  }

  /// Runs a program to its end. - Returns: What it printed. - Throws: When it fails.
  ///
  /// `posix_spawn` and `waitpid`, not Foundation's `Process`: `Process` learns of the end of
  /// a program through a descriptor the program inherits, and the server `pg_ctl` starts keeps
  /// it open, so `waitUntilExit()` would wait until the server stops.
  @discardableResult
  private static func run(_ program: String, _ arguments: [String]) throws -> String {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-postgres-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else { throw PostgresTestServerError(message: "\(program) did not start (error \(spawned))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // Exited normally with status 0: the low 7 bits (the signal) and the exit code are zero.
    guard status == 0 else {
      throw PostgresTestServerError(message: "\(program) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
    }
    return text
  }

  /// A loopback TCP port nothing listens on (the kernel's pick for a socket bound to port 0).
  private static func freePort() throws -> Int {
    #if canImport(Glibc)
    let stream = Int32(SOCK_STREAM.rawValue)
    #else
    let stream = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET, stream, 0)
    guard descriptor >= 0 else { throw PostgresTestServerError(message: "no socket for a free port") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw PostgresTestServerError(message: "no free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// Why the test server is not there.
struct PostgresTestServerError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
