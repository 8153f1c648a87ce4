import ArgumentParser
import Foundry
import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// `foundry convert FILE --to json|xml`: turns XML into JSON and back under the convention
/// models map (``XMLJSONView``), so that `convert --to json` prints exactly what key paths see.
///
/// ```
/// $ foundry convert feed.rss --to json -o feed.json
/// $ foundry convert feed.json --to xml --indent 4
/// ```
///
/// The document is wrapped in an object named after its root element:
/// `<node id="7"><tag k="a"/><tag k="b"/></node>` converts to
/// `{"node": {"@id": "7", "tag": [{"@k": "a"}, {"@k": "b"}]}}`. Converting a document to its
/// own format is allowed and does what `format` does. A file of 1 MiB or more converts streamed
/// (``StreamedXMLConversion`` and ``StreamedJSONWriting`` to JSON, ``StreamedJSONConversion`` to
/// XML), in bounded memory, when the stream can write what the whole document gives.
struct ConvertCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert XML to JSON and back.",
    discussion: """
      The JSON is {"root-name": content}. Attributes become "@name" members (namespace \
      declarations included, as "@xmlns:prefix"), an element with neither attributes nor \
      child elements its text (a string, "" when empty), and child elements members named \
      as written (prefix:local); a name that repeats becomes an array. Text beside \
      attributes or child elements is "#text". When grouping by name would lose the order \
      of the content (text between elements, a name that comes back after another), \
      "#content" also lists it in order: text as strings, each element as a one-member \
      object; converting back follows "#content". Below "#content", elements by name leave \
      out their own "#content", and elements in order keep only it. All values are strings; from JSON, \
      numbers and Booleans are written as their text and null as an empty element. \
      Comments, processing instructions, the XML and document type declarations, and the \
      difference between CDATA and text do not survive; everything else converts back to \
      the same element tree. Converting to the input's own format reformats it, as format \
      does.
      """
  )

  @Argument(help: ArgumentHelp("The document to convert; - reads standard input.", valueName: "file"))
  var file: String

  @Option(help: ArgumentHelp("The format to write.", valueName: "format"))
  var to: DocumentFormat

  @OptionGroup var out: OutputOptions

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  func run(console: Console) throws {
    // Kept for XML to XML, which reformats; the JSON view leaves them out anyway.
    let loader = input.makeLoader(console: console, keepsComments: true, keepsProcessingInstructions: true)
    let sourceName = DocumentLoader.sourceName(for: file)
    try out.checkIndent(for: to, sourceName: sourceName, console: console)
    if to == .xml, try console.failing({ try loader.isLarge(file) }),
      let conversion = try console.failing({ try StreamedJSONConversion.plan(ChunkedSource(path: file, loader: loader), options: out.xmlWritingOptions(includesDeclaration: true)) }
      )
    {
      return try out.emit(console: console) { write in try console.failing { try conversion.write(to: write) } }
    }
    if to == .json, try console.failing({ try loader.isLarge(file) }) {
      let options = out.jsonWritingOptions
      if let conversion = try console.failing({ try StreamedXMLConversion.plan(ChunkedSource(path: file, loader: loader), options: options) }) {
        return try out.emit(console: console) { write in try console.failing { try conversion.write(to: write) } }
      }
      if let writing = try console.failing({ try StreamedJSONWriting.plan(ChunkedSource(path: file, loader: loader), options: options) }) {
        return try out.emit(console: console) { write in try console.failing { try writing.write(to: write) } }
      }
    }
    let document = try console.failing { try loader.load(file) }
    // Streamed: deep nesting pretty-printed writes far more than it reads.
    switch (document, to) {
    case (.json(let json), .json):
      try out.write(json.root, options: out.jsonWritingOptions, console: console)
    case (.xml(let tree), .json):
      try out.write(XMLJSONView.document(of: tree.root, options: .conversion).root, options: out.jsonWritingOptions, console: console)
    case (.xml(let tree), .xml):
      try out.write(tree, options: out.xmlWritingOptions(includesDeclaration: tree.declaration != nil), sourceName: sourceName, console: console)
    case (.json(let json), .xml):
      // Both trees are as deep as the input: each is taken apart level by level when done,
      // since dropping it whole would recurse once per level.
      let value = json.value
      var built: XMLElementValue?
      var failure: MappingError?
      do {
        built = try XMLJSONView.element(fromWrapped: value)
      } catch let error as MappingError {
        failure = error
      }
      JSONValue.dismantle(consume value)
      if let failure {
        throw console.failure(Self.diagnostic(for: failure, in: json, sourceName: sourceName))
      }
      guard let root = built.take() else { return }
      let written = Result {
        try out.emit(console: console) { write in
          try console.failingXMLWriting(sourceName: sourceName, locatedBy: { Self.location(of: $0, in: json) }) { () throws(XMLWritingError) in
            try XMLDocumentValue(root: root).writeXML(options: out.xmlWritingOptions(includesDeclaration: true), to: write)
          }
        }
      }
      XMLElementValue.dismantle(consume root)
      try written.get()
    }
  }

  /// Where in the JSON text the element the writer refused came from: at the value
  /// ``node(forElementPath:in:)`` finds.
  static func location(of error: XMLWritingError, in document: JSONDocument) -> SourceLocation {
    let node = node(forElementPath: error.elementPath, in: document)
    return node.sourceLocation(ofOffset: node.byteOffset)
  }

  /// The JSON value the element at `elementPath` was made from, as near as names tell: the
  /// member named like each element in turn; the walk stops at an array (whose elements all
  /// share the name) or a name it cannot follow. The top level for an empty path.
  static func node(forElementPath elementPath: [String], in document: JSONDocument) -> JSONNode {
    var node = document.root
    for name in elementPath {
      guard node.kind == .object, let next = node[name] else { break }
      node = next
      if node.kind == .array { break }
    }
    return node
  }

  /// A JSON value XML cannot hold, reported at its place in the JSON text, with its path
  /// from the top of the document (the root element's member included).
  static func diagnostic(for error: MappingError, in document: JSONDocument, sourceName: String) -> String {
    var components = error.path.components
    var node = document.root
    // The path starts inside the wrapper unless the wrapper itself was wrong.
    var members = node.members.makeIterator()
    if node.kind == .object, node.count == 1, let (name, _) = members.next() {
      components.insert(.key(name), at: 0)
    }
    walk: for component in components {
      let next: JSONNode?
      switch component {
      case .key(let key): next = node[key]
      case .index(let index): next = node[index]
      }
      guard let next else { break walk }
      node = next
    }
    let prefix = error.path.description + ": "
    let detail = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
    let message = "\(MappingPath(components: components)): cannot convert to XML: \(detail)"
    return Diagnostic.render(message: message, location: node.sourceLocation(ofOffset: node.byteOffset), sourceName: sourceName)
  }
}
