import FoundryXML
import FoundryTestSupport
import Testing

/// Parse, write, parse again: the trees must be equal, whichever way the text was written.
@Suite("XMLWriter round trips")
struct XMLWriterRoundTripTests {
  /// Comments and processing instructions kept, blank text dropped (which pretty output needs).
  static var readOptions: XMLParsingOptions {
    var options = XMLParsingOptions()
    options.keepsComments = true
    options.keepsProcessingInstructions = true
    return options
  }

  static var layouts: [XMLWritingOptions] {
    var expanded = XMLWritingOptions.pretty(indent: 3)
    expanded.emptyElements = .expanded
    return [XMLWritingOptions(), .fragment, .pretty, expanded]
  }

  static let documents: [String] = [
    "<a/>",
    """
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <entry><dc:creator>Ada</dc:creator><title type="html">x</title></entry>
    </feed>
    """,
    #"<r xmlns="urn:a"><c xmlns="urn:b"><d/></c><e xmlns=""><f/></e><g/></r>"#,
    #"<p:r xmlns:p="urn:1"><p:c xmlns:p="urn:2" p:k="v"><p:d/></p:c><p:e/></p:r>"#,
    #"<r xmlns:x="urn:x" xmlns:y="urn:x"><a x:k="1" b="2"/></r>"#,
    "<c><![CDATA[a]]]]><![CDATA[>b]]><![CDATA[<raw & stuff>]]></c>",
    #"<a q='say "hi"' t="a&#9;b&#10;c&#13;d" amp="&amp;&lt;&gt;" apos="it's" sp="  two  spaces "/>"#,
    "<名前 属性=\"値\">😀 é 中文 &#x10FFFF; &#xFFFD;</名前>",
    #"<?xml version="1.0" encoding="UTF-8"?><!-- top --><?pi data?><r><!-- in --><?x y z?></r><!-- after -->"#,
    "<p>Hello <b>bold <i>and</i> italic</b> world &amp; more <br/> tail</p>",
    "<r>\n  <e></e>\n  <f/>\n  <g a=\"\"/>\n</r>",
    #"<r xml:space="preserve">  <a>  </a>  <b><c/></b></r>"#,
    "<r>&lt;&gt;&amp;&quot;&apos; &#169; ]]&gt; ]] &gt;</r>",
    #"<r a="x&#13;y&#xD;&#xA;z">1&#13;2&#xD;&#xA;3</r>"#,
    #"<r xml:lang="en"><s xml:lang=""/></r>"#,
    #"<!DOCTYPE r [<!ENTITY e "ent &amp; more">]><r a="&e;">&e;</r>"#,
    #"<r><a><b><c><d><e><f><g><h>deep</h></g></f></e></d></c></b></a></r>"#,
    "<r>text<!-- c -->more<?p x?>end</r>",
    // Found by FuzzXMLRoundTrip: a name starting with a combining character (U+05AE, a
    // NameStartChar since XML 1.0 fifth edition) after the 'xml' prefix.
    "<r xml:\u{05AE}ace=\"preserve\"><\u{05AE}a/></r>",
  ]

  static func parse(_ text: String, options: XMLParsingOptions = readOptions) throws -> XMLDocumentValue {
    try XMLTree(string: text, options: options).value
  }

  /// The document without its declaration (whose encoding the writer always sets).
  static func content(_ document: XMLDocumentValue) -> XMLDocumentValue {
    var document = document
    document.declaration = nil
    return document
  }

  @Test(arguments: documents)
  func documentsRoundTripThroughBothWriters(source: String) throws {
    let tree = try XMLTree(string: source, options: Self.readOptions)
    let original = tree.value
    for layout in Self.layouts {
      let fromTape = try tree.makeXMLString(options: layout)
      let fromValue = try original.makeXMLString(options: layout)
      #expect(fromTape == fromValue, "the tape writer and the value writer disagree")
      let reread = try Self.parse(fromTape)
      #expect(Self.content(reread) == Self.content(original), "\(layout.isPretty ? "pretty" : "compact"): \(fromTape)")
      // Writing is stable: the text of a reread tree is the text it was read from.
      #expect(try XMLTree(string: fromTape, options: Self.readOptions).makeXMLString(options: layout) == fromTape)
    }
  }

  @Test(arguments: documents)
  func compactOutputKeepsEveryTextNode(source: String) throws {
    let original = try Self.parse(source, options: .faithful)
    let text = try original.makeXMLString(options: .fragment)
    #expect(Self.content(try Self.parse(text, options: .faithful)) == Self.content(original))
  }

  @Test func prettyOutputOfAParsedDocument() throws {
    let tree = try XMLTree(
      string: #"<?xml version="1.0" standalone="yes"?><feed xmlns="urn:f"><entry id="1"><title>A &amp; B</title><empty/><p>mixed <b>text</b></p></entry></feed>"#
    )
    let expected = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <feed xmlns="urn:f">
        <entry id="1">
          <title>A &amp; B</title>
          <empty/>
          <p>mixed <b>text</b></p>
        </entry>
      </feed>
      """
    #expect(try tree.makeXMLString(options: .pretty) == expected)
  }

  @Test func subtreeGetsTheDeclarationsOfItsAncestors() throws {
    let tree = try XMLTree(
      string: #"<feed xmlns="urn:atom" xmlns:dc="urn:dc" xmlns:unused="urn:u"><entry dc:k="v"><dc:creator>Ada</dc:creator></entry></feed>"#
    )
    let entry = tree.root.elements[0]
    let expected = #"<entry xmlns="urn:atom" xmlns:dc="urn:dc" dc:k="v"><dc:creator>Ada</dc:creator></entry>"#
    #expect(try entry.makeXMLString(options: .fragment) == expected)
    #expect(try entry.value.makeXMLString(options: .fragment) == expected)
    var writer = XMLWriter(options: .fragment)
    try writer.write(entry)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test func oneWriterForSeveralDocuments() throws {
    let first = try XMLTree(string: #"<a k="1"><b/></a>"#)
    let second = try XMLTree(string: #"<x xmlns="urn:x"><y j="2"/><z/></x>"#)
    var writer = XMLWriter(options: .fragment)
    try writer.write(first.root)
    try writer.write(second.root)
    try writer.write(first.root.elements[0])
    try writer.write(second.root.elements[1])
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "<a k=\"1\"><b/></a>\n<x xmlns=\"urn:x\"><y j=\"2\"/><z/></x>\n<b/>\n<z xmlns=\"urn:x\"/>"
    )
  }

  @Test func treesReadWithoutNamespacesAreWrittenAsTheyWere() throws {
    var read = XMLParsingOptions()
    read.resolvesNamespaces = false
    let source = #"<r xmlns="urn:a" xmlns:p="urn:p"><p:c p:k="v"><d/></p:c></r>"#
    let tree = try XMLTree(string: source, options: read)
    var options = XMLWritingOptions.fragment
    options.declaresNamespaces = false
    #expect(try tree.makeXMLString(options: options) == source)
    #expect(try tree.value.makeXMLString(options: options) == source)
  }

  // MARK: - Random trees

  @Test func randomTreesRoundTrip() throws {
    var generator = RandomTreeGenerator(seed: 0x5EED_F00D)
    for round in 0..<300 {
      let document = generator.document()
      let layout = Self.layouts[round % Self.layouts.count]
      let text = try document.makeXMLString(options: layout)
      let reread = try Self.parse(text)
      let isEqual =
        Self.normalized(reread.root) == Self.normalized(document.root)
        && reread.prologue == document.prologue && reread.epilogue == document.epilogue
      #expect(isEqual, "round \(round): \(text)")
      if !isEqual { break }
      // The reread tree holds every declaration the writer added: writing it again changes nothing.
      #expect(try XMLTree(string: text, options: Self.readOptions).makeXMLString(options: layout) == text, "round \(round)")
      if !layout.isPretty {
        let faithful = try Self.parse(text, options: .faithful)
        #expect(Self.normalized(faithful.root) == Self.normalized(document.root), "round \(round) (faithful): \(text)")
      }
    }
  }

  /// The tree without namespace declarations and with attribute prefixes dropped where a
  /// namespace says it all (the writer declares what is missing and may pick prefixes).
  static func normalized(_ element: XMLElementValue) -> XMLElementValue {
    var element = element
    element.attributes = element.attributes.compactMap { attribute in
      guard !attribute.name.isNamespaceDeclaration else { return nil }
      guard let uri = attribute.name.namespaceURI else { return attribute }
      return XMLAttributeValue(name: XMLName(prefix: nil, localName: attribute.name.localName, namespaceURI: uri), value: attribute.value)
    }
    element.children = element.children.map { child in
      if case .element(let inner) = child { return .element(normalized(inner)) }
      return child
    }
    return element
  }
}

/// Random documents from a fixed seed: names, namespaces and prefixes from small pools so that
/// bindings collide, text full of characters that need escaping.
struct RandomTreeGenerator {
  private var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  private mutating func below(_ bound: Int) -> Int { Int(random.next(upperBound: UInt64(bound))) }
  private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  static let localNames = ["a", "b", "item", "x-y", "_z", "n.1", "名", "é"]
  static let namespaces: [String?] = [nil, nil, "urn:a", "urn:b", "http://example.com/ns?q=1&r=\"2\""]
  static let prefixes: [String?] = [nil, "p", "q", "ns1"]
  static let textPieces = [
    "a", "hello", " ", "&", "<", ">", "]]>", "\"", "'", "\t", "\n", "\r", "\r\n", "é", "😀", "中文", "&amp;", "\u{FFFD}",
    "x y", "--", "?>",
  ]

  mutating func document() -> XMLDocumentValue {
    XMLDocumentValue(
      root: element(depth: 0),
      prologue: below(3) == 0 ? [comment()] : [],
      epilogue: below(4) == 0 ? [processingInstruction()] : []
    )
  }

  mutating func element(depth: Int) -> XMLElementValue {
    var element = XMLElementValue(elementName())
    var used: [(String?, String)] = []
    for _ in 0..<below(4) {
      let attribute = attributeName()
      guard !used.contains(where: { $0 == (attribute.namespaceURI, attribute.localName) }) else { continue }
      used.append((attribute.namespaceURI, attribute.localName))
      element.attributes.append(XMLAttributeValue(name: attribute, value: text(allowsEmpty: true)))
    }
    guard depth < 6 else { return element }
    var lastWasText = false
    for _ in 0..<below(depth == 0 ? 6 : 4) {
      switch below(10) {
      case 0...4:
        element.append(self.element(depth: depth + 1))
        lastWasText = false
      case 5...6 where !lastWasText:
        element.append(text: text(allowsEmpty: false))
        lastWasText = true
      case 7 where !lastWasText:
        element.children.append(.cdata(pick(["", "<b>&</b>", "a]]b", "]", "x > y", "😀"])))
        lastWasText = true
      case 8:
        element.children.append(comment())
        lastWasText = false
      default:
        element.children.append(processingInstruction())
        lastWasText = false
      }
    }
    return element
  }

  private mutating func elementName() -> XMLName {
    let local = pick(Self.localNames)
    guard let uri = pick(Self.namespaces) else { return XMLName(prefix: nil, localName: local, namespaceURI: nil) }
    return XMLName(prefix: pick(Self.prefixes), localName: local, namespaceURI: uri)
  }

  private mutating func attributeName() -> XMLName {
    let local = pick(Self.localNames)
    switch below(6) {
    case 0: return XMLName(prefix: "xml", localName: pick(["lang", "base"]), namespaceURI: XMLName.xmlNamespace)
    case 1, 2:
      guard let uri = pick(Self.namespaces) else { fallthrough }
      return XMLName(prefix: pick(Self.prefixes), localName: local, namespaceURI: uri)
    default: return XMLName(prefix: nil, localName: local, namespaceURI: nil)
    }
  }

  /// Text with at least one character that is not whitespace (blank text is dropped on reading).
  private mutating func text(allowsEmpty: Bool) -> String {
    var result = ""
    for _ in 0..<below(6) { result += pick(Self.textPieces) }
    if allowsEmpty { return result }
    return result + pick(["t", "é", "&", "0"])
  }

  private mutating func comment() -> XMLContent {
    .comment(pick(["", " note ", "a-b", "<not markup>", "é & 😀", "- x"]))
  }

  private mutating func processingInstruction() -> XMLContent {
    .processingInstruction(target: pick(["pi", "render", "x-y"]), data: pick(["", "data", "a=\"1\" b='2'", "? >", "end ?"]))
  }
}
