import Foundation
import FoundryJSON

/// The FoundryJSON cases: parse, materialize, write — each against JSONSerialization.
enum JSONCases {
  static let files = ["twitter.json", "citm_catalog.json", "canada.json"]

  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    for file in files {
      guard let data = corpus.data("json", file) else { continue }
      let bytes = [UInt8](data)
      let document = try JSONDocument(bytes: bytes, sourceName: file)
      let value = document.value
      let foundationObject = try JSONSerialization.jsonObject(with: data)

      cases.append(
        BenchmarkCase(
          name: "json.parse", file: file, byteCount: bytes.count, baselineName: "JSONSerialization.jsonObject",
          ours: { blackHole(try JSONDocument(bytes: bytes)) },
          baseline: { blackHole(try JSONSerialization.jsonObject(with: data)) }
        ))
      cases.append(
        BenchmarkCase(
          name: "json.value", file: file, byteCount: bytes.count, baselineName: "JSONSerialization.jsonObject",
          ours: { blackHole(try JSONDocument(bytes: bytes).value) },
          baseline: { blackHole(try JSONSerialization.jsonObject(with: data)) }
        ))
      // Throughput counts the input file's bytes, as for every case.
      cases.append(
        BenchmarkCase(
          name: "json.write", file: file, byteCount: bytes.count, baselineName: "JSONSerialization.data",
          ours: { blackHole(value.makeJSON()) },
          baseline: { blackHole(try JSONSerialization.data(withJSONObject: foundationObject)) }
        ))
    }
    return cases
  }
}
