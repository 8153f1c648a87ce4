import Foundation
import Testing

/// `foundry validate` reads files in chunks: a file larger than the read buffer gives the same
/// verdict and the same diagnostic as the whole document read from standard input.
@Suite("foundry validate, streaming")
struct ValidateStreamingTests {
  /// An OSM-like document of a few hundred kilobytes, well past one 64 KiB read.
  static let osm: String = {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE osm [<!ENTITY c \"&#169;\">]>\n<osm version=\"0.6\">\n"
    for index in 0..<4000 {
      text += "  <node id=\"\(index)\" lat=\"1.5\"><tag k=\"note\" v=\"&c; a > b\"/><!-- <node/> --></node>\n"
      if index % 100 == 0 { text += "  <way id=\"\(index)\"><nd ref=\"\(index)\"/><![CDATA[</way>]]></way>\n" }
    }
    return text + "</osm>\n"
  }()

  /// A GeoJSON-like document: the features array is streamed, the members around it parsed.
  static let geojson: String = {
    var text = "{\"type\": \"FeatureCollection\", \"metadata\": {\"n\": [1, 2]},\n \"features\": [\n"
    for index in 0..<4000 {
      if index > 0 { text += ",\n" }
      text += "  {\"id\": \(index), \"properties\": {\"place\": \"[\(index)] \\\"quoted\\\" {}\"}, \"geometry\": [1.5, -2]}"
    }
    return text + "\n], \"bbox\": [-180, -90, 180, 90]}\n"
  }()

  static let cases: [(name: String, text: String)] = [
    ("good.osm", osm),
    ("good.geojson", geojson),
    ("top-level.json", "[" + String(repeating: "{\"a\": [1, 2, {\"b\": null}]},\n", count: 5000) + "{}]"),
    ("bad-inside.osm", osm.replacingOccurrences(of: "id=\"3999\"", with: "id=\"3999\" id=\"x\"")),
    ("bad-between.osm", osm.replacingOccurrences(of: "<way id=\"3900\">", with: "&undefined;<way id=\"3900\">")),
    ("bad-after.osm", osm + "<osm/>"),
    ("cut-short.osm", String(osm.dropLast(40))),
    ("bad-inside.geojson", geojson.replacingOccurrences(of: "\"id\": 3999", with: "\"id\": 39.99.")),
    ("bad-after.geojson", geojson.replacingOccurrences(of: "\"bbox\"", with: "bbox")),
    ("cut-short.geojson", String(geojson.dropLast(30))),
  ]

  @Test(arguments: cases.indices)
  func aFileGivesWhatStandardInputGives(_ index: Int) throws {
    let (name, text) = Self.cases[index]
    #expect(text.utf8.count > 64 << 10)
    let directory = try TemporaryDirectory()
    let path = try directory.write(text, to: name)
    let format = name.hasSuffix(".osm") ? "xml" : "json"
    let whole = foundry("validate", "--input-format", format, "-", input: text)
    let streamed = foundry("validate", path)
    #expect(streamed.status == whole.status)
    #expect(streamed.output == whole.output.replacingOccurrences(of: "<stdin>", with: path))
    #expect(streamed.error == whole.error.replacingOccurrences(of: "--> <stdin>", with: "--> \(path)"))
    #expect(name.hasPrefix("good") || name.hasPrefix("top") ? streamed.status == 0 : streamed.status == 1)
  }

  @Test func anErrorNearTheEndHasItsLineAndColumn() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(Self.osm.replacingOccurrences(of: "<node id=\"3998\" lat=\"1.5\">", with: "<node id=\"3998\" lat=1.5>"), to: "map.osm")
    let result = foundry("validate", path)
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("error: the value of attribute 'lat' must be in quotes\n--> \(path):4042:23\n"))
  }
}
