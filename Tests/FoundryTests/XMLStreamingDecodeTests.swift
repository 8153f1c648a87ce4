import Foundation
import Foundry
import FoundryJSON
import FoundryXML
import Testing

enum XMLStreamingModels {
  @Mappable
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    @Key("tag") var tags: [Tag] = []
  }

  @Mappable
  struct Tag: Equatable {
    var k: String
    var v: String
  }

  @Mappable
  struct Item: Equatable {
    var title: String
    @Key("dc:creator") var creator: String?
  }

  /// Reads names by namespace, whatever their prefix: what a batch's one prefix table must
  /// answer as each element's own does.
  @Mappable
  struct Entry: Equatable {
    @Key("{urn:a}title") var titleA: String?
    @Key("{urn:b}title") var titleB: String?
    @Key("{urn:d}title") var titleD: String?
    var title: String?
  }
}

/// `MappingDecoder.elements(of:at:fromXML:)`: models from XML read in chunks, the same as from
/// the whole document, with errors placed in the whole input.
@Suite("Mapping: streamed XML elements")
struct XMLStreamingDecodeTests {
  typealias Node = XMLStreamingModels.Node
  typealias Item = XMLStreamingModels.Item
  let decoder = MappingDecoder()

  static let map = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6">
      <bounds minlat="1" minlon="2" maxlat="3" maxlon="4"/>
      <node id="1" lat="39.5"><tag k="name" v="A &amp; B"/></node>
      <way id="9"><nd ref="1"/></way>
      <node id="2" lat="-1.25"/>
      <node id="3" lat="0"><tag k="a" v="1"/><tag k="b" v="2"/></node>
    </osm>
    """

  static let nodes = [
    Node(id: 1, lat: 39.5, tags: [XMLStreamingModels.Tag(k: "name", v: "A & B")]),
    Node(id: 2, lat: -1.25),
    Node(id: 3, lat: 0, tags: [XMLStreamingModels.Tag(k: "a", v: "1"), XMLStreamingModels.Tag(k: "b", v: "2")]),
  ]

  @Test func everyByteBoundary() async throws {
    let bytes = Array(Self.map.utf8)
    for cut in bytes.indices.dropFirst() {
      var nodes: [Node] = []
      for try await node in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(bytes, cuts: [cut])) { nodes.append(node) }
      #expect(nodes == Self.nodes, "cut at \(cut)")
    }
    var nodes: [Node] = []
    for try await node in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(bytes, cuts: Array(bytes.indices))) {
      nodes.append(node)
    }
    #expect(nodes == Self.nodes)
  }

  @Test func fromAFile() async throws {
    let url = try StreamingDecodeTests.temporaryFile(Array(Self.map.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    var nodes: [Node] = []
    for try await node in decoder.elements(of: Node.self, at: "node", fromXML: url) { nodes.append(node) }
    #expect(nodes == Self.nodes)
  }

  @Test func namespacesDeclaredOnAncestorsApply() async throws {
    let feed = """
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
        <title>Feed</title>
        <item><title>One</title><dc:creator>Ann</dc:creator></item>
        <item><title><![CDATA[Two <b>bold</b>]]></title></item>
      </channel></rss>
      """
    var items: [Item] = []
    for try await item in decoder.elements(of: Item.self, at: "channel.item", fromXML: Pieces(Array(feed.utf8), cuts: [40, 90])) {
      items.append(item)
    }
    #expect(items == [Item(title: "One", creator: "Ann"), Item(title: "Two <b>bold</b>", creator: nil)])
  }

  @Test func aMappingErrorHasTheWholePathAndPlace() async throws {
    let xml = Self.map.replacingOccurrences(of: #"lat="-1.25""#, with: #"lat="south""#)
    var seen: [Node] = []
    let error = await #expect(throws: MappingError.self) {
      for try await node in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(Array(xml.utf8), cuts: [50, 51, 140]), sourceName: "map.osm") {
        seen.append(node)
      }
    }
    #expect(seen == [Self.nodes[0]])
    #expect(error?.path.description == "$.node[1].lat")
    #expect(error?.line == 6)
    #expect(error?.description.contains("--> map.osm:6:") == true)
    #expect(error?.description.contains(#"<node id="2" lat="south"/>"#) == true)
  }

  @Test func malformedInputIsAMalformedDocumentError() async throws {
    let xml = Self.map.replacingOccurrences(of: "</osm>", with: "</osm><osm/>")
    var count = 0
    let error = await #expect(throws: MappingError.self) {
      for try await _ in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(Array(xml.utf8), cuts: [])) { count += 1 }
    }
    #expect(count == 3)
    #expect(error?.code == .malformedDocument)
    #expect(error?.line == 8 && error?.column == 7)
  }

  @Test func lossyModeReportsEachElementAndGoesOn() async throws {
    let xml = """
      <osm>
        <node id="1" lat="1"/>
        <node id="2" lat="big"/>
        <node id="3" lat="&undefined;"/>
        <node id="4" lat="4"/>
      </osm>
      """
    var results: [LossyResult<Node>] = []
    for try await result in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(Array(xml.utf8), cuts: [7])).lossy {
      results.append(result)
    }
    #expect(results.map(\.value?.id) == [1, nil, nil, 4])
    #expect(results[1].error?.path.description == "$.node[1].lat")
    #expect(results[1].error?.line == 3)
    #expect(results[2].error?.code == .malformedDocument)
    #expect(results[2].error?.line == 4 && results[2].error?.column == 21)
    #expect(results[2].error?.path.description == "$.node[2]")
  }

  @Test func lossyModeStillThrowsForBrokenStructure() async throws {
    let xml = #"<osm><node id="1" lat="1"/><node id="2" lat="2"></way></osm>"#
    var values = 0
    await #expect(throws: MappingError.self) {
      for try await result in decoder.elements(of: Node.self, at: "node", fromXML: Pieces(Array(xml.utf8), cuts: [])).lossy {
        if result.value != nil { values += 1 }
      }
    }
    #expect(values == 1)
  }

  @Test func continuingAfterAMappingErrorReadsTheElementsAfterIt() async throws {
    let xml = #"<osm><node id="1" lat="1"/><node id="2" lat="big"/><node id="3" lat="3"/><node id="4" lat="4"/></osm>"#
    for cuts in [[], [30], [60]] {
      var nodes = decoder.elements(of: Node.self, at: "node", fromXML: Pieces(Array(xml.utf8), cuts: cuts)).makeAsyncIterator()
      #expect(try await nodes.next()?.id == 1)
      let error = await #expect(throws: MappingError.self) { _ = try await nodes.next() }
      #expect(error?.path.description == "$.node[1].lat")
      #expect(try await nodes.next()?.id == 3, "cuts \(cuts)")
      #expect(try await nodes.next()?.id == 4)
      #expect(try await nodes.next() == nil)
    }
  }

  /// The elements of one batch are read from one view document with one prefix table; where
  /// prefixes mean different namespaces in different elements, or a default namespace is
  /// declared, each reads as it does alone, whatever the chunks.
  @Test func elementsOfABatchReadAsEachAlone() async throws {
    let feed = """
      <feed xmlns:a="urn:a">
        <entry><a:title>1a</a:title><title>1</title></entry>
        <entry xmlns:a="urn:b"><a:title>2b</a:title></entry>
        <entry xmlns="urn:d"><title>3d</title></entry>
        <entry><title>4</title></entry>
        <entry xmlns:b="urn:b"><b:title>5b</b:title><a:title>5a</a:title></entry>
      </feed>
      """
    let bytes = Array(feed.utf8)
    var alone: [XMLStreamingModels.Entry] = []
    for try await entry in XMLElementSequence(Pieces(bytes, cuts: [1]), at: "entry") {
      alone.append(try decoder.decode(XMLStreamingModels.Entry.self, from: XMLJSONView.document(of: entry).root))
    }
    #expect(alone.map(\.titleA) == ["1a", nil, nil, nil, "5a"])
    #expect(alone.map(\.titleB) == [nil, "2b", nil, nil, "5b"])
    #expect(alone.map(\.titleD) == [nil, nil, "3d", nil, nil])
    for cuts in [[]] + bytes.indices.dropFirst().map({ [$0] }) {
      var streamed: [XMLStreamingModels.Entry] = []
      for try await entry in decoder.elements(of: XMLStreamingModels.Entry.self, at: "entry", fromXML: Pieces(bytes, cuts: cuts)) {
        streamed.append(entry)
      }
      #expect(streamed == alone, "cuts \(cuts)")
    }
  }

  @Test func aFileThroughASmallBuffer() async throws {
    var text = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
    let count = 5_000
    for index in 0..<count {
      text += #"  <node id="\#(index)" lat="\#(index % 10)"><tag k="name" v="n &lt;\#(index)&gt;"/></node>"# + "\n"
      if index % 100 == 0 { text += "  <way id=\"\(index)\"><nd ref=\"\(index)\"/><!-- <node id=\"x\"/> --></way>\n" }
    }
    text += "</osm>\n"
    #expect(text.utf8.count > 300_000)
    let url = try StreamingDecodeTests.temporaryFile(Array(text.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    var limits = XMLStreamOptions()
    limits.bufferSize = 1000
    var seen = 0
    var total = 0.0
    for try await node in decoder.elements(of: Node.self, at: "node", fromXML: url, streamOptions: limits) {
      #expect(node.id == Int64(seen))
      #expect(node.tags.first?.v == "n <\(seen)>")
      total += node.lat
      seen += 1
    }
    #expect(seen == count)
    #expect(total == Double(count / 10 * 45))
  }
}

/// A long stream keeps interning names, so later elements carry large name ids: their views
/// key them as they are spelled all the same (tables indexed by id stop at a bound set by the
/// element, the rest go through dictionaries).
@Suite("XML view: elements late in a stream of many names")
struct XMLStreamedViewNameTests {
  @Test func lateNamesKeyTheirViews() async throws {
    var text = "<feed>"
    for index in 0..<400 { text += #"<item n="\#(index)"><f\#(index) a\#(index)="x\#(index)">v\#(index)</f\#(index)><same>s</same></item>"# }
    text += "</feed>"
    var seen = 0
    for try await item in XMLElementSequence(Pieces(Array(text.utf8), cuts: [1_000, 20_000]), at: "item") {
      let view = XMLJSONView.document(of: item).value
      let index = seen
      #expect(view["@n"] == .string("\(index)"))
      #expect(view["f\(index)"] == .object(["@a\(index)": .string("x\(index)"), "#text": .string("v\(index)")]))
      #expect(view["same"] == .string("s"))
      seen += 1
    }
    #expect(seen == 400)
  }
}
