import Foundation
import Foundry
import FoundryJSON
import FoundryXML
import Testing

enum XMLRuleModels {
  @Mappable
  struct Order: Equatable {
    @Key("lines") var lines: [String]
    @Key("lines.line.1") var second: String
    @Key("lines.line.-1") var last: String
  }

  @Mappable
  struct Paragraph: Equatable {
    @Key("#text") var text: String
    @Key("b") var bold: [String]
  }

  @Mappable(unknownKeys: .reject)
  struct Link: Equatable {
    var href: String
  }
}

@Suite("XML mapping: real-world shapes")
struct XMLMappingShapeTests {
  let decoder = MappingDecoder()

  @Test("RSS 2.0 with namespaced extensions, CDATA and repeated items")
  func rss() throws {
    let feed = try decoder.decode(XMLModels.Feed.self, fromXML: XMLFixtures.rss)
    let channel = feed.channel
    #expect(channel.title == "Shop Talk")
    #expect(channel.author == "Ada & Grace")
    #expect(channel.artwork == URL(string: "https://example.com/art.png"))
    #expect(channel.selfLink == URL(string: "https://example.com/feed.xml"))
    #expect(channel.items.count == 2)
    let first = try #require(channel.items.first)
    #expect(first.description == "<p>Tools &amp; <b>tricks</b></p>")
    #expect(first.guid == XMLModels.Guid(value: "ep-2", isPermaLink: false))
    #expect(first.enclosure?.length == 52_428_800)
    #expect(first.duration == "1:02:03")
    #expect(first.media.map(\.url.lastPathComponent) == ["2-lo.ogg", "2-hi.ogg"])
    #expect(first.creator == "Ada")
    #expect(first.published == Date(timeIntervalSince1970: 1_458_526_254))
    let second = try #require(channel.items.last)
    #expect(second.enclosure == nil)
    #expect(second.media.isEmpty)
    #expect(second.guid.isPermaLink)
  }

  @Test("Atom links told apart by @rel, with the default rel")
  func atom() throws {
    let feed = try decoder.decode(XMLModels.AtomFeed.self, fromXML: XMLFixtures.atom)
    #expect(feed.alternate == URL(string: "https://example.com/"))
    #expect(feed.links.map(\.rel) == ["alternate", "self"])
    let entry = try #require(feed.entries.first)
    #expect(entry.title == XMLModels.AtomText(type: "html", text: "Fish &amp; Chips"))
    #expect(entry.enclosures.map(\.type) == ["audio/mpeg", "audio/ogg"])
    #expect(entry.updated == Date(timeIntervalSince1970: 1_714_557_600))
  }

  @Test("OpenStreetMap: attributes as fields, nd and tag children as arrays")
  func osm() throws {
    let map = try decoder.decode(XMLModels.OSM.self, fromXML: XMLFixtures.osm)
    #expect(map.version == "0.6")
    #expect(map.bounds.maxlon == -119.7065)
    #expect(map.nodes.count == 2)
    #expect(map.nodes[0].tags.isEmpty)
    #expect(map.nodes[1].visible == false)
    #expect(map.nodes[1].tags == [XMLModels.Tag(k: "highway", v: "motorway_junction"), XMLModels.Tag(k: "ref", v: "21")])
    #expect(map.ways.first?.nodes.map(\.ref) == [139_980_476, 139_984_915])
  }

  @Test("OPML: recursive same-named outline elements")
  func opml() throws {
    let opml = try decoder.decode(XMLModels.OPML.self, fromXML: XMLFixtures.opml)
    #expect(opml.title == "Subscriptions")
    #expect(opml.outlines.map(\.text) == ["Tech", "Lonely"])
    #expect(opml.outlines[0].children.map(\.text) == ["Swift", "Deep"])
    #expect(opml.outlines[0].children[1].children.first?.xmlUrl == URL(string: "https://example.com/deeper.xml"))
    #expect(opml.outlines[1].children.isEmpty)
  }

  @Test("A property list: key/value pairs read in document order through #content")
  func plist() throws {
    let plist = try decoder.decode(PropertyListDocument.self, fromXML: XMLFixtures.plist)
    #expect(plist.version == "1.0")
    #expect(plist.root.entries["CFBundleName"] == .string("Foundry"))
    #expect(plist.root.entries["Build"] == .integer(42))
    #expect(plist.root.entries["Ratio"] == .real(1.5))
    #expect(plist.root.entries["Enabled"] == .bool(true))
    #expect(plist.root.entries["Tags"] == .array([.string("json"), .string("xml")]))
  }
}

@Suite("XML mapping: rules")
struct XMLMappingRuleTests {
  @Mappable
  struct Product: Equatable {
    var id: Int
    var name: String
    var price: Double
    var tags: [String]
    var inStock: Bool
  }

  @Test("One declaration decodes JSON and XML of the same shape")
  func sameModel() throws {
    let decoder = MappingDecoder()
    let json = try decoder.decode(Product.self, from: #"{"id": 7, "name": "Lamp", "price": 19.5, "tags": ["home", "light"], "inStock": true}"#)
    let xml = try decoder.decode(
      Product.self,
      fromXML: """
        <product id="7"><name>Lamp</name><price>19.5</price><tags>home</tags><tags>light</tags><inStock>true</inStock></product>
        """)
    #expect(json == xml)
  }

  @Test("Text reads as numbers and Booleans even in strict mode, without coercion issues")
  func untypedText() throws {
    var options = MappingOptions()
    options.coercion = .strict
    let decoder = MappingDecoder(options: options)
    let xml = "<product><id>7</id><name>Lamp</name><price>19.5</price><inStock>1</inStock></product>"
    #expect(try decoder.decode(Product.self, fromXML: xml).price == 19.5)
    let lossy = MappingDecoder().decodeLossy(Product.self, fromXML: xml)
    #expect(lossy.issues.isEmpty)
    #expect(lossy.value?.tags == [])
  }

  @Test("A wrapper element stands for its repeated children; an index picks the n-th")
  func wrappersAndIndexes() throws {
    let order = try MappingDecoder().decode(XMLRuleModels.Order.self, fromXML: "<order><lines><line>a</line><line>b</line><line>c</line></lines></order>")
    #expect(order == XMLRuleModels.Order(lines: ["a", "b", "c"], second: "b", last: "c"))
  }

  @Test("One repeated element with one child that is a field of the model is one element, not a wrapper")
  func singleElementWithOneField() throws {
    let decoder = MappingDecoder()
    let one = try decoder.decode(SingleElementModels.Shelf.self, fromXML: "<shelf><book><title>A</title></book></shelf>")
    #expect(one.books == [SingleElementModels.Book(title: "A")])
    let two = try decoder.decode(SingleElementModels.Shelf.self, fromXML: "<shelf><book><title>A</title></book><book><title>B</title></book></shelf>")
    #expect(two.books.map(\.title) == ["A", "B"])
    // A wrapper's children that are not a field of the model are still its elements.
    let wrapped = try decoder.decode(SingleElementModels.Shelf.self, fromXML: "<shelf><book><entry><title>A</title></entry><entry><title>B</title></entry></book></shelf>")
    #expect(wrapped.books.map(\.title) == ["A", "B"])
  }

  @Test("Mixed content: #text joins the text, #content keeps the order")
  func mixedContent() throws {
    var options = MappingOptions()
    options.xmlParsing.whitespace = .keep
    let paragraph = try MappingDecoder(options: options).decode(XMLRuleModels.Paragraph.self, fromXML: "<p>Hello <b>big</b> world<b>!</b></p>")
    #expect(paragraph == XMLRuleModels.Paragraph(text: "Hello  world", bold: ["big", "!"]))
    let view = XMLJSONView.document(of: try XMLTree(string: "<p>Hello <b>big</b> world</p>").root).value
    #expect(view["#content"] == .array([.string("Hello "), .object(["b": .string("big")]), .string(" world")]))
  }

  @Test("Under the default .trim, mixed content keeps the spaces between words and elements: an element's text is trimmed as a whole")
  func mixedContentTrimmedAsAWhole() throws {
    let xml = "<p>\n  The <b>text</b> string is shown <b>in gray</b>.\n</p>"
    let paragraph = try MappingDecoder().decode(XMLRuleModels.Paragraph.self, fromXML: xml)
    #expect(paragraph == XMLRuleModels.Paragraph(text: "The  string is shown .", bold: ["text", "in gray"]))
    var options = XMLJSONView.Options()
    options.trimsText = true
    var parsing = XMLParsingOptions()
    parsing.whitespace = .trim
    let view = XMLJSONView.document(of: try XMLTree(string: xml, options: parsing).root, options: options).value
    #expect(
      view["#content"]
        == .array([.string("The "), .object(["b": .string("text")]), .string(" string is shown "), .object(["b": .string("in gray")]), .string(".")]))
    // The article's example reads as it shows.
    let hello = XMLJSONView.document(of: try XMLTree(string: "<p>Hello <b>you</b>!</p>", options: parsing).root, options: options).value
    #expect(hello == ["b": "you", "#text": "Hello !", "#content": ["Hello ", ["b": "you"], "!"]])
  }

  @Test("#content repeats each child's view, nested containers included; mixed content below is by name in the groups, in order in #content")
  func orderedContentRepeatsChildren() throws {
    let xml = #"<p>a<b x="1"><i>1</i><i>2</i></b>c<b x="2"><u>k<v/>m<v/></u></b><e/></p>"#
    let view = XMLJSONView.document(of: try XMLTree(string: xml).root).value
    let first: JSONValue = .object(["@x": .string("1"), "i": .array([.string("1"), .string("2")])])
    let byName: JSONValue = .object(["v": .array([.string(""), .string("")]), "#text": .string("km")])
    let inOrder: JSONValue = .object(["#content": .array([.string("k"), .object(["v": .string("")]), .string("m"), .object(["v": .string("")])])])
    #expect(view["b"] == .array([first, .object(["@x": .string("2"), "u": byName])]))
    #expect(
      view["#content"]
        == .array([
          .string("a"), .object(["b": first]), .string("c"), .object(["b": .object(["@x": .string("2"), "u": inOrder])]), .object(["e": .string("")]),
        ]))
  }

  @Test("Children without child elements of their own make the same groups and #content as deeper siblings")
  func childlessChildrenMatchDeeperOnes() throws {
    let leaves = #"<r><a k="1">x</a><b/><a k="2"/><a>y</a></r>"#
    let mixed = #"<r><a k="1">x</a><b/><a k="2"/><a>y</a><c><d>1</d></c></r>"#
    let shallow = XMLJSONView.document(of: try XMLTree(string: leaves).root).value
    let deep = XMLJSONView.document(of: try XMLTree(string: mixed).root).value
    let a: JSONValue = .array([.object(["@k": .string("1"), "#text": .string("x")]), .object(["@k": .string("2")]), .string("y")])
    #expect(shallow["a"] == a)
    #expect(shallow["b"] == .string(""))
    let content: [JSONValue] = [
      .object(["a": .object(["@k": .string("1"), "#text": .string("x")])]), .object(["b": .string("")]),
      .object(["a": .object(["@k": .string("2")])]), .object(["a": .string("y")]),
    ]
    #expect(shallow["#content"] == .array(content))
    #expect(deep["a"] == a)
    #expect(deep["c"] == .object(["d": .string("1")]))
    #expect(deep["#content"] == .array(content + [.object(["c": .object(["d": .string("1")])])]))
  }

  @Test("Errors carry the path and the XML line and column")
  func errors() throws {
    let xml = """
      <product>
        <id>7</id>
        <name>Lamp</name>
        <price>cheap</price>
        <inStock>true</inStock>
      </product>
      """
    let error = try #require(throws: MappingError.self) { try MappingDecoder().decode(Product.self, fromXML: xml, sourceName: "product.xml") }
    #expect(error.path.description == "$.price")
    #expect(error.line == 4)
    #expect(error.column == 10)
    #expect(error.description.contains("--> product.xml:4:10"))
  }

  @Test("Malformed XML is a malformedDocument error with the parser's location")
  func malformed() throws {
    let error = try #require(throws: MappingError.self) { try MappingDecoder().decode(Product.self, fromXML: "<product><id>7</product>") }
    #expect(error.code == .malformedDocument)
    #expect(error.line == 1)
  }

  @Test("Lossy mode drops a bad element of a repeated child and reports its path")
  func lossy() throws {
    let xml = XMLFixtures.osm.replacingOccurrences(of: #"lat="39.501273""#, with: #"lat="north""#)
    let result = MappingDecoder().decodeLossy(XMLModels.OSM.self, fromXML: xml)
    #expect(result.value?.nodes.count == 1)
    #expect(result.issues.first?.path.description == "$.node[0]")
    #expect(result.issues.first?.error?.path.description == "$.node[0].lat")
  }

  @Test("Unknown keys: attributes count as their plain name, text is never unknown")
  func unknownKeys() throws {
    #expect(try MappingDecoder().decode(XMLRuleModels.Link.self, fromXML: #"<link href="x">label</link>"#) == XMLRuleModels.Link(href: "x"))
    #expect(throws: MappingError.self) { try MappingDecoder().decode(XMLRuleModels.Link.self, fromXML: #"<link href="x" rel="y"/>"#) }
  }

  @Test func namespaceURIKeysFindRepeatedElements() throws {
    let xml = """
      <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
        <title>Feed</title>
        <atom:link href="https://example.com/feed" rel="self"/>
        <atom:link href="https://example.com/hub" rel="hub"/>
      </channel></rss>
      """
    let channel = try MappingDecoder().decode(AtomFeed.self, fromXML: xml).channel
    #expect(channel.prefixed.map(\.href) == ["https://example.com/feed", "https://example.com/hub"])
    #expect(channel.links == channel.prefixed)
  }

  @Test func cdataAndPlainTextTrimAlikeAndRoundTrip() throws {
    let cdata = "<item><title>\n  A title\n</title><description><![CDATA[\n\n<p>Hello & welcome</p>\n]]></description></item>"
    let plain = "<item><title>A title</title><description>\n  &lt;p&gt;Hello &amp; welcome&lt;/p&gt;  </description></item>"
    let fromCDATA = try MappingDecoder().decode(FeedItem.self, fromXML: cdata)
    #expect(fromCDATA == FeedItem(title: "A title", description: "<p>Hello & welcome</p>"))
    #expect(try MappingDecoder().decode(FeedItem.self, fromXML: plain) == fromCDATA)
    let written = try MappingEncoder().encodeXMLString(fromCDATA, rootElement: "item")
    #expect(try MappingDecoder().decode(FeedItem.self, fromXML: written) == fromCDATA)
    // Kept as written when the parse keeps whitespace.
    var options = MappingOptions()
    options.xmlParsing.whitespace = .keep
    #expect(try MappingDecoder(options: options).decode(FeedItem.self, fromXML: cdata).description == "\n\n<p>Hello & welcome</p>\n")
  }
}

@Suite("XML mapping: encoding")
struct XMLEncodingTests {
  @Test("Models encode to XML with attributes, repeated elements and field order kept")
  func osmRoundTrip() throws {
    let map = try MappingDecoder().decode(XMLModels.OSM.self, fromXML: XMLFixtures.osm)
    let xml = try MappingEncoder().encodeXMLString(map)
    #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(xml.contains(#"<osm version="0.6"><bounds minlat="39.5001""#))
    #expect(xml.contains(#"<tag k="highway" v="motorway_junction"/>"#))
    #expect(try MappingDecoder().decode(XMLModels.OSM.self, fromXML: xml) == map)
  }

  @Test("Without an XML mapping, fields become child elements under the type's name")
  func elementsByDefault() throws {
    let product = XMLMappingRuleTests.Product(id: 7, name: "Fish & Chips", price: 4.5, tags: ["a", "b"], inStock: false)
    let xml = try MappingEncoder().encodeXMLString(product, writing: .fragment)
    #expect(xml == "<product><id>7</id><name>Fish &amp; Chips</name><price>4.5</price><tags>a</tags><tags>b</tags><inStock>false</inStock></product>")
    #expect(try MappingDecoder().decode(XMLMappingRuleTests.Product.self, fromXML: xml) == product)
  }

  @Test("Namespaced keys are written in their namespace, declared on the root")
  func namespaces() throws {
    let show = Show(title: "Shop Talk", author: "Ada")
    let xml = try MappingEncoder().encodeXMLString(show, writing: .fragment)
    #expect(xml == #"<channel xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><title>Shop Talk</title><itunes:author>Ada</itunes:author></channel>"#)
    #expect(try MappingDecoder().decode(Show.self, fromXML: xml) == show)
  }
}

@Mappable
struct Show: Equatable, XMLMappable {
  var title: String
  @Key("itunes:author") var author: String

  static let xmlMapping = XMLMapping(root: "channel", namespaces: ["itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"])
}

enum SingleElementModels {
  @Mappable
  struct Shelf: Equatable {
    @Key("book") var books: [Book]
  }

  @Mappable
  struct Book: Equatable {
    var title: String
  }

}
