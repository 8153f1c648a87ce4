import Foundation
import Foundry

/// `json.decode` and `json.encode`: the `@Mappable` twins (`Models/Mapped*.swift`) through
/// ``MappingDecoder`` / ``MappingEncoder`` against the `Codable` models (`Models/Codable*.swift`)
/// through `JSONDecoder` / `JSONEncoder`, same input, same run.
///
/// Setup checks each file before timing: the twin must come back equal from its own encoding,
/// and must carry what the `Codable` model carries (a key spelled wrong would otherwise only
/// show as a `nil` optional).
enum MappingCases {
  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    if let data = corpus.data("json", "twitter.json") {
      cases += try pair(MappedTwitter.Root.self, CodableTwitter.Root.self, file: "twitter.json", data: data)
    }
    if let data = corpus.data("json", "citm_catalog.json") {
      cases += try pair(MappedCatalog.Root.self, CodableCatalog.Root.self, file: "citm_catalog.json", data: data)
    }
    if let data = corpus.data("json", "canada.json") {
      cases += try pair(MappedCanada.Root.self, CodableCanada.Root.self, file: "canada.json", data: data)
    }
    return cases
  }

  /// The decode and encode cases of one file, after the checks.
  private static func pair<M: Mappable & Equatable, C: Codable>(
    _ mapped: M.Type, _ codable: C.Type, file: String, data: Data
  ) throws -> [BenchmarkCase] {
    let bytes = [UInt8](data)
    let decoder = MappingDecoder()
    let encoder = MappingEncoder()
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    let model = try decoder.decode(M.self, from: bytes, sourceName: file)
    let codableModel = try foundationDecoder.decode(C.self, from: data)
    try check(model, codableModel, file: file)
    return [
      BenchmarkCase(
        name: "json.decode", file: file, byteCount: bytes.count, baselineName: "JSONDecoder",
        ours: { blackHole(try decoder.decode(M.self, from: bytes)) },
        baseline: { blackHole(try foundationDecoder.decode(C.self, from: data)) }
      ),
      // Throughput counts the input file's bytes, as for every case.
      BenchmarkCase(
        name: "json.encode", file: file, byteCount: bytes.count, baselineName: "JSONEncoder",
        ours: { blackHole(try encoder.encode(model)) },
        baseline: { blackHole(try foundationEncoder.encode(codableModel)) }
      ),
    ]
  }

  /// Throws unless `model` survives its own encoding and agrees with `codableModel`.
  private static func check<M: Mappable & Equatable, C: Codable>(_ model: M, _ codableModel: C, file: String) throws {
    let encoded = try MappingEncoder().encode(model)
    guard try MappingDecoder().decode(M.self, from: encoded) == model else {
      throw SetupError("\(file): decode(encode(x)) != x for \(M.self)")
    }
    // The twin's output read back as the Codable model must match the Codable model itself.
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    let viaTwin = try JSONDecoder().decode(C.self, from: Data(encoded))
    guard try sorted.encode(viaTwin) == sorted.encode(codableModel) else {
      throw SetupError("\(file): \(M.self) does not carry the same values as \(C.self)")
    }
  }
}

/// A benchmark whose input or models are not what the case expects.
struct SetupError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
