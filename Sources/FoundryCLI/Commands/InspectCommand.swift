import ArgumentParser
import Foundry
import FoundryJSON
import FoundryXML

/// `foundry inspect FILE`: prints the merged shape of a document.
///
/// An XML document is inspected through its JSON view (``XMLJSONView``, as a model maps it:
/// the root element's value, `@name` attributes, `#text`, repeated elements as arrays), under
/// comment lines that name the root, the namespaces declared and the elements counted.
///
/// ```
/// $ foundry inspect Examples/earthquakes.json --depth 2
/// $ foundry inspect --format json payload.json | jq '.fields.items.items.fields | keys'
/// $ foundry inspect city.osm
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
      array lengths, how many objects had an optional key, and an example string. XML shows \
      the keys a model maps: the root element's content, attributes as @name, text as \
      #text, an element that repeats as an array, "#content" where the order of mixed \
      content matters; comments above it name the root element, the namespaces declared \
      and how many elements of each name there are.
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

  @Flag(help: "Keep every key (the first 10,000 of an object; the rest are counted): never summarize objects as {<id>: shape} dictionaries.")
  var allKeys = false

  @Flag(help: "Print every object in full, even one whose structure was already shown.")
  var expandRepeats = false

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  func validate() throws {
    if let depth, depth < 0 { throw ValidationError("--depth must be at least 0, got \(depth).") }
  }

  func run(console: Console) throws {
    let (shape, summary) = try readShape(console: console)
    render(shape, summary: summary, console: console)
  }

  /// The shape of the document, and for XML its summary. A file is read a piece at a time,
  /// whatever its size: JSON an element of its array at a time (the top-level array, GeoJSON's
  /// `features`), XML a child of the root at a time. XML whose root holds text, or whose
  /// children's names come back after others, is read whole: its view needs all of it.
  private func readShape(console: Console) throws -> (Shape, XMLSummary?) {
    let loader = input.makeLoader(console: console)
    var shapeOptions = ShapeOptions()
    shapeOptions.summarizesMaps = !allKeys
    if let chunked = try console.failing({ try ChunkedFile.open(file, loader: loader) }) {
      switch chunked.form {
      case .json(let layout):
        return (try console.failing { try StreamedShape.read(chunked, layout: layout, loader: loader, options: shapeOptions) }, nil)
      case .xml:
        if let (shape, summary) = try console.failing({ try StreamedXMLShape.read(chunked, loader: loader, options: shapeOptions) }) {
          return (shape, summary)
        }
      }
    }
    switch try console.failing({ try loader.load(file) }) {
    case .json(let json):
      return (Shape(of: json.root, options: shapeOptions), nil)
    case .xml(let tree):
      // The mapping view (root unwrapped, no xmlns members): the key paths a model uses.
      return (Shape(of: XMLJSONView.document(of: tree.root).root, options: shapeOptions), XMLSummary(of: tree))
    }
  }

  /// Prints `shape` (and, for XML, the summary) in the chosen format.
  private func render(_ shape: Shape, summary: XMLSummary?, console: Console) {
    switch format {
    case .text:
      var options = ShapeRenderer.Options()
      options.maximumDepth = depth
      options.showsExamples = !noExamples
      options.abbreviatesRepeats = !expandRepeats
      for line in summary?.headerLines() ?? [] { console.print(line) }
      ShapeRenderer(options: options).render(shape) { console.write($0) }
      console.write("\n")
    case .json:
      var value = shape.makeJSONValue()
      if let summary, case .object(let object) = value {
        value = .object(JSONObject([("xml", summary.makeJSONValue())] + object.map { ($0.key, $0.value) }))
      }
      // Streamed, and taken apart level by level: a deep document has a deep shape, which
      // pretty-printed is far larger than itself.
      value.writeJSON(options: .pretty) { console.write(String(decoding: $0, as: UTF8.self)) }
      console.write("\n")
      JSONValue.dismantle(consume value)
    }
  }
}
