import FoundryXML
import Testing

/// ``XMLElementScanner/hasTextBesideElements``: text or CDATA directly in the parent of the
/// elements handed out, found however the input is cut into chunks.
@Suite("XML streaming: text beside the elements")
struct XMLTextBesideElementsTests {
  /// Whether the scanner at `path` saw text beside its elements, fed `document` in chunks of
  /// `size` bytes.
  static func seesText(_ document: String, at path: String = "*", chunkSize size: Int) throws -> Bool {
    var scanner = XMLElementScanner(at: path)
    scanner.tracksTextBesideElements = true
    let bytes = Array(document.utf8)
    for start in stride(from: 0, to: bytes.count, by: size) {
      scanner.append(bytes[start..<min(bytes.count, start + size)])
      while try scanner.next() != nil {}
    }
    scanner.finish()
    while try scanner.next() != nil {}
    return scanner.hasTextBesideElements
  }

  @Test(
    "text, an entity reference or CDATA in the parent counts; white space, comments, instructions and text inside the elements do not",
    arguments: [
      ("<r>\n  <a>text</a>\n  <!-- c -->\n  <?p i?>\n  <a><![CDATA[x]]></a>\n</r>", "*", false),
      ("<r><a/> hello <a/></r>", "*", true),
      ("<r><a/><a/>tail</r>", "*", true),
      ("<r>&amp;<a/></r>", "*", true),
      ("<r><a/><![CDATA[ ]]></r>", "*", true),
      ("<rss><channel><title>t</title><item/><item/></channel></rss>", "channel.item", false),
      ("<rss><channel>words<item/></channel></rss>", "channel.item", true),
      ("<rss>words<channel><item/></channel></rss>", "channel.item", false),
    ])
  func detected(document: String, path: String, expected: Bool) throws {
    for size in 1...8 {
      #expect(try Self.seesText(document, at: path, chunkSize: size) == expected, "chunks of \(size)")
    }
    #expect(try Self.seesText(document, at: path, chunkSize: 1 << 16) == expected)
  }

  @Test("nothing is looked for unless asked")
  func offByDefault() throws {
    var scanner = XMLElementScanner(at: "*")
    scanner.append(Array("<r><a/> hello <a/></r>".utf8))
    scanner.finish()
    while try scanner.next() != nil {}
    #expect(!scanner.hasTextBesideElements)
  }
}
