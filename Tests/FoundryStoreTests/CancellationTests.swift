import Dispatch
import Foundation
import FoundryGraph
import FoundryInternals
import FoundryStore
import Testing

/// Imports, fetches and saves stop when their task is cancelled: `CancellationError`, and the
/// store and the context as they were, on every backend.
@Suite("Cancelling store work")
struct CancellationTests {
  @Test("an import in batches whose task is cancelled stops before the next batch, rolls back and throws CancellationError", arguments: StoreBackendKind.available)
  func cancelledFileImport(_ backend: StoreBackendKind) async throws {
    let (store, url, directory) = try await Self.storeAndPayload(backend, authors: 300)
    defer { _ = directory }
    let before = try await Self.contents(of: store)
    // The first batch's progress report holds the import until the task is cancelled.
    let gate = Gate()
    var options = GraphImportOptions()
    options.progress = { _, _ in gate.passOnce() }
    let task = Task { try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", options: options, batchSize: 50).elementCount }
    try await gate.waitUntilHeld()
    task.cancel()
    gate.open()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(try await Self.contents(of: store) == before)
    // Nothing is left held: the same import runs to its end.
    let report = try await store.importJSON(contentsOf: url, entity: "Author", root: "authors", batchSize: 50)
    #expect(report.elementCount == 300)
    #expect(try await Self.contents(of: store)["Author"]?.count == 302)
  }

  @Test("an import cancelled before it starts writes nothing", arguments: StoreBackendKind.available)
  func cancelledBeforeStart(_ backend: StoreBackendKind) async throws {
    let (store, url, directory) = try await Self.storeAndPayload(backend, authors: 10)
    defer { _ = directory }
    let before = try await Self.contents(of: store)
    let outcome = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await store.importJSON(contentsOf: url, entity: "Author", root: "authors").elementCount
    }.result
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(try await Self.contents(of: store) == before)
  }

  @Test(
    "a context's import, save and fetch in a cancelled task throw CancellationError; the context keeps its changes, the store is as it was", arguments: StoreBackendKind.available)
  func cancelledContextWork(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let before = try await Self.contents(of: store)
    try await Task {
      let context = try store.makeContext()
      let author = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "id == 101")).first)
      author.name = .string("Will")
      withUnsafeCurrentTask { $0?.cancel() }
      await #expect(throws: CancellationError.self) { try await context.save() }
      #expect(context.hasChanges)
      #expect(author.name == .string("Will"))
      await #expect(throws: CancellationError.self) { _ = try await context.fetch(FetchRequest(entity: "Book")) }
      await #expect(throws: CancellationError.self) { try await context.count(FetchRequest(entity: "Book")) }
    }.value
    try await Task {
      let context = try store.makeContext()
      withUnsafeCurrentTask { $0?.cancel() }
      await #expect(throws: CancellationError.self) {
        _ = try await context.importJSON(Array(Self.payload(authors: 200).utf8), entity: "Author", root: "authors")
      }
      #expect(!context.hasChanges)
    }.value
    #expect(try await Self.contents(of: store) == before)
  }

  @Test("forEachBatch stops between batches when its task is cancelled", arguments: StoreBackendKind.available)
  func cancelledBatches(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    try await store.makeContext().importJSON(Array(Self.payload(authors: 50).utf8), entity: "Author", root: "authors")
    let seen = Locked(0)
    await Task { () -> Void in
      await #expect(throws: CancellationError.self) {
        try await store.forEachBatch(of: FetchRequest(entity: "Author"), size: 10) { _, authors in
          seen.withLock { $0 += authors.count }
          withUnsafeCurrentTask { $0?.cancel() }
        }
      }
    }.value
    #expect(seen.withLock { $0 } == 10)
  }

  // MARK: - Helpers

  /// `count` authors (IDs from 1,000 on) with a book each, in the test schema's keys.
  static func payload(authors count: Int) -> String {
    let authors = (0..<count).map { index in
      #"{"id": \#(1_000 + index), "name": "Author \#(index)", "books": [{"id": \#(100_000 + index), "title": "Book \#(index)", "tags": ["t\#(index % 9)"]}]}"#
    }
    return #"{"authors": ["# + authors.joined(separator: ",\n") + "]}"
  }

  /// Every stored Author, Book and Tag identity, sorted, and the authors' names: what a
  /// rolled-back import must leave alone.
  static func contents(of store: Store) async throws -> [String: [String]] {
    var contents = try await identities(of: store, keys: ["Author": "id", "Book": "id", "Tag": "label"])
    contents["names"] = try await identities(of: store, keys: ["Author": "name"])["Author"]
    return contents
  }

  /// The values of one attribute of every stored object, by entity (`keys`: entity to
  /// attribute), each entity's sorted.
  static func identities(of store: Store, keys: [String: String]) async throws -> [String: [String]] {
    let context = try store.makeContext()
    var contents: [String: [String]] = [:]
    for (entity, key) in keys {
      let objects = try await context.fetch(FetchRequest(entity: entity))
      contents[entity] = objects.map { object in
        let value: GraphValue? = object[dynamicMember: key]
        return value.map { "\($0)" } ?? "nil"
      }.sorted()
    }
    return contents
  }

  /// A store of `backend` holding the library, and a payload file of `count` authors beside it.
  static func storeAndPayload(_ backend: StoreBackendKind, authors count: Int) async throws -> (Store, URL, TemporaryStore) {
    let store = try await backend.makeLibraryStore()
    let directory = try TemporaryStore()
    let url = directory.directory.appendingPathComponent("authors.json")
    try payload(authors: count).write(to: url, atomically: true, encoding: .utf8)
    return (store, url, directory)
  }
}

/// A point the import's thread reaches and waits at until the test lets it go on: the first
/// ``passOnce()`` holds, later ones pass.
final class Gate: Sendable {
  private let held = Locked(false)
  private let opened = DispatchSemaphore(value: 0)

  /// Holds the first caller until ``open()``; later callers go on.
  func passOnce() {
    let first = held.withLock { held in
      defer { held = true }
      return !held
    }
    if first { opened.wait() }
  }

  /// Waits until a caller is held.
  func waitUntilHeld() async throws {
    while !held.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
  }

  /// Lets the held caller go on.
  func open() { opened.signal() }
}
