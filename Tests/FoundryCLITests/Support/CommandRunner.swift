import FoundryCLI

/// What one in-process run of `foundry` produced.
struct CommandResult: Equatable, CustomStringConvertible {
  var status: Int32
  var output: String
  var error: String

  var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(error)" }
}

/// Collects what a console writes, stream by stream.
private final class Recorder {
  var output = ""
  var error = ""
}

/// Runs `foundry` with `arguments` in-process, `input` as standard input, help wrapped at 80.
/// With `inputFailure`, reading standard input fails with that reason instead.
func foundry(_ arguments: String..., input: String = "", inputFailure: String? = nil) -> CommandResult {
  foundry(arguments, input: input, inputFailure: inputFailure)
}

/// Runs `foundry` with `arguments` in-process, `input` as standard input, help wrapped at 80.
/// With `inputFailure`, reading standard input fails with that reason instead.
func foundry(_ arguments: [String], input: String = "", inputFailure: String? = nil) -> CommandResult {
  let recorder = Recorder()
  let readInput = { () throws(Console.ReadFailure) -> [UInt8] in
    if let inputFailure { throw Console.ReadFailure(reason: inputFailure) }
    return Array(input.utf8)
  }
  let console = Console(columns: 80, standardInput: readInput) { stream, text in
    switch stream {
    case .output: recorder.output += text
    case .error: recorder.error += text
    }
  }
  let status = FoundryCommand.run(arguments, console: console)
  return CommandResult(status: status, output: recorder.output, error: recorder.error)
}
