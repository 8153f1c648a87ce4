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

  /// The store (with the model, or with the schema it recorded), checked for the entity, and a
  /// context over it whose transformers are the `--transformer` bindings, then the store's
  /// own; whatever fails is printed and exits with 1.
  func open(console: Console) throws -> (store: Store, context: ObjectContext) {
    let registry = try transformers.registry()
    guard let model else { return try openRecorded(console: console, registry: registry) }
    let (_, schema) = try ModelLoader(path: model).load(entity: entity, transformers: registry, console: console)
    return try console.failing {
      let store = try StoreLocation.open(store, schema: schema, transformers: registry)
      ModelLoader.noteUnbound(in: schema, registry: store.transformers, console: console)
      return (store, try store.makeContext(transformers: Self.withRecordedBindings(of: store, registry)))
    }
  }

  /// The store with the schema it recorded, and the bindings it recorded plus `--transformer`'s.
  private func openRecorded(console: Console, registry: TransformerRegistry) throws -> (store: Store, context: ObjectContext) {
    try console.failing {
      let store = try StoreLocation.open(store, schema: nil, transformers: registry)
      guard store.schema[entity] != nil else {
        let hint = NameSuggestion.hint(for: entity, among: store.schema.entities.map(\.name), noun: "entities")
        throw StoreError(.invalidQuery, "no entity named \"\(entity)\" in the store (\(hint))")
      }
      return (store, try store.makeContext(transformers: Self.withRecordedBindings(of: store, registry)))
    }
  }

  /// `registry`, then the bindings `store` keeps (its own, and those an import recorded for
  /// tools), for the names `registry` lacks.
  private static func withRecordedBindings(of store: Store, _ registry: TransformerRegistry) throws -> TransformerRegistry {
    var merged = registry.adding(store.transformers)
    for (name, spec) in try StoreImport.bindings(of: store) where !merged.knows(name) {
      try? merged.bind(name, to: spec)
    }
    return merged
  }
}
