import FoundryXML
import Testing

/// Namespace declarations the writer adds where names need them, and only there.
@Suite("XMLWriter namespaces")
struct XMLWriterNamespaceTests {
  static let atom = "http://www.w3.org/2005/Atom"
  static let dc = "http://purl.org/dc/elements/1.1/"

  func compact(_ element: XMLElementValue) throws -> String {
    try element.makeXMLString(options: .fragment)
  }

  @Test func defaultNamespaceDeclaredOnceOnTheOutermostElement() throws {
    let feed = XMLElementValue(
      "feed", namespaceURI: Self.atom,
      children: [
        .element(XMLElementValue("entry", namespaceURI: Self.atom, children: [.element(XMLElementValue("id", namespaceURI: Self.atom, text: "1"))]))
      ])
    #expect(try compact(feed) == #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id></entry></feed>"#)
  }

  @Test func prefixedElementDeclaresItsPrefix() throws {
    let feed = XMLElementValue(
      "feed", namespaceURI: Self.atom,
      children: [
        .element(XMLElementValue("dc:creator", namespaceURI: Self.dc, text: "Ada")),
        .element(XMLElementValue("dc:date", namespaceURI: Self.dc, text: "2024")),
      ])
    #expect(
      try compact(feed)
        == #"<feed xmlns="http://www.w3.org/2005/Atom"><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Ada</dc:creator><dc:date xmlns:dc="http://purl.org/dc/elements/1.1/">2024</dc:date></feed>"#
    )
  }

  @Test func unqualifiedChildOfADefaultNamespaceUndeclaresIt() throws {
    let root = XMLElementValue("r", namespaceURI: "urn:a", children: [.element(XMLElementValue("plain", children: [.element(XMLElementValue("deeper"))]))])
    #expect(try compact(root) == #"<r xmlns="urn:a"><plain xmlns=""><deeper/></plain></r>"#)
  }

  @Test func defaultNamespaceRedeclared() throws {
    let root = XMLElementValue(
      "r", namespaceURI: "urn:a",
      children: [
        .element(XMLElementValue("c", namespaceURI: "urn:b", children: [.element(XMLElementValue("d", namespaceURI: "urn:b"))])),
        .element(XMLElementValue("e", namespaceURI: "urn:a")),
      ])
    #expect(try compact(root) == #"<r xmlns="urn:a"><c xmlns="urn:b"><d/></c><e/></r>"#)
  }

  @Test func explicitDeclarationsAreKeptAndNotRepeated() throws {
    let root = XMLElementValue(
      XMLName("p:root", namespaceURI: "urn:p"),
      attributes: [XMLAttributeValue("xmlns:p", value: "urn:p"), XMLAttributeValue("xmlns", value: "urn:d")],
      children: [.element(XMLElementValue(XMLName("p:child", namespaceURI: "urn:p"))), .element(XMLElementValue("other", namespaceURI: "urn:d"))]
    )
    #expect(try compact(root) == #"<p:root xmlns:p="urn:p" xmlns="urn:d"><p:child/><other/></p:root>"#)
  }

  @Test func attributeInANamespaceWithoutPrefixGetsAGeneratedOne() throws {
    let element = XMLElementValue(
      XMLName("a"),
      attributes: [
        XMLAttributeValue("x", namespaceURI: "urn:u", value: "1"),
        XMLAttributeValue("y", namespaceURI: "urn:u", value: "2"),
        XMLAttributeValue("z", namespaceURI: "urn:v", value: "3"),
        XMLAttributeValue("plain", value: "4"),
      ])
    #expect(try compact(element) == #"<a xmlns:ns1="urn:u" xmlns:ns2="urn:v" ns1:x="1" ns1:y="2" ns2:z="3" plain="4"/>"#)
  }

  @Test func generatedPrefixesAvoidPrefixesInScope() throws {
    let root = XMLElementValue(
      XMLName("r"), attributes: [XMLAttributeValue("xmlns:ns1", value: "urn:other")],
      children: [.element(XMLElementValue(XMLName("a"), attributes: [XMLAttributeValue("k", namespaceURI: "urn:u", value: "v")]))]
    )
    #expect(try compact(root) == #"<r xmlns:ns1="urn:other"><a xmlns:ns2="urn:u" ns2:k="v"/></r>"#)
  }

  @Test func attributeReusesAPrefixAlreadyBoundToItsNamespace() throws {
    let root = XMLElementValue(
      XMLName("r"), attributes: [XMLAttributeValue("xmlns:x", value: "urn:x")],
      children: [.element(XMLElementValue(XMLName("a"), attributes: [XMLAttributeValue("k", namespaceURI: "urn:x", value: "v")]))]
    )
    #expect(try compact(root) == #"<r xmlns:x="urn:x"><a x:k="v"/></r>"#)
  }

  @Test func prefixedAttributeDeclaresItsOwnPrefix() throws {
    let element = XMLElementValue(
      XMLName("use"), attributes: [XMLAttributeValue("xlink:href", namespaceURI: "http://www.w3.org/1999/xlink", value: "#a")])
    #expect(try compact(element) == ##"<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a"/>"##)
  }

  @Test func attributePrefixTakenForAnotherNamespaceIsReplaced() throws {
    let element = XMLElementValue(
      XMLName("p:e", namespaceURI: "urn:one"), attributes: [XMLAttributeValue("p:k", namespaceURI: "urn:two", value: "v")])
    #expect(try compact(element) == #"<p:e xmlns:p="urn:one" xmlns:ns1="urn:two" ns1:k="v"/>"#)
  }

  @Test func xmlPrefixNeverNeedsADeclaration() throws {
    let element = XMLElementValue(
      XMLName("p"),
      attributes: [
        XMLAttributeValue("xml:lang", namespaceURI: XMLName.xmlNamespace, value: "en"),
        XMLAttributeValue("space", namespaceURI: XMLName.xmlNamespace, value: "preserve"),
        XMLAttributeValue("xml:base", value: "/"),
      ])
    #expect(try compact(element) == #"<p xml:lang="en" xml:space="preserve" xml:base="/"/>"#)
  }

  @Test func prefixedNamesWithoutANamespaceAreWrittenAsGiven() throws {
    let element = XMLElementValue("a:b", attributes: ["c:d": "1"])
    #expect(try compact(element) == #"<a:b c:d="1"/>"#)
  }

  @Test func declarationsCanBeTurnedOff() throws {
    var options = XMLWritingOptions.fragment
    options.declaresNamespaces = false
    let root = XMLElementValue("r", namespaceURI: "urn:a", attributes: ["xmlns": "urn:a"], children: [.element(XMLElementValue("c"))])
    #expect(try root.makeXMLString(options: options) == #"<r xmlns="urn:a"><c/></r>"#)
  }

  @Test func bindingsEndWithTheirElement() throws {
    let root = XMLElementValue(
      "r",
      children: [
        .element(XMLElementValue("a", namespaceURI: "urn:a")),
        .element(XMLElementValue("b", namespaceURI: "urn:a")),
        .element(XMLElementValue("c")),
      ])
    #expect(try compact(root) == #"<r><a xmlns="urn:a"/><b xmlns="urn:a"/><c/></r>"#)
  }

  @Test func streamingWriterTracksScope() throws {
    var writer = XMLWriter(options: .fragment)
    try writer.beginElement(XMLName("s:Envelope", namespaceURI: "urn:soap"))
    try writer.beginElement(XMLName("s:Body", namespaceURI: "urn:soap"))
    try writer.beginElement(XMLName("m:Get", namespaceURI: "urn:m"), attributes: [XMLAttributeValue("id", value: "1")])
    writer.endElement()
    writer.endElement()
    writer.endElement()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"<s:Envelope xmlns:s="urn:soap"><s:Body><m:Get xmlns:m="urn:m" id="1"/></s:Body></s:Envelope>"#
    )
  }
}
