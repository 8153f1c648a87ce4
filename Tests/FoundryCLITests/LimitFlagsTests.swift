import Testing

/// `--max-string-length`, `--max-number-length` and `--max-members`: the JSON parser's limits
/// on every command that reads documents, each refusal naming its flag.
@Suite("Document limit flags")
struct LimitFlagsTests {
  /// Each limit, an input that crosses it when set to 3, and the message of the refusal.
  static let limits: [(flag: String, input: String, message: String)] = [
    ("--max-string-length", #"["abcd"]"#, "error: string of 4 bytes exceeds the limit of 3 bytes (--max-string-length)"),
    ("--max-string-length", #"{"abcd": 1}"#, "error: string of 4 bytes exceeds the limit of 3 bytes (--max-string-length)"),
    ("--max-number-length", "[1234]", "error: number of 4 bytes exceeds the limit of 3 bytes (--max-number-length)"),
    ("--max-members", "[1, 2, 3, 4]", "error: array has more than 3 elements (--max-members)"),
    ("--max-members", #"{"a": 1, "b": 2, "c": 3, "d": 4}"#, "error: object has more than 3 members (--max-members)"),
  ]

  @Test("validate refuses what crosses a limit, names the flag, and accepts it without the flag", arguments: limits)
  func validate(limit: (flag: String, input: String, message: String)) {
    let refused = foundry("validate", limit.flag, "3", "-", input: limit.input)
    #expect(refused.status == 1)
    #expect(refused.error.hasPrefix(limit.message + "\n--> <stdin>:1:"), "\(refused.error)")
    #expect(foundry("validate", limit.flag, "4", "-", input: limit.input) == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
    #expect(foundry("validate", "-", input: limit.input).status == 0)
  }

  /// Every command that reads a document, reading standard input.
  static let commands: [[String]] = [
    ["validate", "-"],
    ["format", "-"],
    ["convert", "--to", "xml", "-"],
    ["inspect", "-"],
    ["import", "-"] + ImportCommandTests.options(),
  ]

  @Test("every command that reads documents takes the flags", arguments: commands)
  func everyCommand(command: [String]) {
    // One author, not an array of them: `convert` has no element name for an array's items.
    let input = #"{"authors": {"author_id": 1, "firstName": "Ann"}}"#
    #expect(foundry(command, input: input).status == 0)
    let strings = foundry(command + ["--max-string-length", "2"], input: input)
    #expect(strings.status == 1)
    #expect(strings.error.hasPrefix("error: string of 7 bytes exceeds the limit of 2 bytes (--max-string-length)\n"), "\(strings.error)")
    let members = foundry(command + ["--max-members", "1"], input: input)
    #expect(members.status == 1)
    #expect(members.error.hasPrefix("error: object has more than 1 members (--max-members)\n"), "\(members.error)")
    let numbers = foundry(command + ["--max-number-length", "1"], input: #"{"authors": {"author_id": 12, "firstName": "Ann"}}"#)
    #expect(numbers.status == 1)
    #expect(numbers.error.hasPrefix("error: number of 2 bytes exceeds the limit of 1 bytes (--max-number-length)\n"), "\(numbers.error)")
  }

  @Test("a limit below 1 is a usage error", arguments: ["--max-string-length", "--max-number-length", "--max-members"])
  func usage(flag: String) {
    let result = foundry("validate", flag, "0", "x.json")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: \(flag) must be at least 1, got 0.\n"))
  }

  /// Each XML limit, a document that crosses it when set to 2, and the message of the refusal.
  static let xmlLimits: [(flag: String, input: String, message: String)] = [
    ("--max-attributes", #"<a x="1" y="2" z="3"/>"#, "error: element '<a>' has more than 2 attributes (--max-attributes)"),
    (
      "--max-entity-expansion", #"<!DOCTYPE a [<!ENTITY e "abc">]><a>&e;</a>"#,
      "error: entity 'e' expands beyond the limit of 2 bytes (--max-entity-expansion)"
    ),
    (
      "--max-entity-depth", #"<!DOCTYPE a [<!ENTITY e "&f;"><!ENTITY f "&g;"><!ENTITY g "x">]><a>&e;</a>"#,
      "error: entity references nest deeper than the limit of 2 (--max-entity-depth) (in the replacement text of entity 'f')"
    ),
    (
      "--max-defaulted-attribute-bytes", #"<!DOCTYPE a [<!ATTLIST a x CDATA "1">]><a/>"#,
      "error: attributes added from DOCTYPE defaults exceed the limit of 2 bytes (--max-defaulted-attribute-bytes)"
    ),
  ]

  @Test("validate refuses XML that crosses a limit, names the flag, and accepts it by default", arguments: xmlLimits)
  func validateXML(limit: (flag: String, input: String, message: String)) {
    let refused = foundry("validate", limit.flag, "2", "-", input: limit.input)
    #expect(refused.status == 1)
    #expect(refused.error.hasPrefix(limit.message + "\n--> <stdin>:1:"), "\(refused.error)")
    #expect(foundry("validate", "-", input: limit.input) == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
  }

  @Test("every command that reads XML takes the XML limit flags", arguments: commands)
  func everyCommandXML(command: [String]) {
    let input = #"<library><authors x="1" y="2"><author_id>1</author_id><firstName>Ann</firstName></authors></library>"#
    #expect(foundry(command, input: input).status == 0)
    let refused = foundry(command + ["--max-attributes", "1"], input: input)
    #expect(refused.status == 1)
    #expect(refused.error.hasPrefix("error: element '<authors>' has more than 1 attributes (--max-attributes)\n"), "\(refused.error)")
  }

  @Test(
    "an XML limit below 1 is a usage error",
    arguments: ["--max-attributes", "--max-entity-expansion", "--max-entity-depth", "--max-defaulted-attribute-bytes"])
  func usageXML(flag: String) {
    let result = foundry("validate", flag, "0", "x.xml")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: \(flag) must be at least 1, got 0.\n"))
  }
}
