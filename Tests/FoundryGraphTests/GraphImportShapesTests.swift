import Foundation
import Foundry
import FoundryJSON
import FoundryGraph
import Testing

/// What a `didImport` hook throws for a payload object it refuses.
private struct BrokenSeat: Error {}

@Suite("Graph import: shapes and identity")
struct GraphImportShapesTests {
  static let catalog = try! Schema {
    Entity("Catalog") {
      Relationship("events", to: "Event", toMany: true, inverse: "catalog", keyedBy: "id")
      Relationship("performances", to: "Performance", toMany: true, ordered: true, inverse: "catalog")
    }
    Entity("Event", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Relationship("catalog", to: "Catalog", inverse: "events")
      Relationship("performances", to: "Performance", toMany: true, inverse: "event")
    }
    Entity("Performance", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("catalog", to: "Catalog", inverse: "performances")
      Relationship("event", to: "Event", inverse: "performances", keyPath: "eventId")
      Relationship("prices", to: "Price", toMany: true, inverse: "performance")
      Relationship("seats", to: "Seat", toMany: true, inverse: "performance")
    }
    Entity("Price", identity: ["zone", "audience"], identityScopedToParent: true) {
      Attribute("zone", .string)
      Attribute("audience", .integer32)
      Attribute("amount", .integer64)
      Relationship("performance", to: "Performance", inverse: "prices")
    }
    Entity("Seat", identity: ["number"], identityScopedToParent: true) {
      Attribute("number", .integer32)
      Relationship("performance", to: "Performance", inverse: "seats")
    }
  }

  @Test("parent-scoped identities stay within their relationship, however many relationships an import reads")
  func scopedIdentitiesPerRelationship() throws {
    // The first performance's seats outgrow the short list (a table answers past eight), and
    // repeat seat 3; the next ones reuse the same identities, which name other objects.
    let seats = (1...10).map { "{\"number\": \($0)}" }.joined(separator: ", ")
    let payload = """
      {"performances": [
         {"id": 1, "seats": [\(seats), {"number": 3}]},
         {"id": 2, "seats": [{"number": 3}, {"number": 3}, {"number": 11}]},
         {"id": 3, "seats": [{"number": 1}]}]}
      """
    let graph = ObjectGraph(schema: Self.catalog)
    for _ in 1...2 {
      let report = try graph.importJSON(Array(payload.utf8), entity: "Catalog")
      #expect(report.objectCounts["Seat"] == 13)
      let numbers = try graph.objects(of: "Performance").map { try $0.related(forKey: "seats").map(\.number) }
      #expect(numbers.map(\.count) == [10, 2, 1])
      #expect(numbers.last == [.integer(1)])
      #expect(try graph.objects(of: "Seat").count == 13)
    }
  }

  @Test("a scoped object dropped by a lossy import is not found by a later sibling of the same identity")
  func droppedScopedObjectIsForgotten() throws {
    // The second performance's seats pass the short list (a table answers past eight).
    let many = (10...19).map { "{\"number\": \($0)}" }.joined(separator: ", ")
    let payload = """
      {"performances": [{"id": 1, "seats": [{"number": 3, "broken": true}, {"number": 3}, {"number": 4}]},
                        {"id": 2, "seats": [\(many), {"number": 3, "broken": true}, {"number": 3}]}]}
      """
    var options = GraphImportOptions()
    options.isLossy = true
    options.didImport = { _, payload, _ in
      if (try? payload.member("broken")?.bool()) == true { throw BrokenSeat() }
    }
    let graph = ObjectGraph(schema: Self.catalog)
    let report = try graph.importJSON(Array(payload.utf8), entity: "Catalog", options: options)
    let performance = try #require(try graph.object(of: "Performance", identity: 1))
    let seats = try performance.related(forKey: "seats")
    #expect(seats.allSatisfy { !$0.isDeleted })
    #expect(seats.map(\.number) == [.integer(3), .integer(4)])
    let second = try #require(try graph.object(of: "Performance", identity: 2))
    #expect(try second.related(forKey: "seats").allSatisfy { !$0.isDeleted })
    #expect(try second.related(forKey: "seats").count == 11)
    #expect(try graph.objects(of: "Seat").count == 13)
    #expect(report.objectCounts["Seat"] == 13)
  }

  @Test("keyed objects, references by id, composite and parent-scoped identity")
  func catalogShapes() throws {
    let payload = """
      {"events": {"7": {"name": "Tour"}, "8": {"id": 8, "name": "Gala"}},
       "performances": [
         {"id": 1, "eventId": 7, "prices": [{"zone": "A", "audience": 1, "amount": 10}, {"zone": "A", "audience": 2, "amount": 5},
                                            {"zone": "A", "audience": 1, "amount": 12}], "seats": [{"number": 1}, {"number": 2}]},
         {"id": 2, "eventId": 7, "prices": [{"zone": "A", "audience": 1, "amount": 11}], "seats": [{"number": 1}]},
         {"id": 3, "eventId": 9}]}
      """
    let graph = ObjectGraph(schema: Self.catalog)
    let report = try graph.importJSON(Array(payload.utf8), entity: "Catalog")
    #expect(report.objectCounts == ["Catalog": 1, "Event": 3, "Performance": 3, "Price": 3, "Seat": 3])
    let tour = try #require(try graph.object(of: "Event", identity: 7))
    #expect(tour.name == "Tour")
    #expect(try tour.related(forKey: "performances").map(\.id) == [.integer(1), .integer(2)])
    let first = try #require(try graph.object(of: "Performance", identity: 1))
    // The same (zone, audience) twice in one performance is one price; the later value wins.
    #expect(try first.related(forKey: "prices").map(\.amount) == [.integer(12), .integer(5)])
    // Seat 1 exists once per performance.
    #expect(try graph.objects(of: "Seat").count == 3)
    // An unknown event id creates the event holding only its identity.
    let missing = try #require(try graph.object(of: "Event", identity: 9))
    #expect(missing.name == nil)
    #expect(missing.validationErrors().map(\.description) == ["error: Event.name: required attribute has no value (Event 9)"])
    let exported = try graph.exportValue(try graph.objects(of: "Catalog"))
    let copy = ObjectGraph(schema: Self.catalog)
    try copy.importPayload(try JSONDocumentHelper.node(exported), entity: "Catalog")
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
    // XML has no element named 7: keyed members are listed, each with its key attribute.
    let xml = try graph.exportXML(try graph.objects(of: "Catalog"), root: "catalog")
    #expect(String(decoding: xml, as: UTF8.self).contains("<events><id>7</id><name>Tour</name>"))
    let fromXML = ObjectGraph(schema: Self.catalog)
    try fromXML.importXML(xml, entity: "Catalog", root: "catalog")
    #expect(GraphSnapshot(fromXML) == GraphSnapshot(graph))
  }

  static let vehicles = try! Schema {
    Entity("Garage") { Relationship("vehicles", to: "Vehicle", toMany: true, inverse: "garage") }
    Entity("Vehicle", abstract: true, identity: ["vin"], subentityKeyPath: "kind") {
      Attribute("vin", .string)
      Relationship("garage", to: "Garage", inverse: "vehicles")
    }
    Entity("Car", parent: "Vehicle", userInfo: ["subentityValue": "car"]) { Attribute("doors", .integer16, default: 4) }
    Entity("Truck", parent: "Vehicle") { Attribute("payload", .double) }
    Entity("Fleet") { Relationship("vehicles", to: "Machine", toMany: true) }
    Entity("Machine", abstract: true, identity: ["vin"], entityMapper: "machineKind") { Attribute("vin", .string) }
    Entity("Digger", parent: "Machine")
  }

  @Test("the subentity comes from a key path or an entity mapper")
  func subentities() throws {
    let graph = ObjectGraph(schema: Self.vehicles)
    let payload = #"{"vehicles": [{"vin": "1", "kind": "car"}, {"vin": "2", "kind": "Truck", "payload": 3.5}]}"#
    try graph.importJSON(Array(payload.utf8), entity: "Garage")
    #expect(try graph.object(of: "Vehicle", identity: "1")?.entity.name == "Car")
    #expect(try graph.object(of: "Vehicle", identity: "2")?.entity.name == "Truck")
    #expect(try graph.object(of: "Car", identity: "1")?.doors == 4)
    let unknown = #"{"vehicles": [{"vin": "3", "kind": "boat"}]}"#
    let error = try #require(throws: MappingError.self) { try graph.importJSON(Array(unknown.utf8), entity: "Garage") }
    #expect(error.message == #"$.vehicles[0]: expected a subentity of Vehicle, found object (2 members) ("boat" names none)"#)

    #expect(throws: GraphError(.unboundEntityMapper, at: "Machine", #"entity mapper "machineKind" is not bound (set GraphImportOptions.entityMappers["machineKind"])"#)) {
      try graph.importJSON(Array(#"{"vehicles": []}"#.utf8), entity: "Fleet")
    }
    var options = GraphImportOptions()
    options.entityMappers["machineKind"] = { _ in "Digger" }
    try graph.importJSON(Array(#"{"vehicles": [{"vin": "9"}]}"#.utf8), entity: "Fleet", options: options)
    #expect(try graph.object(of: "Machine", identity: "9")?.entity.name == "Digger")
  }

  @Test("XML payloads read through the XML key-path conventions")
  func xml() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let xml = """
      <library>
        <author><author_id>7</author_id><firstName>Ada</firstName>
          <books><book book_id="1" publisher_id="3"><title>Notes</title><tags>math</tags><tags>engines</tags></book></books>
        </author>
      </library>
      """
    let report = try graph.importXML(Array(xml.utf8), entity: "Author", root: "author")
    #expect(report.objectCounts == ["Author": 1, "Book": 1, "Tag": 2, "Publisher": 1])
    let book = try #require(try graph.object(of: "Book", identity: 1))
    #expect(book.title == "Notes")
    #expect(try book.related(forKey: "tags").compactMap(\.label) == [.string("math"), .string("engines")])
    #expect(try book.relatedObject(forKey: "author")?.firstName == "Ada")
  }

  @Test("transformers are bound by name; an unbound one fails before importing")
  func transformers() throws {
    let schema = try Schema {
      Entity("Event") { Attribute("day", .date, transformer: "ISODay") }
    }
    let graph = ObjectGraph(schema: schema)
    #expect(throws: GraphError.self) { try graph.importJSON(Array(#"[{"day": "2024-05-01"}]"#.utf8), entity: "Event") }
    #expect(graph.count == 0)
    var options = GraphImportOptions()
    options.mapping.transformers.register(try TransformerRegistry.standard.transformer(spec: "date:yyyy-MM-dd", as: Date.self), as: "ISODay")
    try graph.importJSON(Array(#"[{"day": "2024-05-01"}]"#.utf8), entity: "Event", options: options)
    let day = try #require(try graph.objects(of: "Event").first?.value(Date.self, forKey: "day"))
    #expect(day.timeIntervalSince1970 == 1_714_521_600)
    var encoding = EncodingOptions()
    encoding.transformers = options.mapping.transformers
    #expect(String(decoding: try graph.exportJSON(try graph.objects(of: "Event"), options: encoding), as: UTF8.self) == #"[{"day":"2024-05-01"}]"#)
    // A transformer whose values the attribute cannot hold fails once, before importing.
    var wrongKind = GraphImportOptions()
    wrongKind.mapping.transformers.register(try TransformerRegistry.standard.transformer(spec: "int", as: Int.self), as: "ISODay")
    #expect(throws: GraphError(.typeMismatch, at: "Event.day", #"transformer "ISODay" makes Int values, not Date"#)) {
      try graph.importJSON(Array(#"[{"day": "2024-05-02"}]"#.utf8), entity: "Event", options: wrongKind)
    }
    #expect(graph.count == 1)
  }

  @Test("to-many merge: replace unlinks what the payload left out; append only adds")
  func toManyMerge() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    try graph.importJSON(Array(#"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 1, "title": "x"}, {"book_id": 2, "title": "y"}]}]"#.utf8), entity: "Author")
    try graph.importJSON(Array(#"[{"author_id": 1, "books": [2]}]"#.utf8), entity: "Author")
    let author = try #require(try graph.object(of: "Author", identity: 1))
    #expect(try author.related(forKey: "books").map(\.id) == [.integer(2)])
    #expect(try graph.object(of: "Book", identity: 1) != nil)
    var options = GraphImportOptions()
    options.toManyMerge = .append
    try graph.importJSON(Array(#"[{"author_id": 1, "books": [1]}]"#.utf8), entity: "Author", options: options)
    #expect(try author.related(forKey: "books").map(\.id) == [.integer(2), .integer(1)])
  }

  @Test("progress is told after every hundredth of the top-level objects, and at the end")
  func progress() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let seen = ProgressLog()
    var options = GraphImportOptions()
    options.progress = { done, total in seen.append(done, total) }
    let payload = "[" + (1...250).map { #"{"author_id": \#($0), "firstName": "A"}"# }.joined(separator: ",") + "]"
    try graph.importJSON(Array(payload.utf8), entity: "Author", options: options)
    #expect(seen.calls.count == 125)
    #expect(seen.calls.first.map { [$0.0, $0.1] } == [2, 250])
    #expect(seen.calls.last.map { [$0.0, $0.1] } == [250, 250])
  }

  @Test("per relationship: a full list deletes what it left out; other relationships keep their own policy")
  func perRelationshipMerge() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let payload = #"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 1, "title": "x", "tags": ["a", "b"]}, {"book_id": 2, "title": "y"}]}]"#
    try graph.importJSON(Array(payload.utf8), entity: "Author")
    var options = GraphImportOptions()
    options.toManyMerge = .append
    options.toManyMerges["Author.books"] = .replaceDeletingOthers
    try graph.importJSON(Array(#"[{"author_id": 1, "books": [{"book_id": 2, "tags": ["c"]}]}]"#.utf8), entity: "Author", options: options)
    let author = try #require(try graph.object(of: "Author", identity: 1))
    #expect(try author.related(forKey: "books").map(\.id) == [.integer(2)])
    #expect(try graph.object(of: "Book", identity: 1) == nil)  // deleted: the list was full
    #expect(try graph.object(of: "Tag", identity: "a") != nil)  // not a book: nullify, never deleted
    #expect(try graph.object(of: "Book", identity: 2)?.related(forKey: "tags").compactMap(\.label) == ["c"])
  }
}

/// Turns a JSON value back into a document node, for importing an export.
enum JSONDocumentHelper {
  static func node(_ value: FoundryJSON.JSONValue) throws -> FoundryJSON.JSONNode {
    var writer = FoundryJSON.JSONWriter()
    writer.write(value)
    return try FoundryJSON.JSONDocument(bytes: writer.bytes).root
  }
}

@Suite("Graph import: XML round trips")
struct GraphXMLRoundTripTests {
  @Test("a to-many relationship holding one object whose payload has one field survives XML")
  func singleElement() throws {
    let schema = try Schema {
      Entity("Shelf") { Relationship("books", to: "Book", toMany: true, inverse: "shelf") }
      Entity("Book") {
        Attribute("title", .string)
        Relationship("shelf", to: "Shelf", inverse: "books")
      }
    }
    let graph = ObjectGraph(schema: schema)
    try graph.importJSON(Array(#"[{"books": [{"title": "Notes"}]}]"#.utf8), entity: "Shelf")
    let xml = try graph.exportXML(try graph.objects(of: "Shelf"), root: "shelf")
    #expect(String(decoding: xml, as: UTF8.self).contains("<books><title>Notes</title></books>"))
    let copy = ObjectGraph(schema: schema)
    try copy.importXML(xml, entity: "Shelf", root: "shelf")
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }
}

@Suite("Graph import: parent-scoped identity at scale")
struct ScopedIdentityScaleTests {
  @Test("many scoped objects in one relationship: repeats merge, other parents keep theirs, re-imports find them")
  func manyScopedObjects() throws {
    let prices = (0..<40).map { #"{"zone": "Z\#($0 % 20)", "audience": \#($0 % 2), "amount": \#($0)}"# }
    let payload = #"{"performances": [{"id": 1, "prices": [\#(prices.joined(separator: ","))]}, {"id": 2, "prices": [\#(prices[0])]}]}"#
    let graph = ObjectGraph(schema: GraphImportShapesTests.catalog)
    try graph.importJSON(Array(payload.utf8), entity: "Catalog")
    let first = try #require(try graph.object(of: "Performance", identity: 1))
    // (zone, audience) repeats every 20 entries: 20 prices, each holding its later amount.
    let amounts = try first.related(forKey: "prices").map(\.amount)
    #expect(amounts == (20..<40).map { .integer(Int64($0)) })
    #expect(try graph.objects(of: "Price").count == 21)
    // Importing the performance again finds each price among those it holds.
    try graph.importJSON(Array(#"[{"id": 1, "prices": [{"zone": "Z3", "audience": 1, "amount": 99}]}]"#.utf8), entity: "Performance")
    #expect(try first.related(forKey: "prices").map(\.amount) == [.integer(99)])
    #expect(try graph.objects(of: "Price").count == 21)
  }
}

/// Progress calls, recorded from a `@Sendable` closure.
final class ProgressLog: @unchecked Sendable {
  private(set) var calls: [(Int, Int)] = []
  func append(_ done: Int, _ total: Int) { calls.append((done, total)) }
}
