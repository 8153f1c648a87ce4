import FoundryXML
import Testing

/// Building, editing and comparing value trees, and materializing them from parsed documents.
@Suite("XMLElementValue")
struct XMLElementValueTests {
  @Test func convenienceInitializersKeepAttributeOrder() {
    let element = XMLElementValue("item", namespaceURI: "urn:x", attributes: ["z": "1", "a": "2", "m": "3"], text: "hi")
    #expect(element.name == XMLName("item", namespaceURI: "urn:x"))
    #expect(element.attributes.map(\.name.qualifiedName) == ["z", "a", "m"])
    #expect(element.children == [.text("hi")])
    #expect(XMLElementValue("e", text: "").children.isEmpty)
  }

  @Test func attributeSubscriptReadsReplacesAppendsAndRemoves() {
    var element = XMLElementValue("link", attributes: ["rel": "alternate", "type": "text/html"])
    #expect(element["rel"] == "alternate")
    element["rel"] = "self"
    element["href"] = "https://example.com/"
    element["type"] = nil
    element["missing"] = nil
    #expect(element.attributes == [XMLAttributeValue("rel", value: "self"), XMLAttributeValue("href", value: "https://example.com/")])
    let lang = XMLElementValue(XMLName("p"), attributes: [XMLAttributeValue("xml:lang", namespaceURI: XMLName.xmlNamespace, value: "en")])
    #expect(lang.attribute(localName: "lang", namespaceURI: XMLName.xmlNamespace) == "en")
    #expect(lang.attribute(localName: "lang", namespaceURI: nil) == nil)
  }

  @Test func childrenAccessors() {
    var list = XMLElementValue("list")
    list.append(text: "head ")
    list.append(XMLElementValue("entry", text: "one"))
    list.children.append(.cdata("<two>"))
    list.append(XMLElementValue("entry", text: "three"))
    list.append(XMLElementValue("other"))
    #expect(list.elements.count == 3)
    #expect(list.elements(named: "entry").map(\.text) == ["one", "three"])
    #expect(list.firstElement(named: "other") == XMLElementValue("other"))
    #expect(list.firstElement(named: "none") == nil)
    #expect(list.text == "head <two>")
  }

  @Test func equalityComparesPrefixNamespaceOrderAndContent() {
    let base = XMLElementValue(
      XMLName("p:a", namespaceURI: "urn:1"),
      attributes: [
        XMLAttributeValue("x", value: "1"), XMLAttributeValue("y", value: "2"),
      ])
    var otherPrefix = base
    otherPrefix.name = XMLName("q:a", namespaceURI: "urn:1")
    var otherNamespace = base
    otherNamespace.name = XMLName("p:a", namespaceURI: "urn:2")
    var reordered = base
    reordered.attributes.reverse()
    var withChild = base
    withChild.append(text: "t")
    #expect(base == base)
    #expect(base != otherPrefix)
    #expect(base != otherNamespace)
    #expect(base != reordered)
    #expect(base != withChild)
    #expect(Set([base, base, otherPrefix]).count == 2)
    #expect(XMLContent.text("a") != XMLContent.cdata("a"))
  }

  @Test func documentValueParts() {
    let document = XMLDocumentValue(
      root: XMLElementValue("r"), declaration: XMLDeclaration(standalone: true), prologue: [.comment("c")],
      epilogue: [.processingInstruction(target: "p", data: "")])
    #expect(document.declaration?.standalone == true)
    #expect(document.prologue == [.comment("c")])
    #expect(document.epilogue.count == 1)
    #expect(document.root.name.localName == "r")
  }

  // MARK: - Materializing parsed trees

  @Test func parsedElementBecomesAnEqualValue() throws {
    let tree = try XMLTree(
      string: """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="urn:dc"><entry id="7" dc:k="v">Hi <b>there</b><![CDATA[<x>]]><!--c--><?p d?></entry></feed>
        """, options: .faithful)
    let atom = "http://www.w3.org/2005/Atom"
    let expected = XMLElementValue(
      XMLName("feed", namespaceURI: atom),
      attributes: [
        XMLAttributeValue(name: tree.root.attributes[0].name, value: atom),
        XMLAttributeValue(name: tree.root.attributes[1].name, value: "urn:dc"),
      ],
      children: [
        .element(
          XMLElementValue(
            XMLName("entry", namespaceURI: atom),
            attributes: [XMLAttributeValue("id", value: "7"), XMLAttributeValue("dc:k", namespaceURI: "urn:dc", value: "v")],
            children: [
              .text("Hi "), .element(XMLElementValue(XMLName("b", namespaceURI: atom), children: [.text("there")])),
              .cdata("<x>"), .comment("c"), .processingInstruction(target: "p", data: "d"),
            ]
          ))
      ]
    )
    #expect(tree.root.value == expected)
    #expect(tree.root.attributes.map(\.name.qualifiedName) == ["xmlns", "xmlns:dc"])
  }

  @Test func parsedDocumentKeepsDeclarationPrologueAndEpilogue() throws {
    let tree = try XMLTree(
      string: #"<?xml version="1.0" standalone="yes"?><!-- a --><?style x?><r/><!-- z -->"#, options: .faithful)
    let document = tree.value
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: nil, standalone: true))
    #expect(document.prologue == [.comment(" a "), .processingInstruction(target: "style", data: "x")])
    #expect(document.epilogue == [.comment(" z ")])
    #expect(document.root == XMLElementValue("r"))
  }

  @Test func deepParsedTreesMaterializeWithoutRecursion() throws {
    var options = XMLParsingOptions()
    options.maximumDepth = 3_000
    let text = String(repeating: "<n>", count: 2_500) + String(repeating: "</n>", count: 2_500)
    let value = try XMLTree(string: text, options: options).root.value
    var depth = 1
    var current = value
    while let child = current.elements.first {
      depth += 1
      current = child
    }
    #expect(depth == 2_500)
  }
}

extension XMLElementValueTests {
  @Test func descriptionIsCompactXMLOrTheError() {
    #expect(XMLElementValue("a", attributes: ["k": "v"], text: "1 < 2").description == #"<a k="v">1 &lt; 2</a>"#)
    #expect(XMLElementValue("1").description == "error: invalid element name '1'\n--> /")
  }
}
