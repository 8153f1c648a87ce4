import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

@Suite("Merge policies and change notifications")
struct MergeTests {
  /// Two contexts that loaded Mark Twain; the first renames him and saves.
  func conflict(in store: Store) async throws -> (first: ObjectContext, second: ObjectContext, theirs: ManagedObject) {
    let first = try store.makeContext()
    let second = try store.makeContext()
    let mine = try #require(try first.object(of: "Author", identity: 106))
    let theirs = try #require(try second.object(of: "Author", identity: 106))
    mine.name = "Samuel Clemens"
    try await first.save()
    return (first, second, theirs)
  }

  @Test("context wins: the later save overwrites", arguments: StoreBackendKind.available)
  func contextWins(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let (_, second, theirs) = try await conflict(in: store)
    second.mergePolicy = .contextWins
    theirs.name = "S. L. Clemens"
    theirs.rating = 1
    try await second.save()
    let stored = try #require(try store.makeContext().object(of: "Author", identity: 106))
    #expect(stored.name == "S. L. Clemens")
    #expect(stored.rating == 1)
  }

  @Test("store wins: the other save's values stay, the context's changes to that object go, the rest is saved", arguments: StoreBackendKind.available)
  func storeWins(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let (_, second, theirs) = try await conflict(in: store)
    second.mergePolicy = .storeWins
    theirs.rating = 1
    let tag = try second.insert("Tag")
    tag.label = "humor"
    let saved = try await second.save()
    #expect(saved.inserted.count == 1)
    #expect(theirs.name == "Samuel Clemens")
    #expect(theirs.rating == 5)
    #expect(!second.hasChanges)
    let stored = try #require(try store.makeContext().object(of: "Author", identity: 106))
    #expect(stored.name == "Samuel Clemens")
    #expect(stored.rating == 5)
    #expect(try store.makeContext().object(of: "Tag", identity: "humor") != nil)
    // The context is current again: a new change saves without a conflict.
    theirs.rating = 4
    try await second.save()
  }

  @Test("every save is announced; another context refreshes from it", arguments: StoreBackendKind.available)
  func notifications(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let changes = store.changes()
    let watcher = try store.makeContext()
    let twain = try #require(try watcher.object(of: "Author", identity: 106))
    let hamlet = try #require(try watcher.object(of: "Book", identity: 3002))
    let editor = try store.makeContext()
    try #require(try editor.object(of: "Author", identity: 106)).name = "Samuel Clemens"
    try editor.delete(try #require(try editor.object(of: "Book", identity: 3002)))
    let saved = try await editor.save()
    var iterator = changes.makeAsyncIterator()
    let announced = await iterator.next()
    #expect(announced == saved)
    #expect(twain.name == "Mark Twain")
    try await watcher.refresh(after: try #require(announced))
    #expect(twain.name == "Samuel Clemens")
    #expect(hamlet.isDeleted)
    #expect(try watcher.object(of: "Book", identity: 3002) == nil)
    #expect(!watcher.hasChanges)
  }
}
