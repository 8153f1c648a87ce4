import Foundry
import FoundryGraph
import FoundryJSON
import Testing

/// A Modelmatic-style model where a flattened attribute and a relationship share a payload key:
/// `Book.retailPrice` reads `pricing.retail_price` (default 0), and `Book.pricing` is a to-one
/// relationship to a `Pricing` object at key `pricing`.
@Suite("Graph round trips: a flattened attribute and a relationship sharing a key")
struct GraphSharedKeyTests {
  static let schema = try! Schema {
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
      Attribute("retailPrice", .double, default: 0.0, keyPath: "pricing.retail_price")
      Relationship("pricing", to: "Pricing", inverse: "book")
    }
    Entity("Pricing") {
      Attribute("retail_price", .double, default: 0.0)
      Attribute("currency", .string, default: "USD")
      Relationship("book", to: "Book", inverse: "pricing")
    }
  }

  /// 26 books, every other one of the first 28 with a pricing object: 14 in all.
  static let payload: String = {
    let books = (1...26).map { id in
      let pricing = id % 2 == 1 || id > 24 ? #", "pricing": {"retail_price": \#(Double(id) + 0.5), "currency": "EUR"}"# : ""
      return #"{"id": \#(id), "title": "Book \#(id)"\#(pricing)}"#
    }
    return "[" + books.joined(separator: ", ") + "]"
  }()

  /// Every book as `id title retailPrice pricing(retail_price currency)`, sorted.
  static func summary(_ graph: ObjectGraph) throws -> [String] {
    try graph.objects(of: "Book").map { book in
      let pricing = try book.relatedObject(forKey: "pricing").map { "\($0.retail_price.map { "\($0)" } ?? "nil") \($0.currency.map { "\($0)" } ?? "nil")" }
      return "\(book.id.map { "\($0)" } ?? "?") \(book.title.map { "\($0)" } ?? "?") \(book.retailPrice.map { "\($0)" } ?? "nil") \(pricing ?? "none")"
    }.sorted()
  }

  @Test("export then import gives the same books, the same 14 pricing objects and the same values")
  func roundTrip() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(Self.payload.utf8), entity: "Book")
    #expect(try graph.objects(of: "Book").count == 26)
    #expect(try graph.objects(of: "Pricing").count == 14)
    let exported = try graph.exportJSON(try graph.objects(of: "Book"))
    let copy = ObjectGraph(schema: Self.schema)
    try copy.importJSON(exported, entity: "Book")
    #expect(try copy.objects(of: "Pricing").count == 14)
    #expect(try Self.summary(copy) == Self.summary(graph))
    // And once more: the export of the copy is the same text.
    #expect(try copy.exportJSON(try copy.objects(of: "Book")) == exported)
  }
}
