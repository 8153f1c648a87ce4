import Foundry
import FoundryGraph

/// How a store keeps the values of one attribute that names a transformer, as its schema record
/// says: the spec the name was bound to (when it was bound from one), the type the store keeps,
/// and the type of the values the transformer made.
///
/// A store opened later binds the recorded specs its opener does not, and refuses at once when
/// a binding would keep the values otherwise (a transformer no longer bound, or bound to one
/// that makes other values), so that no value is ever read through a different transformer.
struct RecordedBinding: Equatable {
  let entity: String
  let attribute: String
  let transformer: String
  /// The spec the name was bound to (`date:yyyy-MM-dd`); `nil` for a transformer registered as
  /// a value, which only the app that opens the store can register again.
  let spec: String?
  /// The stored type's name (`Date`, `Transformable` for JSON).
  let stores: String
  /// The transformer's value type (`Date`, `Array<String>`); `nil` when it was not bound.
  let values: String?
}

extension StoreLayout {
  /// The layout of `schema` for a store whose record is `recorded` (`nil` for a new store): the
  /// transformer names `transformers` lacks are bound as the store recorded them.
  ///
  /// - Throws: ``StoreError`` `schemaMismatch` naming the attribute and the binding it needs
  ///   when a binding would keep an attribute's values otherwise than the store does.
  package static func opening(_ schema: Schema, transformers: TransformerRegistry, recorded: [String: String]?) throws(StoreError) -> StoreLayout {
    let bindings = recorded?["schema"].map(SchemaRecord.bindings(from:)) ?? []
    var registry = transformers
    for binding in bindings where !registry.knows(binding.transformer) {
      guard let spec = binding.spec else { continue }
      try? registry.bind(binding.transformer, to: spec)
    }
    var layout = try StoreLayout(schema: schema, transformers: registry)
    layout.keepsHistory = recorded?[StoreHistory.recordKey] == "on"
    let problems = bindings.compactMap { layout.conflict(with: $0) }
    guard problems.isEmpty else {
      throw StoreError(.schemaMismatch, "the store keeps values through transformers that are not bound the same way", details: problems)
    }
    return layout
  }

  /// What is wrong with keeping `binding`'s attribute through this layout's binding; `nil`
  /// when it keeps the values as the store did, or the attribute or its transformer changed.
  private func conflict(with binding: RecordedBinding) -> String? {
    guard let entity = schema[binding.entity], let slot = entity.attributeSlot(named: binding.attribute),
      entity.attributes[slot].transformerName == binding.transformer
    else { return nil }
    let storage = codecs[entity.index][slot].storage
    let stores = SchemaRecord.typeName(storage.storedType)
    guard stores != binding.stores || storage.transformedType != binding.values else { return nil }
    let kept = binding.values.map { "\(binding.stores) made from \($0) values" } ?? "\(binding.stores) (the payload's JSON)"
    let location = "\(binding.entity).\(binding.attribute)"
    guard let values = storage.transformedType else {
      let hint = binding.spec.map { "bind it as the store did: \(binding.transformer)=\($0)" } ?? "register it in the transformers the store is opened with"
      return "\(location): the store keeps it as \(kept) through transformer \"\(binding.transformer)\", which is not bound: \(hint)"
    }
    return "\(location): the store keeps it as \(kept), but transformer \"\(binding.transformer)\" now makes \(values) values kept as \(stores)"
  }
}
