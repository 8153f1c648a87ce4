import Foundry
import FoundryGraph
import FuzzSupport

@_cdecl("FuzzGraphImport_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzGraphImport(data, count) }
}

/// Graph import of authors, books, tags and publishers (identities, ordered and keyed
/// relationships, a transformer, a key path into a nested object) from JSON and from XML,
/// strict and lossy; what was imported is exported again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  var lossy = GraphImportOptions()
  lossy.isLossy = true
  for options in [GraphImportOptions(), lossy] {
    let graph = ObjectGraph(schema: librarySchema)
    if let report = try? graph.importJSON(bytes, entity: "Author", options: options) {
      _ = try? graph.exportJSON(report.objects)
    }
    let xmlGraph = ObjectGraph(schema: librarySchema)
    if let report = try? xmlGraph.importXML(bytes, entity: "Author", root: "author", options: options) {
      _ = try? xmlGraph.exportXML(report.objects)
    }
  }
  return 0
}

private let librarySchema: Schema = {
  do {
    return try Schema {
      Entity("Author", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "author_id")
        Attribute("firstName", .string)
        Attribute("lastName", .string, optional: true)
        Attribute("born", .date, optional: true, keyPath: "born", transformer: "date:yyyy-MM-dd")
        Attribute("rating", .integer16, default: 3)
        Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
      }
      Entity("Book", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "book_id")
        Attribute("title", .string)
        Attribute("year", .integer32, optional: true)
        Attribute("retailPrice", .decimal, optional: true, keyPath: "pricing.retail_price")
        Relationship("author", to: "Author", inverse: "books")
        Relationship("tags", to: "Tag", toMany: true, inverse: "books")
        Relationship("publisher", to: "Publisher", inverse: "books", keyPath: "publisher_id")
      }
      Entity("Tag", identity: ["label"]) {
        Attribute("label", .string)
        Relationship("books", to: "Book", toMany: true, inverse: "tags")
      }
      Entity("Publisher", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("name", .string, optional: true)
        Relationship("books", to: "Book", toMany: true, inverse: "publisher", deleteRule: .deny)
      }
    }
  } catch {
    fatalError("the fuzz schema is invalid: \(error)")
  }
}()
