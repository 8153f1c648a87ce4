#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import FoundryStore
internal import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes a follower of an SQLite store's history when another connection or process writes
/// the store: a commit in WAL mode appends to the `-wal` file (a checkpoint writes the database
/// file), and the operating system says so, so nothing reads the store in a loop.
///
/// On Linux through inotify on the store's folder (the `-wal` file comes and goes with the
/// last connection), keeping the events of the store's file and its log; on Apple platforms
/// through a dispatch source on each of the two files that exists. The shared-memory file is
/// left out: readers change it, and a reader's own reads must not wake it.
///
/// A write's file events can come before its commit is visible (SQLite marks the commit in
/// the shared-memory index, which the system does not report), so each burst of events wakes
/// the follower at once and again a little later (``Echo``): a reader that looked too early
/// looks again, and an idle store costs nothing. Each wake-up first asks SQLite whether a
/// commit happened since the last one it passed on (``SQLiteCommitCounter``), so a follower reads
/// the store once per commit, not once per file event and echo.
///
/// `@unchecked Sendable`: its stored properties are dispatch sources, which Dispatch lets any
/// thread cancel.
final class SQLiteCommitWatch: CommitWatch, @unchecked Sendable {
  private let sources: [any DispatchSourceProtocol]

  /// The wake-ups of one burst of file events: now, and after each of ``delays`` since the
  /// last event. Used on the watch's serial queue only.
  final class Echo {
    static let delays: [DispatchTimeInterval] = [.milliseconds(30), .milliseconds(300)]
    private let queue: DispatchQueue
    private let onCommit: @Sendable () -> Void
    private var pending: [DispatchWorkItem] = []

    init(queue: DispatchQueue, onCommit: @escaping @Sendable () -> Void) {
      self.queue = queue
      self.onCommit = onCommit
    }

    /// Wakes the follower now, and again after each delay unless more events come first.
    func wake() {
      onCommit()
      for item in pending { item.cancel() }
      pending = Self.delays.map { delay in
        let item = DispatchWorkItem { [onCommit] in onCommit() }
        queue.asyncAfter(deadline: .now() + delay, execute: item)
        return item
      }
    }
  }

  /// Starts watching the store at `path`; `onCommit` runs on a dispatch queue.
  /// - Throws: ``StoreError`` `database` when the system refuses a watch (too many open).
  init(path: String, onCommit: @escaping @Sendable () -> Void) throws {
    let url = URL(fileURLWithPath: path)
    let names: Set<String> = [url.lastPathComponent, url.lastPathComponent + "-wal"]
    let queue = DispatchQueue(label: "foundry.sqlite.commits")
    let counter = SQLiteCommitCounter(path: path)
    let echo = Echo(queue: queue) { if counter.moved() { onCommit() } }
    #if os(Linux)
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw StoreError(.database, "\(path): cannot watch the store for commits (inotify: \(String(cString: strerror(errno))))") }
    let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE)
    guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw StoreError(.database, "\(path): cannot watch the store's folder for commits (inotify: \(reason))")
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    source.setEventHandler {
      if Self.drainEvents(descriptor).contains(where: names.contains) { echo.wake() }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    sources = [source]
    #else
    sources = names.compactMap { name -> (any DispatchSourceProtocol)? in
      let descriptor = open(url.deletingLastPathComponent().appendingPathComponent(name).path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: [.write, .extend], queue: queue)
      source.setEventHandler { echo.wake() }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return source
    }
    #endif
  }

  func cancel() {
    for source in sources { source.cancel() }
  }

  deinit { cancel() }

  #if os(Linux)
  /// Reads every pending inotify event of `descriptor`. - Returns: The names they are about.
  private static func drainEvents(_ descriptor: Int32) -> [String] {
    var names: [String] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return names }
      // Each event: wd, mask, cookie and the name's length (4 bytes each), then the name,
      // NUL-padded to that length.
      var offset = 0
      while offset + 16 <= count {
        let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
        let end = min(count, offset + 16 + length)
        let name = buffer[(offset + 16)..<end].prefix { $0 != 0 }
        names.append(String(decoding: name, as: UTF8.self))
        offset = end
      }
    }
  }
  #endif
}

/// Whether the store committed since it last asked: SQLite's `PRAGMA data_version` on a
/// read-only connection of its own, which changes with every commit of any other connection
/// (this process's writer included) and costs no read of the tables. Without that
/// connection (the system refused it), every wake-up passes.
///
/// `@unchecked Sendable`: used by one queue at a time (the watch's serial queue).
///
/// ```swift
/// let counter = SQLiteCommitCounter(path: "shelf.sqlite")
/// if counter.moved() { /* read what changed */ }
/// ```
package final class SQLiteCommitCounter: @unchecked Sendable {
  private let connection: DatabaseQueue?
  private var last: Int?

  /// A counter of the store at `path`, starting from its state now.
  package init(path: String) {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "foundry.sqlite.commit-counter"
    connection = try? DatabaseQueue(path: path, configuration: configuration)
    last = version()
  }

  /// Whether the data version moved since the last call (`true` when it cannot tell).
  package func moved() -> Bool {
    guard connection != nil, let now = version() else { return true }
    defer { last = now }
    return now != last
  }

  private func version() -> Int? {
    try? connection?.inDatabase { try Int.fetchOne($0, sql: "PRAGMA data_version") }
  }
}
