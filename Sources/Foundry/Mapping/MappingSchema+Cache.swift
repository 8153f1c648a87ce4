#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
  public static func cached(for type: Any.Type, _ make: () -> MappingSchema) -> MappingSchema {
    let key = ObjectIdentifier(type)
    if let schema = SchemaCache.shared.schema(for: key) { return schema }
    let schema = make()
    return SchemaCache.shared.store(schema, for: key)
  }
}

/// Schemas of generic specializations, by type; guarded by a lock (read mostly).
private final class SchemaCache: @unchecked Sendable {
  // @unchecked: every access to `schemas` holds `lock`.
  static let shared = SchemaCache()

  private var lock = pthread_rwlock_t()
  private var schemas: [ObjectIdentifier: MappingSchema] = [:]

  init() { pthread_rwlock_init(&lock, nil) }

  func schema(for key: ObjectIdentifier) -> MappingSchema? {
    pthread_rwlock_rdlock(&lock)
    defer { pthread_rwlock_unlock(&lock) }
    return schemas[key]
  }

  /// Stores `schema` unless another thread stored one first; returns the one kept.
  func store(_ schema: MappingSchema, for key: ObjectIdentifier) -> MappingSchema {
    pthread_rwlock_wrlock(&lock)
    defer { pthread_rwlock_unlock(&lock) }
    if let existing = schemas[key] { return existing }
    schemas[key] = schema
    return schema
  }
}
