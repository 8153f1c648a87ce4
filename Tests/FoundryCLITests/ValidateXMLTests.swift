import Testing

@Suite("foundry validate, XML")
struct ValidateXMLTests {
  static let broken = """
    <?xml version="1.0"?>
    <feed>
      <entry><title>One</title></entry>
      <entry><title>Two</entry>
    </feed>
    """

  @Test func wellFormedXMLPrintsOKBesideJSON() throws {
    let directory = try TemporaryDirectory()
    let feed = try directory.write(#"<rss version="2.0"><channel><title>Notes &amp; more</title></channel></rss>"#, to: "feed.rss")
    let data = try directory.write("\n  <a xmlns:x=\"urn:x\"><x:b/></a>", to: "data")
    let json = try directory.write("[]", to: "list.json")
    #expect(foundry("validate", feed, data, json) == CommandResult(status: 0, output: "\(feed): ok\n\(data): ok\n\(json): ok\n", error: ""))
    #expect(foundry("validate", "-", input: "<a/>") == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
  }

  @Test func malformedXMLPrintsACompilerStyleErrorAndExitsOne() throws {
    let directory = try TemporaryDirectory()
    let good = try directory.write("<a/>", to: "good.xml")
    let bad = try directory.write(Self.broken, to: "bad.atom")
    let result = foundry("validate", bad, good)
    #expect(result.status == 1)
    #expect(result.output == "\(good): ok\n")
    #expect(
      result.error == """
        error: end tag '</entry>' does not match start tag '<title>'
        --> \(bad):4:20
         4 |   <entry><title>Two</entry>
           |                    ^

        """
    )
  }

  @Test(arguments: [
    ("<a>", "error: element '<a>' is not closed\n--> <stdin>:1:4\n"),
    ("<a b='1' b='2'/>", "error: attribute 'b' appears twice\n--> <stdin>:1:10\n"),
    ("<x:a/>", "error: undeclared namespace prefix 'x'\n--> <stdin>:1:2\n"),
    ("<a>&nope;</a>", "error: entity 'nope' is not declared\n--> <stdin>:1:4\n"),
  ])
  func wellFormednessErrors(xml: String, expectedPrefix: String) {
    let result = foundry("validate", "-", input: xml)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix(expectedPrefix), "\(result.error)")
  }

  @Test func theInputFormatOverridesDetection() {
    let forcedJSON = foundry("validate", "--input-format", "json", "-", input: "<a/>")
    #expect(forcedJSON.error.hasPrefix("error: unexpected character '<', expected a value\n"))
    let forcedXML = foundry("validate", "--input-format", "xml", "-", input: "{}")
    #expect(forcedXML.status == 1)
    #expect(forcedXML.error.hasPrefix("error: character '{' is not allowed before the root element\n--> <stdin>:1:1\n"))
  }

  @Test func theDepthLimitAppliesToElements() {
    #expect(foundry("validate", "--max-depth", "2", "-", input: "<a><b/></a>").status == 0)
    let deep = foundry("validate", "--max-depth", "2", "-", input: "<a><b><c/></b></a>")
    #expect(deep.status == 1)
    #expect(deep.error.hasPrefix("error: elements nest deeper than the limit of 2\n--> <stdin>:1:7\n"))
  }
}
