import ArgumentParser
import FoundryJSON
import FoundryXML

/// `foundry format FILE`: rewrites a document pretty-printed or compact, to standard output or
/// a file. JSON can have its keys sorted and characters escaped; XML keeps its comments,
/// processing instructions and XML declaration unless asked otherwise.
///
/// ```
/// $ foundry format --compact --sort-keys payload.json -o payload.min.json
/// $ foundry format --lenient settings.jsonc        # comments and trailing commas dropped
/// $ foundry format --indent 4 --drop-comments feed.rss
/// ```
struct FormatCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Pretty-print or compact a document.",
    discussion: """
      JSON numbers keep their text exactly; with a repeated key the last value wins (see \
      --reject-duplicate-keys). With --lenient, comments and trailing commas are accepted \
      and dropped, which turns JSONC into strict JSON. XML keeps its comments, processing \
      instructions and XML declaration (written with encoding="UTF-8"); the document type \
      declaration is dropped. Pretty XML puts each element on its own line but never adds \
      whitespace inside an element that has text, so mixed content stays as it was; \
      whitespace-only text is dropped first (see --whitespace). A file of 1 MiB or more is \
      read in chunks, twice (JSON along its array, XML a child of the root at a time), so \
      files larger than memory format too.
      """
  )

  @Argument(help: ArgumentHelp("The document to format; - reads standard input.", valueName: "file"))
  var file: String

  @OptionGroup var out: OutputOptions

  @Flag(help: "Write the members of every object in ascending order of their keys (JSON).")
  var sortKeys = false

  @Flag(help: "Write / as \\/ (JSON; safe inside an HTML <script> element).")
  var escapeSlashes = false

  @Flag(help: "Write every character beyond ASCII as a \\u escape (JSON).")
  var escapeNonASCII = false

  @Flag(help: "Leave comments out (XML).")
  var dropComments = false

  @Flag(help: "Leave processing instructions out (XML).")
  var dropProcessingInstructions = false

  @Flag(help: "Write empty elements as <a></a> rather than <a/> (XML).")
  var expandEmptyElements = false

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  /// The JSON writer options the flags ask for.
  var writingOptions: JSONWritingOptions {
    var options = out.jsonWritingOptions
    options.sortsKeys = sortKeys
    options.escapesSlashes = escapeSlashes
    options.escapesNonASCII = escapeNonASCII
    return options
  }

  func run(console: Console) throws {
    let loader = input.makeLoader(console: console, keepsComments: !dropComments, keepsProcessingInstructions: !dropProcessingInstructions)
    let sourceName = DocumentLoader.sourceName(for: file)
    if try console.failing({ try loader.isLarge(file) }), try formatStreamed(ChunkedSource(path: file, loader: loader), console: console) {
      return
    }
    let document = try console.failing { try loader.load(file) }
    try checkFlags(for: document.format, sourceName: sourceName, console: console)
    // Streamed: deep nesting pretty-printed writes far more than it reads.
    switch document {
    case .json(let json):
      try out.write(json.root, options: writingOptions, console: console)
    case .xml(let tree):
      try out.write(tree, options: xmlWritingOptions(hasDeclaration: tree.declaration != nil), sourceName: sourceName, console: console)
    }
  }

  /// The XML writer options the flags ask for.
  private func xmlWritingOptions(hasDeclaration: Bool) -> XMLWritingOptions {
    var options = out.xmlWritingOptions(includesDeclaration: hasDeclaration)
    if expandEmptyElements { options.emptyElements = .expanded }
    return options
  }

  /// Formats a file larger than memory a piece at a time (JSON along its array, XML a child
  /// of the root at a time); `false` when it must be read whole.
  private func formatStreamed(_ source: ChunkedSource, console: Console) throws -> Bool {
    let sourceName = DocumentLoader.sourceName(for: source.path)
    if let writing = try console.failing({ try StreamedJSONWriting.plan(source, options: writingOptions) }) {
      try checkFlags(for: .json, sourceName: sourceName, console: console)
      try out.emit(console: console) { write in try console.failing { try writing.write(to: write) } }
      return true
    }
    guard let writing = try console.failing({ try StreamedXMLWriting.plan(source, options: xmlWritingOptions(hasDeclaration:)) }) else { return false }
    try checkFlags(for: .xml, sourceName: sourceName, console: console)
    try out.emit(console: console) { write in
      guard let refusal = try console.failing({ try writing.write(to: write) }) else { return }
      try console.failingXMLWriting(sourceName: sourceName) { () throws(XMLWritingError) in throw refusal }
    }
    return true
  }

  /// Rejects flags of the other format, so that a misplaced one never goes unnoticed.
  private func checkFlags(for format: DocumentFormat, sourceName: String, console: Console) throws {
    try out.checkIndent(for: format, sourceName: sourceName, console: console)
    let flags: [(isSet: Bool, name: String, format: DocumentFormat)] = [
      (sortKeys, "--sort-keys", .json),
      (escapeSlashes, "--escape-slashes", .json),
      (escapeNonASCII, "--escape-non-ascii", .json),
      (dropComments, "--drop-comments", .xml),
      (dropProcessingInstructions, "--drop-processing-instructions", .xml),
      (expandEmptyElements, "--expand-empty-elements", .xml),
    ]
    for flag in flags where flag.isSet && flag.format != format {
      try OutputOptions.usageError(
        "\(flag.name) applies to \(flag.format.displayName), not \(format.displayName)",
        sourceName: sourceName,
        console: console
      )
    }
  }
}
