import Testing

@Suite("foundry format, XML")
struct FormatXMLTests {
  static let feed = """
    <?xml version="1.0"?>
    <!-- feed -->
    <feed xmlns="http://www.w3.org/2005/Atom"><title>Notes &amp; more</title><!-- entries --><entry>
    <id>1</id>   <summary>A <b>bold</b> move</summary><link href="x"></link></entry><?render fast?></feed>
    """

  @Test func prettyPrintsByDefaultKeepingCommentsAndMixedContent() {
    #expect(
      foundry("format", "-", input: Self.feed)
        == CommandResult(
          status: 0,
          output: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- feed -->
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title>Notes &amp; more</title>
              <!-- entries -->
              <entry>
                <id>1</id>
                <summary>A <b>bold</b> move</summary>
                <link href="x"/>
              </entry>
              <?render fast?>
            </feed>

            """,
          error: ""
        )
    )
  }

  @Test func compact() {
    let result = foundry("format", "--compact", "-", input: Self.feed)
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- feed -->
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Notes &amp; more</title><!-- entries --><entry><id>1</id>\
      <summary>A <b>bold</b> move</summary><link href="x"/></entry><?render fast?></feed>

      """
    #expect(result == CommandResult(status: 0, output: expected, error: ""))
  }

  @Test func xmlFlags() {
    let result = foundry(
      "format", "--indent", "4", "--drop-comments", "--drop-processing-instructions", "--expand-empty-elements", "-",
      input: Self.feed
    )
    #expect(
      result
        == CommandResult(
          status: 0,
          output: """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
                <title>Notes &amp; more</title>
                <entry>
                    <id>1</id>
                    <summary>A <b>bold</b> move</summary>
                    <link href="x"></link>
                </entry>
            </feed>

            """,
          error: ""
        )
    )
  }

  @Test func theDeclarationIsWrittenOnlyWhenTheSourceHasOne() throws {
    let directory = try TemporaryDirectory()
    let source = try directory.write("<a>\n  <b x='1'/>\n</a>\n", to: "in.xml")
    let target = directory.path + "/out.xml"
    #expect(foundry("format", "--compact", source, "-o", target) == CommandResult(status: 0, output: "", error: ""))
    #expect(directory.contents(of: "out.xml") == "<a><b x=\"1\"/></a>\n")
    #expect(foundry("format", "--indent", "0", source).output == "<a>\n<b x=\"1\"/>\n</a>\n")
  }

  @Test func whitespaceCanBeKept() {
    let input = "<a>\n <b> x </b>\n</a>"
    #expect(foundry("format", "--whitespace", "keep", "-", input: input).output == input + "\n")
    #expect(foundry("format", "--whitespace", "trim", "--compact", "-", input: input).output == "<a><b>x</b></a>\n")
  }

  @Test func flagsOfTheOtherFormatAreUsageErrors() {
    #expect(
      foundry("format", "--sort-keys", "-", input: "<a/>")
        == CommandResult(
          status: 64,
          output: "",
          error: "error: --sort-keys applies to JSON, not XML\n--> <stdin>\n"
        )
    )
    #expect(
      foundry("format", "--drop-comments", "-", input: "[]")
        == CommandResult(
          status: 64,
          output: "",
          error: "error: --drop-comments applies to XML, not JSON\n--> <stdin>\n"
        )
    )
    #expect(
      foundry("format", "--indent", "4", "-", input: "[]")
        == CommandResult(
          status: 64,
          output: "",
          error: "error: --indent applies to XML output; JSON is indented by two spaces\n--> <stdin>\n"
        )
    )
    let range = foundry("format", "--indent", "17", "-", input: "<a/>")
    #expect(range.status == 64)
    #expect(range.error.hasPrefix("Error: --indent must be from 0 to 16, got 17.\n"))
  }

  @Test func malformedXMLExitsOne() {
    let result = foundry("format", "-", input: "<a>\n<b></a>")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: end tag '</a>' does not match start tag '<b>'\n--> <stdin>:2:4\n"))
  }
}
