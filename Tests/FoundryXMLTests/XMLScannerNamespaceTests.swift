import FoundryXML
import Testing

/// Namespaces in XML 1.0: scoping, resolution and the constraints.
@Suite("XMLScanner: namespaces")
struct XMLScannerNamespaceTests {
  static let atom = "http://www.w3.org/2005/Atom"

  @Test("The default namespace applies to elements, not to unprefixed attributes")
  func defaultNamespace() throws {
    let tree = try XMLTree(string: "<feed xmlns='\(Self.atom)' a='1'><entry/></feed>")
    #expect(tree.root.name == XMLName(prefix: nil, localName: "feed", namespaceURI: Self.atom))
    #expect(tree.root.elements.first?.name.namespaceURI == Self.atom)
    let attribute = try #require(tree.root.attributes.last)
    #expect(attribute.name == XMLName("a"))
    #expect(tree.root.namespaceDeclarations.map(\.uri) == [Self.atom])
    #expect(tree.root.namespaceDeclarations.first?.prefix == nil)
  }

  /// `itunes:summary` and `author` share a slot of the scanner's name cache, as do `description`
  /// and `url`: taking turns, each keeps its own name and namespace, in and out of a scope that
  /// rebinds the prefix.
  @Test("Names that share a cache slot keep their own names and namespaces")
  func namesSharingACacheSlot() throws {
    let item = "<item><itunes:summary/><author/><description/><url/><itunes:summary/></item>"
    let tree = try XMLTree(
      string: "<rss xmlns:itunes='urn:itunes'>\(item)\(item)<g xmlns:itunes='urn:other'>\(item)</g>\(item)</rss>")
    let items = tree.root.elements.flatMap { $0.name.localName == "g" ? $0.elements : [$0] }
    #expect(items.count == 4)
    for (index, item) in items.enumerated() {
      let uri = index == 2 ? "urn:other" : "urn:itunes"
      #expect(item.elements.map(\.name.qualifiedName) == ["itunes:summary", "author", "description", "url", "itunes:summary"])
      #expect(item.elements.map(\.name.namespaceURI) == [uri, nil, nil, nil, uri])
    }
  }

  @Test("Prefixes resolve in scope, and declarations end with their element")
  func scoping() throws {
    let tree = try XMLTree(
      string: """
        <r xmlns:p='urn:one'>
          <p:a p:x='1'><q xmlns:p='urn:two'><p:b/></q></p:a>
          <p:c xmlns=''/>
        </r>
        """)
    let a = try #require(tree.root.elements.first)
    #expect(a.name.namespaceURI == "urn:one")
    #expect(a.name.prefix == "p")
    #expect(a.attributes.first?.name.namespaceURI == "urn:one")
    #expect(a.attribute(localName: "x", namespaceURI: "urn:one") == "1")
    #expect(a.elements.first?.elements.first?.name.namespaceURI == "urn:two")
    #expect(tree.root.elements.last?.name.namespaceURI == "urn:one")
    #expect(tree.root.elements(localName: "c", namespaceURI: "urn:one").count == 1)
  }

  @Test("xmlns='' undeclares the default namespace")
  func undeclareDefault() throws {
    let tree = try XMLTree(string: "<a xmlns='urn:x'><b xmlns=''><c/></b></a>")
    let b = try #require(tree.root.elements.first)
    #expect(b.name.namespaceURI == nil)
    #expect(b.elements.first?.name.namespaceURI == nil)
  }

  @Test("The xml prefix is always bound and may be declared to its own namespace")
  func xmlPrefix() throws {
    let tree = try XMLTree(string: "<a xmlns:xml='\(XMLName.xmlNamespace)' xml:lang='en'/>")
    #expect(tree.root.attribute(localName: "lang", namespaceURI: XMLName.xmlNamespace) == "en")
  }

  @Test("Default attributes can declare namespaces")
  func defaultedDeclaration() throws {
    let tree = try XMLTree(string: "<!DOCTYPE a [<!ATTLIST a xmlns CDATA #FIXED 'urn:d'>]><a><b/></a>")
    #expect(tree.root.name.namespaceURI == "urn:d")
    #expect(tree.root.elements.first?.name.namespaceURI == "urn:d")
  }

  @Test("With namespaces off, colons are plain name characters")
  func namespacesOff() throws {
    var options = XMLParsingOptions()
    options.resolvesNamespaces = false
    let tree = try XMLTree(string: "<a:b:c x:y='1' q:r='2'><?p:i?></a:b:c>", options: options)
    #expect(tree.root.qualifiedName == "a:b:c")
    #expect(tree.root.name.namespaceURI == nil)
    #expect(tree.root["q:r"] == "2")
  }

  @Test("Thousands of prefixes on one tag resolve correctly")
  func manyPrefixes() throws {
    let count = 3000
    var tag = "<a"
    for index in 0..<count { tag += " xmlns:p\(index)='urn:\(index)'" }
    for index in 0..<count { tag += " p\(index):x='\(index)'" }
    let tree = try XMLTree(string: tag + "><p7:b/></a>")
    #expect(tree.root.attributes.count == 2 * count)
    #expect(tree.root.attribute(localName: "x", namespaceURI: "urn:2999") == "2999")
    #expect(tree.root.elements.first?.name.namespaceURI == "urn:7")
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var code: XMLParsingError.Code = .namespace
    var column: Int
    var message: String
    var testDescription: String { text }
  }

  static let errors: [Case] = [
    Case(text: "<x:a/>", column: 2, message: "undeclared namespace prefix 'x'"),
    Case(text: "<a x:b='1'/>", column: 4, message: "undeclared namespace prefix 'x'"),
    Case(text: "<a xmlns:p='urn:x'/><!-- --><p:b/>", code: .syntax, column: 29, message: "a document must have exactly one root element"),
    Case(text: "<a:b:c xmlns:a='urn:a'/>", column: 2, message: "element name 'a:b:c' is not a valid qualified name"),
    Case(text: "<:a/>", column: 2, message: "element name ':a' is not a valid qualified name"),
    Case(text: "<a: xmlns:a='urn:a'/>", column: 2, message: "element name 'a:' is not a valid qualified name"),
    Case(text: "<a:1 xmlns:a='urn:a'/>", column: 2, message: "element name 'a:1' is not a valid qualified name"),
    Case(text: "<a b:c:d='1'/>", column: 4, message: "attribute name 'b:c:d' is not a valid qualified name"),
    Case(text: "<a xmlns:p=''/>", column: 4, message: "the prefix 'p' cannot be undeclared (xmlns:p=\"\") in XML 1.0"),
    Case(text: "<a xmlns:xmlns='urn:x'/>", column: 4, message: "the prefix 'xmlns' cannot be declared"),
    Case(
      text: "<a xmlns:xml='urn:x'/>", column: 4,
      message: "the prefix 'xml' cannot be bound to a namespace other than 'http://www.w3.org/XML/1998/namespace'"),
    Case(
      text: "<a xmlns:x='http://www.w3.org/XML/1998/namespace'/>", column: 4,
      message: "only the prefix 'xml' can be bound to 'http://www.w3.org/XML/1998/namespace'"),
    Case(text: "<a xmlns='http://www.w3.org/2000/xmlns/'/>", column: 4, message: "no prefix can be bound to 'http://www.w3.org/2000/xmlns/'"),
    Case(text: "<xmlns:a/>", column: 2, message: "element names cannot use the prefix 'xmlns'"),
    Case(
      text: "<a xmlns:p='urn:x' xmlns:q='urn:x' p:n='1' q:n='2'/>", code: .duplicateAttribute, column: 44,
      message: "attribute 'q:n' repeats '{urn:x}n' under another prefix"),
    Case(text: "<a><?p:i?></a>", column: 6, message: "the processing instruction target 'p:i' must not contain a colon"),
  ]

  @Test("Namespace constraints", arguments: errors)
  func error(_ testCase: Case) {
    do {
      _ = try XMLTree(string: testCase.text)
      Issue.record("accepted: \(testCase.text)")
    } catch let error as XMLParsingError {
      #expect(error.code == testCase.code, "\(error)")
      #expect(error.line == 1)
      #expect(error.column == testCase.column, "\(error)")
      #expect(error.message == testCase.message)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
