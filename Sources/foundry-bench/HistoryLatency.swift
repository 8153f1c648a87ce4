import ArgumentParser
import Dispatch
import Foundation
import FoundryGraph
import FoundryInternals
import FoundryPostgres
import FoundrySQLite
import FoundryStore

/// `foundry-bench history-latency [--saves 50]`: how long a save in one process takes to reach
/// a follower of the store's history (`Store.transactions(after:)`) in another, on SQLite and,
/// when `FOUNDRY_BENCH_POSTGRES` names a database the benchmark may empty, on PostgreSQL.
///
/// This process follows; a child process (this executable's `history-latency-child`) saves a
/// tag at a time and prints the wall-clock time each save returned. The latency of a save is
/// the time its transaction arrived here minus that time; the median, 90th percentile and
/// maximum are printed. The bar: a median within 100 ms.
struct HistoryLatencyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history-latency",
    abstract: "How long a save in another process takes to reach a follower of the store's history."
  )

  @Option(help: "The saves the other process makes.")
  var saves = 50

  @Option(help: "Milliseconds between the other process's saves.")
  var intervalMs = 20

  func run() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/foundry-bench-history-latency-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var targets = [("SQLite", folder + "/store.sqlite")]
    if let url = PostgresCases.serverURL() {
      try RawPostgres(url: url).reset()
      targets.append(("PostgreSQL", url))
    }
    for (name, target) in targets {
      let store = try Self.open(target)
      try store.enableHistoryNow()
      let latencies = try measure(store, target: target)
      let sorted = latencies.sorted()
      let milliseconds = { (seconds: Double) in String(format: "%.1f", seconds * 1000) }
      print(
        "\(name): \(sorted.count) saves in another process, latency to this process's follower: "
          + "median \(milliseconds(sorted[sorted.count / 2])) ms, p90 \(milliseconds(sorted[sorted.count * 9 / 10])) ms, "
          + "max \(milliseconds(sorted.last ?? 0)) ms")
    }
  }

  /// The store at `target` (a file or a `postgres://` URL) for the latency's schema.
  static func open(_ target: String) throws -> Store {
    target.hasPrefix("postgres") ? try Store.openNow(postgres: target, schema: StoreMemoryCommand.schema) : try Store(path: target, schema: StoreMemoryCommand.schema)
  }

  /// Follows `store` while the child saves. - Returns: Each save's latency, in seconds.
  private func measure(_ store: Store, target: String) throws -> [Double] {
    let arrivals = Locked<[Int64: Double]>([:])
    let failure = Locked<(any Error)?>(nil)
    let done = DispatchSemaphore(value: 0)
    let expected = Int64(saves)
    let follower = Task {
      defer { done.signal() }
      do {
        for try await transaction in store.transactions(after: nil) {
          let now = Date().timeIntervalSince1970
          let count = arrivals.withLock { arrivals in
            arrivals[transaction.token.rawValue] = now
            return arrivals.count
          }
          if count >= expected { return }
        }
      } catch {
        failure.withLock { $0 = error }
      }
    }
    let report = try XMLMemoryCommand.runChild(
      executable: try XMLMemoryCommand.executablePath(), arguments: ["history-latency-child", target, "--saves", "\(saves)", "--interval-ms", "\(intervalMs)"])
    guard done.wait(timeout: .now() + 60) == .success else {
      follower.cancel()
      throw SetupError("history-latency: the follower had \(arrivals.withLock { $0.count }) of \(saves) transactions after a minute")
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return try (1...expected).map { token in
      guard let committed = report["\(token)"].flatMap(Double.init), let arrived = arrivals.withLock({ $0[token] }) else {
        throw SetupError("history-latency: no time for transaction \(token)")
      }
      return arrived - committed
    }
  }
}

/// The child of `history-latency`: saves a tag at a time and prints `TOKEN=SECONDS`, the wall
/// clock when each save returned.
struct HistoryLatencyChild: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "history-latency-child", shouldDisplay: false)

  @Argument var target: String
  @Option var saves = 50
  @Option var intervalMs = 20

  func run() throws {
    let store = try HistoryLatencyCommand.open(target)
    for index in 1...saves {
      let context = try store.makeContext()
      let tag = try context.insert("Tag")
      tag.label = .string("latency \(index)")
      try context.saveNow()
      print("\(index)=\(Date().timeIntervalSince1970)")
      usleep(UInt32(intervalMs * 1000))
    }
  }
}
