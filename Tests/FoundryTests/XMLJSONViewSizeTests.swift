import Foundry
import FoundryJSON
import FoundryXML
import Testing

/// The XML view stays proportional to its input however deep mixed content nests: below an
/// element with `#content`, the children grouped by name leave out their own `#content` and
/// the items of `#content` leave out their groups, so no level doubles what is under it (324
/// bytes of nested mixed content made a 77 MB view before).
@Suite("XMLJSONView size")
struct XMLJSONViewSizeTests {
  /// `<a>t<a>t…</a>t</a>`: text before and after the child at every level, so every level's
  /// grouping loses the order.
  static func nestedMixedContent(depth: Int) -> String {
    String(repeating: "<a>t", count: depth) + String(repeating: "t</a>", count: depth)
  }

  /// The view as `convert --to json` writes it, and the XML it converts back to.
  static func convert(_ text: String, depth: Int, whitespace: XMLParsingOptions.Whitespace = .dropBlank) throws -> (json: String, xml: String) {
    var options = XMLParsingOptions()
    options.maximumDepth = depth + 1
    options.whitespace = whitespace
    let tree = try XMLTree(string: text, options: options)
    let view = XMLJSONView.document(of: tree.root, options: .conversion)
    let json = view.root.makeJSONString()
    let back = try XMLJSONView.element(fromWrapped: view.value).makeXMLString(options: .fragment)
    return (json, back)
  }

  @Test("Mixed content nested 20 deep makes a view a few times its size, which converts back exactly")
  func nestedMixedContentStaysSmall() throws {
    let text = Self.nestedMixedContent(depth: 20)
    let (json, xml) = try Self.convert(text, depth: 20)
    // 9 bytes of XML a level; each level is in the view once by name and once in order.
    #expect(json.utf8.count < 8 * text.utf8.count)
    #expect(xml == text)
  }

  @Test("Each level of nested mixed content adds the same few bytes to the view, 2,000 levels deep")
  func viewGrowsLinearly() throws {
    let (shallow, _) = try Self.convert(Self.nestedMixedContent(depth: 1_000), depth: 1_000)
    let text = Self.nestedMixedContent(depth: 2_000)
    let (deep, xml) = try Self.convert(text, depth: 2_000)
    #expect(deep.utf8.count - shallow.utf8.count < 8 * 9 * 1_000)
    #expect(xml == text)
  }

  @Test("Kept whitespace makes every level of a pretty-printed document mixed; its view stays proportional")
  func prettyPrintedWithKeptWhitespace() throws {
    let depth = 30
    var text = ""
    for level in 0..<depth { text += String(repeating: "  ", count: level) + "<e n=\"\(level)\">\n" + String(repeating: "  ", count: level + 1) + "<leaf/>\n" }
    for level in (0..<depth).reversed() { text += String(repeating: "  ", count: level) + "</e>\n" }
    let (json, xml) = try Self.convert(text, depth: depth, whitespace: .keep)
    #expect(json.utf8.count < 8 * text.utf8.count)
    #expect(xml + "\n" == text)
  }

  @Test("Below an element with #content, the groups read by name and the items read in order")
  func bothFormsBelowMixedContent() throws {
    let tree = try XMLTree(string: "<p>a<q>b<r>c<s/>d</r>e</q>f</p>")
    let view = XMLJSONView.document(of: tree.root).value
    // By name: every group and #text, no #content below the top.
    #expect(view["q"] == .object(["r": .object(["s": .string(""), "#text": .string("cd")]), "#text": .string("be")]))
    // In order: #content alone.
    let r: JSONValue = .object(["#content": .array([.string("c"), .object(["s": .string("")]), .string("d")])])
    let q: JSONValue = .object(["#content": .array([.string("b"), .object(["r": r]), .string("e")])])
    #expect(view["#content"] == .array([.string("a"), .object(["q": q]), .string("f")]))
  }
}
