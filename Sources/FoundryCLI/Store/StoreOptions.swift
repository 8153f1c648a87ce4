import ArgumentParser
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore

/// The options of the commands that read a store: the store file, the model it was made
/// with, the entity, and the transformer bindings its transformable attributes need.
struct StoreOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The SQLite store to read.", valueName: "file"))
  var store: String

  @Option(help: ArgumentHelp("The model the store was made with: a .xcdatamodeld, a .xcdatamodel or its contents file.", valueName: "model"))
  var model: String

  @Option(help: ArgumentHelp("The entity of the objects.", valueName: "name"))
  var entity: String

  @Option(
    name: .customLong("transformer"),
    help: ArgumentHelp("Bind a transformer name the model uses to a built-in spec (ISODay=date:yyyy-MM-dd).", valueName: "name=spec")
  )
  var transformers: [TransformerBinding] = []

  func validate() throws {
    _ = try registry()
  }

  /// The built-in transformers plus the bindings.
  func registry() throws -> TransformerRegistry {
    var registry = TransformerRegistry.standard
    for binding in transformers { try binding.bind(in: &registry) }
    return registry
  }

  /// The model, checked for the entity and the transformers, and a context over the store;
  /// whatever fails is printed and exits with 1.
  func open(console: Console) throws -> (store: Store, context: ObjectContext) {
    let loader = ModelLoader(path: model)
    let (file, schema) = try loader.load(console: console)
    try loader.checkEntity(entity, in: schema, model: file, console: console)
    let registry = try registry()
    try loader.checkTransformers(of: schema, registry: registry, model: file, console: console)
    return try console.failing {
      let store = try Store(path: store, schema: schema)
      return (store, try store.makeContext(transformers: registry))
    }
  }
}
