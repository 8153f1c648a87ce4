import ArgumentParser
import FoundryJSON

/// `foundry inspect FILE`: prints the merged shape of a document.
///
/// ```
/// $ foundry inspect Examples/earthquakes.json --depth 2
/// $ foundry inspect --format json payload.json | jq '.fields.items.items.fields | keys'
/// ```
struct InspectCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show the shape of a document: its keys, their types, what varies.",
    discussion: """
      The elements of an array merge into one shape: key? marks a key missing from some \
      of them, int | double a type that varies. Objects keyed by ids or dates, or with \
      many members of one type, print as dictionaries: {<id>: shape}. An object whose \
      structure was already shown prints as {...} with "same as <path>". Comments give the \
      array lengths, how many objects had an optional key, and an example string.
      """
  )

  /// How the shape is printed.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: ArgumentHelp("The document to inspect; - reads standard input.", valueName: "file"))
  var file: String

  @Option(help: "How to print the shape: text (a tree) or json (for programs).")
  var format: OutputFormat = .text

  @Option(help: ArgumentHelp("Show objects nested this deep in full; deeper ones print as {...}.", valueName: "n"))
  var depth: Int?

  @Flag(help: "Leave example strings out of the comments.")
  var noExamples = false

  @Flag(help: "Keep every key: never summarize objects as {<id>: shape} dictionaries.")
  var allKeys = false

  @Flag(help: "Print every object in full, even one whose structure was already shown.")
  var expandRepeats = false

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  func validate() throws {
    if let depth, depth < 0 { throw ValidationError("--depth must be at least 0, got \(depth).") }
  }

  func run(console: Console) throws {
    let document: LoadedDocument
    do {
      document = try input.makeLoader(console: console).load(file)
    } catch {
      console.print(error.description, to: .error)
      throw ExitCode.failure
    }
    var shapeOptions = ShapeOptions()
    shapeOptions.summarizesMaps = !allKeys
    let shape: Shape
    switch document {
    case .json(let json): shape = Shape(of: json.root, options: shapeOptions)
    }
    switch format {
    case .text:
      var options = ShapeRenderer.Options()
      options.maximumDepth = depth
      options.showsExamples = !noExamples
      options.abbreviatesRepeats = !expandRepeats
      console.print(ShapeRenderer(options: options).render(shape))
    case .json:
      console.print(shape.makeJSONValue().makeJSONString(options: .pretty))
    }
  }
}
