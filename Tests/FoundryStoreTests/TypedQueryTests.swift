import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// `@Entity` classes for typed queries: a class with a subclass, to-one and to-many
/// relationships, an array-valued attribute and a computed property.
enum Shelf {
  @Entity(identity: ["id"])
  class Writer {
    var id: Int64 = 0
    var name: String = ""
    var nickname: String?
    var born: Date?
    @Related(inverse: "writer") var books: [Volume]
    var shout: String { name.uppercased() }
  }

  @Entity(parent: "Writer")
  final class Poet: Writer {
    var meter: String = ""
  }

  @Entity(identity: ["id"])
  final class Volume {
    var id: Int64 = 0
    var title: String = ""
    var year: Int = 0
    var price: Decimal?
    var tags: [String] = []
    @Related(inverse: "books") var writer: Writer?
    @Related(inverse: "volume") var reviews: [Review]
  }

  @Entity
  final class Review {
    var stars: Int = 0
    @Related(inverse: "reviews") var volume: Volume?
  }

  static func store() throws -> Store {
    try Store(inMemoryWith: try Schema(Writer.self, Poet.self, Volume.self, Review.self))
  }

  /// Ada (3 books, one reviewed 5 and 2), Bo (1 book), Cy the poet (none).
  /// The same, on `backend`.
  static func filledStore(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(try Schema(Writer.self, Poet.self, Volume.self, Review.self)).store
    let context = try store.makeContext()
    let ada = try context.insert(Writer.self)
    (ada.id, ada.name, ada.nickname) = (1, "Ada", "Countess")
    ada.born = Date(timeIntervalSince1970: -4_868_006_400)  // 1815-12-10
    let bo = try context.insert(Writer.self)
    (bo.id, bo.name) = (2, "Bo")
    let cy = try context.insert(Poet.self)
    (cy.id, cy.name, cy.meter) = (3, "Cy", "iambic")
    let books: [(Int64, String, Int, Writer, [String])] = [
      (10, "Notes", 1843, ada, ["math"]), (11, "The Engine", 1990, ada, ["math", "swift"]),
      (12, "the letters", 2001, ada, []), (13, "Volume 2", 1995, bo, ["swift"]),
    ]
    for (id, title, year, writer, tags) in books {
      let book = try context.insert(Volume.self)
      (book.id, book.title, book.year, book.tags) = (id, title, year, tags)
      book.writer = writer
      if id == 11 {
        for stars in [5, 2] {
          let review = try context.insert(Review.self)
          review.stars = stars
          review.volume = book
        }
      }
    }
    try await context.save()
    return store
  }
}

@Suite("Typed queries")
struct TypedQueryTests {
  typealias Writer = Shelf.Writer
  typealias Volume = Shelf.Volume

  @Test("a typed predicate builds the tree the query text does, and prints as that text")
  func sameTreeAsText() throws {
    let cases: [(EntityPredicate<Volume>, String)] = [
      (\.year > 1990, "year > 1990"),
      (\.year > 1990 && \.writer?.name == "Ada", #"year > 1990 AND writer.name == "Ada""#),
      (\.year <= 1900 || \.year >= 2000 && \.title != "x", #"year <= 1900 OR year >= 2000 AND title != "x""#),
      ((\.year < 1900 || \.year > 2000) && \.id != 3, "(year < 1900 OR year > 2000) AND id != 3"),
      (\.id == 1 && (\.id == 2 && \.id == 3), "id == 1 AND (id == 2 AND id == 3)"),
      (\.id == 1 || (\.id == 2 || \.id == 3), "id == 1 OR (id == 2 OR id == 3)"),
      (!(\.year == 1990 || \.year == 1991), "NOT (year == 1990 OR year == 1991)"),
      (!(\.year == 1990) && .true, "NOT year == 1990 AND TRUEPREDICATE"),
      (.beginsWith(\.title, "The", caseInsensitive: true), #"title BEGINSWITH[c] "The""#),
      (.endsWith(\.title, "s"), #"title ENDSWITH "s""#),
      (.contains(\.writer?.nickname, "count", caseInsensitive: true), #"writer.nickname CONTAINS[c] "count""#),
      (.endsWith(\.title, "é", diacriticInsensitive: true), #"title ENDSWITH[d] "é""#),
      (.like(\.title, "*É*", caseInsensitive: true, diacriticInsensitive: true), #"title LIKE[cd] "*É*""#),
      (.like(\.title, "Volume ?"), #"title LIKE "Volume ?""#),
      (.in(\.year, [1843, 2001]), "year IN {1843, 2001}"),
      (.between(\.year, 1990...1999), "year BETWEEN {1990, 1999}"),
      (\.price > Decimal(string: "9.5") ?? 0, #"price > "9.5""#),
      (\.writer == nil, "writer == NIL"),
      (\.writer?.nickname != nil, "writer.nickname != NIL"),
      (\.reviews.count > 1, "reviews.@count > 1"),
      (\.writer?.books.count >= 3, "writer.books.@count >= 3"),
      (.any(\.reviews, \.stars == 5), "ANY reviews.stars == 5"),
      (.all(\.reviews, \.stars > 1), "ALL reviews.stars > 1"),
      (.noneOf(\.writer?.books, \.year < 1900), "NONE writer.books.year < 1900"),
      (.contains(\.tags, "swift"), #"tags CONTAINS "swift""#),
      (\.title == "say \"hi\" \\ 'bye'\n", #"title == "say \"hi\" \\ 'bye'\n""#),
      (\.year == -5 || \.title == "ü😀", #"year == -5 OR title == "ü😀""#),
    ]
    for (typed, text) in cases {
      let predicate = try QueryPredicate(typed)
      #expect(predicate.text == text)
      #expect(typed.description == text)
      #expect(predicate == (try QueryPredicate(text)), "\(text)")
    }
  }

  @Test("fetches what the same query text fetches, values bound", arguments: StoreBackendKind.available)
  func fetchesLikeText(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let context = try store.makeContext()
    func titles(_ predicate: EntityPredicate<Volume>) async throws -> [String] {
      let typed = try await context.fetch(Volume.self, where: predicate, sortBy: [.ascending(\.id)]).map(\.title)
      let text = try await context.fetch(Volume.self, where: predicate.description, sortBy: [SortKey("id")]).map(\.title)
      #expect(typed == text, "\(predicate)")
      return typed
    }
    #expect(try await titles(\.year > 1990 && \.writer?.name == "Ada") == ["the letters"])
    #expect(try await titles(.beginsWith(\.title, "the", caseInsensitive: true)) == ["The Engine", "the letters"])
    #expect(try await titles(.beginsWith(\.title, "the")) == ["the letters"])
    #expect(try await titles(.in(\.year, [1843, 1995])) == ["Notes", "Volume 2"])
    #expect(try await titles(.any(\.reviews, \.stars == 5)) == ["The Engine"])
    #expect(try await titles(.all(\.reviews, \.stars == 5)) == ["Notes", "the letters", "Volume 2"])
    #expect(try await titles(\.writer?.books.count == 1) == ["Volume 2"])
    #expect(try await titles(.contains(\.tags, "swift")) == ["The Engine", "Volume 2"])
    #expect(try await titles(!.contains(\.title, "n")) == ["Notes", "the letters", "Volume 2"])
    #expect(try await titles(\.writer?.born < Date(timeIntervalSince1970: 0)) == ["Notes", "The Engine", "the letters"])
    #expect(try await titles(\.title == "'; DROP TABLE \"Volume\"; --") == [])
    #expect(try await context.count(Volume.self, where: .true) == 4)

    let prolific = try await context.fetch(Writer.self, where: \.books.count > 2)
    #expect(prolific.map(\.name) == ["Ada"])
    #expect(try await context.count(Writer.self, where: .noneOf(\.books, \.year > 0)) == 1)
  }

  @Test("sorts and limits with typed keys", arguments: StoreBackendKind.available)
  func sorts(_ backend: StoreBackendKind) async throws {
    let context = try await Shelf.filledStore(backend).makeContext()
    let newest = try await context.fetch(Volume.self, sortBy: [.descending(\.year)], limit: 2)
    #expect(newest.map(\.year) == [2001, 1995])
    let byWriter = try await context.fetch(Volume.self, where: \.year > 1900, sortBy: [.ascending(\.title)])
    #expect(byWriter.map(\.title) == ["The Engine", "Volume 2", "the letters"])
    var request = try FetchRequest(Volume.self, where: \.writer?.name == "Ada", sortBy: [.descending(\.id)])
    request.prefetch = ["writer"]
    #expect(try await context.fetch(request).map { Volume(managedObject: $0).id } == [12, 11, 10])
  }

  @Test("a subclass's key paths reach its own and its superclass's properties", arguments: StoreBackendKind.available)
  func subclass(_ backend: StoreBackendKind) async throws {
    let context = try await Shelf.filledStore(backend).makeContext()
    let poets = try await context.fetch(Shelf.Poet.self, where: \.name == "Cy" && \.meter == "iambic")
    #expect(poets.map(\.id) == [3])
    #expect(try await context.count(Writer.self, where: \.name != "Bo") == 2)
  }

  @Test("key paths to computed properties, and ANY over several comparisons, are errors")
  func errors() async throws {
    let context = try Shelf.store().makeContext()
    await #expect(
      throws: StoreError(
        .invalidQuery,
        "a key path of Writer to String names no attribute or relationship: typed queries name stored properties of @Entity classes, through to-one relationships with ?."
      )
    ) {
      _ = try await context.fetch(Writer.self, where: \.shout == "ADA")
    }
    await #expect(throws: StoreError(.invalidQuery, "ANY, ALL and NONE take one comparison (or ANY of one), not stars > 1 AND stars < 4")) {
      _ = try await context.fetch(Volume.self, where: .any(\.reviews, \.stars > 1 && \.stars < 4))
    }
    var unknown = FetchRequest(entity: "Volume")
    unknown.sortBy = [SortKey("writer.shelf")]
    await #expect(
      throws: StoreError(
        .invalidQuery,
        "Volume has no attribute named \"writer.shelf\" to sort by: Writer has no attribute or relationship named \"shelf\": its attributes and relationships: books, born, id, name, nickname"
      )
    ) {
      _ = try await context.fetch(unknown)
    }
  }
}
