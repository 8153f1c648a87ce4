import FoundryXML
import Testing

/// Writing in pieces gives the same bytes as writing whole, in pieces that end between nodes,
/// with the declaration, comments and processing instructions around the root in place.
@Suite("XML written in pieces")
struct XMLStreamedWritingTests {
  static let text = """
    <?xml version="1.0" standalone="yes"?>
    <!-- before --><?render fast?>
    <feed xmlns="urn:feed" xmlns:x="urn:x"><title>Fish &amp; Chips é</title><x:entry id="1"><![CDATA[a <b>]]></x:entry><x:entry id="2"/>mixed <b>text</b></feed>
    <!-- after -->
    """

  static let optionSets: [XMLWritingOptions] = [.init(), .pretty, .compact, .fragment, .pretty(indent: 4)]

  @Test(arguments: optionSets)
  func piecesOfATreeMakeTheWhole(options: XMLWritingOptions) throws {
    var parsing = XMLParsingOptions()
    parsing.keepsComments = true
    parsing.keepsProcessingInstructions = true
    let tree = try XMLTree(string: Self.text, options: parsing)
    var pieces: [[UInt8]] = []
    try tree.writeXML(options: options, chunkSize: 8) { pieces.append($0) }
    #expect(pieces.count > 3)
    #expect(pieces.allSatisfy { !$0.isEmpty && String(validating: $0, as: UTF8.self) != nil })
    #expect(pieces.flatMap { $0 } == (try tree.makeXML(options: options)))
  }

  @Test(arguments: optionSets)
  func piecesOfAValueMakeTheWhole(options: XMLWritingOptions) throws {
    let tree = try XMLTree(string: Self.text)
    let document = XMLDocumentValue(root: tree.root.value, prologue: [.comment(" before ")], epilogue: [.comment(" after ")])
    var pieces: [[UInt8]] = []
    try document.writeXML(options: options, chunkSize: 8) { pieces.append($0) }
    #expect(pieces.count > 3)
    #expect(pieces.flatMap { $0 } == (try document.makeXML(options: options)))
  }
}
