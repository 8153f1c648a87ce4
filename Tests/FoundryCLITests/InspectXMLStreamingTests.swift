import FoundryCLI
import Testing

/// `foundry inspect` of an XML file reads it a child of the root at a time: it must print what
/// reading the document whole prints, and read whole what the stream cannot rebuild.
@Suite("foundry inspect, XML streamed")
struct InspectXMLStreamingTests {
  /// Documents the stream rebuilds: attributes and repeated children at the root, namespaces,
  /// a DTD's defaults and entities, comments and processing instructions between children.
  static let streamed = [
    #"<osm version="0.6" generator="t"><bounds minlat="1"/><node id="1" lat="2"><tag k="a" v="b"/></node><node id="2"/><way id="3"><nd ref="1"/><nd ref="2"/></way></osm>"#,
    #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><title>t</title><entry><dc:creator>a</dc:creator></entry><entry/></feed>"#,
    #"<!DOCTYPE r [<!ATTLIST r v CDATA "d"><!ENTITY e "E">]><r><a>&e;</a><a/></r>"#,
    "<r>\n  <!-- c -->\n  <a x=\"1\"/>\n  <?pi x?>\n  <a>2</a>\n</r>\n",
  ]

  /// Documents read whole: text in the root, a name that comes back, CDATA in the root, no child.
  static let whole = [
    "<r a=\"1\">\n <x/>\n hello <y k=\"2\"/><x/></r>",
    "<r><a/><b/><a/></r>",
    "<r><a/><![CDATA[x]]></r>",
    #"<r x="1"/>"#,
    "<r>hi</r>",
  ]

  @Test("streamed or read whole, the shape and the summary are the whole document's", arguments: streamed + whole)
  func sameAsWhole(document: String) throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "document.xml")
    for format in ["text", "json"] {
      let fromFile = foundry("inspect", "--format", format, file)
      #expect(fromFile.status == 0, "\(fromFile)")
      #expect(fromFile == foundry("inspect", "--format", format, "-", input: document), "\(format)")
    }
  }

  @Test("the stream rebuilds the root's view unless its content needs reading whole", arguments: [(streamed, true), (whole, false)])
  func whichPath(documents: [String], streams: Bool) throws {
    let directory = try TemporaryDirectory()
    let loader = DocumentLoader(console: Console(columns: 80, standardInput: { [] }) { _, _ in })
    for document in documents {
      let file = try #require(try ChunkedFile.open(try directory.write(document, to: "document.xml"), loader: loader))
      let shape = try StreamedXMLShape.read(file, loader: loader, options: ShapeOptions())
      #expect((shape != nil) == streams, "\(document)")
    }
  }

  @Test("a file of many chunks streams to the whole document's shape and counts")
  func manyChunks() throws {
    let nodes = (0..<4_000).map { index in
      let tags = index % 5 == 0 ? #"<tag k="name" v="n\#(index)"/><tag k="amenity" v="cafe"/>"# : ""
      return #"<node id="\#(index)" lat="\#(Double(index) / 7)" lon="-\#(index)" visible="true">\#(tags)</node>"#
    }
    let ways = (0..<200).map { #"<way id="\#($0)"><nd ref="\#($0)"/><nd ref="\#($0 + 1)"/></way>"# }
    let document = #"<?xml version="1.0"?>"# + "\n<osm version=\"0.6\">\n" + (nodes + ways).joined(separator: "\n") + "\n</osm>\n"
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "city.osm")
    let streamed = foundry("inspect", file)
    #expect(streamed.output.contains("// elements: osm 1, node 4,000, tag 1,600, way 200, nd 400"), "\(streamed.output)")
    #expect(streamed == foundry("inspect", "--input-format", "xml", "-", input: document))
  }

  @Test("a malformed child far into a streamed file is an error at its line and column in the file")
  func malformedChild() throws {
    let lines = (0..<2_000).map { #"<node id="\#($0)"/>"# } + [#"<node id="x" id="y"/>"#]
    let directory = try TemporaryDirectory()
    let file = try directory.write("<osm>\n" + lines.joined(separator: "\n") + "\n</osm>", to: "bad.osm")
    let result = foundry("inspect", file)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.contains("--> \(file):2002:"), "\(result.error)")
  }
}
