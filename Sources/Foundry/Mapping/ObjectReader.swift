import FoundryInternals
import FoundryJSON

/// Reads a model's fields from one object; the code `@Mappable` generates calls it.
///
/// Fields are looked up by their position in the type's ``MappingSchema``. Each read knows the
/// field's key path, so a failure deep inside a value comes out with the full path.
///
/// ```swift
/// init(from object: inout ObjectReader) throws {
///   name = try object.decode(String.self, at: 0)
///   views = try object.decode(Int.self, at: 1, default: 0)
///   website = try object.decodeIfPresent(URL.self, at: 2)
/// }
/// ```
public struct ObjectReader {
  let object: ValueReader
  let schema: MappingSchema
  var context: MappingContext { object.context }
  private let coercion: CoercionMode
  /// Where the next in-order lookup starts on the tape.
  private var hint = 0
  /// Whether lookups must follow the duplicate-key policy instead of the fast in-order scan.
  private let mayRepeatKeys: Bool

  init(object: ValueReader, schema: MappingSchema) {
    self.object = object
    self.schema = schema
    coercion = schema.coercion ?? object.coercion
    var scratch: [UInt64] = []
    mayRepeatKeys = object.node.mayRepeatKeys(scratch: &scratch)
  }

  // MARK: - Fields

  /// Reads a required field: a missing key or `null` is an error.
  public mutating func decode<T: MappableValue>(_ type: T.Type, at field: Int) throws -> T {
    guard let value = try read(field, { value in try T.read(from: value) }) else { throw missing(field, expected: T.self) }
    return value
  }

  /// Reads a field with a default for a missing key or `null`; in lossy mode a bad value
  /// takes the default too, and the report says so.
  public mutating func decode<T: MappableValue>(_ type: T.Type, at field: Int, default defaultValue: @autoclosure () -> T) throws -> T {
    try Self.lossy(context, fieldComponents(field), fallback: defaultValue) { try read(field, { value in try T.read(from: value) }) } ?? defaultValue()
  }

  /// Reads an optional field: a missing key or `null` is `nil`; in lossy mode a bad value is
  /// `nil` too, and the report says so.
  public mutating func decodeIfPresent<T: MappableValue>(_ type: T.Type, at field: Int) throws -> T? {
    try Self.lossy(context, fieldComponents(field), fallback: { nil }) { try read(field, emptyStringIsNil: true, { value in try T.read(from: value) }) }
  }

  /// Reads a required field through a transformer.
  public mutating func decode<X: MappingTransformer>(at field: Int, using transformer: X) throws -> X.Value {
    guard let value = try read(field, { value in try transformer.read(from: value) }) else {
      throw missing(field, expected: X.Value.self)
    }
    return value
  }

  /// Reads a field through a transformer, with a default for a missing key or `null`.
  public mutating func decode<X: MappingTransformer>(at field: Int, using transformer: X, default defaultValue: @autoclosure () -> X.Value) throws -> X.Value {
    try Self.lossy(context, fieldComponents(field), fallback: defaultValue) { try read(field, { value in try transformer.read(from: value) }) } ?? defaultValue()
  }

  /// Reads an optional field through a transformer.
  public mutating func decodeIfPresent<X: MappingTransformer>(at field: Int, using transformer: X) throws -> X.Value? {
    try Self.lossy(context, fieldComponents(field), fallback: { nil }) { try read(field, emptyStringIsNil: true, { value in try transformer.read(from: value) }) }
  }

  /// Whether the field's key is present (even with `null`): for three-state fields.
  public mutating func contains(_ field: Int) -> Bool {
    locate(field) != nil
  }

  // MARK: - Unknown keys

  /// The members no field maps, for the `@UnknownKeys` bag under ``UnknownKeyPolicy/preserve``.
  public func unknownMembers() -> JSONObject {
    var bag = JSONObject()
    for (key, value) in object.node.members where !schema.knownKeys.contains(key) {
      bag[key] = value.value
    }
    return bag
  }

  /// Applies the unknown-key policy once every field is read.
  func finish() throws {
    guard schema.unknownKeys == .reject || context.isLossy else { return }
    let unknown = object.node.members.map(\.key).filter { !schema.knownKeys.contains($0) }
    guard !unknown.isEmpty else { return }
    if schema.unknownKeys == .reject {
      let list = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw MappingError(code: .unknownKeys, reason: "unknown key\(unknown.count == 1 ? "" : "s") \(list)", offset: object.node.byteOffset)
    }
    if schema.unknownKeys == .ignore { return }
    for key in unknown {
      var issue = MappingIssue(kind: .unknownKey, note: "no field maps \"\(key)\"")
      issue.prepend(.key(key))
      context.record(issue)
    }
  }

  // MARK: - Lookup

  /// The value at the field's key path (first present alternative), with its path components.
  private mutating func locate(_ field: Int) -> (value: ValueReader, path: [PathSegment])? {
    guard schema.resolved.indices.contains(field) else { return nil }
    for path in schema.resolved[field].alternatives {
      if let node = walk(path) {
        return (ValueReader(node: node, context: context, coercion: coercion), path)
      }
    }
    return nil
  }

  private mutating func walk(_ path: [PathSegment]) -> JSONNode? {
    var current = object.node
    for (position, segment) in path.enumerated() {
      if current.kind == .array, let index = segment.index {
        guard let next = current[index] else { return nil }
        current = next
      } else if position == 0, !mayRepeatKeys {
        var name = segment.name
        guard let next = name.withUTF8({ current.member(utf8: $0, hint: &hint) }) else { return nil }
        current = next
      } else {
        guard let next = current[segment.name] else { return nil }
        current = next
      }
    }
    return current
  }

  /// Reads the field with `body`; `nil` when the key is missing or `null`. Errors and issues
  /// from inside get the field's path in front.
  private mutating func read<T>(_ field: Int, emptyStringIsNil: Bool = false, _ body: (ValueReader) throws -> T) throws -> T? {
    guard let (value, path) = locate(field), !value.isNull else { return nil }
    if emptyStringIsNil, context.options.emptyStringsAsNil, value.kind == .string, value.node.string == "",
      !(T.self is String.Type) && !(T.self is String?.Type)
    {
      return nil
    }
    let components = path.map(Self.component)
    let mark = context.issueMark
    defer { context.prefixIssues(since: mark, with: components) }
    do {
      let result = try body(value)
      try schema.resolved[field].validator?.validate(result, read: value)
      return result
    } catch {
      var failure = MappingError.wrapping(error, at: value)
      for component in components.reversed() { failure.prepend(component) }
      throw failure
    }
  }

  /// In lossy mode, a failed read becomes `fallback()` and a `fieldDefaulted` issue.
  private static func lossy<T>(
    _ context: MappingContext, _ components: [MappingPath.Component], fallback: () -> T, _ body: () throws -> T
  ) throws -> T {
    guard context.isLossy else { return try body() }
    do {
      return try body()
    } catch {
      var issue = MappingIssue(kind: .fieldDefaulted, error: error as? MappingError)
      for component in components.reversed() { issue.reversedPath.append(component) }
      context.record(issue)
      return fallback()
    }
  }

  /// The deepest node that exists along the field's first path: where a missing key is reported.
  private func deepestNode(on field: Int) -> JSONNode {
    var current = object.node
    guard schema.resolved.indices.contains(field), let path = schema.resolved[field].alternatives.first else { return current }
    for segment in path {
      let next = current.kind == .array ? segment.index.flatMap { current[$0] } : current[segment.name]
      guard let next else { break }
      current = next
    }
    return current
  }

  /// The path of a field's (first) key, for messages and reports.
  private func fieldComponents(_ field: Int) -> [MappingPath.Component] {
    guard schema.resolved.indices.contains(field), let path = schema.resolved[field].alternatives.first else { return [] }
    return path.map(Self.component)
  }

  private func missing<T>(_ field: Int, expected: T.Type) -> MappingError {
    var reason = "required key not found"
    if schema.resolved.indices.contains(field), schema.resolved[field].alternatives.count > 1 {
      reason += " (tried \(schema.resolved[field].display))"
    }
    var error = MappingError(code: .keyNotFound, expected: String(describing: T.self), reason: reason, offset: deepestNode(on: field).byteOffset)
    for component in fieldComponents(field).reversed() { error.prepend(component) }
    return error
  }

  private static func component(_ segment: PathSegment) -> MappingPath.Component {
    segment.index.map(MappingPath.Component.index) ?? .key(segment.name)
  }
}
