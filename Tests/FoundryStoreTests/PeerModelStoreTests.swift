import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// The Sync- and MagicalRecord-annotated models of `Examples/` through both stores: the same
/// objects as the in-memory graph, nothing doubled on re-import, and Sync's operations.
@Suite("Peer models through the stores")
struct PeerModelStoreTests {
  static let examples = KilledImport.repository.appendingPathComponent("Examples")
  static let sync = try! Schema(modelAt: examples.appendingPathComponent("Sync/Notes.xcdatamodel"))
  static let magicalRecord = try! Schema(modelAt: examples.appendingPathComponent("MagicalRecord/People.xcdatamodel"))

  static func payload(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: examples.appendingPathComponent(path))) }

  /// The `remoteID`s of the stored objects of `entity`, sorted.
  static func remoteIDs(of entity: String, in store: Store) async throws -> [Int64] {
    try await store.makeContext().fetch(FetchRequest(entity: entity)).compactMap { object -> Int64? in
      guard case .integer(let id)? = try object.value(forKey: "remoteID") else { return nil }
      return id
    }.sorted()
  }

  @Test("a Sync model's payloads: the stores hold what the graph holds, and importing again changes nothing", arguments: StoreBackendKind.available)
  func syncAgrees(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.sync).store
    let graph = ObjectGraph(schema: Self.sync)
    for (file, entity) in [("Sync/users.json", "User"), ("Sync/companies.json", "Company"), ("Sync/users.json", "User")] {
      let described = try #require(Self.sync[entity])
      let differences = try await GraphStoreAgreement.differences(importing: try Self.payload(file), entity: described, into: store, graph: graph)
      #expect(differences.isEmpty, "\(file): \(differences)")
    }
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "User")) == 2)
    #expect(try await context.count(FetchRequest(entity: "Note")) == 2)
    #expect(try context.object(of: "Company", identity: "ACME")?.value(forKey: "name") == "Acme Corporation")
    // The store's export writes Sync's keys back.
    let users = try await context.fetch(FetchRequest(entity: "User"))
    let exported = try context.graph.exportValue(users)
    #expect(exported.array?.first?.object?["first_name"] == .string("Shawn"))
    #expect(exported.array?.first?.object?["token"] == nil)
  }

  @Test("a MagicalRecord model's payload: the stores hold what the graph holds", arguments: StoreBackendKind.available)
  func magicalRecordAgrees(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.magicalRecord).store
    let graph = ObjectGraph(schema: Self.magicalRecord)
    let person = try #require(Self.magicalRecord["Person"])
    let differences = try await GraphStoreAgreement.differences(
      importing: try Self.payload("MagicalRecord/people.json"), entity: person, into: store, graph: graph)
    #expect(differences.isEmpty, "\(differences)")
    #expect(try store.makeContext().object(of: "Person", identity: 1)?.value(forKey: "website") == .url(URL(string: "https://example.com/grace")!))
  }

  @Test("stale objects are deleted in the store: all, related to a parent, matching; in one import and in batches", arguments: StoreBackendKind.available)
  func staleObjects(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.sync).store
    try await store.makeContext().importJSON(try Self.payload("Sync/users.json"), entity: "User")
    var options = GraphImportOptions()
    options.staleObjects = .related(to: "User", identity: [6], through: "notes")
    let related = try await store.makeContext().importJSON(Array(#"[{"id": 302, "user_id": 6}, {"id": 303, "user_id": 6}]"#.utf8), entity: "Note", options: options)
    #expect(related.graph.deletedCount == 1)
    #expect(try await Self.remoteIDs(of: "Note", in: store) == [302, 303])

    options.staleObjects = .matching { (try? $0.value(forKey: "firstName")) == "Ada" }
    try await store.makeContext().importJSON(Array(#"[{"id": 6}]"#.utf8), entity: "User", options: options)
    #expect(try await Self.remoteIDs(of: "User", in: store) == [6])

    // In batches: the whole file is the full list, whatever the batch size.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(#"[{"id": 8, "first_name": "B"}, {"id": 9}, {"id": 10}]"#.utf8).write(to: file)
    options.staleObjects = .all
    let batched = try await store.importJSON(contentsOf: file, entity: "User", options: options, batchSize: 1)
    #expect(batched.graph.deletedCount == 1)
    #expect(try await Self.remoteIDs(of: "User", in: store) == [8, 9, 10])
    // User 6's notes went with it (cascade).
    #expect(try await store.makeContext().count(FetchRequest(entity: "Note")) == 0)
  }

  @Test("a placeholder holding only its identity fails the save that would store it incomplete, naming it; filled, it saves", arguments: StoreBackendKind.available)
  func placeholders(_ backend: StoreBackendKind) async throws {
    let schema = try Schema(
      PayloadConventions.sync.applied(to: [
        Entity("Post") {
          Attribute("id", .integer64)
          Relationship("author", to: "Author", inverse: "posts")
        },
        Entity("Author") {
          Attribute("id", .integer64)
          Attribute("name", .string)
          Relationship("posts", to: "Post", toMany: true, inverse: "author")
        },
      ]))
    let store = try await backend.makeStore(schema).store
    let post = Array(#"[{"id": 1, "author_id": 5}]"#.utf8)
    let error = await #expect(throws: (any Error).self) { try await store.makeContext().importJSON(post, entity: "Post") }
    #expect("\(error.map { "\($0)" } ?? "")".contains("Author.name: required attribute has no value (Author 5)"))
    #expect(try await store.makeContext().count(FetchRequest(entity: "Post")) == 0)
    // The payload that fills the placeholder comes first in the same import: it saves.
    try await store.makeContext().importJSON(Array(#"[{"id": 5, "name": "Ada", "posts": [{"id": 1, "author_id": 5}]}]"#.utf8), entity: "Author")
    let context = try store.makeContext()
    #expect(try context.object(of: "Post", identity: 1)?.relatedObject(forKey: "author")?.value(forKey: "name") == "Ada")
  }

  @Test("a payload transformer's objects are stored as the graph reads them; importing again changes nothing", arguments: StoreBackendKind.available)
  func payloadTransformer(_ backend: StoreBackendKind) async throws {
    var entities = PayloadConventions.sync.applied(to: [
      Entity("Account") {
        Attribute("id", .integer64)
        Attribute("displayName", .string)
      }
    ])
    entities[0].payloadTransformerName = "unwrap"
    let schema = try Schema(entities)
    var options = GraphImportOptions()
    options.payloadTransformers["unwrap"] = { payload in payload["data"] ?? payload }
    let store = try await backend.makeStore(schema).store
    let payload = Array(#"[{"data": {"id": 1, "display_name": "Åse"}}, {"id": 2, "display_name": "Bo"}]"#.utf8)
    let differences = try await GraphStoreAgreement.differences(
      importing: payload, entity: try #require(schema["Account"]), into: store, graph: ObjectGraph(schema: schema), options: options)
    #expect(differences.isEmpty, "\(differences)")
    #expect(try store.makeContext().object(of: "Account", identity: 1)?.value(forKey: "displayName") == "Åse")
  }

  @Test("Sync's rule by kind and per-relationship operations: the stores do what the graph does", arguments: StoreBackendKind.available)
  func byKindAndRelationshipOperations(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.sync).store
    let graph = ObjectGraph(schema: Self.sync)
    let user = try #require(Self.sync["User"])
    #expect(try await GraphStoreAgreement.differences(importing: try Self.payload("Sync/users.json"), entity: user, into: store, graph: graph).isEmpty)
    var options = GraphImportOptions()
    options.toManyMerge = .byKind
    let fewer = Array(#"[{"id": 6, "notes": [{"id": 302, "tag_ids": [2]}]}]"#.utf8)
    let byKind = try await GraphStoreAgreement.differences(importing: fewer, entity: user, into: store, graph: graph, options: options)
    #expect(byKind.isEmpty, "\(byKind)")
    #expect(try await Self.remoteIDs(of: "Note", in: store) == [302])
    #expect(try await Self.remoteIDs(of: "Tag", in: store) == [1, 2])
    options.relationshipOperations["User.notes"] = [.update]
    let limited = Array(#"[{"id": 6, "notes": [{"id": 302, "text": "Call Bergen"}, {"id": 999}]}]"#.utf8)
    let operations = try await GraphStoreAgreement.differences(importing: limited, entity: user, into: store, graph: graph, options: options)
    #expect(operations.isEmpty, "\(operations)")
    #expect(try await Self.remoteIDs(of: "Note", in: store) == [302])
  }

  @Test("operations in the store: a page inserts and updates, deletes nothing; without insert nothing new is stored", arguments: StoreBackendKind.available)
  func operations(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(Self.sync).store
    try await store.makeContext().importJSON(try Self.payload("Sync/users.json"), entity: "User")
    var options = GraphImportOptions()
    options.operations = [.update]
    options.staleObjects = .all
    let report = try await store.makeContext().importJSON(Array(#"[{"id": 6, "first_name": "Shawn M."}, {"id": 99}]"#.utf8), entity: "User", options: options)
    #expect(report.saved.inserted.isEmpty && report.saved.deleted.isEmpty)
    let context = try store.makeContext()
    #expect(try await context.count(FetchRequest(entity: "User")) == 2)
    #expect(try context.object(of: "User", identity: 6)?.value(forKey: "firstName") == "Shawn M.")
  }
}
