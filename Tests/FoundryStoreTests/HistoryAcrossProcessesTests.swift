import Foundation
import FoundryGraph
import FoundryInternals
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import Testing

/// History shared by writers that do not know each other: other `Store` objects writing at
/// the same time, and another process.
@Suite("History across writers and processes")
struct HistoryAcrossProcessesTests {
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
