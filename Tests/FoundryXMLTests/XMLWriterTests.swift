import FoundryXML
import Testing

/// The text the writer produces, word for word: layout, declarations, empty elements and escapes.
@Suite("XMLWriter output")
struct XMLWriterTests {
  static let sample = XMLElementValue(
    "catalog", attributes: ["version": "2"],
    children: [
      .element(
        XMLElementValue(
          "book", attributes: ["id": "b1"],
          children: [
            .element(XMLElementValue("title", text: "Fish & Chips")),
            .element(XMLElementValue("tags")),
            .element(XMLElementValue("p", children: [.text("Read "), .element(XMLElementValue("em", text: "this")), .text(" now")])),
          ])),
      .comment(" more soon "),
      .processingInstruction(target: "render", data: "fast"),
    ]
  )

  // MARK: - Layout

  @Test func compact() throws {
    #expect(
      try Self.sample.makeXMLString(options: .fragment)
        == #"<catalog version="2"><book id="b1"><title>Fish &amp; Chips</title><tags/><p>Read <em>this</em> now</p></book><!-- more soon --><?render fast?></catalog>"#
    )
  }

  @Test func pretty() throws {
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <catalog version="2">
        <book id="b1">
          <title>Fish &amp; Chips</title>
          <tags/>
          <p>Read <em>this</em> now</p>
        </book>
        <!-- more soon -->
        <?render fast?>
      </catalog>
      """
    #expect(try Self.sample.makeXMLString(options: .pretty) == expected)
  }

  @Test func prettyWithFourSpacesAndExpandedEmptyElements() throws {
    var options = XMLWritingOptions.pretty(indent: 4)
    options.includesDeclaration = false
    options.emptyElements = .expanded
    let element = XMLElementValue("a", children: [.element(XMLElementValue("b", children: [.element(XMLElementValue("c"))]))])
    #expect(try element.makeXMLString(options: options) == "<a>\n    <b>\n        <c></c>\n    </b>\n</a>")
  }

  @Test func prettyZeroIndentStillBreaksLines() throws {
    var options = XMLWritingOptions.pretty(indent: 0)
    options.includesDeclaration = false
    let element = XMLElementValue("a", children: [.element(XMLElementValue("b"))])
    #expect(try element.makeXMLString(options: options) == "<a>\n<b/>\n</a>")
  }

  @Test func prettyKeepsMixedContentAndPreservedSpaceAsIs() throws {
    var options = XMLWritingOptions.pretty
    options.includesDeclaration = false
    let element = XMLElementValue(
      "doc",
      children: [
        .element(XMLElementValue("mixed", children: [.element(XMLElementValue("b")), .text("x"), .element(XMLElementValue("c"))])),
        .element(
          XMLElementValue(
            "pre", attributes: ["xml:space": "preserve"],
            children: [
              .element(XMLElementValue("line", children: [.element(XMLElementValue("x"))]))
            ])),
        .element(XMLElementValue("cdata", children: [.cdata("raw"), .element(XMLElementValue("d"))])),
      ])
    let expected = """
      <doc>
        <mixed><b/>x<c/></mixed>
        <pre xml:space="preserve"><line><x/></line></pre>
        <cdata><![CDATA[raw]]><d/></cdata>
      </doc>
      """
    #expect(try element.makeXMLString(options: options) == expected)
  }

  @Test func emptyElementStyles() throws {
    var options = XMLWritingOptions.fragment
    #expect(try XMLElementValue("a").makeXMLString(options: options) == "<a/>")
    options.emptyElements = .expanded
    #expect(try XMLElementValue("a", attributes: ["k": "v"]).makeXMLString(options: options) == #"<a k="v"></a>"#)
    // Empty text writes nothing, so the element stays empty.
    #expect(try XMLElementValue("a", children: [.text("")]).makeXMLString(options: .fragment) == "<a/>")
  }

  // MARK: - Declaration and document

  @Test func declarationByDefault() throws {
    #expect(try XMLElementValue("a").makeXMLString() == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a/>")
    #expect(try XMLElementValue("a").makeXMLString(options: .compact) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a/>")
    #expect(try XMLElementValue("a").makeXMLString(options: .fragment) == "<a/>")
  }

  @Test func documentDeclarationKeepsVersionAndStandaloneButAlwaysSaysUTF8() throws {
    let document = XMLDocumentValue(
      root: XMLElementValue("a"), declaration: XMLDeclaration(version: "1.1", encoding: "ISO-8859-1", standalone: false))
    #expect(try document.makeXMLString() == "<?xml version=\"1.1\" encoding=\"UTF-8\" standalone=\"no\"?>\n<a/>")
    let odd = XMLDocumentValue(root: XMLElementValue("a"), declaration: XMLDeclaration(version: "2", standalone: true))
    #expect(try odd.makeXMLString() == "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<a/>")
    #expect(try odd.makeXMLString(options: .fragment) == "<a/>")
  }

  @Test func documentPrologueAndEpilogueEachOnTheirOwnLine() throws {
    let document = XMLDocumentValue(
      root: XMLElementValue("note", text: "hi"),
      prologue: [.processingInstruction(target: "xml-stylesheet", data: #"href="note.css""#), .comment(" a ")],
      epilogue: [.comment(" end ")]
    )
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <?xml-stylesheet href="note.css"?>
      <!-- a -->
      <note>hi</note>
      <!-- end -->
      """
    #expect(try document.makeXMLString() == expected)
    #expect(try document.makeXMLString(options: .pretty) == expected)
  }

  // MARK: - Escaping

  @Test func textEscapes() throws {
    let element = XMLElementValue("t", text: "a & b < c > d ]]> \"q\" 'a'\tline\nnext\r\nend")
    #expect(
      try element.makeXMLString(options: .fragment)
        == "<t>a &amp; b &lt; c &gt; d ]]&gt; \"q\" 'a'\tline\nnext&#xD;\nend</t>"
    )
  }

  @Test func attributeEscapes() throws {
    let element = XMLElementValue("t", attributes: ["v": "a & b < c > d \"q\" 'a'\tx\ny\rz"])
    #expect(
      try element.makeXMLString(options: .fragment)
        == #"<t v="a &amp; b &lt; c > d &quot;q&quot; 'a'&#x9;x&#xA;y&#xD;z"/>"#
    )
  }

  @Test func longTextsUseTheWordScanAndKeepUnicode() throws {
    let run = String(repeating: "abcdefgh", count: 5)
    let text = run + "&" + run + "<é😀中文" + run + "\u{EFFF}\u{FFFD}>"
    let expected = run + "&amp;" + run + "&lt;é😀中文" + run + "\u{EFFF}\u{FFFD}&gt;"
    #expect(try XMLElementValue("t", text: text).makeXMLString(options: .fragment) == "<t>\(expected)</t>")
    #expect(
      try XMLElementValue("t", attributes: ["v": text]).makeXMLString(options: .fragment)
        == "<t v=\"\(run)&amp;\(run)&lt;é😀中文\(run)\u{EFFF}\u{FFFD}>\"/>"
    )
  }

  @Test func cdataIsSplitAroundTheEndMarkerAndCarriageReturns() throws {
    let element = XMLElementValue("c", children: [.cdata("a]]>b]]]>c\r\nd"), .cdata("")])
    #expect(
      try element.makeXMLString(options: .fragment)
        == "<c><![CDATA[a]]]]><![CDATA[>b]]]]]><![CDATA[>c]]>&#xD;<![CDATA[\nd]]><![CDATA[]]></c>"
    )
  }

  @Test func commentsAndProcessingInstructions() throws {
    let element = XMLElementValue(
      "r",
      children: [
        .comment(""), .comment("- a - b -x"), .processingInstruction(target: "pi", data: ""),
        .processingInstruction(target: "pi", data: "a ? > b"),
      ])
    #expect(try element.makeXMLString(options: .fragment) == "<r><!----><!--- a - b -x--><?pi?><?pi a ? > b?></r>")
  }

  @Test func invalidCharactersCanBeReplaced() throws {
    var options = XMLWritingOptions.fragment
    options.replacesInvalidCharacters = true
    let element = XMLElementValue(
      "r", attributes: ["v": "a\u{0}b"],
      children: [.text("x\u{7}y\u{FFFE}z\u{FFFF}"), .cdata("\u{1B}"), .comment("\u{8}"), .processingInstruction(target: "p", data: "\u{1}")]
    )
    #expect(
      try element.makeXMLString(options: options)
        == "<r v=\"a\u{FFFD}b\">x\u{FFFD}y\u{FFFD}z\u{FFFD}<![CDATA[\u{FFFD}]]><!--\u{FFFD}--><?p \u{FFFD}?></r>"
    )
  }

  // MARK: - Streaming primitives

  @Test func streamingPrimitives() throws {
    var writer = XMLWriter(options: .pretty)
    try writer.beginElement(XMLName("list"), attributes: [XMLAttributeValue("n", value: "2")])
    try writer.beginElement(XMLName("item"))
    try writer.writeText("one")
    writer.endElement()
    try writer.write(XMLElementValue("item", text: "two"))
    try writer.write(XMLContent.comment(" end "))
    #expect(writer.depth == 1)
    writer.endElement()
    writer.endElement()  // nothing open: ignored
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <list n="2">
        <item>one</item>
        <item>two</item>
        <!-- end -->
      </list>
      """
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test func streamingTextAfterIndentedChildrenStopsIndenting() throws {
    var writer = XMLWriter(options: .pretty(indent: 2))
    try writer.beginElement(XMLName("a"))
    try writer.beginElement(XMLName("b"))
    writer.endElement()
    try writer.writeText("tail")
    try writer.beginElement(XMLName("c"))
    writer.endElement()
    writer.endElement()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n  <b/>tail<c/></a>")
  }

  @Test func topLevelNodesAreSeparatedByNewlines() throws {
    var writer = XMLWriter(options: .fragment)
    try writer.writeComment("x")
    try writer.write(XMLElementValue("a"))
    try writer.write(XMLElementValue("b"))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "<!--x-->\n<a/>\n<b/>")
  }

  @Test func explicitDeclarationOnlyAtTheStart() throws {
    var writer = XMLWriter(options: .fragment)
    writer.writeDeclaration(XMLDeclaration(standalone: true))
    writer.writeDeclaration()
    try writer.write(XMLElementValue("a"))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<a/>")
  }

  @Test func deepNestingUsesNoRecursion() throws {
    var element = XMLElementValue("leaf")
    for _ in 0..<5_000 { element = XMLElementValue("n", children: [.element(element)]) }
    let text = try element.makeXMLString(options: .fragment)
    let expected = String(repeating: "<n>", count: 5_000) + "<leaf/>" + String(repeating: "</n>", count: 5_000)
    let isExpected = text == expected
    #expect(isExpected)
  }
}
