import FoundryInternals

extension MappingSchema {
  /// The schema of `type`, built by `make` the first time and shared afterwards.
  ///
  /// Generic types cannot have `static let`s, so `@Mappable` on `Page<Item>` generates a
  /// computed `mappingSchema` that calls this: each specialization builds its schema once.
  ///
  /// ```swift
  /// static var mappingSchema: MappingSchema {
  ///   MappingSchema.cached(for: Self.self) { MappingSchema(fields: [.property("items")]) }
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The specialized type the schema belongs to (`Page<Item>.self`).
  ///   - make: Builds the schema; called once per type.
  public static func cached(for type: Any.Type, _ make: () -> MappingSchema) -> MappingSchema {
    let key = ObjectIdentifier(type)
    if let schema = schemaCache.read({ $0[key] }) { return schema }
    // Built outside the lock: `make` may ask for the schemas of other types (nested models).
    let schema = make()
    // Stores `schema` unless another thread stored one first; returns the one kept.
    return schemaCache.write { schemas in
      if let existing = schemas[key] { return existing }
      schemas[key] = schema
      return schema
    }
  }
}

/// Schemas of generic specializations, by type (read mostly).
private let schemaCache = ReadWriteLocked<[ObjectIdentifier: MappingSchema]>([:])
