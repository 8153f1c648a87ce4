#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
@testable import FoundryCLI
import FoundryJSON
import FoundryXML
import Testing

/// `foundry convert --to json` of a large XML file reads it a child of the root at a time, twice:
/// it must print what converting the document whole prints, and convert whole what the stream
/// cannot write.
@Suite("foundry convert, XML to JSON streamed")
struct ConvertStreamingTests {
  static var loader: DocumentLoader { DocumentLoader(console: Console(columns: 80, standardInput: { [] }) { _, _ in }) }

  /// The whole document's conversion, as `convert` writes it.
  static func whole(_ document: String, options: JSONWritingOptions) throws -> String {
    let tree = try XMLTree(string: document)
    return XMLJSONView.document(of: tree.root, options: .conversion).root.makeJSONString(options: options)
  }

  /// What the stream writes for `document`, or `nil` when it has no plan for it.
  static func streamed(_ document: String, options: JSONWritingOptions, bufferSize: Int) throws -> String? {
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "document.xml")
    guard let conversion = try StreamedXMLConversion.plan(ChunkedSource(path: file, loader: loader, bufferSize: bufferSize), options: options) else { return nil }
    var bytes: [UInt8] = []
    try conversion.write { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let streamedDocuments =
    InspectXMLStreamingTests.streamed + [
      #"<r xmlns:p="urn:p" p:a="1"><p:x p:y="2">t</p:x><p:x/><z><![CDATA[c]]></z></r>"#,
      "<r><one k=\"v\"/><many>1</many><many><deep><er>2</er></deep></many><last/></r>",
    ]

  @Test("streamed in pieces of any size, the JSON is the whole document's, compact and pretty", arguments: streamedDocuments)
  func sameAsWhole(document: String) throws {
    for options in [JSONWritingOptions(), .pretty] {
      let expected = try Self.whole(document, options: options)
      for bufferSize in [1, 7, 64 << 10] {
        #expect(try Self.streamed(document, options: options, bufferSize: bufferSize) == expected, "buffer \(bufferSize)")
      }
    }
  }

  @Test("no plan where the view needs the root's whole content, or the root has no child", arguments: InspectXMLStreamingTests.whole)
  func noPlan(document: String) throws {
    #expect(try Self.streamed(document, options: JSONWritingOptions(), bufferSize: 16) == nil)
  }

  /// An OSM export over the streaming threshold.
  static func osm(nodes: Int, badNode: Int? = nil) -> String {
    let lines = (0..<nodes).map { index in
      #"<node id="\#(index)" lat="\#(Double(index) / 7)"\#(index == badNode ? #" lat="0""# : "")><tag k="name" v="n\#(index)"/></node>"#
    }
    return #"<osm version="0.6" generator="t">"# + "\n<bounds minlat=\"1\"/>\n" + lines.joined(separator: "\n") + "\n<way id=\"1\"><nd ref=\"1\"/></way>\n</osm>\n"
  }

  @Test("the command streams a file over the threshold, and standard input, to the whole document's JSON")
  func commandStreams() throws {
    let document = Self.osm(nodes: 15_000)
    #expect(document.utf8.count > DocumentLoader.streamingThreshold)
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "city.osm")
    let expected = try Self.whole(document, options: .pretty) + "\n"
    #expect(foundry("convert", file, "--to", "json") == CommandResult(status: 0, output: expected, error: ""))
    #expect(foundry("convert", "-", "--to", "json", input: document) == CommandResult(status: 0, output: expected, error: ""))
  }

  @Test("a malformed child far into a large file fails at its line before anything is written")
  func malformedWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.osm(nodes: 15_000, badNode: 13_000), to: "bad.osm")
    let result = foundry("convert", file, "--to", "json", "-o", directory.path + "/out.json")
    #expect(result.status == 1)
    #expect(result.error.contains("--> \(file):13003:"), "\(result.error)")
    #expect(directory.contents(of: "out.json") == nil)
  }
}
