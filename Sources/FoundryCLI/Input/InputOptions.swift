import ArgumentParser
import FoundryJSON
import FoundryXML

/// The options every command that reads documents shares: parser relaxations, limits and the
/// input format.
///
/// ```
/// foundry validate --lenient --max-depth 64 settings.jsonc
/// foundry import --max-string-length 4096 --max-members 10000 upload.json --model Library.xcdatamodeld --entity Author
/// curl -s https://example.com/feed | foundry inspect --input-format xml -
/// foundry convert --whitespace trim --to json feed.rss
/// foundry validate --max-attributes 64 --max-entity-expansion 65536 upload.xml
/// ```
struct InputOptions: ParsableArguments {
  @Flag(help: "Accept comments, trailing commas and a byte order mark (JSON).")
  var lenient = false

  @Flag(help: "Accept // line and /* block */ comments (JSON).")
  var allowComments = false

  @Flag(help: "Accept a comma before ] and } (JSON).")
  var allowTrailingCommas = false

  @Flag(name: .customLong("allow-bom"), help: "Skip a leading UTF-8 byte order mark (JSON; XML always accepts one).")
  var allowByteOrderMark = false

  @Flag(help: "Reject an object that repeats a key (JSON; by default the last value wins).")
  var rejectDuplicateKeys = false

  @Option(
    name: .customLong("max-depth"),
    help: ArgumentHelp("The deepest nesting of arrays and objects (JSON) or elements (XML) accepted.", valueName: "n")
  )
  var maximumDepth: Int = JSONParsingOptions().maximumDepth

  // The JSON parser's other limits (see JSONParsingOptions); each refusal names its flag.
  @Option(name: .customLong("max-string-length"), help: .limit("The longest string or key accepted, in bytes as written", unbounded: true))
  var maximumStringLength: Int?
  @Option(name: .customLong("max-number-length"), help: .limit("The longest number accepted, in bytes of its text", unbounded: false))
  var maximumNumberLength: Int = JSONParsingOptions().maximumNumberLength
  @Option(name: .customLong("max-members"), help: .limit("The most elements of one array, or members of one object, accepted", unbounded: true))
  var maximumMemberCount: Int?

  // The XML parser's limits on hostile input (see XMLParsingOptions); each refusal names its flag.
  @Option(name: .customLong("max-attributes"), help: .xmlLimit("The most attributes of one element accepted, DOCTYPE defaults included"))
  var maximumAttributeCount: Int = XMLParsingOptions().maximumAttributeCount
  @Option(name: .customLong("max-entity-expansion"), help: .xmlLimit("The most bytes entity references may expand to, over the whole document"))
  var maximumEntityExpansion: Int = XMLParsingOptions().maximumEntityExpansion
  @Option(name: .customLong("max-entity-depth"), help: .xmlLimit("The deepest entity references may nest inside entities"))
  var maximumEntityDepth: Int = XMLParsingOptions().maximumEntityDepth
  @Option(
    name: .customLong("max-defaulted-attribute-bytes"),
    help: .xmlLimit("The most bytes of attributes DOCTYPE defaults may add, over the whole document")
  )
  var maximumDefaultedAttributeBytes: Int = XMLParsingOptions().maximumDefaultedAttributeBytes

  @Option(
    help: ArgumentHelp(
      "How XML keeps whitespace in text: keep it, drop-blank (drop whitespace-only text; the default), trim (drop it, trim the rest; the default of import).",
      valueName: "mode"
    ))
  var whitespace: WhitespaceMode?

  @Option(help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "format"))
  var inputFormat: DocumentFormat?

  /// The `--whitespace` modes, as ``XMLParsingOptions/Whitespace`` names them.
  enum WhitespaceMode: String, ExpressibleByArgument, CaseIterable {
    case keep
    case dropBlank = "drop-blank"
    case trim

    var parsingValue: XMLParsingOptions.Whitespace {
      switch self {
      case .keep: .keep
      case .dropBlank: .dropBlank
      case .trim: .trim
      }
    }
  }

  func validate() throws {
    let limits =
      [("--max-depth", maximumDepth), ("--max-number-length", maximumNumberLength), ("--max-attributes", maximumAttributeCount)]
      + [("--max-entity-expansion", maximumEntityExpansion), ("--max-entity-depth", maximumEntityDepth)]
      + [("--max-defaulted-attribute-bytes", maximumDefaultedAttributeBytes)]
      + [("--max-string-length", maximumStringLength), ("--max-members", maximumMemberCount)].compactMap { flag, value in value.map { (flag, $0) } }
    for (flag, value) in limits where value < 1 { throw ValidationError("\(flag) must be at least 1, got \(value).") }
  }

  /// The JSON parser options the flags ask for.
  var parsingOptions: JSONParsingOptions {
    var options = JSONParsingOptions()
    options.allowsComments = lenient || allowComments
    options.allowsTrailingCommas = lenient || allowTrailingCommas
    options.allowsByteOrderMark = lenient || allowByteOrderMark
    options.duplicateKeys = rejectDuplicateKeys ? .reject : .keepLast
    options.maximumDepth = maximumDepth
    options.maximumNumberLength = maximumNumberLength
    if let maximumStringLength { options.maximumStringLength = maximumStringLength }
    if let maximumMemberCount { options.maximumMemberCount = maximumMemberCount }
    return options
  }

  /// The XML parser options the flags ask for: comments and processing instructions left out.
  var xmlParsingOptions: XMLParsingOptions { xmlParsingOptions(startingFrom: XMLParsingOptions()) }

  /// The XML parser options the flags ask for, on top of `defaults` (whose whitespace mode
  /// stays unless `--whitespace` is given).
  func xmlParsingOptions(startingFrom defaults: XMLParsingOptions) -> XMLParsingOptions {
    var options = defaults
    options.whitespace = whitespace?.parsingValue ?? defaults.whitespace
    options.maximumDepth = maximumDepth
    options.maximumAttributeCount = maximumAttributeCount
    options.maximumEntityExpansion = maximumEntityExpansion
    options.maximumEntityDepth = maximumEntityDepth
    options.maximumDefaultedAttributeBytes = maximumDefaultedAttributeBytes
    return options
  }

  /// A loader reading with these options from `console`; XML keeps its comments and
  /// processing instructions only when asked (the commands that rewrite XML ask).
  func makeLoader(console: Console, keepsComments: Bool = false, keepsProcessingInstructions: Bool = false) -> DocumentLoader {
    var xmlOptions = xmlParsingOptions
    xmlOptions.keepsComments = keepsComments
    xmlOptions.keepsProcessingInstructions = keepsProcessingInstructions
    return DocumentLoader(options: parsingOptions, xmlOptions: xmlOptions, format: inputFormat, console: console)
  }
}

extension DocumentFormat: ExpressibleByArgument {}

extension ArgumentHelp {
  /// The help of a JSON limit: `summary`, and whether only the input size bounds it by default.
  static func limit(_ summary: String, unbounded: Bool) -> ArgumentHelp {
    ArgumentHelp(summary + " (JSON" + (unbounded ? "; by default only the input size bounds it)." : ")."), valueName: "n")
  }

  /// The help of an XML limit (the parser's default shows as the flag's).
  static func xmlLimit(_ summary: String) -> ArgumentHelp {
    ArgumentHelp(summary + " (XML).", valueName: "n")
  }
}
