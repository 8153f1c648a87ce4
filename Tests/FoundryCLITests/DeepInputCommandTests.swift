#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// Commands on documents nested as deep as `--max-depth` lets them be: each works or fails
/// cleanly (a stack overflow crashed convert, inspect and import a few thousand levels down),
/// and output is written as it is made, so pretty-printing deep nesting holds little memory.
@Suite("Commands on deep input")
struct DeepInputCommandTests {
  static let depth = 20_000
  static let maxDepth = String(depth + 1)

  static let deepJSON = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
  static let deepXML = String(repeating: "<a>", count: depth) + "1" + String(repeating: "</a>", count: depth)

  @Test func convertsDeepJSONToXML() {
    let result = foundry("convert", "--to", "xml", "--compact", "--max-depth", Self.maxDepth, "-", input: #"{"r":"# + Self.deepJSON + "}")
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(
      result.output == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<r>" + String(repeating: "<a>", count: Self.depth) + "1"
        + String(repeating: "</a>", count: Self.depth) + "</r>\n")
  }

  @Test func convertsDeepXMLToJSON() {
    let result = foundry("convert", "--to", "json", "--compact", "--max-depth", Self.maxDepth, "-", input: Self.deepXML)
    // Element text is a string in the view.
    let json = String(repeating: #"{"a":"#, count: Self.depth) + #""1""# + String(repeating: "}", count: Self.depth)
    #expect(result == CommandResult(status: 0, output: json + "\n", error: ""))
  }

  @Test func inspectsDeepXML() {
    let result = foundry("inspect", "--max-depth", Self.maxDepth, "--depth", "2", "-", input: Self.deepXML)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("{\n  a: {\n    a: {...}  // 1 field\n  }\n}\n"))
  }

  @Test func inspectsDeepArraysInLinearOutput() {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let result = foundry("inspect", "--max-depth", String(depth), "-", input: text)
    let sizes = Array(repeating: "1", count: depth).joined(separator: " × ") + " item"
    #expect(
      result
        == CommandResult(
          status: 0,
          output: String(repeating: "[", count: depth) + "int" + String(repeating: "]", count: depth) + "  // " + sizes + "\n",
          error: ""
        ))
  }

  @Test func inspectsDeepArraysAsJSON() throws {
    let depth = 500
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let result = foundry("inspect", "--format", "json", "--max-depth", String(depth), "-", input: text)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("{\n  \"types\": {\n    \"array\": 1\n  },\n  \"length\": {"))
    #expect(result.output.components(separatedBy: "\"items\"").count == depth + 1)
  }

  @Test func allKeysKeepsTenThousandKeysAndCountsTheRest() {
    let members = (0..<10_003).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let result = foundry("inspect", "--all-keys", "-", input: "{" + members + "}")
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("  k9999: int\n  ...  // 3 more members with keys not kept\n}\n"))
    #expect(result.output.split(separator: "\n").count == 10_003)
    let json = foundry("inspect", "--all-keys", "--format", "json", "-", input: "{" + members + "}")
    #expect(json.output.contains("\"omittedMembers\": 3"))
  }

  @Test func formatWritesAFileInPiecesAsItWritesStandardOutput() throws {
    // 100 arrays nested 100 deep, pretty: far more than one piece.
    let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let text = "[" + Array(repeating: nested, count: 100).joined(separator: ",") + "]"
    let directory = try TemporaryDirectory()
    let input = try directory.write(text, to: "nested.json")
    let printed = foundry("format", input)
    #expect(printed.status == 0)
    #expect(printed.output.utf8.count > 1_000_000)
    #expect(foundry("format", input, "-o", directory.path + "/pretty.json") == CommandResult(status: 0, output: "", error: ""))
    #expect(directory.contents(of: "pretty.json") == printed.output)
  }

  // MARK: - Well-formed XML

  @Test func convertRefusesAnUndeclaredPrefixAtItsPath() {
    #expect(
      foundry("convert", "--to", "xml", "-", input: #"{"p:a": {"@p:x": "1"}}"#)
        == CommandResult(
          status: 1,
          output: "",
          error: """
            error: $["p:a"]: cannot convert to XML: the prefix 'p' of element 'p:a' is not declared (add an "@xmlns:p" member)
            --> <stdin>:1:9
             1 | {"p:a": {"@p:x": "1"}}
               |         ^

            """
        )
    )
    #expect(
      foundry("convert", "--to", "xml", "-", input: #"{"a": {"b": {"@p:x": "1"}}}"#).error == """
        error: $.a.b["@p:x"]: cannot convert to XML: the prefix 'p' of attribute 'p:x' is not declared (add an "@xmlns:p" member)
        --> <stdin>:1:22
         1 | {"a": {"b": {"@p:x": "1"}}}
           |                      ^

        """)
  }

  @Test func convertWritesDeclaredPrefixesThatValidate() throws {
    let result = foundry("convert", "--to", "xml", "-", input: #"{"p:a": {"@xmlns:p": "urn:p", "@p:x": "1", "p:b": "2"}}"#)
    #expect(
      result
        == CommandResult(
          status: 0,
          output: """
            <?xml version="1.0" encoding="UTF-8"?>
            <p:a xmlns:p="urn:p" p:x="1">
              <p:b>2</p:b>
            </p:a>

            """,
          error: ""
        ))
    #expect(foundry("validate", "-", input: result.output) == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
  }
}
