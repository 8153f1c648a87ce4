import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// One store shared by many tasks, each with contexts of its own: what the thread sanitizer
/// run (`scripts/sanitize thread`) checks for data races in the store and its backends.
@Suite("Store contexts on many tasks at once")
struct StoreConcurrencyTests {
  @Test("tasks save and fetch through contexts of one store at once, and a changes() reader hears every save", arguments: StoreBackendKind.available)
  func contextsOnManyTasks(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    // Subscribed before any save, so the reader cannot miss one.
    let saves = store.changes()
    let changes = Task {
      var inserted = 0
      for await saved in saves {
        inserted += saved.inserted.count
        if inserted >= 40 { break }
      }
      return inserted
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for number in 0..<4 {
        group.addTask {
          let context = try store.makeContext()
          for index in 0..<10 {
            let tag = try context.insert("Tag")
            tag.label = .string("tag \(number)-\(index)")
          }
          try await context.save()
          _ = try await context.fetch(FetchRequest(entity: "Tag"))
        }
      }
      try await group.waitForAll()
    }
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "Tag")) == 40)
    #expect(await changes.value == 40)
  }

  @Test("imports on many tasks at once into one store each store their own objects", arguments: StoreBackendKind.available)
  func importsOnManyTasks(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore().store
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for number in 0..<4 {
        group.addTask {
          let payload = (0..<5).map { #"{"label": "import \#(number)-\#($0)"}"# }.joined(separator: ",")
          let report = try await store.makeContext().importJSON(Array("[\(payload)]".utf8), entity: "Tag")
          return report.saved.inserted.count
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(counts == [5, 5, 5, 5])
    #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 20)
  }
}
