import Foundation
import Foundry
import FoundryGraph

/// `graph.import`: `citm_catalog.json` imported into an ``ObjectGraph`` (``GraphCatalog``:
/// identities, keyed and nested relationships, references by id, shared areas) against the
/// same bytes decoded into the plain `@Mappable` structs of ``MappedCatalog``, same run. Both
/// sides parse the file each time. Issue 13's target is a ratio of at least 0.8.
///
/// Setup checks that the graph holds what the structs hold: as many events, performances,
/// prices and seat categories, and one area per distinct area id.
enum GraphCases {
  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    guard let data = corpus.data("json", "citm_catalog.json") else { return [] }
    let bytes = [UInt8](data)
    let schema = try GraphCatalog.schema()
    let decoder = MappingDecoder()
    try check(schema: schema, bytes: bytes, against: try decoder.decode(MappedCatalog.Root.self, from: bytes))
    return [
      BenchmarkCase(
        name: "graph.import", file: "citm_catalog.json", byteCount: bytes.count, baselineName: "@Mappable structs",
        ours: { blackHole(try ObjectGraph(schema: schema).importJSON(bytes, entity: "Catalog")) },
        baseline: { blackHole(try decoder.decode(MappedCatalog.Root.self, from: bytes)) }
      )
    ]
  }

  private static func check(schema: Schema, bytes: [UInt8], against root: MappedCatalog.Root) throws {
    let graph = ObjectGraph(schema: schema)
    let report = try graph.importJSON(bytes, entity: "Catalog", sourceName: "citm_catalog.json")
    let areas = Set(root.performances.flatMap { $0.seatCategories.flatMap { $0.areas.map(\.areaId) } })
    let expected = [
      "Catalog": 1, "Event": root.events.count, "Performance": root.performances.count,
      "Price": root.performances.map(\.prices.count).reduce(0, +),
      "SeatCategory": root.performances.map(\.seatCategories.count).reduce(0, +), "Area": areas.count,
    ]
    guard report.objectCounts == expected else {
      throw SetupError("citm_catalog.json: the graph holds \(report.objectCounts), the structs \(expected)")
    }
    for performance in try graph.objects(of: "Performance") {
      guard try performance.relatedObject(forKey: "event") != nil else {
        throw SetupError("citm_catalog.json: performance \(performance) is not linked to its event")
      }
    }
  }
}
