import ArgumentParser
import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// The options of the commands that write a document: layout, XML indentation and where the
/// text goes.
///
/// ```
/// foundry format --compact payload.json -o payload.min.json
/// foundry convert --to xml --indent 4 feed.json
/// ```
struct OutputOptions: ParsableArguments {
  /// The layout of the output.
  enum Layout: String, EnumerableFlag {
    case pretty, compact

    static func help(for value: Layout) -> ArgumentHelp? {
      switch value {
      case .pretty: "One member, array element or XML element per line, indented."
      case .compact: "No whitespace between tokens or tags."
      }
    }
  }

  @Flag var layout: Layout = .pretty

  @Option(help: ArgumentHelp("Spaces per level of pretty XML, 0 to 16 (JSON always uses 2).", valueName: "n"))
  var indent: Int?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file")
  )
  var output: String?

  func validate() throws {
    if let indent, !(0...16).contains(indent) { throw ValidationError("--indent must be from 0 to 16, got \(indent).") }
  }

  /// The JSON writer options for the layout.
  var jsonWritingOptions: JSONWritingOptions {
    var options = JSONWritingOptions()
    options.isPretty = layout == .pretty
    return options
  }

  /// The XML writer options for the layout, with or without the XML declaration.
  func xmlWritingOptions(includesDeclaration: Bool) -> XMLWritingOptions {
    var options = layout == .pretty ? XMLWritingOptions.pretty(indent: indent ?? 2) : XMLWritingOptions.compact
    options.includesDeclaration = includesDeclaration
    return options
  }

  /// Reports `--indent` for JSON output as a usage error (exit status 64).
  ///
  /// - Throws: `ExitCode.validationFailure` after printing the diagnostic.
  func checkIndent(for format: DocumentFormat, sourceName: String, console: Console) throws {
    guard indent != nil, format == .json else { return }
    try Self.usageError("--indent applies to XML output; JSON is indented by two spaces", sourceName: sourceName, console: console)
  }

  /// Writes `text`, ending it with a line break, to standard output or the `--output` file.
  ///
  /// - Throws: `ExitCode.failure` after printing why the file could not be written.
  func emit(_ text: String, console: Console) throws {
    let text = text.hasSuffix("\n") ? text : text + "\n"
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

  /// Prints a flag that does not fit the document as a compiler-style error and exits with 64.
  static func usageError(_ message: String, sourceName: String, console: Console) throws -> Never {
    console.print(Diagnostic.render(message: message, sourceName: sourceName), to: .error)
    throw ExitCode.validationFailure
  }
}
