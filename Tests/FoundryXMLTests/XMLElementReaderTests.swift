import Foundation
import FoundryXML
import Testing

/// ``XMLElementReader`` and ``XMLElementSequence`` read files in fixed-size chunks and give
/// what the whole document holds.
@Suite("XML streaming: files")
struct XMLElementReaderTests {
  /// An OSM-like file of a few megabytes: nodes with tags, ways between them, comments and
  /// CDATA that hold markup.
  static let generated: [UInt8] = {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE osm [<!ENTITY city \"Zürich\">]>\n<osm version=\"0.6\" xmlns:x=\"urn:x\">\n"
    for index in 0..<40_000 {
      text += #"  <node id="\#(index)" lat="\#(Double(index % 180) - 90)" lon="\#(index % 360)" x:v="\#(index)">"#
      text += #"<tag k="name" v="&city; \#(index) &lt;&gt;"/><tag k="note" v='a > b'/></node>"# + "\n"
      if index % 500 == 0 { text += "  <way id=\"\(index)\"><nd ref=\"\(index)\"/><![CDATA[</way><node>]]><!-- </osm> --></way>\n" }
    }
    text += "</osm>\n"
    return Array(text.utf8)
  }()

  @Test func aFewMegabytesThroughASmallBuffer() throws {
    #expect(Self.generated.count > 3_000_000)
    let path = try Self.temporaryFile(Self.generated)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var limits = XMLStreamOptions()
    limits.bufferSize = 4096
    let reader = try XMLElementReader(contentsOfFile: path, at: "node", streamOptions: limits)
    var count = 0
    while let node = try reader.next() {
      #expect(node["id"] == "\(count)")
      #expect(node.attribute(localName: "v", namespaceURI: "urn:x") == "\(count)")
      #expect(node.elements.first?["v"] == "Zürich \(count) <>")
      count += 1
    }
    #expect(count == 40_000)
    #expect(reader.elementCount == 40_000)
    #expect(reader.byteOffset == Self.generated.count)
  }

  @Test func theAsyncSequenceInBatches() async throws {
    let path = try Self.temporaryFile(Self.generated)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var limits = XMLStreamOptions()
    limits.bufferSize = 10_000
    var ways = 0
    for try await way in XMLElementSequence(contentsOfFile: path, at: "way", streamOptions: limits) {
      #expect(way.text == "</way><node>")
      ways += 1
    }
    #expect(ways == 80)
  }

  @Test func batchesFromTheReader() throws {
    let path = try Self.temporaryFile(Array(#"<osm><node id="1"/><node id="2"/><node id="3"/></osm>"#.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try XMLElementReader(contentsOfFile: path, at: "node")
    #expect(try reader.next(upTo: 2).map { $0["id"] } == ["1", "2"])
    #expect(try reader.next(upTo: 2).map { $0["id"] } == ["3"])
    #expect(try reader.next(upTo: 2).isEmpty)
  }

  @Test func aMissingFile() {
    let error = #expect(throws: XMLParsingError.self) { try XMLElementReader(contentsOfFile: "/nonexistent/map.osm") }
    #expect(error?.code == .unreadableInput)
    #expect(error?.message == "cannot read '/nonexistent/map.osm': No such file or directory")
  }

  @Test func utf16IsRefused() {
    var scanner = XMLElementScanner()
    scanner.append([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00])
    scanner.finish()
    let error = #expect(throws: XMLParsingError.self) { try scanner.next() }
    #expect(error?.code == .encoding)
  }

  static func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-xml-stream-\(UUID().uuidString).osm").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
