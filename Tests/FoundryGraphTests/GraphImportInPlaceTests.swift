import FoundryGraph
import FoundryJSON
import Testing

/// A to-one relationship's object without identity, imported again: updated where it cannot be
/// shared, made anew where it can.
@Suite("Graph import: to-one objects without identity")
struct GraphImportInPlaceTests {
  static let schema = try! Schema {
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("pricing", to: "Pricing", inverse: "book")
      Relationship("publisher", to: "Publisher", inverse: "books")
    }
    Entity("Pricing") {
      Attribute("retail", .double, optional: true)
      Relationship("book", to: "Book", inverse: "pricing")
    }
    Entity("Publisher") {
      Attribute("name", .string, optional: true)
      Relationship("books", to: "Book", toMany: true, inverse: "publisher")
    }
  }

  @Test("a one-to-one object is updated in place: importing the same payload twice leaves one, with the new values")
  func oneToOneInPlace() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(#"[{"id": 1, "pricing": {"retail": 9.5}}]"#.utf8), entity: "Book")
    try graph.importJSON(Array(#"[{"id": 1, "pricing": {"retail": 9.5}}]"#.utf8), entity: "Book")
    #expect(try graph.objects(of: "Pricing").count == 1)
    try graph.importJSON(Array(#"[{"id": 1, "pricing": {"retail": 12}}]"#.utf8), entity: "Book")
    let pricing = try graph.objects(of: "Pricing")
    #expect(pricing.count == 1)
    #expect(try pricing.first?.value(forKey: "retail") == .double(12))
  }

  @Test("a many-to-one object, which other objects may share, is made anew: the shared one is not changed")
  func sharedTargetIsNotChanged() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(#"[{"id": 1, "publisher": {"name": "Folio"}}, {"id": 2}]"#.utf8), entity: "Book")
    let books = try graph.objects(of: "Book")
    let shared = try #require(try books[0].relatedObject(forKey: "publisher"))
    try books[1].setRelated(shared, forKey: "publisher")
    try graph.importJSON(Array(#"[{"id": 1, "publisher": {"name": "Penguin"}}]"#.utf8), entity: "Book")
    #expect(try shared.value(forKey: "name") == "Folio")
    #expect(try books[1].relatedObject(forKey: "publisher") === shared)
    #expect(try books[0].relatedObject(forKey: "publisher")?.value(forKey: "name") == "Penguin")
  }
}
