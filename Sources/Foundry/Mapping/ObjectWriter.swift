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
///
/// When every key is a single name and the output is a stream, members go straight to the
/// text; otherwise the object is assembled as a tree first so nested paths can share parents.
public struct ObjectWriter {
  @usableFromInline let schema: MappingSchema
  /// The writer members stream into (flat schemas), or a tree-building writer per member.
  @usableFromInline var writer: ValueWriter
  /// The object assembled so far when not streaming.
  private var tree: JSONObject?

  /// Starts an object in `parent`'s output, taking over its stream while the object is written.
  @usableFromInline
  init(schema: MappingSchema, parent: inout ValueWriter) {
    let context = parent.context
    let schema = context.rekeying.isActive ? context.rekeying.schema(for: schema) : schema
    self.schema = schema
    let streams = schema.isFlat && parent.stream != nil
    writer = ValueWriter(context: context)
    tree = streams ? nil : JSONObject()
    // The stream moves over in place: a copy (of the writer, or of a local) would retain
    // each of its buffers and release them again, once per object.
    if streams {
      swap(&writer.stream, &parent.stream)
      writer.stream?.beginObject()
    }
  }

  /// Closes the object and hands the output back to `parent`.
  @usableFromInline
  mutating func finish(into parent: inout ValueWriter) {
    if let tree {
      parent.write(JSONValue.object(tree))
    } else if writer.stream != nil {
      writer.stream?.endObject()
      swap(&parent.stream, &writer.stream)
    }
  }

  /// For XML output: renames the members for `keys` to `@key`, so they become attributes.
  @usableFromInline
  mutating func markAttributes(_ keys: Set<String>) {
    guard !keys.isEmpty, let object = tree else { return }
    var renamed = JSONObject()
    for (key, value) in object { renamed[keys.contains(key) ? "@" + key : key] = value }
    tree = renamed
  }

  // MARK: - Fields

  /// Writes a field.
  /// - Parameters:
  ///   - value: The field's value.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @inlinable
  public mutating func encode<T: MappableValue>(_ value: T, at field: Int) throws {
    if beginField(field) {
      try value.write(to: &writer)
    } else {
      var member = memberWriter()
      try value.write(to: &member)
      try place(member.tree, at: field)
    }
  }

  /// Writes an optional field: `nil` is left out or written as `null`, by policy.
  /// - Parameters:
  ///   - value: The field's value; `nil` follows the nil-encoding policy.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @inlinable
  public mutating func encodeIfPresent<T: MappableValue>(_ value: T?, at field: Int) throws {
    guard let value else { return try placeNil(at: field) }
    try encode(value, at: field)
  }

  /// Writes a field through a transformer's reverse direction.
  /// - Parameters:
  ///   - value: The field's value.
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - transformer: The transformer that reads and writes the value.
  @inlinable
  public mutating func encode<X: MappingTransformer>(_ value: X.Value, at field: Int, using transformer: X) throws {
    if beginField(field) {
      try transformer.write(value, to: &writer)
    } else {
      var member = memberWriter()
      try transformer.write(value, to: &member)
      try place(member.tree, at: field)
    }
  }

  /// Writes an optional field through a transformer.
  /// - Parameters:
  ///   - value: The field's value; `nil` follows the nil-encoding policy.
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - transformer: The transformer that reads and writes the value.
  @inlinable
  public mutating func encodeIfPresent<X: MappingTransformer>(_ value: X.Value?, at field: Int, using transformer: X) throws {
    guard let value else { return try placeNil(at: field) }
    try encode(value, at: field, using: transformer)
  }

  /// Writes the members of an `@UnknownKeys` bag back, after the fields; keys a field maps
  /// are left out.
  /// - Parameters:
  ///   - bag: The `@UnknownKeys` property.
  public mutating func encodeUnknownMembers(_ bag: JSONObject) {
    for (key, value) in bag where !schema.knownKeys.contains(key) {
      if tree != nil {
        tree?[key] = value
      } else {
        writer.stream?.writeKey(key)
        writer.write(value)
      }
    }
  }

  // MARK: - Placing values (non-generic)

  /// Streams the field's key and returns `true`; or returns `false` when the object is being
  /// assembled as a tree (the caller then writes the value with ``memberWriter()``).
  @usableFromInline
  mutating func beginField(_ field: Int) -> Bool {
    guard tree == nil, schema.flatKeys.indices.contains(field) else { return false }
    // The key's String is fetched (and retained) only when it must be scanned or sorted.
    if let quoted = schema.quotedFlatKeys.keys[field], writer.stream?.isSortingMembers == false {
      writer.stream?.writeKey(quoted: quoted)
    } else {
      writer.stream?.writeKey(schema.flatKeys[field])
    }
    return true
  }

  /// A tree-building writer for one member's value.
  @usableFromInline
  func memberWriter() -> ValueWriter { ValueWriter(context: writer.context) }

  @usableFromInline
  mutating func placeNil(at field: Int) throws {
    let policy = writer.context.options.nilEncoding ?? schema.nilEncoding
    if policy == .null { try place(.null, at: field) }
  }

  /// Writes `value` at the field's key path.
  @usableFromInline
  mutating func place(_ value: JSONValue, at field: Int) throws {
    guard schema.resolved.indices.contains(field), let path = schema.resolved[field].alternatives.first else {
      throw MappingError(code: .invalidValue, reason: "no key for field #\(field)")
    }
    guard var object = tree else {
      if beginField(field) { writer.write(value) }
      return
    }
    tree = nil
    defer { tree = object }
    try object.insert(value, at: path)
  }
}
