import FoundryInternals
import FoundryJSON

/// Writes a model's fields into an object; the code `@Mappable` generates calls it.
///
/// Fields are written at their schema key paths: `user_stats.views` rebuilds the nested
/// object, and the empty path writes a nested model's fields into this object (flattening).
///
/// ```swift
/// func encode(to object: inout ObjectWriter) throws {
///   try object.encode(name, at: 0)
///   try object.encode(views, at: 1)
///   try object.encodeIfPresent(website, at: 2)
/// }
/// ```
public struct ObjectWriter {
  let schema: MappingSchema
  let context: EncodingContext
  private var object = JSONObject()

  init(schema: MappingSchema, context: EncodingContext) {
    self.schema = schema
    self.context = context
  }

  /// Writes a field.
  public mutating func encode<T: MappableValue>(_ value: T, at field: Int) throws {
    var writer = ValueWriter(context: context)
    try value.write(to: &writer)
    try place(writer.value, at: field)
  }

  /// Writes an optional field: `nil` is left out or written as `null`, by policy.
  public mutating func encodeIfPresent<T: MappableValue>(_ value: T?, at field: Int) throws {
    guard let value else { return try placeNil(at: field) }
    try encode(value, at: field)
  }

  /// Writes a field through a transformer's reverse direction.
  public mutating func encode<X: MappingTransformer>(_ value: X.Value, at field: Int, using transformer: X) throws {
    var writer = ValueWriter(context: context)
    try transformer.write(value, to: &writer)
    try place(writer.value, at: field)
  }

  /// Writes an optional field through a transformer.
  public mutating func encodeIfPresent<X: MappingTransformer>(_ value: X.Value?, at field: Int, using transformer: X) throws {
    guard let value else { return try placeNil(at: field) }
    try encode(value, at: field, using: transformer)
  }

  /// Writes the members of an `@UnknownKeys` bag back, after the fields.
  public mutating func encodeUnknownMembers(_ bag: JSONObject) {
    for (key, value) in bag where object[key] == nil { object[key] = value }
  }

  func finish() -> JSONObject { object }

  // MARK: - Placing values at paths

  private mutating func placeNil(at field: Int) throws {
    let policy = context.options.nilEncoding ?? schema.nilEncoding
    if policy == .null { try place(.null, at: field) }
  }

  mutating func place(_ value: JSONValue, at field: Int) throws {
    guard schema.resolved.indices.contains(field), let path = schema.resolved[field].alternatives.first else {
      throw MappingError(code: .invalidValue, reason: "no key for field #\(field)")
    }
    try Self.insert(value, at: path[...], into: &object)
  }

  /// Puts `value` at `path` inside `object`, creating intermediate objects; the empty path
  /// merges an object's members into `object` itself.
  private static func insert(_ value: JSONValue, at path: ArraySlice<PathSegment>, into object: inout JSONObject) throws {
    guard let first = path.first else {
      guard case .object(let members) = value else {
        throw MappingError(code: .invalidValue, reason: "only an object can be flattened into its parent (empty key path)")
      }
      for (key, member) in members { object[key] = member }
      return
    }
    if path.count == 1 {
      object[first.name] = value
      return
    }
    var nested = object[first.name]?.object ?? JSONObject()
    try insert(value, at: path.dropFirst(), into: &nested)
    object[first.name] = .object(nested)
  }
}
