import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import Testing

@Suite("Graph export")
struct GraphExportTests {
  let schema: Schema
  init() throws { schema = try LibrarySchema.make() }

  private func imported() throws -> ObjectGraph {
    let graph = ObjectGraph(schema: schema)
    try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    return graph
  }

  @Test("export writes key paths, flattened attributes, transformers and inverses once")
  func shape() throws {
    let graph = try imported()
    let twain = try #require(try graph.object(of: "Author", identity: 106))
    var options = EncodingOptions()
    options.writing.sortsKeys = true
    let text = String(decoding: try graph.exportJSON([twain], options: options), as: UTF8.self)
    #expect(text == #"[{"author_id":106,"books":[{"book_id":3501,"tags":["satire"],"title":"A Connecticut Yankee"}],"firstName":"Mark","lastName":"Twain","rating":5}]"#)
    let shakespeare = try #require(try graph.object(of: "Author", identity: 101))
    let value = try graph.exportValue([shakespeare])
    guard case .array(let authors) = value, case .object(let author)? = authors.first, case .array(let books)? = author["books"],
      case .object(let tempest)? = books.first
    else { Issue.record("unexpected shape \(value)"); return }
    #expect(author["born"] == .string("1564-04-01"))
    #expect(tempest["author"] == nil)
    #expect(tempest["pricing"] == .object(["retail_price": .number(JSONNumber(text: "12.5")!)]))
  }

  @Test("importing an export gives an equal graph", arguments: ["json", "xml"])
  func roundTrip(format: String) throws {
    let graph = try imported()
    let authors = try graph.objects(of: "Author")
    let copy = ObjectGraph(schema: schema)
    if format == "json" {
      try copy.importJSON(try graph.exportJSON(authors, root: "authors"), entity: "Author", root: "authors")
    } else {
      let xml = try graph.exportXML(authors, root: "author", rootElement: "library")
      try copy.importXML(xml, entity: "Author", root: "author")
    }
    #expect(GraphSnapshot(copy) == GraphSnapshot(graph))
  }
}

/// A graph as comparable text: every object with its attributes and, for each relationship,
/// the identities (or attribute summaries) of the objects it holds.
struct GraphSnapshot: Equatable, CustomStringConvertible {
  let lines: [String]

  init(_ graph: ObjectGraph) { self.init(graph.objects) }

  /// The snapshot of `objects` alone.
  init(_ objects: [ManagedObject]) {
    lines = objects.map(Self.describe).sorted()
  }

  static func summary(_ object: ManagedObject) -> String {
    let values = object.entity.attributes.compactMap { attribute -> String? in
      guard let value = try? object.value(forKey: attribute.name) else { return nil }
      return "\(attribute.name)=\(value)"
    }
    return "\(object.entity.name)(\(values.joined(separator: ",")))"
  }

  static func describe(_ object: ManagedObject) -> String {
    var text = summary(object)
    for relationship in object.entity.relationships {
      var related = ((try? object.related(forKey: relationship.name)) ?? []).map(summary)
      if !relationship.isOrdered { related.sort() }
      text += " \(relationship.name)=[\(related.joined(separator: ";"))]"
    }
    return text
  }

  var description: String { lines.joined(separator: "\n") }
}
