#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import FoundryGraph

/// `foundry generate --model MODEL [--out DIR]`: writes an `@Entity` class for each entity of
/// an Xcode Core Data model; `foundry generate --from-sample PAYLOAD...` writes `@Mappable`
/// models that read sample payloads.
///
/// ```
/// $ foundry generate --model Library.xcdatamodeld
/// $ foundry generate --model Library.xcdatamodeld --out Sources/Library/Model
/// Sources/Library/Model/Author.swift
/// Sources/Library/Model/Book.swift
/// $ foundry generate --from-sample orders.json orders-2.json --name Order --enums
/// ```
///
/// Without `--out` all types go to standard output as one file. ``EntitySourceGenerator``
/// decides what each class holds; its warnings go to standard error. ``SampleInference`` and
/// ``MappableSourceWriter`` make the models of samples.
struct GenerateCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate @Entity classes from an Xcode Core Data model, or @Mappable models from sample payloads.",
    discussion: """
      MODEL is a .xcdatamodeld bundle (its current version), a .xcdatamodel directory or \
      its contents file. Each entity becomes a final class (a class when it has \
      subentities, which become its subclasses) named after it, with a property per \
      attribute and relationship; names that are not Swift identifiers are sanitized, \
      keywords are written in backticks. A required attribute is initialized with the \
      model's default, else with a zero value the getter returns until it is set (.zero, \
      String(), Bool(), the 1970 epoch, empty data, the nil UUID), which the entity does \
      not take as its default; required URLs, transformables with a transformer and \
      to-one relationships are optional, as their comments say. Without --out, every class goes to standard output; with \
      --out, each goes to <Class>.swift in DIR (created if needed), and the paths written \
      are listed.

      With --from-sample, the JSON or XML payloads given (several merge, as the elements of \
      one array) become @Mappable structs: one per object shape, named after its key \
      (singular for array elements), with Swift-style property names that keep their keys \
      through @Key or a key strategy. A key missing from some samples, or null in some, is \
      optional (a comment says how often); null array elements make the elements \
      optional; a key whose type varies gets the type that reads all of its values (a \
      comment says what varies); dates in ISO 8601, RFC 1123, Twitter form or as epoch \
      seconds or milliseconds get their transformer (one that tries each format when a \
      payload mixes them); objects keyed by ids or dates are \
      dictionaries; with --enums a small closed set of strings is an enum with a default \
      case. XML attributes (@name), text (#text) and repeated elements follow the XML view. \
      With --graph, the records become @Entity classes instead: nested records and arrays \
      of them are relationships with inverses, an id key (or <type>_id) is the identity; \
      --model-file PATH writes that schema as an Xcode model (PATH/contents) instead.

      Exit status: 0 on success, 1 when the model or a sample cannot be read or a file \
      cannot be written.
      """
  )

  @Option(help: ArgumentHelp("The model: a .xcdatamodeld, a .xcdatamodel or its contents file.", valueName: "model"))
  var model: String?

  @Option(
    name: .customLong("from-sample"), parsing: .upToNextOption,
    help: ArgumentHelp("Sample payloads (JSON or XML, all of one kind) to write @Mappable models for.", valueName: "payload")
  )
  var samples: [String] = []

  @Option(help: ArgumentHelp("The root type's name (default: after --root or the first sample's file name).", valueName: "name"))
  var name: String?

  @Option(help: ArgumentHelp("The key path of the value to model in each sample (default: the whole payload).", valueName: "keypath"))
  var root: String?

  @Flag(help: "Make small closed sets of strings enums with a default case (with --from-sample).")
  var enums = false

  @Flag(help: "Write @Entity classes for an object graph instead of @Mappable models (with --from-sample).")
  var graph = false

  @Option(
    name: .customLong("model-file"),
    help: ArgumentHelp("Write the graph's schema as an Xcode model (a .xcdatamodel directory) instead of classes (with --from-sample).", valueName: "path")
  )
  var modelFile: String?

  @Option(help: ArgumentHelp("Write one <Type>.swift per type into this directory.", valueName: "dir"))
  var out: String?

  func validate() throws {
    if model == nil, samples.isEmpty { throw ValidationError("Give --model MODEL, or --from-sample with one or more payloads.") }
    if model != nil, !samples.isEmpty { throw ValidationError("--model and --from-sample cannot be used together.") }
    if model != nil, name != nil || root != nil || enums || graph || modelFile != nil {
      throw ValidationError("--name, --root, --enums, --graph and --model-file go with --from-sample.")
    }
  }

  func run(console: Console) throws {
    guard let model else { return try runSamples(console: console) }
    let schema = try console.failing { try Self.loadSchema(at: model) }
    let generator = EntitySourceGenerator(schema: schema, modelName: EntitySourceGenerator.modelName(ofPath: model))
    for warning in generator.warnings { console.print(warning, to: .error) }
    try write(source: generator.makeSource(), files: generator.makeFiles(), console: console)
  }

  /// Prints `source` without `--out`; with it, writes `files` into that directory and lists
  /// their paths.
  func write(source: String, files: @autoclosure () -> [GeneratedFile], console: Console) throws {
    guard let out else {
      console.write(source)
      return
    }
    do {
      try OutputDirectory.create(out)
    } catch {
      throw console.failure("cannot create directory '\(out)': \(error.reason)")
    }
    let directory = out.hasSuffix("/") ? out : out + "/"
    for file in files() {
      let path = directory + file.name
      do {
        try OutputFile.write(file.text, to: path)
      } catch {
        throw console.failure(writing: path, because: error)
      }
      console.print(path)
    }
  }

  /// The schema of the model at `path`: the one place the command reads a model.
  ///
  /// - Throws: `GraphError`, whose description is a compiler-style diagnostic.
  static func loadSchema(at path: String) throws -> Schema {
    try Schema(modelAt: URL(fileURLWithPath: path))
  }
}
