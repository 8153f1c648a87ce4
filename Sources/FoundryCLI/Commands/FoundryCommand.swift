import ArgumentParser
internal import FoundryInternals

/// The `foundry` command line: validate, inspect, format and convert JSON and XML documents.
///
/// The executable is one line, `FoundryCommand.main()`. Exit statuses: 0 on success, 1 when an
/// input is malformed or unreadable, 64 (`EX_USAGE`) for a usage error.
///
/// ```
/// $ foundry validate Examples/broken.json
/// $ foundry inspect Examples/earthquakes.json
/// $ foundry format --compact --sort-keys payload.json -o payload.min.json
/// $ foundry convert feed.rss --to json
/// $ foundry generate --model Library.xcdatamodeld --out Sources/Model
/// $ foundry generate --from-sample orders.json --enums
/// $ foundry diagram --model Library.xcdatamodeld --format svg --out library.svg
/// $ foundry import authors.json --model Library.xcdatamodeld --entity Author --root authors
/// ```
package struct FoundryCommand: ParsableCommand {
  /// The version `foundry --version` prints.
  package static let version = "0.1.0"

  /// The command's name, help text, version and subcommands.
  package static let configuration = CommandConfiguration(
    commandName: "foundry",
    abstract: "Check, explore, reformat and convert the JSON and XML your code consumes.",
    discussion: """
      Foundry casts JSON and XML into Swift models. This tool works on the documents \
      themselves: validate reports every malformed file like a compiler, with line, column \
      and a caret; inspect shows the merged shape of a payload (optional keys, types that \
      vary, arrays and id-keyed objects summarized) so you can write its model; format \
      pretty-prints, compacts or sorts it; convert turns XML into JSON and back under the \
      convention models map; generate writes @Entity classes for the entities of an Xcode \
      Core Data model, or @Mappable models from sample payloads; diagram draws a model; import loads payloads into the object graph of such a model and \
      reports its objects, links and lossy issues (or saves them in a store, which query, \
      export, history, migrate and check read). The format comes from the extension, \
      else from the first character (< is XML). A file named - is standard input. Exit \
      status: 0 on success, 1 when an input is malformed or unreadable, 64 for a usage \
      error.
      """,
    version: version,
    subcommands: [
      ValidateCommand.self, InspectCommand.self, FormatCommand.self, ConvertCommand.self, GenerateCommand.self, DiagramCommand.self,
      ImportCommand.self, QueryCommand.self, ExportCommand.self, HistoryCommand.self, MigrateCommand.self, CheckCommand.self,
    ]
  )

  /// An instance as ArgumentParser creates it; ``main()`` runs the command line.
  package init() {}

  /// Runs the command line of this process and exits with its status.
  ///
  /// ```swift
  /// // Sources/foundry/main.swift
  /// FoundryCommand.main()
  /// ```
  package static func main() -> Never {
    POSIX.reportFileSizeLimit()
    Interrupts.install()
    POSIX.exit(run(Array(CommandLine.arguments.dropFirst()), console: .standard))
  }

  /// Parses `arguments`, runs the chosen command through `console`, prints help, usage errors
  /// and diagnostics, and returns the exit status instead of exiting.
  ///
  /// ```swift
  /// let status = FoundryCommand.run(["validate", "payload.json"], console: console)
  /// ```
  package static func run(_ arguments: [String], console: Console) -> Int32 {
    do {
      var command = try parseAsRoot(arguments)
      if let command = command as? any ConsoleCommand {
        try command.run(console: console)
      } else {
        try command.run()
      }
      return ExitCode.success.rawValue
    } catch {
      let status = exitCode(for: error)
      let message = fullMessage(for: error, columns: console.columns)
      if !message.isEmpty {
        console.print(message, to: status.isSuccess ? .output : .error)
      }
      return status.rawValue
    }
  }
}
