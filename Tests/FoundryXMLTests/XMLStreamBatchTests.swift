import FoundryXML
import Testing

/// The stream scanner parses the elements complete in the input a batch at a time; a batch that
/// does not parse is parsed again piece by piece. Either way the outcome is what the elements
/// parsed one at a time give: the same elements, the same errors at the same places, and the
/// stream goes on past a malformed element.
@Suite("XML streaming: batches")
struct XMLStreamBatchTests {
  /// Elements with entities, a namespace declared on the root, and markup and elements off
  /// the path between them.
  static func document(nodes: Int) -> String {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE osm [<!ENTITY me \"Ann &amp; Bo\">]>\n<osm version=\"0.6\" xmlns:x=\"urn:x\">\n"
    for index in 0..<nodes {
      text += "  <node id=\"\(index)\" x:user=\"&me;\"><tag k=\"a\" v=\"\(index)\"/></node>\n"
      if index % 3 == 0 { text += "  <way id=\"\(index)\"><nd ref=\"\(index)\"/></way><!-- c --><?pi x?>\n" }
    }
    return text + "</osm>\n"
  }

  @Test(arguments: [16, 200, 64 << 10])
  func batchesOfAnySizeGiveTheWholeDocumentsElements(bufferSize: Int) {
    var streamOptions = XMLStreamOptions()
    streamOptions.bufferSize = bufferSize
    let bytes = Array(Self.document(nodes: 40).utf8)
    let expected = wholeXMLDocument(bytes, at: "node")
    #expect(expected.values.count == 40)
    for step in [bytes.count, 4096, 97, 1] {
      let outcome = streamXML(bytes, at: "node", streamOptions: streamOptions, cuts: Array(stride(from: step, to: bytes.count, by: step)))
      #expect(outcome == expected, "buffer \(bufferSize), chunks of \(step)")
    }
  }

  @Test func everyByteBoundaryOfABatch() {
    let bytes = Array(Self.document(nodes: 4).utf8)
    for path in ["node", "*", "{urn:x}node"] {
      // No `node` is in namespace urn:x: the names are checked once the batch is parsed.
      let expected = path == "{urn:x}node" ? XMLStreamOutcome() : wholeXMLDocument(bytes, at: path)
      for (cuts, outcome) in everyXMLChunking(bytes, at: path) {
        #expect(outcome == expected, "path '\(path)', cut \(cuts)")
      }
    }
  }

  @Test func literalsHoldingTagEndsDoNotCutTheChildren() {
    // Children read in place are cut by their tags' ends: a `>` or `/>` inside a literal,
    // both kinds of quote in one tag, and CDATA that looks like tags must not move the cut.
    let text = """
      <osm><node a="x>y" b='q"/>'><tag v="/>"/></node><node c='&lt;/node>' d="it's"/>
      <node><![CDATA[<node id="fake"/></node>]]></node><!-- <node/> --><node e=">"/></osm>
      """
    let bytes = Array(text.utf8)
    let expected = wholeXMLDocument(bytes, at: "node")
    #expect(expected.values.count == 4)
    for bufferSize in [8, 64, 64 << 10] {
      var streamOptions = XMLStreamOptions()
      streamOptions.bufferSize = bufferSize
      for (cuts, outcome) in everyXMLChunking(bytes, at: "node", streamOptions: streamOptions) {
        #expect(outcome == expected, "buffer \(bufferSize), cut \(cuts)")
      }
    }
  }

  @Test(arguments: ["node", "*"])
  func aLongRunOfOtherChildrenIsReadInBatchesToo(path: String) {
    // OSM's ways follow its nodes: batches are cut before the children at hand.
    var text = "<osm>\n"
    for index in 0..<30 { text += "  <node id=\"\(index)\"/>\n" }
    for index in 0..<30 { text += "  <way id=\"\(index)\"><nd ref=\"\(index)\"/><nd ref=\"0\"/></way>\n" }
    let bytes = Array((text + "</osm>\n").utf8)
    let expected = wholeXMLDocument(bytes, at: path)
    #expect(expected.values.count == (path == "*" ? 60 : 30))
    for bufferSize in [200, 64 << 10] {
      var streamOptions = XMLStreamOptions()
      streamOptions.bufferSize = bufferSize
      for step in [bytes.count, 97, 1] {
        let outcome = streamXML(bytes, at: path, streamOptions: streamOptions, cuts: Array(stride(from: step, to: bytes.count, by: step)))
        #expect(outcome == expected, "buffer \(bufferSize), chunks of \(step)")
      }
    }
  }

  @Test func aBatchDoesNotRunPastTheParentsEnd() {
    // Read in place, a batch cut before the last `<node` would close the first group and open
    // the second, whose namespace and `xml:space` the nodes after it need.
    var text = "<r><group>"
    for index in 0..<4 { text += "<node id=\"\(index)\"> a </node>" }
    text += "</group>\n<group xmlns:x=\"urn:x\" xml:space=\"preserve\">"
    for index in 4..<8 { text += "<node x:id=\"\(index)\"> b </node>" }
    let bytes = Array((text + "</group></r>").utf8)
    var options = XMLParsingOptions()
    options.whitespace = .trim
    let expected = wholeXMLDocument(bytes, at: "group.node", options: options)
    #expect(expected.values.count == 8)
    for (cuts, outcome) in everyXMLChunking(bytes, at: "group.node", options: options) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test func elementsDeepDownKeepTheirAncestorsAcrossChecks() {
    // The start tags open around the elements (and around skipped ones) outlive the bytes
    // of many small checks.
    let text = """
      <r xmlns:x="urn:x"><region x:id="1"><other><node id="skipped"/></other>
      <group><node id="1"/><x:node id="2"/></group><group a="b"><node id="3">t</node></group></region>
      <region><group><way><node id="4"/></way><node id="5"/></group></region></r>
      """
    let bytes = Array(text.utf8)
    let expected = wholeXMLDocument(bytes, at: "region.group.node")
    #expect(expected.values.count == 3)
    for (cuts, outcome) in everyXMLChunking(bytes, at: "region.group.node", streamOptions: smallBatches) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test(arguments: XMLStreamErrorTests.malformed)
  func errorsInALargeBatchAreTheWholeDocumentsErrors(_ text: String) {
    let bytes = Array(text.utf8)
    let expected = wholeXMLDocument(bytes, at: "node")
    for (cuts, outcome) in everyXMLChunking(bytes, at: "node") {
      #expect(outcome.error == expected.error, "'\(text)' cut \(cuts)")
    }
  }

  @Test func malformedElementsInABatchAreReportedOneByOne() {
    let text = "<osm>\n<node id=\"1\"/>\n<node id=\"2\" id=\"2\"/>\n<node id=\"3\"/>\n<node a=\"&nope;\"/>\n<node id=\"5\"/>\n</osm>\n"
    let bytes = Array(text.utf8)
    let errors = [
      XMLErrorPlace(message: "attribute 'id' appears twice", line: 3, column: 14, offset: 34),
      XMLErrorPlace(message: "entity 'nope' is not declared", line: 5, column: 10, offset: 67),
    ]
    let chunkings = [[], Array(bytes.indices)] + bytes.indices.map { [$0] }
    for cuts in chunkings {
      let continued = streamXML(bytes, at: "node", cuts: cuts, continuing: true)
      #expect(continued.values.map { $0.attributes.first?.value } == ["1", "3", "5"], "cuts \(cuts.prefix(2))")
      #expect(continued.errors == errors, "cuts \(cuts.prefix(2))")
      let stopped = streamXML(bytes, at: "node", cuts: cuts)
      #expect(stopped.values.count == 1, "cuts \(cuts.prefix(2))")
      #expect(stopped.error == errors.first, "cuts \(cuts.prefix(2))")
    }
  }

  @Test func theElementCountIncludesMalformedElements() throws {
    var scanner = XMLElementScanner(at: "node")
    scanner.append(Array(#"<osm><node id="1"/><node a="&nope;"/><node id="3"/></osm>"#.utf8))
    scanner.finish()
    _ = try scanner.next()
    #expect(scanner.elementCount == 1)
    #expect(throws: XMLParsingError.self) { try scanner.next() }
    #expect(scanner.elementCount == 2)
    #expect(try scanner.next()?["id"] == "3")
    #expect(scanner.elementCount == 3)
    #expect(try scanner.next() == nil)
  }

  @Test func elementsOfOneBatchOutliveTheScanner() throws {
    var elements: [XMLTree.Element] = []
    do {
      var scanner = XMLElementScanner(at: "node")
      scanner.append(Array(Self.document(nodes: 5).utf8))
      scanner.finish()
      while let element = try scanner.next() { elements.append(element) }
    }
    #expect(elements.map { $0["id"] } == ["0", "1", "2", "3", "4"])
    #expect(elements.map { $0.firstElement(named: "tag")?["v"] } == ["0", "1", "2", "3", "4"])
    #expect(elements.allSatisfy { $0.attribute(localName: "user", namespaceURI: "urn:x") == "Ann & Bo" })
  }
}
