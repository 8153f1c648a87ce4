import Foundation
import Foundry

/// `json.codable`: plain `Codable` models decoded through Foundry's `Decoder`
/// (``MappingDecoder``'s `Decodable` overloads) against Foundation's `JSONDecoder`, same input,
/// same models.
///
/// The models live in `Models/Codable*.swift`, one namespace per payload; `@Mappable` twins of
/// the same shapes (for `json.decode` / `json.encode`) belong beside them.
enum CodableCases {
  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    if let data = corpus.data("json", "twitter.json") {
      cases.append(try decoding(CodableTwitter.Root.self, file: "twitter.json", data: data))
    }
    if let data = corpus.data("json", "citm_catalog.json") {
      cases.append(try decoding(CodableCatalog.Root.self, file: "citm_catalog.json", data: data))
    }
    if let data = corpus.data("json", "canada.json") {
      cases.append(try decoding(CodableCanada.Root.self, file: "canada.json", data: data))
    }
    return cases
  }

  /// Checks once that both decoders accept the file, then times them.
  private static func decoding<T: Decodable>(_ type: T.Type, file: String, data: Data) throws -> BenchmarkCase {
    let foundry = MappingDecoder()
    let foundation = JSONDecoder()
    _ = try foundry.decode(T.self, from: data, sourceName: file)
    _ = try foundation.decode(T.self, from: data)
    return BenchmarkCase(
      name: "json.codable", file: file, byteCount: data.count, baselineName: "JSONDecoder",
      ours: { blackHole(try foundry.decode(T.self, from: data)) },
      baseline: { blackHole(try foundation.decode(T.self, from: data)) }
    )
  }
}
