import Foundation
import Foundry
import FoundryGraph
import FoundryStore
import Testing

/// Foundation's `#Predicate` over `@Entity` classes: translated to the query the query
/// language writes, answered by each backend and in memory alike; what a query cannot say is
/// refused before anything runs.
@Suite("Foundation predicates: #Predicate and EntityFetchDescriptor")
struct FoundationPredicateTests {
  typealias Volume = Shelf.Volume
  typealias Writer = Shelf.Writer

  /// The ids the store and the context's objects in memory give for `descriptor`.
  static func answers<T: EntityObject>(_ descriptor: EntityFetchDescriptor<T>, _ context: ObjectContext) async throws -> (stored: [Int64], inMemory: [Int64]) {
    func ids(_ objects: [T]) throws -> [Int64] {
      try objects.map { object in
        guard case .integer(let id)? = try object.managedObject.value(forKey: "id") else { throw GraphError(.typeMismatch, at: "id", "no id") }
        return id
      }
    }
    return (try ids(try await context.fetch(descriptor)), try ids(try context.registeredObjects(matching: descriptor)))
  }

  @Test("predicates on volumes: comparisons, optional chains, text, lists, ranges, counts, SUBQUERY, nil", arguments: StoreBackendKind.available)
  func volumes(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let context = try store.makeContext()
    for entity in ["Writer", "Volume", "Review"] { _ = try await context.fetch(FetchRequest(entity: entity)) }
    let since = 1990
    let cases: [(Predicate<Volume>, String, [Int64])] = [
      (#Predicate { $0.year >= since && $0.writer?.name == "Ada" }, #"year >= 1990 AND writer.name == "Ada""#, [11, 12]),
      (#Predicate { $0.title.contains("the") }, #"title CONTAINS "the""#, [12]),
      (#Predicate { $0.title.starts(with: "The") }, #"title BEGINSWITH "The""#, [11]),
      (#Predicate { [1843, 1995].contains($0.year) }, "year IN {1843, 1995}", [10, 13]),
      (#Predicate { (1990...2001).contains($0.year) }, "year BETWEEN {1990, 2001}", [11, 12, 13]),
      (#Predicate { (1990..<2001).contains($0.year) }, "year >= 1990 AND year < 2001", [11, 13]),
      (#Predicate { $0.writer == nil || $0.price == nil }, "writer == NIL OR price == NIL", [10, 11, 12, 13]),
      (#Predicate { $0.writer != nil && $0.writer?.nickname == nil }, "writer != NIL AND writer.nickname == NIL", [13]),
      (#Predicate { $0.reviews.count > 0 }, "reviews.@count > 0", [11]),
      (#Predicate { $0.reviews.contains { $0.stars > 4 } }, "SUBQUERY(reviews, $v1, $v1.stars > 4).@count > 0", [11]),
      (#Predicate { $0.reviews.allSatisfy { $0.stars > 4 } }, "SUBQUERY(reviews, $v1, NOT $v1.stars > 4).@count == 0", [10, 12, 13]),
      (#Predicate { !($0.year < 2000) || $0.title == "Notes" }, #"NOT year < 2000 OR title == "Notes""#, [10, 12]),
      (#Predicate { $0.writer!.name == "Bo" }, #"writer.name == "Bo""#, [13]),
      (#Predicate { $0.tags.contains("swift") }, #"tags CONTAINS "swift""#, [11, 13]),
    ]
    for (predicate, text, expected) in cases {
      #expect(try QueryPredicate(predicate).text == text)
      let (stored, inMemory) = try await Self.answers(EntityFetchDescriptor(predicate: predicate), context)
      #expect(stored.sorted() == expected, "\(backend): \(text)")
      #expect(inMemory.sorted() == expected, "in memory: \(text)")
    }
    var sorted = EntityFetchDescriptor<Volume>(predicate: #Predicate { $0.year > 1800 }, sortBy: [SortDescriptor(\.year, order: .reverse)])
    sorted.fetchLimit = 2
    sorted.fetchOffset = 1
    let (page, pageInMemory) = try await Self.answers(sorted, context)
    #expect(page == [13, 11] && pageInMemory == [13, 11])
    #expect(try await context.fetchCount(EntityFetchDescriptor<Volume>(predicate: #Predicate { $0.year > 1990 })) == 2)
  }

  @Test("predicates on writers: to-many counts and SUBQUERY, an optional chain into a method, with ?? false", arguments: StoreBackendKind.available)
  func writers(_ backend: StoreBackendKind) async throws {
    let store = try await Shelf.filledStore(backend)
    let context = try store.makeContext()
    for entity in ["Writer", "Volume"] { _ = try await context.fetch(FetchRequest(entity: entity)) }
    let cases: [(Predicate<Writer>, [Int64])] = [
      (#Predicate { $0.books.count >= 3 }, [1]),
      (#Predicate { $0.books.contains { $0.year > 2000 } }, [1]),
      (#Predicate { $0.nickname?.contains("Count") ?? false }, [1]),
      (#Predicate { $0.books.allSatisfy { $0.year > 1990 } }, [2, 3]),
    ]
    for (predicate, expected) in cases {
      let text = try QueryPredicate(predicate).text
      let (stored, inMemory) = try await Self.answers(EntityFetchDescriptor(predicate: predicate), context)
      #expect(stored.sorted() == expected, "\(backend): \(text)")
      #expect(inMemory.sorted() == expected, "in memory: \(text)")
    }
  }

  @Test("what a query cannot say is refused before anything runs, naming the expression")
  func refusals() async throws {
    let context = try Shelf.store().makeContext()
    let cases: [(Predicate<Writer>, String)] = [
      (#Predicate { $0.id + 1 > 2 }, "#Predicate: Arithmetic cannot become a query"),
      (#Predicate { $0.shout == "ADA" }, "#Predicate: KeyPath cannot become a query: a key path of Writer to String names no stored property"),
      (#Predicate { ($0.nickname ?? "") == "x" }, "#Predicate: NilCoalesce cannot become a query: ?? takes a condition and false"),
      (#Predicate { $0.id > 2 ? true : false }, "#Predicate: Conditional cannot become a query"),
    ]
    for (predicate, start) in cases {
      let error = await #expect(throws: StoreError.self) { _ = try await context.fetch(EntityFetchDescriptor(predicate: predicate)) }
      #expect(error?.message.hasPrefix(start) == true, "\(error?.message ?? "no error")")
    }
  }
}
