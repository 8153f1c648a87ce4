import ArgumentParser
import FoundryJSON

/// `foundry format FILE`: rewrites a document pretty-printed or compact, optionally with sorted
/// keys and escaped characters, to standard output or a file.
///
/// ```
/// $ foundry format --compact --sort-keys payload.json -o payload.min.json
/// $ foundry format --lenient settings.jsonc        # comments and trailing commas dropped
/// ```
struct FormatCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Pretty-print or compact a document.",
    discussion: """
      Numbers keep their text exactly; with a repeated key the last value wins (see \
      --reject-duplicate-keys). With --lenient, comments and trailing commas are accepted \
      and dropped, which turns JSONC into strict JSON.
      """
  )

  /// The layout of the output.
  enum Layout: String, EnumerableFlag {
    case pretty, compact

    static func help(for value: Layout) -> ArgumentHelp? {
      switch value {
      case .pretty: "One member or element per line, indented by two spaces."
      case .compact: "No whitespace at all."
      }
    }
  }

  @Argument(help: ArgumentHelp("The document to format; - reads standard input.", valueName: "file"))
  var file: String

  @Flag var layout: Layout = .pretty

  @Flag(help: "Write the members of every object in ascending order of their keys.")
  var sortKeys = false

  @Flag(help: "Write / as \\/ (safe inside an HTML <script> element).")
  var escapeSlashes = false

  @Flag(help: "Write every character beyond ASCII as a \\u escape.")
  var escapeNonASCII = false

  @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file"))
  var output: String?

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  /// The writer options the flags ask for.
  var writingOptions: JSONWritingOptions {
    var options = JSONWritingOptions()
    options.isPretty = layout == .pretty
    options.sortsKeys = sortKeys
    options.escapesSlashes = escapeSlashes
    options.escapesNonASCII = escapeNonASCII
    return options
  }

  func run(console: Console) throws {
    let document: LoadedDocument
    do {
      document = try input.makeLoader(console: console).load(file)
    } catch {
      console.print(error.description, to: .error)
      throw ExitCode.failure
    }
    let text: String
    switch document {
    case .json(let json): text = json.root.makeJSONString(options: writingOptions) + "\n"
    }
    guard let output, output != "-" else {
      console.write(text)
      return
    }
    do {
      try OutputFile.write(text, to: output)
    } catch {
      console.print("error: cannot write '\(output)': \(error.reason)", to: .error)
      throw ExitCode.failure
    }
  }
}
