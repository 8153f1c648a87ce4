import FoundryCLI
import Testing

@Suite("foundry")
struct FoundryCommandTests {
  @Test func printsItsVersion() {
    #expect(foundry("--version") == CommandResult(status: 0, output: FoundryCommand.version + "\n", error: ""))
  }

  @Test func withoutASubcommandPrintsHelp() {
    let result = foundry()
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: Check, explore, reformat and convert the JSON and XML your code\n"))
    #expect(result.output.contains("  validate"))
    #expect(result.output.contains("  inspect"))
    #expect(result.output.contains("  format"))
    #expect(result.output.contains("  convert"))
    #expect(result.error == "")
  }

  @Test func helpGoesToStandardOutput() {
    let result = foundry("help", "validate")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: Check that documents are well-formed.\n"))
    #expect(foundry("inspect", "--help").output.contains("USAGE: foundry inspect [<options>] <file>"))
  }

  @Test func unknownSubcommandsAreUsageErrors() {
    let result = foundry("transmogrify")
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("Error: Unexpected argument 'transmogrify'\n"))
  }
}
