#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
internal import FoundryInternals

/// `foundry import PAYLOAD... --model MODEL --entity NAME`: imports JSON or XML payloads into
/// one object graph of an Xcode Core Data model and reports what it holds.
///
/// ```
/// $ foundry import Examples/authors.json Examples/authors-update.json \
///     --model Examples/Library.xcdatamodeld --entity Author --root authors \
///     --transformer ISODay=date:yyyy-MM-dd
/// model: Library 2 (2 versions)
/// imported Examples/authors.json: 2 Author
/// imported Examples/authors-update.json: 2 Author
/// objects: Author 2, Book 4, Tag 4
/// relationships: 11
/// ```
///
/// The payloads import in order into the same graph, so an object a later payload names by
/// identity is updated rather than created again. ``ImportSummary`` prints the report;
/// `--export` writes the graph back as a payload the same options import.
struct ImportCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import JSON or XML payloads into the object graph of a Core Data model.",
    discussion: """
      MODEL is a .xcdatamodeld bundle (its current version), a .xcdatamodel directory or \
      its contents file; its entities, identities, key paths (jsonKeyPath, JSONKeyPath, \
      externalKeyPath user info) and transformer names say how payloads map. Each payload \
      (JSON or XML, by extension, else by its first character; - is standard input) holds \
      objects of entity NAME at --root, as an array or a single object. The payloads \
      import in order into one graph, where the same identity is the same object: a later \
      payload updates what an earlier one made, an absent key leaves a value alone and \
      null clears it. A transformer name the model uses must be bound with --transformer \
      NAME=SPEC to a built-in (iso8601, date:yyyy-MM-dd, epoch-seconds, split:, and the \
      others the error lists) unless the name is itself a spec. The report names the \
      model version, each payload's top-level objects, the objects of the final graph by \
      entity, the relationship links made and every lossy issue, after its payload's \
      name. --format json prints {"objects": {ENTITY: COUNT}, "relationships": N, \
      "issues": [{"file", "path", "message"}]}; an issue's message is what lossy mode did \
      and why, without the leading path. --export writes every object of the entity back: \
      JSON, or XML when FILE ends in .xml, with the root element named after the model \
      (lowercased; objects when that is not a plain XML name) and an element per object \
      named after --root (object without it, so import such a file with --root object). \
      Importing the export with the same options gives an equal graph. Exit status: 0 on \
      success, 1 when the model or a payload cannot be read, a value is bad (without \
      --lossy) or the export cannot be written, 64 for a usage error.
      """
  )

  /// How the report is printed.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: ArgumentHelp("The payloads to import, in order; - reads standard input.", valueName: "payload"))
  var payloads: [String]

  @Option(help: ArgumentHelp("The model: a .xcdatamodeld, a .xcdatamodel or its contents file.", valueName: "model"))
  var model: String

  @Option(help: ArgumentHelp("The entity of the payloads' objects.", valueName: "name"))
  var entity: String

  @Option(help: ArgumentHelp("The key path of the objects inside each payload (authors, data.items).", valueName: "keypath"))
  var root: String?

  @OptionGroup var transformers: TransformerOptions

  @Flag(help: "Leave bad objects and values out and report them as issues instead of failing.")
  var lossy = false

  @Option(help: ArgumentHelp("Write the entity's objects to this file: JSON, or XML when it ends in .xml.", valueName: "file"))
  var export: String?

  @Option(help: RelationshipStyle.help)
  var relationships: RelationshipStyle?

  @Option(help: "How to print the report: text or json.")
  var format: OutputFormat = .text

  @Option(
    help: ArgumentHelp(
      "Import into this store, one transaction per payload: an SQLite file (created when missing) or a PostgreSQL database as a postgres:// URL (its tables created when it has none).",
      valueName: "file-or-url"))
  var store: String?

  @Flag(name: .customLong("dry-run"), help: "With --store: report what each payload would insert, update and delete, and write nothing.")
  var dryRun = false

  @Flag(
    help: "With --store: report progress on standard error even when it is not a terminal or the payload is small, a line at a time (for logs).")
  var progress = false

  /// How a payload's to-many relationships combine with what a store holds.
  enum SyncPolicy: String, ExpressibleByArgument, CaseIterable {
    case keep, detach, delete
    case byKind = "by-kind"

    var merge: GraphImportOptions.ToManyMerge {
      switch self {
      case .keep: .append
      case .detach: .replace
      case .delete: .replaceDeletingOthers
      case .byKind: .byKind
      }
    }
  }

  @Option(
    help: ArgumentHelp(
      "With --store: keep what a payload's lists leave out (the default), detach it (unlink), delete it, or by-kind as Sync (delete a one-to-many's, unlink a many-to-many's).",
      valueName: "policy"))
  var sync: SyncPolicy?

  @OptionGroup(title: "Models of other libraries")
  var peers: PayloadConventionOptions

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  func validate() throws {
    guard payloads.count(where: { $0 == "-" }) <= 1 else {
      throw ValidationError("Standard input ('-') can be read only once.")
    }
    _ = try transformers.registry()
    if dryRun, store == nil { throw ValidationError("--dry-run needs --store.") }
    if progress, store == nil { throw ValidationError("--progress reports an import into a store; give --store.") }
    if sync != nil, store == nil { throw ValidationError("--sync needs --store.") }
    if store != nil, export != nil { throw ValidationError("--export writes the imported graph; with --store, use foundry export.") }
    if relationships != nil, export == nil { throw ValidationError("--relationships says how --export writes related objects; give --export.") }
    if case .predicate? = peers.scope, store == nil { throw ValidationError("--scope where:PREDICATE needs --store (the predicate is a store query).") }
  }

  func run(console: Console) throws {
    var options = try importOptions()
    var loader = ModelLoader(path: model)
    loader.conventions = peers.payloadConventions
    let (modelFile, schema) = try loader.load(entity: entity, transformers: options.mapping.transformers, console: console)
    ModelLoader.bindPayloadTransformers(of: schema, in: &options, console: console)
    if let store {
      var storeOptions = options
      storeOptions.toManyMerge = (sync ?? .keep).merge
      return try importIntoStore(at: store, schema: schema, model: modelFile, options: storeOptions, console: console)
    }
    ModelLoader.noteUnbound(in: schema, registry: options.mapping.transformers, console: console)
    let graph = ObjectGraph(schema: schema)
    var summary = ImportSummary(model: modelFile, entity: entity)
    for payload in payloads {
      let sourceName = DocumentLoader.sourceName(for: payload)
      let report = try console.failing { try importPayload(payload, sourceName: sourceName, into: graph, options: options, console: console) }
      summary.add(report, from: sourceName)
    }
    summary.count(graph)
    var exported: String?
    if let export {
      var fileExport = GraphFileExport(entity: entity, root: root, modelPath: model, transformers: options.mapping.transformers)
      fileExport.relationships = relationships?.export ?? .nested
      let count = try fileExport.write(try console.failing { try graph.objects(of: entity) }, of: graph, to: export, console: console)
      exported = "exported \(count) \(entity) to \(export)"
    }
    switch format {
    case .text:
      var text = summary.makeText()
      if let exported { text += "\n" + exported }
      console.print(text)
    case .json:
      console.print(summary.makeJSONValue().makeJSONString(options: .pretty))
    }
  }

  // MARK: - Payloads

  /// The import options: the built-in transformers plus the bindings, strict or lossy.
  func importOptions() throws -> GraphImportOptions {
    var options = GraphImportOptions()
    options.mapping.transformers = try transformers.registry()
    options.isLossy = lossy
    options.mapping.parsing = input.parsingOptions
    options.mapping.xmlParsing = input.xmlParsingOptions(startingFrom: options.mapping.xmlParsing)
    peers.apply(to: &options)
    return options
  }

  /// Reads one payload and imports it into `graph`.
  ///
  /// - Throws: An error whose description is a compiler-style diagnostic: the file cannot be
  ///   read, the document is malformed, or (strict) a value is bad.
  private func importPayload(
    _ path: String, sourceName: String, into graph: ObjectGraph, options: GraphImportOptions, console: Console
  ) throws -> GraphImportReport {
    let (bytes, format) = try input.makeLoader(console: console).read(path)
    switch format {
    case .json:
      return try graph.importJSON(bytes, entity: entity, root: root, options: options, sourceName: sourceName)
    case .xml:
      return try graph.importXML(bytes, entity: entity, root: root, options: options, sourceName: sourceName)
    }
  }
}
