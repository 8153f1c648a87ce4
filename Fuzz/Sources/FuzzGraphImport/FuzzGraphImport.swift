#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
import FuzzSupport

@_cdecl("FuzzGraphImport_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzGraphImport(data, count) }
}

/// Graph import of authors, books, tags and publishers (the graph tests' library model) from
/// JSON and from XML, strict and lossy; what was imported is exported again.
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

/// The library model of the graph tests (`Library.xcdatamodeld`, current version `Library 2`):
/// identities, user-info key paths, ordered and cascading relationships, a transformer.
private let librarySchema: Schema = {
  let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let model = repository.appendingPathComponent("Tests/FoundryGraphTests/Fixtures/Models/Library.xcdatamodeld")
  do {
    return try Schema(modelAt: model)
  } catch {
    fatalError("cannot load the fuzz model \(model.path): \(error)")
  }
}()
