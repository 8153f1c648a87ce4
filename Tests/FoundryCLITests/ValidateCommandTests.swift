import Testing

@Suite("foundry validate")
struct ValidateCommandTests {
  static let broken = """
    {
      "mag": 4.7,
      "time": 1714544412780
      "tz": null
    }
    """

  @Test func wellFormedFilesPrintOKAndExitZero() throws {
    let directory = try TemporaryDirectory()
    let first = try directory.write(#"{"a": [1, 2.5, null]}"#, to: "first.json")
    let second = try directory.write("[]", to: "second.json")
    #expect(foundry("validate", first, second) == CommandResult(status: 0, output: "\(first): ok\n\(second): ok\n", error: ""))
  }

  @Test func quietPrintsNothingOnSuccess() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("{}", to: "a.json")
    #expect(foundry("validate", "--quiet", file) == CommandResult(status: 0, output: "", error: ""))
    #expect(foundry("validate", "-q", file) == CommandResult(status: 0, output: "", error: ""))
  }

  @Test func malformedFilesPrintACompilerStyleErrorAndExitOne() throws {
    let directory = try TemporaryDirectory()
    let good = try directory.write("{}", to: "good.json")
    let bad = try directory.write(Self.broken, to: "bad.json")
    let result = foundry("validate", bad, good)
    #expect(result.status == 1)
    #expect(result.output == "\(good): ok\n")
    #expect(
      result.error == """
        error: expected ',' or '}' after object member, found character '"'
        --> \(bad):4:3
         4 |   "tz": null
           |   ^

        """
    )
  }

  @Test("a refusal that an option would lift names the command's flags, not the library's properties")
  func refusalsNameTheFlags() {
    let comment = foundry("validate", "-", input: "[1 // one\n]")
    #expect(comment.status == 1)
    #expect(comment.error.hasPrefix("error: comments are not allowed (pass --allow-comments or --lenient to accept them)\n"))
    let mark = foundry("validate", "-", input: "\u{FEFF}[1]")
    #expect(mark.status == 1)
    #expect(mark.error.hasPrefix("error: byte order mark is not allowed (pass --allow-bom or --lenient to skip it)\n"))
  }

  @Test func standardInputIsNamedStdin() {
    #expect(foundry("validate", "-", input: "[1]") == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
    #expect(
      foundry("validate", "-", input: "[1,]")
        == CommandResult(
          status: 1,
          output: "",
          error: """
            error: unexpected character ']' after ','
            --> <stdin>:1:4
             1 | [1,]
               |    ^

            """
        )
    )
  }

  @Test(arguments: [
    (["--allow-trailing-commas"], "[1,]"),
    (["--allow-comments"], "[1] // one"),
    (["--allow-bom"], "\u{FEFF}[1]"),
    (["--lenient"], "\u{FEFF}/* all */ [1,]"),
  ])
  func relaxationsAcceptWhatStrictRejects(flags: [String], json: String) {
    #expect(foundry(["validate", "-"], input: json).status == 1)
    #expect(foundry(["validate"] + flags + ["-"], input: json) == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
  }

  @Test func limitsAndDuplicateKeys() {
    let deep = foundry("validate", "--max-depth", "2", "-", input: "[[[1]]]")
    #expect(deep.status == 1)
    #expect(deep.error.hasPrefix("error: nesting depth exceeds the limit of 2\n--> <stdin>:1:3\n"))
    let repeated = foundry("validate", "--reject-duplicate-keys", "-", input: #"{"a": 1, "a": 2}"#)
    #expect(repeated.status == 1)
    #expect(repeated.error.hasPrefix("error: duplicate key \"a\" in object\n--> <stdin>:1:10\n"))
    #expect(foundry("validate", "-", input: #"{"a": 1, "a": 2}"#).status == 0)
  }

  @Test func unreadableFilesAreErrors() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.path + "/missing.json"
    #expect(
      foundry("validate", missing)
        == CommandResult(
          status: 1,
          output: "",
          error: "error: cannot read '\(missing)': No such file or directory\n--> \(missing)\n"
        )
    )
    #expect(foundry("validate", directory.path).error == "error: cannot read '\(directory.path)': Is a directory\n--> \(directory.path)\n")
  }

  @Test func unreadableStandardInputIsAnError() {
    #expect(
      foundry("validate", "-", inputFailure: "Bad file descriptor")
        == CommandResult(
          status: 1,
          output: "",
          error: "error: cannot read '<stdin>': Bad file descriptor\n--> <stdin>\n"
        )
    )
  }

  @Test func usageErrorsExitWith64() {
    let missing = foundry("validate")
    #expect(missing.status == 64)
    #expect(missing.output == "")
    #expect(missing.error.hasPrefix("Error: Missing expected argument '<file> ...'\n"))

    let depth = foundry("validate", "--max-depth", "0", "x.json")
    #expect(depth.status == 64)
    #expect(depth.error.hasPrefix("Error: --max-depth must be at least 1, got 0.\n"))

    let twice = foundry("validate", "-", "-")
    #expect(twice.status == 64)
    #expect(twice.error.hasPrefix("Error: Standard input ('-') can be read only once.\n"))

    #expect(foundry("validate", "--bogus", "x.json").status == 64)
    #expect(foundry("validate", "--input-format", "yaml", "x.json").status == 64)
  }
}
