import Foundation
import FoundryGraph
import Observation
import Synchronization
import Testing

/// How many times an `onChange` ran.
final class ChangeCount: Sendable {
  private let count = Mutex(0)

  var value: Int { count.withLock { $0 } }

  /// Tracks what `read` reads, then runs `change`; the number of `onChange` calls (0 or 1).
  static func after(reading read: () -> Void, _ change: () throws -> Void) rethrows -> Int {
    let changes = ChangeCount()
    withObservationTracking(read) { changes.count.withLock { $0 += 1 } }
    try change()
    return changes.value
  }
}

@Suite("@Entity observation")
struct EntityObservationTests {
  func makeGraph() throws -> ObjectGraph {
    ObjectGraph(schema: try Schema(GenAuthor.self, GenPoet.self, GenBook.self, GenTag.self))
  }

  @Test("a change through another view, or the string-keyed API, reaches the reader of one view")
  func views() throws {
    let graph = try makeGraph()
    let book = try graph.insert(GenBook.self)
    book.title = "Emma"
    let other = GenBook(managedObject: book.managedObject)
    #expect(ChangeCount.after(reading: { _ = book.title }) { other.title = "Persuasion" } == 1)
    #expect(try ChangeCount.after(reading: { _ = book.title }) { try book.managedObject.setValue("Sanditon", forKey: "title") } == 1)
    #expect(ChangeCount.after(reading: { _ = book.title }) { book.managedObject.title = .string("Lady Susan") } == 1)
    #expect(book.title == "Lady Susan")
  }

  @Test("unread properties and equal values do not count")
  func unread() throws {
    let graph = try makeGraph()
    let book = try graph.insert(GenBook.self)
    book.title = "Emma"
    #expect(ChangeCount.after(reading: { _ = book.title }) { book.rating = 4 } == 0)
    graph.commitChanges()
    #expect(ChangeCount.after(reading: { _ = book.title }) { book.title = "Emma" } == 0)
  }

  @Test("relationships: a link made from the other side reaches the reader")
  func relationships() throws {
    let graph = try makeGraph()
    let book = try graph.insert(GenBook.self)
    let author = try graph.insert(GenAuthor.self)
    #expect(ChangeCount.after(reading: { _ = book.author }) { author.books = [book] } == 1)
    #expect(book.author?.managedObject === author.managedObject)
    #expect(ChangeCount.after(reading: { _ = author.books }) { book.author = nil } == 1)
    #expect(author.books.isEmpty)
  }

  @Test("a graph import and a rollback reach the reader")
  func importAndRollback() throws {
    let graph = try makeGraph()
    try graph.importJSON(Array(#"[{"author_id": 1, "name": "Ada"}]"#.utf8), entity: "GenAuthor")
    graph.commitChanges()
    let author = try #require(try graph.objects(of: GenAuthor.self).first)
    #expect(
      try ChangeCount.after(reading: { _ = author.name }) {
        try graph.importJSON(Array(#"{"author_id": 1, "name": "Lovelace"}"#.utf8), entity: "GenAuthor")
      } == 1)
    #expect(author.name == "Lovelace")
    #expect(ChangeCount.after(reading: { _ = author.name }) { graph.rollback() } == 1)
    #expect(author.name == "Ada")
  }
}
