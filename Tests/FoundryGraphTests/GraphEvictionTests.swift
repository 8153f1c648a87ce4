import Testing

@testable import FoundryGraph

/// What an import in batches does between batches: the graph lets go of the objects it made
/// or loaded since a number, and finds none of them again by identity or row.
@Suite("Graph eviction")
struct GraphEvictionTests {
  /// A graph of `count` stored authors (rows 100, 101, …), each with a stored book, loaded
  /// the way a store's fetch registers them.
  static func loaded(_ count: Int) throws -> (graph: ObjectGraph, authors: [ManagedObject], books: [ManagedObject]) {
    let schema = try LibrarySchema.make()
    let graph = ObjectGraph(schema: schema)
    let (author, book) = (try #require(schema["Author"]), try #require(schema["Book"]))
    var authors: [ManagedObject] = []
    var books: [ManagedObject] = []
    for number in 0..<count {
      let authorValues = author.attributes.map { $0.name == "id" ? GraphValue.integer(Int64(number)) : nil }
      authors.append(try #require(graph.register(StoredObject(id: PersistentID(family: "Author", row: Int64(100 + number)), entity: author, values: authorValues))))
      let bookValues = book.attributes.map { attribute -> GraphValue? in
        attribute.name == "id" ? .integer(Int64(1_000 + number)) : attribute.name == "title" ? .string("Book \(number)") : nil
      }
      books.append(try #require(graph.register(StoredObject(id: PersistentID(family: "Book", row: Int64(500 + number)), entity: book, values: bookValues))))
    }
    for (author, book) in zip(authors, books) { try author.setRelated([book], forKey: "books") }
    return (graph, authors, books)
  }

  @Test("evicting every object forgets each identity and row, marks them deleted and numbers new objects from 0")
  func evictsAll() throws {
    let (graph, authors, books) = try Self.loaded(300)
    #expect(try graph.object(of: "Author", identity: .integer(7)) === authors[7])
    graph.evict(from: 0)
    #expect(graph.objects.isEmpty)
    for number in [0, 7, 299] {
      #expect(try graph.object(of: "Author", identity: .integer(Int64(number))) == nil)
      #expect(graph.registeredObject(for: PersistentID(family: "Author", row: Int64(100 + number))) == nil)
      #expect(graph.registeredObject(for: PersistentID(family: "Book", row: Int64(500 + number))) == nil)
    }
    #expect(authors.allSatisfy(\.isDeleted) && books.allSatisfy(\.isDeleted))
    #expect(try authors[7].related(forKey: "books").isEmpty)
    // The graph fills again as a later batch fills it.
    let again = try graph.insert("Author")
    try again.setValue(.integer(7), forKey: "id")
    #expect(again.objectNumber == 0)
    #expect(try graph.object(of: "Author", identity: .integer(7)) === again)
  }

  @Test("evicting from a number keeps the objects before it and their identities")
  func evictsFromNumber() throws {
    let (graph, authors, books) = try Self.loaded(300)
    let first = authors[150].objectNumber
    graph.evict(from: first)
    #expect(try graph.object(of: "Author", identity: .integer(149)) === authors[149])
    #expect(graph.registeredObject(for: PersistentID(family: "Book", row: 500 + 149)) === books[149])
    #expect(try graph.object(of: "Author", identity: .integer(150)) == nil)
    #expect(graph.registeredObject(for: PersistentID(family: "Author", row: 100 + 151)) == nil)
    #expect(!authors[149].isDeleted && authors[150].isDeleted && books[150].isDeleted)
    #expect(graph.objects.count == first)
  }
}
