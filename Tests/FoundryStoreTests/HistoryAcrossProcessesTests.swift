import Foundation
import FoundryGraph
import FoundryInternals
import FoundryPostgres
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// History shared by writers that do not know each other: other `Store` objects writing at
/// the same time, and another process.
@Suite("History across writers and processes")
struct HistoryAcrossProcessesTests {
  @Test("an SQLite store's commit counter moves once per commit of any connection, not per file event")
  func sqliteCommitCounter() async throws {
    let file = try TemporaryStore()
    let store = try Store(path: file.path, schema: Library.schema)
    let counter = SQLiteCommitCounter(path: file.path)
    #expect(!counter.moved())
    let context = try store.makeContext()
    try context.insert("Tag").label = "first"
    try await context.save()
    #expect(counter.moved())
    // The echoes of the same commit find nothing new.
    #expect(!counter.moved())
    // Another store (another connection) committing moves it too.
    let other = try Store(path: file.path, schema: Library.schema).makeContext()
    try other.insert("Tag").label = "second"
    try await other.save()
    #expect(counter.moved())
    #expect(!counter.moved())
  }

  @Test("writers saving at once through their own stores get tokens in commit order: a reader following the history misses none", arguments: StoreBackendKind.available)
  func concurrentWriters(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.enableHistory()
    let writers = 3
    let savesEach = 8
    let stores = try await (0..<writers).asyncMap { _ in try await made.reopen() }
    let reader = Task { () throws -> [HistoryTransaction] in
      var seen: [HistoryTransaction] = []
      while seen.count < writers * savesEach {
        seen += try await made.store.history(after: seen.last?.token)
        try await Task.sleep(for: .milliseconds(5))
      }
      return seen
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (writer, store) in stores.enumerated() {
        group.addTask {
          let context = try store.makeContext()
          context.author = "writer \(writer)"
          for save in 0..<savesEach {
            try context.insert("Tag").label = .string("w\(writer)-s\(save)")
            try await context.save()
          }
        }
      }
      try await group.waitForAll()
    }
    let followed = try await reader.value
    let all = try await made.store.history(after: nil)
    #expect(all.map(\.token.rawValue) == Array(1...Int64(writers * savesEach)))
    // Following the history as it grew saw every transaction once, in order.
    #expect(followed == all)
    for writer in 0..<writers {
      let own = all.filter { $0.author == "writer \(writer)" }
      #expect(own.count == savesEach)
      // Each writer's saves are in its own order, each listing its one tag.
      #expect(own.map { $0.changes.map(\.kind) } == Array(repeating: [.inserted], count: savesEach))
    }
  }

  @Test("a follower of the history gets each save as it commits, through other stores, and ends when its task is cancelled", arguments: StoreBackendKind.available)
  func followingSaves(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.enableHistory()
    let writer = try await made.reopen()
    let following = HistoryFollowing(made.store, after: nil)
    for (index, store) in [made.store, writer, writer].enumerated() {
      let context = try store.makeContext()
      try context.insert("Tag").label = .string("tag \(index)")
      try await context.save()
      // Each arrives before the next save: woken by the commit, not read in a loop.
      #expect(try await following.waitFor(index + 1).map(\.token.rawValue) == Array(1...Int64(index + 1)))
    }
    await following.stop()
    #expect(following.failure == nil)
  }

  @Test("many followers of one store share its one watch: each is woken by another store's save", arguments: StoreBackendKind.available)
  func manyFollowers(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.enableHistory()
    // More than a user's inotify instances (128 by default) or a server's connections (100).
    let followings = (0..<150).map { _ in HistoryFollowing(made.store, after: nil) }
    let context = try await made.reopen().makeContext()
    try context.insert("Tag").label = .string("for everyone")
    try await context.save()
    for following in followings { #expect(try await following.waitFor(1).count == 1) }
    for following in followings { await following.stop() }
    #expect(!made.store.isWatchingCommits)
  }

  @Test("a follower that fell behind a purge is told so, instead of skipping transactions", arguments: StoreBackendKind.available)
  func fellBehind(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    try await store.enableHistory()
    let context = try store.makeContext()
    for label in ["a", "b", "c"] {
      try context.insert("Tag").label = .string(label)
      try await context.save()
    }
    try await store.purgeHistory(before: HistoryToken(3))
    await #expect { _ = try await store.history(after: HistoryToken(1)) } throws: { ($0 as? StoreError)?.code == .historyPurged }
    #expect(try await store.history(after: HistoryToken(2)).map(\.token.rawValue) == [3])
    var behind = store.transactions(after: HistoryToken(1)).makeAsyncIterator()
    await #expect { _ = try await behind.next() } throws: { ($0 as? StoreError)?.code == .historyPurged }
  }

  @Test(
    "a follower in this process is woken by an import in another process",
    .enabled(if: KilledImport.foundry != nil, "build the foundry executable first (swift build)"), arguments: StoreBackendKind.available)
  func followingAnotherProcess(_ backend: StoreBackendKind) async throws {
    let directory = try TemporaryStore()
    let target: String
    switch backend {
    case .sqlite: target = directory.path
    case .postgres: target = try PostgresTestServer.shared.get().makeDatabase()
    }
    let first = directory.directory.appendingPathComponent("authors.json")
    try KilledImport.payload(authors: 2).write(to: first, atomically: true, encoding: .utf8)
    try await KilledImport.complete(first.path, into: target)
    let store = try await Self.open(target)
    try await store.enableHistory()
    let following = HistoryFollowing(store, after: nil)
    let context = try store.makeContext()
    try context.insert("Tag").label = .string("local")
    try await context.save()
    #expect(try await following.waitFor(1).count == 1)
    let second = directory.directory.appendingPathComponent("more.json")
    try KilledImport.payload(authors: 2, firstID: 30_000).write(to: second, atomically: true, encoding: .utf8)
    try await KilledImport.complete(second.path, into: target)
    let received = try await following.waitFor(2)
    await following.stop()
    try #require(received.count == 2)
    #expect(received[1].author == "foundry import")
    #expect(received[1].changes.filter { $0.entity == "Author" && $0.kind == .inserted }.count == 2)
  }

  @Test(
    "foundry history --follow in another process prints each save as it commits, and Ctrl-C ends it with 130",
    .enabled(if: KilledImport.foundry != nil, "build the foundry executable first (swift build)"), arguments: StoreBackendKind.available)
  func followingCommand(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.enableHistory()
    let target: String
    switch made.location {
    case .file(let file): target = file.path
    case .database(let url): target = url
    }
    let program = try #require(KilledImport.foundry)
    let child = try ChildProcess(program: program, arguments: ["history", "--store", target, "--follow"])
    for author in ["first writer", "second writer"] {
      let context = try made.store.makeContext()
      context.author = author
      try context.insert("Tag").label = .string(author)
      try await context.save()
      #expect(try await child.waitForOutput(containing: author, seconds: 60), "\(child.outputSoFar)")
    }
    child.kill(SIGINT)
    let (status, output) = try await onOwnThread { child.wait() }
    #expect(ChildProcess.exitCode(of: status) == 130, "\(output)")
    let lines = output.split(separator: "\n").filter { $0.contains("writer") }
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("1  ") == true && lines.last?.hasPrefix("2  ") == true, "\(output)")
  }

  /// The store at `target` (a file or a URL) with the schema it recorded.
  static func open(_ target: String) async throws -> Store {
    target.hasPrefix("postgres") ? try await Store(postgres: target) : try Store(path: target)
  }

  @Test(
    "an import by another process is in the history of a store opened before it, and refreshes a context",
    .enabled(if: KilledImport.foundry != nil, "build the foundry executable first (swift build)"))
  func importByAnotherProcess() async throws {
    let directory = try TemporaryStore()
    let path = directory.path
    let first = directory.directory.appendingPathComponent("authors.json")
    try KilledImport.payload(authors: 3).write(to: first, atomically: true, encoding: .utf8)
    try await KilledImport.complete(first.path, into: path)
    let store = try Store(path: path)
    try await store.enableHistory()
    let context = try store.makeContext()
    let author = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "id == 10000")).first)
    #expect(author.firstName == .string("Author 0"))
    // Two contexts that changed the author locally: the one whose policy lets the store win
    // takes the other process's value; the other keeps its own change.
    let keeping = try store.makeContext()
    let kept = try #require(try await keeping.fetch(FetchRequest(entity: "Author", where: "id == 10000")).first)
    kept.firstName = .string("Mine")
    let yielding = try store.makeContext()
    yielding.mergePolicy = .storeWins
    let yielded = try #require(try await yielding.fetch(FetchRequest(entity: "Author", where: "id == 10000")).first)
    yielded.firstName = .string("Mine")

    let payload = directory.directory.appendingPathComponent("changes.json")
    try #"{"version": 1, "authors": [{"author_id": 10000, "firstName": "Ada"}, {"author_id": 20000, "firstName": "Grace"}]}"#
      .write(to: payload, atomically: true, encoding: .utf8)
    try await KilledImport.complete(payload.path, into: path)

    let history = try await store.history(after: nil)
    try #require(history.count == 1)
    #expect(history[0].author == "foundry import")
    #expect(Set(history[0].changes.map { "\($0.kind.rawValue) \($0.entity)" }) == ["updated Author", "inserted Author"])
    try await context.refresh(after: history[0].saved)
    #expect(author.firstName == .string("Ada"))
    try await keeping.refresh(after: history[0].saved)
    #expect(kept.firstName == .string("Mine"))
    try await yielding.refresh(after: history[0].saved)
    #expect(yielded.firstName == .string("Ada"))
    #expect(!yielding.hasChanges)
  }
}

/// Follows a store's history in a task of its own, keeping what it read.
final class HistoryFollowing: Sendable {
  private let collector: BackgroundCollector<HistoryTransaction>

  init(_ store: Store, after token: HistoryToken?) {
    collector = BackgroundCollector { keep in
      for try await transaction in store.transactions(after: token) { keep(transaction) }
    }
  }

  var failure: (any Error)? { collector.failure }
  func waitFor(_ count: Int) async throws -> [HistoryTransaction] { try await collector.waitFor(count) }
  func stop() async { await collector.stop() }
}

/// Runs a reading loop in a task of its own (whatever it reads belongs to that task), keeping
/// what it hands to `keep`, for a test to wait for.
final class BackgroundCollector<Element: Sendable>: Sendable {
  private let received = Locked<[Element]>([])
  private let failed = Locked<(any Error)?>(nil)
  private let task = Locked<Task<Void, Never>?>(nil)

  init(_ body: @escaping @Sendable (_ keep: @Sendable (Element) -> Void) async throws -> Void) {
    let task = Task { [received, failed] in
      do {
        try await body { element in received.withLock { $0.append(element) } }
      } catch {
        failed.withLock { $0 = error }
      }
    }
    self.task.withLock { $0 = task }
  }

  /// The error that ended the loop, if one did.
  var failure: (any Error)? { failed.withLock { $0 } }
  /// What was kept so far.
  var elements: [Element] { received.withLock { $0 } }

  /// Waits until `count` elements arrived (up to ten minutes, so a wake-up that never comes
  /// fails the test instead of hanging it, while a machine whose other tests hold its threads
  /// for minutes does not). - Returns: Those that arrived.
  func waitFor(_ count: Int) async throws -> [Element] {
    for _ in 0..<60_000 {
      if let failure { throw failure }
      let got = elements
      if got.count >= count { return got }
      try await Task.sleep(for: .milliseconds(10))
    }
    return elements
  }

  /// Cancels the loop and waits for it to end.
  func stop() async {
    let task = self.task.withLock { $0 }
    task?.cancel()
    await task?.value
  }
}

extension Sequence {
  /// The results of `transform` over the elements, one after another.
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
