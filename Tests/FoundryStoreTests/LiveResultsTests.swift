import Foundation
import FoundryGraph
import FoundryInternals
import FoundryStore
import Testing

/// `context.results(for:)`: snapshots of a request's answer after every save that changes it,
/// made through other stores (so only the database can wake the reader), on every backend.
@Suite("Live results")
struct LiveResultsTests {
  /// What a snapshot showed, kept by the task that reads the results.
  struct Seen: Equatable, Sendable {
    var names: [String]
    var sections: [String]
    var difference: ResultsDifference
  }

  @Test("inserted, removed, moved and updated positions, each after the save that caused it; saves that change nothing else send none", arguments: StoreBackendKind.available)
  func differences(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    var request = FetchRequest(entity: "Author")
    request.sortBy = [SortKey("name")]
    let reading = Reading(made.store, request: request)
    let first = try await reading.waitFor(1)
    #expect(first.last == Seen(names: ["Mark Twain", "William Shakespeare"], sections: [""], difference: ResultsDifference(inserted: [0, 1])))

    let writer = try await made.reopen()
    let context = try writer.makeContext()
    // A tag: not an author, so no snapshot; then an author sorted first.
    try context.insert("Tag").label = .string("unrelated")
    try await context.save()
    let aaron = try context.insert("Author")
    aaron.id = .integer(1)
    aaron.name = .string("Aaron")
    try await context.save()
    #expect(try await reading.waitFor(2).last == Seen(names: ["Aaron", "Mark Twain", "William Shakespeare"], sections: [""], difference: ResultsDifference(inserted: [0])))

    let twain = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "id == 106")).first)
    twain.rating = .integer(1)
    try await context.save()
    #expect(try await reading.waitFor(3).last?.difference == ResultsDifference(updated: [1]))

    twain.name = .string("Zane Grey")
    try await context.save()
    let moved = try #require(try await reading.waitFor(4).last)
    #expect(moved.names == ["Aaron", "William Shakespeare", "Zane Grey"])
    #expect(moved.difference.inserted.isEmpty && moved.difference.removed.isEmpty && !moved.difference.moved.isEmpty)

    try context.graph.delete(aaron)
    try await context.save()
    #expect(try await reading.waitFor(5).last == Seen(names: ["William Shakespeare", "Zane Grey"], sections: [""], difference: ResultsDifference(removed: [0])))
    await reading.stop()
    #expect(reading.seen.count == 5)
  }

  @Test("sections by a key path through a to-one relationship", arguments: StoreBackendKind.available)
  func sections(_ backend: StoreBackendKind) async throws {
    let made = try await backend.makeStore()
    try await made.store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    var request = FetchRequest(entity: "Book")
    request.sortBy = [SortKey("author.name"), SortKey("title")]
    let reading = Reading(made.store, request: request, sectionKey: "author.name")
    #expect(try await reading.waitFor(1).first?.sections == ["Mark Twain", "William Shakespeare"])
    let context = try await made.reopen().makeContext()
    let book = try context.insert("Book")
    book.id = .integer(9)
    book.title = .string("Roughing It")
    let twain = try #require(try await context.fetch(FetchRequest(entity: "Author", where: "id == 106")).first)
    try book.setRelated(twain, forKey: "author")
    try await context.save()
    let second = try #require(try await reading.waitFor(2).last)
    #expect(second.names == ["A Connecticut Yankee", "Roughing It", "Hamlet", "The Tempest"])
    #expect(second.difference.inserted == [1])
    await reading.stop()
  }

  @Test("a snapshot's objects as an @Entity class, a subentity's objects among them", arguments: StoreBackendKind.available)
  func typedObjects(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let context = try store.makeContext()
    var request = FetchRequest(entity: "Writer")
    request.sortBy = [SortKey("name")]
    var snapshots = context.results(for: request).makeAsyncIterator()
    let writers = try #require(try await snapshots.next()).objects(as: Shelf.Writer.self)
    #expect(writers.map(\.name) == ["Ada", "Bo", "Cy"])
    #expect(writers.map(\.managedObject.entity.name) == ["Writer", "Writer", "Poet"])
  }

  @Test("typed live results: a typed predicate, sort and section key, objects of the class, and the next snapshot after a save", arguments: StoreBackendKind.available)
  func typedResults(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let context = try store.makeContext()
    let results = try context.results(
      for: Shelf.Volume.self, where: \.year > 1900, sortBy: [.ascending(\.writer?.name), .ascending(\.year)], sectionedBy: \.writer?.name)
    var snapshots = results.makeAsyncIterator()
    let first = try #require(try await snapshots.next())
    #expect(first.objects.map(\.title) == ["The Engine", "the letters", "Volume 2"])
    #expect(first.sections.map(\.name) == ["Ada", "Bo"] && first.sections.map { $0.objects.map(\.id) } == [[11, 12], [13]])
    #expect(first.difference == ResultsDifference(inserted: [0, 1, 2]))

    let writer = try store.makeContext()
    let bo = try #require(try writer.object(Shelf.Writer.self, identity: 2))
    let zeta = try writer.insert(Shelf.Volume.self)
    (zeta.id, zeta.title, zeta.year) = (14, "Zeta", 2020)
    zeta.writer = bo
    let old = try writer.insert(Shelf.Volume.self)
    (old.id, old.title, old.year) = (15, "Older", 1850)
    old.writer = bo
    try await writer.save()
    let second = try #require(try await snapshots.next())
    #expect(second.objects.map(\.title) == ["The Engine", "the letters", "Volume 2", "Zeta"])
    #expect(second.sections.last?.objects.map(\.title) == ["Volume 2", "Zeta"])
    #expect(second.difference == ResultsDifference(inserted: [3]))

    // A Foundation predicate through a fetch descriptor; subclasses' objects come as the class.
    var descriptor = EntityFetchDescriptor<Shelf.Writer>(predicate: #Predicate { $0.name != "Bo" }, sortBy: [SortDescriptor(\.name)])
    descriptor.fetchLimit = 5
    var writers = try context.results(for: descriptor).makeAsyncIterator()
    let named = try #require(try await writers.next())
    #expect(named.objects.map(\.name) == ["Ada", "Cy"] && named.objects.last?.managedObject.entity.name == "Poet")
    // A section key must reach a stored attribute, checked before anything is read.
    #expect(throws: StoreError.self) { try context.results(for: Shelf.Writer.self, sectionedBy: \.books) }
    #expect(throws: StoreError.self) { try context.results(for: Shelf.Writer.self, sectionedBy: \.shout) }
  }

  /// Reads live results in a task of its own (the context belongs to it), keeping what each
  /// snapshot showed.
  final class Reading: Sendable {
    private let collector: BackgroundCollector<Seen>

    init(_ store: Store, request: FetchRequest, sectionKey: String? = nil) {
      collector = BackgroundCollector { keep in
        let context = try store.makeContext()
        for try await snapshot in context.results(for: request, sectionedBy: sectionKey) {
          let names = try snapshot.objects.map { object -> String in
            let key = object.entity.name == "Book" ? "title" : "name"
            guard case .string(let name)? = try object.value(forKey: key) else { return "?" }
            return name
          }
          keep(Seen(names: names, sections: snapshot.sections.map(\.name), difference: snapshot.difference))
        }
      }
    }

    var seen: [Seen] { collector.elements }
    func waitFor(_ count: Int) async throws -> [Seen] { try await collector.waitFor(count) }
    func stop() async { await collector.stop() }
  }
}
