import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// An identity unique per parent, where the parent's links are in a join table (an ordered
/// to-many): the store itself refuses a second object of one identity under one parent, as a
/// unique index does for parents kept in a foreign key.
@Suite("Parent-scoped identities through join tables")
struct ScopedIdentityStoreTests {
  /// A performance's seats, ordered (so kept in a join table), each numbered within it; zones
  /// many-to-many with seats (no parent: seats of two performances share a zone).
  static let schema = try! Schema {
    Entity("Performance", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("seats", to: "Seat", toMany: true, ordered: true, inverse: "performance")
    }
    Entity("Seat", identity: ["row", "number"], identityScopedToParent: true) {
      Attribute("row", .string)
      Attribute("number", .integer64)
      Attribute("price", .double, optional: true)
      Relationship("performance", to: "Performance", inverse: "seats")
      Relationship("zones", to: "Zone", toMany: true, inverse: "seats")
    }
    Entity("Zone", identity: ["name"]) {
      Attribute("name", .string)
      Relationship("seats", to: "Seat", toMany: true, inverse: "zones")
    }
  }

  static let payload = """
    [{"id": 1, "seats": [{"row": "A", "number": 1, "price": 10, "zones": [{"name": "front"}]}, {"row": "A", "number": 2}]},
     {"id": 2, "seats": [{"row": "A", "number": 1, "zones": [{"name": "front"}]}]}]
    """

  func makeStore(_ backend: StoreBackendKind) async throws -> Store {
    let store = try await backend.makeStore(Self.schema).store
    try await store.makeContext().importJSON(Array(Self.payload.utf8), entity: "Performance")
    return store
  }

  /// A new context holding a new seat linked to a performance it fetched, and nothing else:
  /// it never loaded the performance's seats, so only the store can see a duplicate.
  func linkNewSeat(row: String, number: Int64, toPerformance id: Int64, in store: Store) throws -> ObjectContext {
    let context = try store.makeContext()
    let performance = try #require(try context.object(of: "Performance", identity: .integer(id)))
    let seat = try context.insert("Seat")
    seat.row = .string(row)
    seat.number = .integer(number)
    try seat.setRelated(performance, forKey: "performance")
    return context
  }

  func seatCount(_ store: Store) async throws -> Int {
    try await store.makeContext().count(FetchRequest(entity: "Seat"))
  }

  @Test("the checks are part of the store's definition", arguments: StoreBackendKind.available)
  func definition(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.schema).store
    let checks = store.tableDefinitions.filter { $0.contains("Seat_identity_Performance_seats") }
    #expect(checks.count == (backend == .sqlite ? 3 : 4))
    #expect(checks.allSatisfy { !$0.contains("\n") })
    // Zones are no parents: only the performance's ordered list scopes a seat's identity.
    #expect(!store.tableDefinitions.contains { $0.contains("TRIGGER") && $0.contains("Zone") })
  }

  @Test("importing the same payload again merges by identity within each parent", arguments: StoreBackendKind.available)
  func importTwice(_ backend: StoreBackendKind) async throws {
    let store = try await makeStore(backend)
    try await store.makeContext().importJSON(Array(Self.payload.utf8), entity: "Performance")
    #expect(try await seatCount(store) == 3)
    // Two seats A1, one per performance, share the zone.
    let context = try store.makeContext()
    let front = try #require(try context.object(of: "Zone", identity: "front"))
    #expect(try front.related(forKey: "seats").count == 2)
  }

  @Test("a second object of one identity linked to one parent is refused, and nothing is written", arguments: StoreBackendKind.available)
  func duplicateLink(_ backend: StoreBackendKind) async throws {
    let store = try await makeStore(backend)
    let context = try linkNewSeat(row: "A", number: 1, toPerformance: 1, in: store)
    let error = await #expect(throws: StoreError.self) { try await context.save() }
    #expect(error?.code == .constraint)
    #expect(error?.message.contains("Seat: another object linked to the same parent has the same identity (row, number)") == true)
    #expect(try await seatCount(store) == 3)
  }

  @Test("the same identity under another parent is allowed", arguments: StoreBackendKind.available)
  func otherParent(_ backend: StoreBackendKind) async throws {
    let store = try await makeStore(backend)
    let context = try linkNewSeat(row: "A", number: 2, toPerformance: 2, in: store)
    try await context.save()
    #expect(try await seatCount(store) == 4)
  }

  @Test("changing an identity to a sibling's is refused; to a free one is saved", arguments: StoreBackendKind.available)
  func changedIdentity(_ backend: StoreBackendKind) async throws {
    let store = try await makeStore(backend)
    let context = try store.makeContext()
    let seats = try await context.fetch(FetchRequest(entity: "Seat", where: "number == 2"))
    let seat = try #require(seats.first)
    seat.number = 1
    let error = await #expect(throws: StoreError.self) { try await context.save() }
    #expect(error?.code == .constraint)
    context.rollback()
    seat.number = 3
    try await context.save()
    let stored = try await store.makeContext().fetch(FetchRequest(entity: "Seat", where: "number == 3"))
    #expect(stored.count == 1)
  }
}
