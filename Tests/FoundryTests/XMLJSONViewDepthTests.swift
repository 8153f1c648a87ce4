import Foundry
import FoundryJSON
import FoundryTestSupport
import FoundryXML
import Testing

/// The XML view and its way back walk explicit stacks, and the deep trees they make are taken
/// apart level by level: nesting far past what the call stack holds (a few thousand levels
/// overflowed 8 MB before) converts both ways on a 512 KB stack, the smallest a platform gives
/// secondary threads.
@Suite("XMLJSONView at any depth")
struct XMLJSONViewDepthTests {
  static let depth = 100_000
  static let smallStack = 512 << 10

  @Test func jsonNestedFarPastTheCallStackBecomesAnElement() async throws {
    let written = try await onOwnThread(stackSize: Self.smallStack) {
      let text = String(repeating: #"{"a":"#, count: Self.depth) + "1" + String(repeating: "}", count: Self.depth)
      var options = JSONParsingOptions()
      options.maximumDepth = Self.depth + 1
      let value = try JSONDocument(string: text, options: options).value
      let element = try XMLJSONView.element(named: "root", from: value)
      JSONValue.dismantle(consume value)
      let written = try element.makeXMLString(options: .fragment)
      XMLElementValue.dismantle(consume element)
      return written
    }
    #expect(written == "<root>" + String(repeating: "<a>", count: Self.depth) + "1" + String(repeating: "</a>", count: Self.depth) + "</root>")
  }

  @Test func anErrorDeepDownHasTheWholePath() throws {
    let text = String(repeating: #"{"a":"#, count: 3) + "[[1]]" + String(repeating: "}", count: 3)
    let value = try JSONDocument(string: text).value
    #expect {
      try XMLJSONView.element(named: "root", from: value)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.a.a.a[0]"
    }
  }

  @Test func xmlNestedFarPastTheCallStackHasItsView() async throws {
    let (depth, innermost) = try await onOwnThread(stackSize: Self.smallStack) {
      let text = String(repeating: "<a>", count: Self.depth) + "1" + String(repeating: "</a>", count: Self.depth)
      var options = XMLParsingOptions()
      options.maximumDepth = Self.depth + 1
      let tree = try XMLTree(string: text, options: options)
      var node = XMLJSONView.document(of: tree.root, options: .conversion).root
      var depth = 0
      while let next = node["a"] {
        node = next
        depth += 1
      }
      return (depth, node.string)
    }
    #expect(depth == Self.depth)
    #expect(innermost == "1")
  }

  @Test func mixedContentAroundDeepNestingKeepsItsOrder() async throws {
    // Text between child elements, and a name that comes back, at the top and at the bottom of
    // a deep chain: those levels record their children's views and copy them into
    // "#content". (Mixed content at every level would double the view at each one.)
    let mixed = "<a><b/>t<a>" + "<c/>" + "</a><b/></a>"
    let text = "<a><b/>t" + String(repeating: "<a>", count: Self.depth) + mixed + String(repeating: "</a>", count: Self.depth) + "<b/></a>"
    let (content, written) = try await onOwnThread(stackSize: Self.smallStack) {
      var options = XMLParsingOptions()
      options.maximumDepth = Self.depth + 4
      let tree = try XMLTree(string: text, options: options)
      let view = XMLJSONView.document(of: tree.root, options: .conversion).root
      let content = view["a"]?["#content"]?.count
      let value = view.value
      let back = try XMLJSONView.element(fromWrapped: value)
      JSONValue.dismantle(consume value)
      let written = try back.makeXMLString(options: .fragment)
      XMLElementValue.dismantle(consume back)
      return (content, written)
    }
    #expect(content == 4)
    #expect(written == text)
  }
}
