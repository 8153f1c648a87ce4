#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Foundry
import FoundryGraph
internal import FoundryInternals

/// Reads the model a command names with `--model` and checks what the command asks of it,
/// printing each problem as a diagnostic at the model's `contents` file.
///
/// ```swift
/// let loader = ModelLoader(path: "Library.xcdatamodeld")
/// let (file, schema) = try loader.load(entity: "Author", transformers: .standard, console: console)
/// ```
struct ModelLoader {
  /// The model as given: a `.xcdatamodeld`, a `.xcdatamodel` or its `contents` file.
  let path: String
  /// Conventions the schema is read with, besides the model's own (`--keys`, `--conventions`).
  var conventions = PayloadConventions.none

  /// The model file and its schema; a model that cannot be read is reported and exits with 1.
  func load(console: Console) throws -> (ModelFile, Schema) {
    try console.failing {
      let file = try ModelFile(contentsOf: URL(fileURLWithPath: path))
      return (file, try Schema(file, conventions: conventions))
    }
  }

  /// The model file and its schema, checked for `entity` and for every transformer name its
  /// attributes use, which `transformers` must resolve: what `import`, and `query` and `export`
  /// with `--model`, read before anything else. Each problem is reported and exits with 1.
  func load(entity: String, transformers: TransformerRegistry, console: Console) throws -> (ModelFile, Schema) {
    let (file, schema) = try load(console: console)
    try checkEntity(entity, in: schema, model: file, console: console)
    try checkTransformers(of: schema, registry: transformers, model: file, console: console)
    return (file, schema)
  }

  /// Reports an entity the model does not declare, with the nearest names it does.
  private func checkEntity(_ entity: String, in schema: Schema, model: ModelFile, console: Console) throws {
    guard schema[entity] == nil else { return }
    let hint = NameSuggestion.hint(for: entity, among: schema.entities.map(\.name), noun: "entities")
    let message = "no entity named \"\(entity)\" in the model (\(hint))"
    throw console.failure(Diagnostic.render(message: message, sourceName: sourceName(model)))
  }

  /// Reports every transformer name the model uses that neither a `--transformer` binding nor
  /// the built-in specs resolve, before any payload is read; but for transformable attributes,
  /// whose values are then kept as the payload's JSON (``noteUnbound(in:registry:console:)``).
  private func checkTransformers(of schema: Schema, registry: TransformerRegistry, model: ModelFile, console: Console) throws {
    var isBound = true
    for entity in schema.entities {
      for attribute in entity.attributes where attribute.type != .transformable {
        guard let name = attribute.transformerName, (try? registry.transformer(spec: name)) == nil else { continue }
        let declaration = "\(entity.name).\(attribute.name)"
        let message = "\(declaration): transformer \"\(name)\" is not bound"
        let help = "help: bind it with --transformer \(name)=SPEC, SPEC one of: \(registry.names.joined(separator: ", "))"
        console.printDiagnostic(render(message, at: model.sourceLocation(of: declaration), in: model) + "\n" + help)
        isBound = false
      }
    }
    if !isBound { throw ExitCode.failure }
  }

  /// Binds each payload transformer the model names (Groot's `JSONDictionaryTransformerName`,
  /// code the command line cannot run) to reading payloads as they are, with a one-line note
  /// on standard error.
  ///
  /// ```
  /// note: User: payload transformer "UserTransformer" is app code: payloads are read as they are
  /// ```
  static func bindPayloadTransformers(of schema: Schema, in options: inout GraphImportOptions, console: Console) {
    for entity in schema.entities {
      guard let name = entity.declaration.payloadTransformerName, options.payloadTransformers[name] == nil else { continue }
      options.payloadTransformers[name] = { $0 }
      console.print("note: \(entity.name): payload transformer \"\(name)\" is app code: payloads are read as they are", to: .error)
    }
  }

  /// Notes, one line each on standard error, the transformable attributes whose transformer
  /// `registry` (the bindings given, and a store's) does not bind: their values are kept as
  /// the payload's JSON. An inherited attribute is noted once.
  ///
  /// ```
  /// note: Book.colors: transformer "ColorTransformer" is not bound: values are kept as the payload's JSON (…)
  /// ```
  static func noteUnbound(in schema: Schema, registry: TransformerRegistry, console: Console) {
    var noted: Set<String> = []
    for entity in schema.entities {
      for attribute in entity.attributes where attribute.type == .transformable {
        guard let name = attribute.transformerName, !registry.knows(name),
          noted.insert("\(attribute.name)\u{0}\(name)\u{0}\(entity.rootIndex)").inserted
        else { continue }
        console.print(
          "note: \(entity.name).\(attribute.name): transformer \"\(name)\" is not bound: values are kept as the payload's JSON "
            + "(--transformer \(name)=json says so; bind another spec to transform them)", to: .error)
      }
    }
  }

  /// `message` as a diagnostic at `location` in the model's `contents` file, or at the file.
  private func render(_ message: String, at location: SourceLocation?, in model: ModelFile) -> String {
    guard let location else { return Diagnostic.render(message: message, sourceName: sourceName(model)) }
    return Diagnostic.render(message: message, location: location, sourceName: sourceName(model))
  }

  /// The path of the model's `contents` file as the user would write it: under the model path
  /// as given (`Library.xcdatamodeld/Library 2.xcdatamodel/contents`), not made absolute.
  private func sourceName(_ file: ModelFile) -> String {
    let given = URL(fileURLWithPath: path).path
    let contents = file.contentsURL.path
    guard contents.hasPrefix(given) else { return contents }
    return path.hasSuffix("/") ? String(path.dropLast()) + contents.dropFirst(given.count) : path + contents.dropFirst(given.count)
  }
}
