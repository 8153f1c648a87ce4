import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Observation
import Synchronization
import Testing

/// How many times an `onChange` ran.
private final class ChangeCount: Sendable {
  private let count = Mutex(0)

  /// Tracks what `read` reads, then runs `change`; the number of `onChange` calls (0 or 1).
  static func after(reading read: () -> Void, _ change: () async throws -> Void) async rethrows -> Int {
    let changes = ChangeCount()
    withObservationTracking(read) { changes.count.withLock { $0 += 1 } }
    try await change()
    return changes.count.withLock { $0 }
  }
}

@Suite("@Entity observation in a store")
struct StoreObservationTests {
  typealias Volume = Shelf.Volume

  @Test("a context's rollback reaches the reader", arguments: StoreBackendKind.available)
  func rollback(_ backend: StoreBackendKind) async throws {
    let context = try await Shelf.filledStore(backend).makeContext()
    let book = try #require(try await context.fetch(Volume.self, where: \.id == 10).first)
    book.title = "Draft"
    #expect(await ChangeCount.after(reading: { _ = book.title }) { context.rollback() } == 1)
    #expect(book.title == "Notes")
  }

  @Test("a refresh after another context's save reaches the reader", arguments: StoreBackendKind.available)
  func refresh(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let reader = try store.makeContext()
    let book = try #require(try await reader.fetch(Volume.self, where: \.id == 10).first)
    let writer = try store.makeContext()
    let same = try #require(try await writer.fetch(Volume.self, where: \.id == 10).first)
    same.title = "Notes, revised"
    let saved = try await writer.save()
    #expect(try await ChangeCount.after(reading: { _ = book.title }) { try await reader.refresh(after: saved) } == 1)
    #expect(book.title == "Notes, revised")
  }

  @Test("loading a relationship is no change; linking is", arguments: StoreBackendKind.available)
  func faults(_ backend: StoreBackendKind) async throws {
    let context = try await Shelf.filledStore(backend).makeContext()
    let ada = try #require(try await context.fetch(Shelf.Writer.self, where: \.name == "Ada").first)
    #expect(await ChangeCount.after(reading: { _ = ada.books.count }) {} == 0)
    let book = try context.insert(Volume.self)
    book.id = 20
    #expect(await ChangeCount.after(reading: { _ = ada.books.count }) { book.writer = ada } == 1)
    #expect(ada.books.count == 4)
  }
}
