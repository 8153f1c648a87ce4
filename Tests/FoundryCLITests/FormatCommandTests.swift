import Testing

@Suite("foundry format")
struct FormatCommandTests {
  static let input = #"{"b": [1, 2.50], "a": "x/é", "c": {}}"#

  @Test func prettyPrintsByDefaultKeepingNumberText() {
    #expect(
      foundry("format", "-", input: Self.input)
        == CommandResult(
          status: 0,
          output: """
            {
              "b": [
                1,
                2.50
              ],
              "a": "x/é",
              "c": {}
            }

            """,
          error: ""
        )
    )
  }

  @Test func compactSortedAndEscaped() {
    let result = foundry("format", "--compact", "--sort-keys", "--escape-slashes", "--escape-non-ascii", "-", input: Self.input)
    #expect(result == CommandResult(status: 0, output: #"{"a":"x\/\u00e9","b":[1,2.50],"c":{}}"# + "\n", error: ""))
  }

  @Test func lenientInputBecomesStrictJSON() {
    let result = foundry("format", "--lenient", "--compact", "-", input: "// settings\n{\"a\": [1, 2,], /* b */ \"b\": null,}")
    #expect(result == CommandResult(status: 0, output: "{\"a\":[1,2],\"b\":null}\n", error: ""))
  }

  @Test func writesToAFileWithDashO() throws {
    let directory = try TemporaryDirectory()
    let source = try directory.write(Self.input, to: "in.json")
    let target = directory.path + "/out.json"
    #expect(foundry("format", "--compact", source, "-o", target) == CommandResult(status: 0, output: "", error: ""))
    #expect(directory.contents(of: "out.json") == #"{"b":[1,2.50],"a":"x/é","c":{}}"# + "\n")
    // Formatting a file onto itself is safe: the input is read in full first.
    #expect(foundry("format", "--sort-keys", "--compact", target, "--output", target).status == 0)
    #expect(directory.contents(of: "out.json") == #"{"a":"x/é","b":[1,2.50],"c":{}}"# + "\n")
  }

  @Test func failuresExitOne() throws {
    let directory = try TemporaryDirectory()
    let target = directory.path + "/no/such/dir/out.json"
    #expect(
      foundry("format", "-", "-o", target, input: "[]")
        == CommandResult(
          status: 1,
          output: "",
          error: "error: cannot write '\(target)': No such file or directory\n"
        )
    )
    let malformed = foundry("format", "-", input: "[1 2]")
    #expect(malformed.status == 1)
    #expect(malformed.output == "")
    #expect(malformed.error.hasPrefix("error: expected ',' or ']' after array element, found character '2'\n--> <stdin>:1:4\n"))
  }

  @Test func prettyAndCompactExcludeEachOther() {
    let result = foundry("format", "--pretty", "--compact", "-", input: "[]")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: Value to be set with flag '--compact' had already been set with flag '--pretty'\n"))
  }
}
