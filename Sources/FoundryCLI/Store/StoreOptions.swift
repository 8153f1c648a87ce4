import ArgumentParser
import Foundry
import FoundryGraph
import FoundryStore
internal import FoundryInternals

/// The options of the commands that read a store: the store (file or URL), the entity, and — when the
/// schema and transformer bindings the store recorded do not suffice — the model and bindings.
struct StoreOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The store to read: an SQLite file, or a PostgreSQL database as a postgres:// URL.", valueName: "file-or-url"))
  var store: String

  @Option(
    help: ArgumentHelp(
      "The model the store was made with (a .xcdatamodeld, a .xcdatamodel or its contents file); by default the schema the store recorded.",
      valueName: "model"))
  var model: String?

  @Option(help: ArgumentHelp("The entity of the objects.", valueName: "name"))
  var entity: String

  @OptionGroup var transformers: TransformerOptions

  func validate() throws {
    _ = try transformers.registry()
  }

  /// The store (with the model, or with the schema it recorded), checked for the entity and
  /// the transformers, and a context over it; whatever fails is printed and exits with 1.
  func open(console: Console) throws -> (store: Store, context: ObjectContext) {
    guard let model else { return try openRecorded(console: console) }
    var registry = try transformers.registry()
    let (_, schema) = try ModelLoader(path: model).load(entity: entity, transformers: registry, console: console)
    return try console.failing {
      let store = try StoreLocation.open(store, schema: schema)
      try addRecordedBindings(of: store, to: &registry)
      return (store, try store.makeContext(transformers: registry))
    }
  }

  /// The store with the schema it recorded, and the bindings it recorded plus `--transformer`'s.
  private func openRecorded(console: Console) throws -> (store: Store, context: ObjectContext) {
    try console.failing {
      let store = try StoreLocation.open(store, schema: nil)
      guard store.schema[entity] != nil else {
        let hint = NameSuggestion.hint(for: entity, among: store.schema.entities.map(\.name), noun: "entities")
        throw StoreError(.invalidQuery, "no entity named \"\(entity)\" in the store (\(hint))")
      }
      var registry = try transformers.registry()
      try addRecordedBindings(of: store, to: &registry)
      return (store, try store.makeContext(transformers: registry))
    }
  }

  /// Binds the transformer names the store recorded, unless `--transformer` binds them.
  private func addRecordedBindings(of store: Store, to registry: inout TransformerRegistry) throws {
    let given = Set(transformers.bindings.map(\.name))
    for (name, spec) in try StoreImport.bindings(of: store) where !given.contains(name) {
      if let binding = TransformerBinding(argument: "\(name)=\(spec)") { try binding.bind(in: &registry) }
    }
  }
}
