/// The schemas a decoder- or encoder-wide key strategy makes of types that set none: built
/// once per type and call, and only when a strategy is set.
struct SchemaRekeying {
  private let strategy: KeyStrategy?
  private var schemas: [ObjectIdentifier: MappingSchema] = [:]

  init(_ strategy: KeyStrategy?) {
    self.strategy = strategy
  }

  /// `schema`, or its rekeyed twin when a strategy applies to it.
  mutating func schema(for schema: MappingSchema) -> MappingSchema {
    guard let strategy, schema.keyStrategy == nil else { return schema }
    let key = ObjectIdentifier(schema)
    if let rekeyed = schemas[key] { return rekeyed }
    let rekeyed = schema.rekeyed(by: strategy)
    schemas[key] = rekeyed
    return rekeyed
  }

  /// Whether any schema can change: nothing to look up otherwise.
  var isActive: Bool { strategy != nil }
}
