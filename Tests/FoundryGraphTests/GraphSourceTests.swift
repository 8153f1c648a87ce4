import Foundation
import FoundryGraph
import Testing

/// A source that serves a committed in-memory graph as if it were a store: rows are object numbers.
final class GraphBackedSource: ObjectSource {
  let stored: ObjectGraph
  var lookups = 0
  /// Identities asked for in bulk (ahead of an import), by entity name.
  var bulkLookups: [String: [[GraphValue]]] = [:]
  var faults = 0
  var failing = false

  init(_ stored: ObjectGraph) { self.stored = stored }

  func storedObject(of entity: EntityDescription, identity: [GraphValue]) throws -> StoredObject? {
    lookups += 1
    if failing { throw CocoaError(.fileReadUnknown) }
    let names = entity.identity
    let match = try stored.objects(of: entity.name).first { object in
      zip(names, identity).allSatisfy { (try? object.value(forKey: $0)) == $1 }
    }
    return try match.map(row)
  }

  func storedObjects(of entity: EntityDescription, identities: [[GraphValue]]) throws -> [StoredObject] {
    bulkLookups[entity.name, default: []] += identities
    if failing { throw CocoaError(.fileReadUnknown) }
    let wanted = Set(identities)
    return try stored.objects(of: entity.name).filter { object in wanted.contains(try entity.identity.compactMap { try object.value(forKey: $0) }) }.map(row)
  }

  func storedObjects(relatedTo id: PersistentID, of entity: EntityDescription, slot: Int) throws -> [StoredObject] {
    faults += 1
    if failing { throw CocoaError(.fileReadUnknown) }
    guard let owner = stored.objects.first(where: { Int64($0.objectNumber) == id.row }) else { return [] }
    return try owner.related(forKey: entity.relationships[slot].name).map(row)
  }

  private func row(_ object: ManagedObject) throws -> StoredObject {
    let family = stored.schema.entities[object.entity.rootIndex].name
    let values = try object.entity.attributes.map { try object.value(forKey: $0.name) }
    return StoredObject(id: PersistentID(family: family, row: Int64(object.objectNumber)), entity: object.entity, values: values)
  }
}

@Suite("Graphs over an object source")
struct GraphSourceTests {
  let stored: ObjectGraph
  let source: GraphBackedSource
  let graph: ObjectGraph

  init() throws {
    let schema = try LibrarySchema.make()
    stored = ObjectGraph(schema: schema)
    try stored.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    stored.commitChanges()
    source = GraphBackedSource(stored)
    graph = ObjectGraph(schema: schema)
    graph.source = source
  }

  @Test("an identity miss asks the source, and the row becomes one unchanged object")
  func identityMiss() throws {
    let author = try #require(try graph.object(of: "Author", identity: 106))
    #expect(author.persistentID != nil)
    #expect(author.firstName == "Mark")
    #expect(!author.hasChanges)
    #expect(try graph.object(of: "Author", identity: 106) === author)
    #expect(source.lookups == 1)
    #expect(try graph.object(of: "Author", identity: 999) == nil)
    #expect(graph.registeredObject(for: try #require(author.persistentID)) === author)
  }

  @Test("relationships of a stored object load on first access, once")
  func faults() throws {
    let author = try #require(try graph.object(of: "Author", identity: 101))
    #expect(author.isFault(forKey: "books"))
    let books = try author.related(forKey: "books")
    #expect(books.compactMap(\.title) == ["The Tempest", "Hamlet"])
    #expect(!author.isFault(forKey: "books"))
    #expect(try books[0].relatedObject(forKey: "author") === author)
    #expect(try graph.object(of: "Book", identity: 3001) === books[0])
    #expect(!graph.hasChanges)
  }

  @Test("an import updates stored objects in place and reports only real changes")
  func importUpdates() throws {
    let payload = #"[{"author_id": 106, "firstName": "Mark", "rating": 4, "books": [{"book_id": 3501, "title": "A Connecticut Yankee"}, {"book_id": 9, "title": "Roughing It"}]}]"#
    try graph.importJSON(Array(payload.utf8), entity: "Author")
    let changes = try graph.changes()
    #expect(changes.inserted.map(\.title) == [.string("Roughing It")])
    let author = try #require(try graph.object(of: "Author", identity: 106))
    #expect(author.changedKeys == ["rating", "books"])
    #expect(try author.committedValue(forKey: "rating") == 5)
    let yankee = try #require(try graph.object(of: "Book", identity: 3501))
    #expect(!yankee.hasChanges)
  }

  @Test("an import asks for the integer identities its payload names ahead, once per entity, and finds, updates and inserts as lookups one at a time would")
  func lookAhead() throws {
    // Found and changed, new, moved to another author, referenced by identity (a publisher
    // stored and one not), an identity given as text, and one named twice.
    let payload = #"""
      [{"author_id": "101", "firstName": "Will", "books": [
         {"book_id": 3001, "title": "The Tempest (folio)", "publisher_id": 7}, {"book_id": 4000, "title": "Cardenio", "publisher_id": 8}]},
       {"author_id": 200, "firstName": "Ursula", "books": [{"book_id": 3501, "title": "A Connecticut Yankee"}, {"book_id": 4000}]},
       {"author_id": 106, "firstName": "Mark"}]
      """#
    try graph.importJSON(Array(payload.utf8), entity: "Author")
    #expect(source.lookups == 0)
    #expect(Set(source.bulkLookups.keys) == ["Author", "Book", "Publisher"])
    #expect(Set(try #require(source.bulkLookups["Author"])) == [[.integer(101)], [.integer(200)], [.integer(106)]])
    // The stored authors' books lists are loaded ahead (the import replaces them): 3001 and
    // 3501 are found there (3501 is Mark's, moving to Ursula), so only 4000 is asked for.
    #expect(Set(try #require(source.bulkLookups["Book"])) == [[.integer(4000)]])
    #expect(Set(try #require(source.bulkLookups["Publisher"])) == [[.integer(7)], [.integer(8)]])
    let changes = try graph.changes()
    #expect(Set(changes.inserted.map { "\($0.entity.name) \($0.id.map { "\($0)" } ?? "-")" }) == ["Author 200", "Book 4000", "Publisher 8"])
    let will = try #require(try graph.object(of: "Author", identity: 101))
    #expect(will.firstName == "Will")
    #expect(try will.committedValue(forKey: "firstName") == "William")
    let cardenio = try #require(try graph.object(of: "Book", identity: 4000))
    #expect(try cardenio.relatedObject(forKey: "author")?.id == 200)
    #expect(try cardenio.relatedObject(forKey: "publisher")?.id == 8)
    let tempest = try #require(try graph.object(of: "Book", identity: 3001))
    #expect(tempest.title == "The Tempest (folio)")
    #expect(try tempest.relatedObject(forKey: "publisher")?.persistentID != nil)
    #expect(try graph.object(of: "Book", identity: 3501)?.relatedObject(forKey: "author")?.id == 200)
    // What was found absent is forgotten once the import is done: a later write may add it.
    #expect(graph.absentIdentityCount == 0)
    #expect(try graph.object(of: "Author", identity: 999) == nil)
    #expect(source.lookups == 1)
  }

  @Test("an import that appends to lists does not load them ahead: it asks for each member by identity")
  func lookAheadAppending() throws {
    var options = GraphImportOptions()
    options.toManyMerge = .append
    let payload = #"[{"author_id": 101, "books": [{"book_id": 3001, "title": "The Tempest (folio)"}, {"book_id": 4000, "title": "Cardenio"}]}]"#
    try graph.importJSON(Array(payload.utf8), entity: "Author", options: options)
    #expect(source.lookups == 0)
    #expect(Set(try #require(source.bulkLookups["Book"])) == [[.integer(3001)], [.integer(4000)]])
    let tempest = try #require(try graph.object(of: "Book", identity: 3001))
    #expect(tempest.title == "The Tempest (folio)")
    #expect(try tempest.relatedObject(forKey: "author")?.id == 101)
    #expect(try graph.changes().inserted.map(\.id) == [4000])
  }

  @Test("rollback undoes inserts, updates, deletes and links")
  func rollback() throws {
    let author = try #require(try graph.object(of: "Author", identity: 101))
    let books = try author.related(forKey: "books")
    author.firstName = "Will"
    let fresh = try graph.insert("Book")
    fresh.id = 77
    try author.add(fresh, forKey: "books")
    try graph.delete(books[1])
    #expect(graph.hasChanges)
    graph.rollback()
    #expect(!graph.hasChanges)
    #expect(author.firstName == "William")
    #expect(try author.related(forKey: "books").map(\.objectNumber) == books.map(\.objectNumber))
    #expect(!books[1].isDeleted)
    #expect(try books[1].relatedObject(forKey: "author") === author)
    #expect(fresh.isDeleted)
    #expect(try graph.object(of: "Book", identity: 77) == nil)
    #expect(try graph.object(of: "Book", identity: 3002) === books[1])
  }

  @Test("a stored object deleted in the graph stays out of later loads")
  func deletedStaysOut() throws {
    let book = try #require(try graph.object(of: "Book", identity: 3002))
    try graph.delete(book)
    let author = try #require(try graph.object(of: "Author", identity: 101))
    #expect(try author.related(forKey: "books").compactMap(\.title) == ["The Tempest"])
    #expect(try graph.object(of: "Book", identity: 3002) == nil)
  }

  @Test("a failed load is an error, and the graph refuses to hand out its changes")
  func failedLoad() throws {
    let author = try #require(try graph.object(of: "Author", identity: 101))
    source.failing = true
    #expect(throws: GraphError.self) { try graph.object(of: "Author", identity: 106) }
    let error = #expect(throws: GraphError.self) { try author.related(forKey: "books") }
    #expect(error?.code == .loadFailed)
    #expect(throws: GraphError.self) { try graph.changes() }
    graph.rollback()
    source.failing = false
    #expect(try author.related(forKey: "books").count == 2)
  }
}
