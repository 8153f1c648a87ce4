import ArgumentParser
import Foundry
import FoundryGraph
import FoundryStore

/// `foundry export --store FILE --model MODEL --entity NAME [--root KEYPATH] [-o FILE]`: every
/// stored object of an entity written as a payload through the model's key paths, so that
/// `foundry import` of the file with the same options gives the same objects.
///
/// ```
/// $ foundry export --store library.sqlite --model Examples/Library.xcdatamodeld --entity Author \
///     --root authors --transformer ISODay=date:yyyy-MM-dd -o authors-copy.json
/// exported 2 Author to authors-copy.json
/// ```
struct ExportCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the stored objects of an entity as a JSON or XML payload.",
    discussion: """
      Objects are written through the model's key paths and transformers, with their \
      relationships nested as an import reads them; --root wraps them at a key path. The \
      output is JSON, or XML when FILE ends in .xml (the root element named after the \
      model, each object an element named after --root, object without it). Without -o, \
      the JSON goes to standard output. Exit status: 0 on success, 1 when the store or the \
      model cannot be read or the file cannot be written.
      """
  )

  @OptionGroup var options: StoreOptions

  @Option(help: ArgumentHelp("The key path the objects are written at (authors, data.items).", valueName: "keypath"))
  var root: String?

  @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write: JSON, or XML when it ends in .xml.", valueName: "file"))
  var output: String?

  @Option(help: RelationshipStyle.help)
  var relationships: RelationshipStyle?

  func run(console: Console) throws {
    let (_, context) = try options.open(console: console)
    let objects = try console.failing { try context.fetchNow(FetchRequest(entity: options.entity)) }
    var export = GraphFileExport(entity: options.entity, root: root, modelPath: options.model ?? options.store, transformers: context.transformers)
    export.relationships = relationships?.export ?? .nested
    let count = try export.write(objects, of: context.graph, to: output ?? "-", console: console)
    if let output { console.print("exported \(count) \(options.entity) to \(output)") }
  }
}
