import FoundryXML
import Testing

/// The stream scanner finds the same elements as the whole-document parser, however the input
/// is cut into chunks.
@Suite("XML streaming: elements")
struct XMLElementScannerTests {
  /// A DTD with an entity and an attribute default, namespaces declared on ancestors, comments
  /// and instructions holding `<item>` and `]>`, CDATA holding `<`, quotes holding `>`, and an
  /// `item` off the path.
  static let tricky = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- a comment with <item> inside -->
    <!DOCTYPE rss [
      <!ENTITY brand "Foundry &#38;amp; Co">
      <!ATTLIST item kind CDATA "post">
      <!-- ]> in a comment -->
      <?pi ]> ?>
    ]>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel>
        <title>&brand;</title>
        <item id="1"><title>One &amp; &brand;</title><dc:creator>Ann</dc:creator></item>
        <!-- <item>not an item</item> -->
        <item note="a > b" other='it&apos;s "q" />'><![CDATA[<item>not</item> ]] > ]]></item>
        <?proc <item/> ?>
        <item/>
        <item xmlns="urn:x"><x:y xmlns:x="urn:y">déjà vu</x:y></item>
        <other><item>nested, not on the path</item></other>
      </channel>
    </rss>
    """#

  @Test func everyByteBoundaryGivesTheWholeDocumentsElements() {
    let bytes = Array(Self.tricky.utf8)
    let expected = wholeXMLDocument(bytes, at: "channel.item")
    #expect(expected.values.count == 4)
    #expect(expected.errors.isEmpty)
    for (cuts, outcome) in everyXMLChunking(bytes, at: "channel.item") {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test func everyByteBoundaryWithSmallBatches() {
    let bytes = Array(Self.tricky.utf8)
    for path in ["channel.item", "channel.*", "*", ""] {
      let expected = wholeXMLDocument(bytes, at: path)
      for (cuts, outcome) in everyXMLChunking(bytes, at: path, streamOptions: smallBatches) {
        #expect(outcome == expected, "path '\(path)', cut \(cuts)")
      }
    }
  }

  /// Closers that nearly close (`- ->`, `] ]>`, `? >`), runs longer than the closer (`--->`,
  /// `]]]>`, `??>`), empty markup, and `/` next to quotes and `>`: found the same wherever a
  /// chunk ends, inside the elements handed out and between them.
  static let closers = #"""
    <?xml version="1.0"?>
    <r>
      <!----><!-- a - -> b - - --><?pi a ? > b ??><?pi?>
      <item a="/" b='>/'/><item a="x" /><item><![CDATA[]]]]><![CDATA[] ]> ]>]]]></item>
      <item><!-- in - -> item --><?q ? > ??><![CDATA[]]></item>
      <item c="/>" d="--&gt;"/>
    </r>
    """#

  @Test func markupClosersAtEveryByteBoundary() {
    let bytes = Array(Self.closers.utf8)
    for path in ["item", "*"] {
      let expected = wholeXMLDocument(bytes, at: path)
      for (cuts, outcome) in everyXMLChunking(bytes, at: path) {
        #expect(outcome == expected, "path '\(path)', cut \(cuts)")
      }
    }
  }

  @Test func entitiesDefaultsAndNamespacesApplyInsideElements() throws {
    var scanner = XMLElementScanner(at: "channel.item")
    scanner.append(Array(Self.tricky.utf8))
    scanner.finish()
    let first = try #require(try scanner.next())
    #expect(first.firstElement(named: "title")?.text == "One & Foundry & Co")
    #expect(first["kind"] == "post")
    #expect(first.firstElement(named: "dc:creator")?.name.namespaceURI == "http://purl.org/dc/elements/1.1/")
    let second = try #require(try scanner.next())
    #expect(second["note"] == "a > b")
    #expect(second["other"] == #"it's "q" />"#)
    #expect(second.text == "<item>not</item> ]] > ")
    _ = try scanner.next()
    let fourth = try #require(try scanner.next())
    #expect(fourth.name.namespaceURI == "urn:x")
    #expect(fourth.elements.first?.name.clarkNotation == "{urn:y}y")
    #expect(try scanner.next() == nil)
    #expect(scanner.elementCount == 4)
  }

  @Test func namesInANamespaceWhateverThePrefix() {
    let bytes = Array(#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:a="http://www.w3.org/2005/Atom"><entry/><a:entry/><b:entry xmlns:b="urn:other"/></feed>"#.utf8)
    let outcome = streamXML(bytes, at: "{http://www.w3.org/2005/Atom}entry", cuts: [])
    #expect(outcome.errors.isEmpty)
    #expect(outcome.values.map(\.name.qualifiedName) == ["entry", "a:entry"])
  }

  @Test func theEmptyPathIsTheRoot() {
    let bytes = Array(#"<osm version="0.6"><node id="1"/></osm>"#.utf8)
    #expect(streamXML(bytes, at: "", cuts: []) == wholeXMLDocument(bytes, at: ""))
    #expect(streamXML(bytes, at: "", cuts: []).values.count == 1)
  }

  @Test func elementsOffThePathAreCheckedButNotHandedOut() {
    let bytes = Array(#"<osm><node id="1"/><way id="2"><nd ref="1"/></way><node id="3"/></osm>"#.utf8)
    let outcome = streamXML(bytes, at: "node", cuts: [])
    #expect(outcome.values.map { $0.attributes.first?.value } == ["1", "3"])
  }

  @Test func aByteOrderMarkIsNotAColumn() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<osm><node/><node a=1/></osm>".utf8)
    let expected = wholeXMLDocument(bytes, at: "node")
    #expect(expected.error?.column == 21)
    for (cuts, outcome) in everyXMLChunking(bytes, at: "node") {
      #expect(outcome.values.count == 1, "cut \(cuts)")
      #expect(outcome.error == expected.error, "cut \(cuts)")
    }
  }

  @Test func latin1WithADeclaration() {
    let bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><r><a>caf"#.utf8) + [0xE9] + Array("</a><a>x</a></r>".utf8)
    let expected = wholeXMLDocument(bytes, at: "a")
    #expect(expected.values.count == 2)
    for (cuts, outcome) in everyXMLChunking(bytes, at: "a") {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test func whatFollowsAnEmptyRootIsCheckedAfterIt() {
    let bytes = Array("<!DOCTYPE osm>\n<osm version='0.6'/>\n\n<!-- a comment after the root --><?pi?>\n".utf8)
    for path in ["*", ""] {
      let expected = wholeXMLDocument(bytes, at: path)
      #expect(expected.errors.isEmpty)
      for (cuts, outcome) in everyXMLChunking(bytes, at: path, streamOptions: smallBatches) {
        #expect(outcome == expected, "path '\(path)', cut \(cuts)")
      }
    }
  }

  @Test func longTextBetweenElementsIsCheckedInPieces() {
    var text = "<osm><node/>"
    for index in 0..<40 { text += "text \(index) &amp; ]] é &#233; &#x20;\r\n" }
    text += "<node/>"
    let good = Array((text + "</osm>").utf8)
    let bad = Array((text + "]]> </osm>").utf8)
    let undefined = Array((text + "&nope;</osm>").utf8)
    for bytes in [good, bad, undefined] {
      for path in ["node", "*"] {
        let expected = wholeXMLDocument(bytes, at: path)
        for (cuts, outcome) in everyXMLChunking(bytes, at: path, streamOptions: smallBatches) {
          // Before an error, the stream has handed out the elements it passed.
          #expect(bytes == good ? outcome == expected : outcome.error == expected.error, "path '\(path)', cut \(cuts)")
        }
      }
    }
  }
}
