import ArgumentParser
import FoundryJSON

/// The options every command that reads documents shares: parser relaxations, limits and the
/// input format.
///
/// ```
/// foundry validate --lenient --max-depth 64 settings.jsonc
/// curl -s https://example.com/feed | foundry inspect --input-format json -
/// ```
struct InputOptions: ParsableArguments {
  @Flag(help: "Accept comments, trailing commas and a byte order mark.")
  var lenient = false

  @Flag(help: "Accept // line and /* block */ comments.")
  var allowComments = false

  @Flag(help: "Accept a comma before ] and }.")
  var allowTrailingCommas = false

  @Flag(name: .customLong("allow-bom"), help: "Skip a leading UTF-8 byte order mark.")
  var allowByteOrderMark = false

  @Flag(help: "Reject an object that repeats a key (by default the last value wins).")
  var rejectDuplicateKeys = false

  @Option(name: .customLong("max-depth"), help: ArgumentHelp("The deepest nesting of arrays and objects accepted.", valueName: "n"))
  var maximumDepth: Int = JSONParsingOptions().maximumDepth

  @Option(help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "format"))
  var inputFormat: DocumentFormat?

  func validate() throws {
    guard maximumDepth >= 1 else { throw ValidationError("--max-depth must be at least 1, got \(maximumDepth).") }
  }

  /// The parser options the flags ask for.
  var parsingOptions: JSONParsingOptions {
    var options = JSONParsingOptions()
    options.allowsComments = lenient || allowComments
    options.allowsTrailingCommas = lenient || allowTrailingCommas
    options.allowsByteOrderMark = lenient || allowByteOrderMark
    options.duplicateKeys = rejectDuplicateKeys ? .reject : .keepLast
    options.maximumDepth = maximumDepth
    return options
  }

  /// A loader reading with these options from `console`.
  func makeLoader(console: Console) -> DocumentLoader {
    DocumentLoader(options: parsingOptions, format: inputFormat, console: console)
  }
}

extension DocumentFormat: ExpressibleByArgument {}
