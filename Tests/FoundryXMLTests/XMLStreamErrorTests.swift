import FoundryXML
import Testing

/// Malformed input anywhere gives the whole-document parser's error, at the same line and column
/// of the whole input, however the input is cut.
@Suite("XML streaming: errors")
struct XMLStreamErrorTests {
  static let malformed: [String] = [
    // Before the elements.
    "",
    "junk<osm/>",
    #"<?xml version="1.0"?>"#,
    "<!-- only a comment -->",
    "<osm><bad attr=1/><node id=\"1\"/></osm>",
    "<osm\n  version=\"0.6\" version=\"0.7\">\n<node/></osm>",
    "<osm><p:node/></osm>",
    // Inside them.
    "<osm><node id=\"1\"/><node id=\"2\" id=\"3\"/></osm>",
    "<osm>\n  <node id=\"1\"/>\n  <node id=\"2\" x=\"&bad;\"/>\n</osm>",
    "<osm><node>&nope;</node></osm>",
    "<osm><node a=\"<\"/></osm>",
    "<osm><node></way></osm>",
    "<osm><node><tag k=\"a\"></node></osm>",
    "<osm><node>]]></node></osm>",
    "<osm><node>\u{1}</node></osm>",
    // Between and after them.
    "<osm><node/>text &undefined; more<node/></osm>",
    "<osm><node/></osm><extra/>",
    "<osm><node/></osm>junk",
    "<osm><node/></osm><!-- ok --><?pi ok?> <!DOCTYPE late>",
    "<osm><node/></osm></osm>",
    // Cut short.
    "<osm><node id=\"1\"/>",
    "<osm><node id=\"1\"",
    "<osm><node id=\"1\"><!-- x",
    "<osm><node/><![CDATA[ x",
    "<osm><node/></osm><!-- never closed",
    "<!DOCTYPE osm [ <!ENTITY e 'x'> ",
    // In elements that are not handed out, whose start tags stay open across checks.
    "<osm><way a=\"1\"><nd/><nd></way><node/></osm>",
    "<osm>\n<way>\n  <nd ref=\"1\"/>\n  <tag k=\"&bad;\"/>\n</way><node/></osm>",
    "<osm><way><nd ref=\"1\"/>",
    // After a byte order mark, which takes bytes but no column.
    "\u{FEFF}junk<osm/>",
    "\u{FEFF}<osm><node id=\"1\"/><node id=\"2\" id=\"3\"/></osm>",
    "\u{FEFF}<osm>\n  <way><nd/></way>\n  <node x=\"&bad;\"/>\n</osm>",
  ]

  @Test(arguments: malformed)
  func streamingGivesTheWholeDocumentsError(_ text: String) {
    let bytes = Array(text.utf8)
    let expected = wholeXMLDocument(bytes, at: "node")
    #expect(expected.error != nil, "'\(text)' should be malformed")
    for (cuts, outcome) in everyXMLChunking(bytes, at: "node", streamOptions: smallBatches) {
      #expect(outcome.error == expected.error, "'\(text)' cut \(cuts)")
    }
  }

  @Test func theMessageSaysWhereInTheWholeInput() throws {
    let text = "<osm>\n  <node id=\"1\"/>\n  <node id=\"2\" x=\"&bad;\"/>\n</osm>"
    var scanner = XMLElementScanner(at: "node", sourceName: "map.osm")
    scanner.append(Array(text.utf8))
    scanner.finish()
    _ = try scanner.next()
    let error = try #require(throws: XMLParsingError.self) { try scanner.next() }
    #expect(
      error.description == """
        error: entity 'bad' is not declared
        --> map.osm:3:19
         3 |   <node id="2" x="&bad;"/>
           |                   ^
        """)
  }

  @Test func aMalformedElementDoesNotStopTheStream() {
    let bytes = Array(#"<osm><node id="1"/><node a="&nope;"/><node id="3" id="3"/><node id="4"/></osm>"#.utf8)
    let outcome = streamXML(bytes, at: "node", cuts: [], continuing: true)
    #expect(outcome.values.count == 2)
    #expect(outcome.errors.count == 2)
    let bytewise = streamXML(bytes, at: "node", cuts: Array(bytes.indices), continuing: true)
    #expect(bytewise == outcome)
  }

  @Test func tagsThatDoNotMatchStopTheStream() {
    let bytes = Array(#"<osm><node></way><node/></osm>"#.utf8)
    let outcome = streamXML(bytes, at: "node", cuts: [], continuing: true)
    #expect(outcome.values.isEmpty)
    #expect(outcome.errors.count == 1)
  }

  @Test func aChunkThatCutsACharacterAfterMalformedMarkup() {
    // The chunk ends inside `é`: the error is the `<` before it, not the cut character.
    let bytes = Array("<root>t<a>a < b<_d><e-1.f><é></é></e-1.f></_d></a></root>".utf8)
    let expected = wholeXMLDocument(bytes)
    #expect(expected.error?.message.hasPrefix("character U+0020 cannot start an element name") == true)
    for cut in bytes.indices {
      #expect(streamXML(bytes, cuts: [cut]).error == expected.error, "cut at \(cut)")
    }
  }

  @Test func anElementOverTheLimit() {
    var limits = XMLStreamOptions()
    limits.maximumElementSize = 32
    let bytes = Array(#"<osm><node id="1"/><node id="2" name="a long name that does not fit"/></osm>"#.utf8)
    let outcome = streamXML(bytes, at: "node", streamOptions: limits, cuts: [])
    #expect(outcome.values.count == 1)
    #expect(outcome.error?.message == "element exceeds the limit of 32 bytes (maximumElementSize)")
    #expect(outcome.error?.column == 20)
  }
}
