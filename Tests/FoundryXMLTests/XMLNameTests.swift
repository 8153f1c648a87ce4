import FoundryXML
import Testing

@Suite("XMLName")
struct XMLNameTests {
  @Test("A qualified name splits into prefix and local part")
  func qualified() {
    let name = XMLName("itunes:author", namespaceURI: "urn:x")
    #expect(name.prefix == "itunes")
    #expect(name.localName == "author")
    #expect(name.clarkNotation == "{urn:x}author")
    #expect(name.qualifiedName == "itunes:author")
  }

  @Test("Clark notation reads the namespace and the local name")
  func clark() {
    let name = XMLName(clark: "{http://www.w3.org/2005/Atom}link")
    #expect(name?.namespaceURI == "http://www.w3.org/2005/Atom")
    #expect(name?.localName == "link")
    #expect(name?.prefix == nil)
    #expect(XMLName(clark: "{urn:x") == nil)
    #expect(XMLName(clark: "plain")?.localName == "plain")
  }
}
