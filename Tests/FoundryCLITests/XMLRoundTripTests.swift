import FoundryXML
import Testing

/// XML → JSON → XML through `foundry convert` gives back the same element tree.
@Suite("XML round trips through JSON")
struct XMLRoundTripTests {
  static let documents: [String] = [
    // Namespaces: a default one, prefixes, a prefixed attribute, xml:lang.
    """
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <entry><title type="html">A &amp; B</title><media:thumbnail url="a.png" media:width="64"/></entry>
      <entry xml:lang="fr"><title>C</title></entry>
    </feed>
    """,
    // A default namespace redeclared below, and one prefix bound to two URIs in turn.
    """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <use xlink:href="#a"/>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi <b>there</b></div></foreignObject>
      <m:x xmlns:m="urn:one" m:k="1"/><m:x xmlns:m="urn:two"/>
    </svg>
    """,
    // Mixed content, at the root and nested.
    "<p>Hello <b>bold</b> and <i>italic <b>both</b></i> world</p>",
    "<doc><p>Intro <em>x</em>.</p><p>Second</p><note><b/>tail</note></doc>",
    // Repeated names interleaved with others.
    "<list><a>1</a><b>2</b><a>3</a><c/><b x='y'>4</b><a/></list>",
    // CDATA, alone and between text.
    "<code><script><![CDATA[if (a < b && c > d) { x = ']]]]><![CDATA[>' }]]></script><x>a<![CDATA[<b>]]>c</x></code>",
    // Attributes with entities and character references; text with markup characters.
    #"<a title="&lt;tag&gt; &amp; &quot;q&quot; &apos;s" nl="line&#10;break" tab="a&#9;b" empty="">1 &lt; 2 &amp;&amp; 3 &gt; 2</a>"#,
    // Whitespace kept under xml:space, empty elements, attributes beside text.
    #"<r><pre xml:space="preserve">  two  <b/> <i/>  </pre><e></e><f a=""/><price currency="EUR">12.50</price></r>"#,
  ]

  @Test(arguments: documents, [["--pretty"], ["--compact"]])
  func elementTreesSurvive(xml: String, layout: [String]) throws {
    let directory = try TemporaryDirectory()
    let source = try directory.write(xml, to: "in.xml")
    let json = directory.path + "/out.json"
    let back = directory.path + "/back.xml"
    #expect(foundry(["convert", source, "--to", "json", "-o", json] + layout) == CommandResult(status: 0, output: "", error: ""))
    #expect(foundry(["convert", json, "--to", "xml", "-o", back] + layout) == CommandResult(status: 0, output: "", error: ""))
    let converted = try #require(directory.contents(of: "back.xml"))
    let original = try XMLTree(string: xml).root.value
    let restored = try XMLTree(string: converted).root.value
    #expect(Self.normalized(restored) == Self.normalized(original), "\(converted)")
  }

  /// The tree with CDATA read as text and adjacent text joined: the JSON view keeps the
  /// characters, not how they were written.
  static func normalized(_ element: XMLElementValue) -> XMLElementValue {
    var result = element
    result.children = []
    for child in element.children {
      switch child {
      case .element(let element):
        result.children.append(.element(normalized(element)))
      case .text(let text), .cdata(let text):
        guard !text.isEmpty else { continue }
        if case .text(let previous)? = result.children.last {
          result.children[result.children.count - 1] = .text(previous + text)
        } else {
          result.children.append(.text(text))
        }
      case .comment, .processingInstruction:
        continue
      }
    }
    return result
  }
}
