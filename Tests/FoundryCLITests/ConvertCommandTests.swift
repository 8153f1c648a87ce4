import Testing

@Suite("foundry convert")
struct ConvertCommandTests {
  static let node = #"<node id="7" xmlns:x="urn:x"><tag k="a"/><tag k="b"/><x:note>hi</x:note></node>"#

  @Test func xmlToPrettyJSONUnderTheConvention() {
    #expect(
      foundry("convert", "--to", "json", "-", input: Self.node)
        == CommandResult(
          status: 0,
          output: """
            {
              "node": {
                "@id": "7",
                "@xmlns:x": "urn:x",
                "tag": [
                  {
                    "@k": "a"
                  },
                  {
                    "@k": "b"
                  }
                ],
                "x:note": "hi"
              }
            }

            """,
          error: ""
        )
    )
  }

  @Test func xmlToCompactJSON() {
    let expected = #"{"node":{"@id":"7","@xmlns:x":"urn:x","tag":[{"@k":"a"},{"@k":"b"}],"x:note":"hi"}}"# + "\n"
    #expect(foundry("convert", "--to", "json", "--compact", "-", input: Self.node) == CommandResult(status: 0, output: expected, error: ""))
  }

  @Test func mixedContentKeepsItsOrderInContent() {
    let result = foundry("convert", "--to", "json", "--compact", "-", input: "<p>Hello <b>you</b>!</p>")
    #expect(result.output == ##"{"p":{"b":"you","#text":"Hello !","#content":["Hello ",{"b":"you"},"!"]}}"## + "\n")
  }

  @Test func jsonToXML() {
    let json = #"{"node": {"@id": 7, "tag": [{"@k": "a"}, {"@k": "b"}], "note": "hi", "empty": null, "flag": true}}"#
    #expect(
      foundry("convert", "--to", "xml", "-", input: json)
        == CommandResult(
          status: 0,
          output: """
            <?xml version="1.0" encoding="UTF-8"?>
            <node id="7">
              <tag k="a"/>
              <tag k="b"/>
              <note>hi</note>
              <empty/>
              <flag>true</flag>
            </node>

            """,
          error: ""
        )
    )
    let compact = foundry("convert", "--to", "xml", "--compact", "-", input: ##"{"p": {"#content": ["Hello ", {"b": "you"}, "!"]}}"##)
    #expect(compact.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<p>Hello <b>you</b>!</p>\n")
    let indented = foundry("convert", "--to", "xml", "--indent", "4", "-", input: #"{"a": {"b": {"c": ""}}}"#)
    #expect(indented.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n    <b>\n        <c/>\n    </b>\n</a>\n")
  }

  @Test func writesToAFile() throws {
    let directory = try TemporaryDirectory()
    let source = try directory.write(Self.node, to: "node.osm")
    let target = directory.path + "/node.json"
    #expect(foundry("convert", source, "--to", "json", "--compact", "-o", target) == CommandResult(status: 0, output: "", error: ""))
    #expect(directory.contents(of: "node.json") == #"{"node":{"@id":"7","@xmlns:x":"urn:x","tag":[{"@k":"a"},{"@k":"b"}],"x:note":"hi"}}"# + "\n")
    let back = directory.path + "/back.xml"
    #expect(foundry("convert", target, "--to", "xml", "--compact", "--output", back).status == 0)
    #expect(directory.contents(of: "back.xml") == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + Self.node + "\n")
  }

  @Test func convertingXMLToXMLWritesTheFileFormatWrites() throws {
    let directory = try TemporaryDirectory()
    let source = try directory.write("<?xml version='1.0'?>\n<a>\n  <!-- c -->\n  <?p x?>\n  <b/>\n</a>", to: "in.xml")
    let converted = directory.path + "/converted.xml", formatted = directory.path + "/formatted.xml"
    #expect(foundry("convert", source, "--to", "xml", "--indent", "1", "-o", converted) == CommandResult(status: 0, output: "", error: ""))
    #expect(foundry("format", source, "--indent", "1", "-o", formatted) == CommandResult(status: 0, output: "", error: ""))
    let expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n <!-- c -->\n <?p x?>\n <b/>\n</a>\n"
    #expect(directory.contents(of: "converted.xml") == expected)
    #expect(directory.contents(of: "formatted.xml") == expected)
  }

  @Test func convertingToTheSameFormatReformats() {
    let xml = foundry("convert", "--to", "xml", "--compact", "-", input: "<?xml version='1.0'?>\n<a>\n  <!-- c -->\n  <b/>\n</a>")
    #expect(xml == CommandResult(status: 0, output: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a><!-- c --><b/></a>\n", error: ""))
    let json = foundry("convert", "--to", "json", "--compact", "-", input: #"{"a": [1, {"b": 2.50}]}"#)
    #expect(json == CommandResult(status: 0, output: #"{"a":[1,{"b":2.50}]}"# + "\n", error: ""))
  }

  @Test(arguments: [
    (
      "[1,2]",
      """
      error: $: cannot convert to XML: expected an object with one member, the root element, found an array of 2
      --> <stdin>:1:1
       1 | [1,2]
         | ^

      """
    ),
    (
      #"{"a": {"b": [[1]]}}"#,
      """
      error: $.a.b[0]: cannot convert to XML: expected an element, found an array inside an array (XML has no form for it)
      --> <stdin>:1:14
       1 | {"a": {"b": [[1]]}}
         |              ^

      """
    ),
    (
      #"{"a": {"@x": {}}}"#,
      """
      error: $.a["@x"]: cannot convert to XML: expected text for @x, found an object of 0 members
      --> <stdin>:1:14
       1 | {"a": {"@x": {}}}
         |              ^

      """
    ),
    (
      #"{"a": {"b c": 1}}"#,
      """
      error: invalid element name 'b c' (inside /a)
      --> <stdin>:1:7
       1 | {"a": {"b c": 1}}
         |       ^

      """
    ),
    (
      #"{"a b": 1}"#,
      """
      error: invalid element name 'a b'
      --> <stdin>:1:1
       1 | {"a b": 1}
         | ^

      """
    ),
    (
      #"{"a": {"b": [{"c": "x\u0007"}]}}"#,
      """
      error: invalid character U+0007 in text (inside /a/b/c)
      --> <stdin>:1:13
       1 | {"a": {"b": [{"c": "x\\u0007"}]}}
         |             ^

      """
    ),
    (
      #"{"a": {"@xmlns:p": "http://www.w3.org/2000/xmlns/"}}"#,
      """
      error: the namespace 'http://www.w3.org/2000/xmlns/' is reserved for xmlns declarations; no prefix can be bound to it (inside /a)
      --> <stdin>:1:7
       1 | {"a": {"@xmlns:p": "http://www.w3.org/2000/xmlns/"}}
         |       ^

      """
    ),
  ])
  func jsonThatXMLCannotHoldIsAnError(json: String, error: String) {
    #expect(foundry("convert", "--to", "xml", "-", input: json) == CommandResult(status: 1, output: "", error: error))
  }

  @Test func malformedInputExitsOne() {
    let result = foundry("convert", "--to", "json", "-", input: "<a><b></a>")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: end tag '</a>' does not match start tag '<b>'\n--> <stdin>:1:7\n"))
  }

  @Test func usageErrors() {
    let missing = foundry("convert", "x.xml")
    #expect(missing.status == 64)
    #expect(missing.error.hasPrefix("Error: Missing expected argument '--to <format>'\n"))
    #expect(foundry("convert", "x.xml", "--to", "yaml").status == 64)
    #expect(
      foundry("convert", "--to", "json", "--indent", "3", "-", input: "<a/>")
        == CommandResult(
          status: 64,
          output: "",
          error: "error: --indent applies to XML output; JSON is indented by two spaces\n--> <stdin>\n"
        )
    )
  }
}
