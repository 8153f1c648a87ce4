import FoundryInternals
import FoundryJSON

/// Reads a model's fields from one object; the code `@Mappable` generates calls it.
///
/// Fields are looked up by their position in the type's ``MappingSchema``. Each read knows the
/// field's key path, so a failure deep inside a value comes out with the full path. The type
/// arguments may be left out: `@Mappable` code lets the property's type infer them, because
/// the extension it writes cannot always name that type.
///
/// ```swift
/// init(from object: inout ObjectReader) throws {
///   name = try object.decode(String.self, at: 0)
///   views = try object.decode(Int.self, at: 1, default: 0)
///   website = try object.decodeIfPresent(URL.self, at: 2)
/// }
/// ```
///
/// The generic entry points are `@inlinable` so they specialize in the model's module; the
/// work they share (lookup, paths, lossy bookkeeping) is non-generic.
public struct ObjectReader {
  @usableFromInline let object: ValueReader
  @usableFromInline let schema: MappingSchema
  @usableFromInline var context: MappingContext { object.context }
  let coercion: CoercionMode
  /// Where the next in-order lookup starts on the tape.
  private var hint = 0
  /// Which alternative key of the last located field was present.
  @usableFromInline var foundAlternative = 0
  /// Whether lookups must follow the duplicate-key policy instead of the fast in-order scan.
  private let mayRepeatKeys: Bool
  /// Whether the object is an XML element's view (see ``XMLJSONView``).
  @usableFromInline let isMarkup: Bool
  /// For XML views: where the child elements' members start (after the attributes) and end.
  private var contentStart = 0
  private var objectEnd = 0
  private var attributeHint = 0
  /// For XML views: whether the element is text only (a string node, not an object).
  private var isTextOnly = false
  /// For XML views: bit *i* set once a lookup found the element's attribute *i*, and bit *f*
  /// of the other once field *f* was found as an attribute (see `findAttribute`).
  private var foundAttributes: UInt64 = 0
  private var fieldsFoundAsAttributes: UInt64 = 0
  /// For XML views: how many of the element's attributes no lookup found yet; -1 when not
  /// counted (more than 64, or a schema where two fields name one attribute).
  private var attributesLeft = -1

  init(object: ValueReader, schema: MappingSchema) {
    // Everything the lookups need to know about the object, asked of the document in one call.
    let layout = object.node.objectLayout(scratch: &object.context.fingerprints)
    self.object = object
    self.schema = schema
    coercion = schema.coercion ?? object.coercion
    isMarkup = layout.isMarkup
    mayRepeatKeys = layout.mayRepeatKeys
    if layout.isMarkup {
      isTextOnly = !layout.isObject
      contentStart = layout.contentStart
      objectEnd = layout.end
      // Each attribute is a key and a string; were it more nodes, the count would be too
      // high for the lookups ever to find that many.
      let attributes = (layout.contentStart - object.node.firstChildIndex) >> 1
      if attributes <= 64, schema.attributeKeysAreDistinct { attributesLeft = attributes }
    }
  }

  // MARK: - Fields

  /// Reads a required field: a missing key or `null` is an error.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @inlinable
  public mutating func decode<T: MappableValue>(_ type: T.Type = T.self, at field: Int) throws -> T {
    if case .some(.some(let plain)) = plainScalar(T.self, at: field) { return plain }
    guard let value = value(at: field, emptyStringIsNil: false) else {
      // XML: no repeated element is an empty collection.
      if isMarkup, let empty = T.emptyInMarkup { return empty }
      throw missing(field, typeName: "\(T.self)")
    }
    return try read(field, value) { try T.read(from: $0) }
  }

  /// Reads a field with a default for a missing key or `null`; in lossy mode a bad value
  /// takes the default too, and the report says so.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - defaultValue: The value for a missing key or `null`.
  @inlinable
  public mutating func decode<T: MappableValue>(_ type: T.Type = T.self, at field: Int, default defaultValue: @autoclosure () -> T) throws -> T {
    if let plain = plainScalar(T.self, at: field) { return plain ?? defaultValue() }
    guard let value = value(at: field, emptyStringIsNil: false) else { return defaultValue() }
    guard context.isLossy || context.factory != nil else { return try read(field, value) { try T.read(from: $0) } }
    do {
      return try read(field, value) { try T.read(from: $0) }
    } catch {
      try absorb(error, field: field)
      return defaultValue()
    }
  }

  /// Reads an optional field: a missing key or `null` is `nil`; in lossy mode a bad value is
  /// `nil` too, and the report says so.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @inlinable
  public mutating func decodeIfPresent<T: MappableValue>(_ type: T.Type = T.self, at field: Int) throws -> T? {
    if let plain = plainScalar(T.self, at: field) { return plain }
    guard let value = value(at: field, emptyStringIsNil: T.self != String.self) else { return nil }
    guard context.isLossy || context.factory != nil else { return try read(field, value) { try T.read(from: $0) } }
    do {
      return try read(field, value) { try T.read(from: $0) }
    } catch {
      try absorb(error, field: field)
      return nil
    }
  }

  /// Reads a required field through a transformer; a missing key or `null` takes the
  /// transformer's ``MappingTransformer/valueForMissing`` when it has one, else is an error.
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - transformer: The transformer that reads and writes the value.
  @inlinable
  public mutating func decode<X: MappingTransformer>(at field: Int, using transformer: X) throws -> X.Value {
    guard let value = value(at: field, emptyStringIsNil: false) else {
      if let fallback = transformer.valueForMissing { return fallback }
      throw missing(field, typeName: "\(X.Value.self)")
    }
    return try read(field, value) { try transformer.read(from: $0) }
  }

  /// Reads a field through a transformer, with a default for a missing key or `null`.
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - transformer: The transformer that reads and writes the value.
  ///   - defaultValue: The value for a missing key or `null`.
  @inlinable
  public mutating func decode<X: MappingTransformer>(at field: Int, using transformer: X, default defaultValue: @autoclosure () -> X.Value) throws -> X.Value {
    guard let value = value(at: field, emptyStringIsNil: false) else { return defaultValue() }
    guard context.isLossy || context.factory != nil else { return try read(field, value) { try transformer.read(from: $0) } }
    do {
      return try read(field, value) { try transformer.read(from: $0) }
    } catch {
      try absorb(error, field: field)
      return defaultValue()
    }
  }

  /// Reads an optional field through a transformer.
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - transformer: The transformer that reads and writes the value.
  @inlinable
  public mutating func decodeIfPresent<X: MappingTransformer>(at field: Int, using transformer: X) throws -> X.Value? {
    guard let value = value(at: field, emptyStringIsNil: X.Value.self != String.self) else { return transformer.valueForMissing }
    guard context.isLossy || context.factory != nil else { return try read(field, value) { try transformer.read(from: $0) } }
    do {
      return try read(field, value) { try transformer.read(from: $0) }
    } catch {
      try absorb(error, field: field)
      return nil
    }
  }

  /// Whether the field's key is present (even with `null`): for three-state fields.
  /// - Parameters:
  ///   - field: The field's position in the type's ``MappingSchema``.
  public mutating func contains(_ field: Int) -> Bool {
    locate(field) != nil
  }

  /// Reads the located `value` of `field` with `body`, validates it, and puts the field's path
  /// in front of any error or issue from inside.
  @inlinable
  package func read<T>(_ field: Int, _ value: ValueReader, _ body: (ValueReader) throws -> T) throws -> T {
    let mark = beginField()
    // Creation hooks see the key of the field whose models they create.
    let hooks = context.factory != nil
    let outerKey = hooks ? enterField(field) : nil
    defer { if hooks { context.creationKey = outerKey } }
    do {
      var result = try body(value)
      if schema.hasValidators, let kept = try validate(result, field: field, value: value) as? T { result = kept }
      if mark >= 0 { endField(field, since: mark) }
      return result
    } catch {
      throw failure(error, field: field, value: value, since: mark)
    }
  }

  // MARK: - Unknown keys

  /// The members no field maps, for the `@UnknownKeys` bag under ``UnknownKeyPolicy/preserve``.
  public func unknownMembers() -> JSONObject {
    var bag = JSONObject()
    for (key, value) in object.node.members where !isKnown(key) {
      bag[key] = value.value
    }
    return bag
  }

  /// Applies the unknown-key policy once every field is read.
  /// - Parameter ignoredKey: A member that is no field's but not unknown either (a
  ///   variant's discriminator).
  @inlinable
  package func finish(ignoring ignoredKey: String? = nil) throws {
    // Inlined: the usual policy (ignore, not lossy) has nothing to do.
    guard schema.unknownKeys == .reject || context.isLossy else { return }
    try checkUnknownKeys(ignoring: ignoredKey)
  }

  /// The work of ``finish(ignoring:)`` when unknown keys matter.
  @usableFromInline
  func checkUnknownKeys(ignoring ignoredKey: String?) throws {
    let unknown = object.node.members.map(\.key).filter { !isKnown($0) && !Self.names($0, ignoredKey, inMarkup: isMarkup) }
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

  /// Whether member `key` is `name` (in XML also the attribute `@name`).
  static func names(_ key: String, _ name: String?, inMarkup isMarkup: Bool) -> Bool {
    guard let name else { return false }
    return key == name || (isMarkup && key.first == "@" && key.dropFirst() == name)
  }

  /// Whether a member is mapped by some field; in XML `@name` counts as `name`, and the
  /// element's text and ordered content are never "unknown".
  private func isKnown(_ key: String) -> Bool {
    if schema.knownKeys.contains(key) { return true }
    if context.readsReferenceMarks, ReferenceMarks.isMark(key) { return true }
    guard isMarkup, let first = key.first else { return false }
    if first == "#" { return true }
    return first == "@" && schema.knownKeys.contains(String(key.dropFirst()))
  }

  // MARK: - Lookup (non-generic)

  /// The value of `field`, or `nil` when the key is missing, `null`, or (when asked and the
  /// options say so) an empty string.
  @usableFromInline
  mutating func value(at field: Int, emptyStringIsNil: Bool) -> ValueReader? {
    guard let node = locate(field), !node.isNull else { return nil }
    if emptyStringIsNil, context.options.emptyStringsAsNil || isMarkup, node.isEmptyString { return nil }
    return ValueReader(node: node, context: context, coercion: coercion)
  }

  mutating func locate(_ field: Int) -> JSONNode? {
    switch simpleLookup(field) {
    case .value(let index): return object.node.node(atTapeIndex: index)
    case .absent: return nil
    case .declined: break
    }
    guard schema.resolved.indices.contains(field) else { return nil }
    let key = schema.resolved[field]
    for (alternative, path) in key.alternatives.enumerated() {
      if let node = walk(path, firstKey: key.firstKeys[alternative]) {
        foundAlternative = alternative
        return node
      }
    }
    return nil
  }

  /// The tape index of a plain key's value, scanning on from where the last key was found;
  /// declined for other keys, and where the object may repeat a key.
  @usableFromInline
  package mutating func simpleLookup(_ field: Int) -> PlainField {
    // One entry per field, like `resolved`: a plain key needs nothing else from the schema.
    let simpleKeys = schema.simpleKeys.keys
    guard simpleKeys.indices.contains(field), !isTextOnly, !mayRepeatKeys, let key = simpleKeys[field] else { return .declined }
    foundAlternative = 0
    let node = object.node
    let found: Int?
    // XML: an element's children and attributes are each searched only when it has some (most
    // elements have attributes alone or children alone).
    if !isMarkup {
      found = node.memberIndex(utf8: key, hint: &hint)
    } else if key.first == UInt8(ascii: "@") {
      // XML: attributes lead the members, so each search covers only its own run.
      found = findAttribute(key, of: field, in: node)
    } else if contentStart < objectEnd, let child = node.memberIndex(utf8: key, hint: &hint, keysFrom: contentStart, to: objectEnd) {
      found = child
    } else if node.firstChildIndex < contentStart, let attribute = schema.attributeKeys.keys[field] {
      // No child element of that name: the attribute.
      found = findAttribute(attribute, of: field, in: node)
    } else {
      found = nil
    }
    return found.map(PlainField.value) ?? .absent
  }

  /// XML: the tape index of the value of attribute `key` of `node`, the element, which field
  /// `field` names. Once other fields found every attribute, a field of another key finds none
  /// without a search (OpenStreetMap nodes: `id`, `lat`, `lon` and `version`, then four
  /// absent fields); the schema names no attribute twice (see `attributesLeft`).
  @inline(__always)
  private mutating func findAttribute(_ key: UnsafeBufferPointer<UInt8>, of field: Int, in node: JSONNode) -> Int? {
    let fieldBit: UInt64 = field < 64 ? 1 << field : 0
    if attributesLeft == 0, fieldsFoundAsAttributes & fieldBit == 0, fieldBit != 0 { return nil }
    let first = node.firstChildIndex
    guard let found = node.memberIndex(utf8: key, hint: &attributeHint, keysFrom: first, to: contentStart) else { return nil }
    let position = (found - 1 - first) >> 1
    if attributesLeft > 0, position < 64, fieldBit != 0, foundAttributes & 1 << position == 0 {
      foundAttributes |= 1 << position
      fieldsFoundAsAttributes |= fieldBit
      attributesLeft -= 1
    }
    return found
  }

  /// Makes the next in-order lookup start at the key of the value at tape index `index` (which
  /// ``simpleLookup(_:)`` just found).
  mutating func revisitKey(ofValueAt index: Int) {
    // XML attributes, which lead an element's members, keep a hint of their own.
    if isMarkup, index < contentStart { attributeHint = index - 1 } else { hint = index - 1 }
  }

  /// Follows `path` from the object (see ``PathNavigable``); in JSON the first key is found
  /// with the in-order scan, which gives the same member as a plain lookup.
  private mutating func walk(_ path: PathExpression, firstKey: [UInt8]) -> JSONNode? {
    guard !path.isEmpty, !mayRepeatKeys, !isMarkup else { return object.node.walk(path) }
    guard let first = firstKey.withUnsafeBufferPointer({ object.node.member(utf8: $0, hint: &hint) }) else { return nil }
    return first.walk(path, from: 1)
  }

  // MARK: - Paths, errors and issues (non-generic)

  /// The issue count before a field is read, in lossy mode; -1 otherwise.
  @inlinable
  func beginField() -> Int { context.isLossy ? context.issueMark : -1 }

  /// Puts the field's path in front of the issues recorded while reading it.
  @usableFromInline
  func endField(_ field: Int, since mark: Int) {
    context.prefixIssues(since: mark, with: components(field))
  }

  /// The error of a failed read, with the field's path in front.
  @usableFromInline
  func failure(_ error: any Error, field: Int, value: ValueReader, since mark: Int) -> MappingError {
    if mark >= 0 { endField(field, since: mark) }
    var failure = MappingError.wrapping(error, at: value)
    for component in components(field).reversed() { failure.prepend(component) }
    return failure
  }

  /// Makes `field`'s key the one creation hooks see. - Returns: The key it replaces.
  @usableFromInline
  func enterField(_ field: Int) -> String? {
    let outer = context.creationKey
    context.creationKey = schema.resolved.indices.contains(field) ? schema.resolved[field].keyPath : nil
    return outer
  }

  @usableFromInline
  func validate(_ result: Any, field: Int, value: ValueReader) throws -> Any? {
    try schema.resolved[field].validator?.validate(result, read: value)
  }

  /// The failure of a field that can go without its value (optional, or with a default):
  /// a value a factory skipped is quietly absent, a bad value in lossy mode is reported, and
  /// anything else is thrown.
  @usableFromInline
  func absorb(_ error: any Error, field: Int) throws {
    if MappingError.isSkip(error) { return }
    guard context.isLossy, !MappingError.isCancellation(error) else { throw error }
    recordDefaulted(error, field: field)
  }

  /// In lossy mode, a failed field becomes its default and a `fieldDefaulted` issue.
  @usableFromInline
  package func recordDefaulted(_ error: any Error, field: Int) {
    var issue = MappingIssue(kind: .fieldDefaulted, error: error as? MappingError)
    for component in components(field).reversed() { issue.reversedPath.append(component) }
    context.record(issue)
  }

  /// The path components of the field's present key (or its first key).
  private func components(_ field: Int) -> [MappingPath.Component] {
    guard schema.resolved.indices.contains(field) else { return [] }
    let all = schema.resolved[field].components
    return all.indices.contains(foundAlternative) ? all[foundAlternative] : all.first ?? []
  }

  /// The deepest node that exists along the field's first path: where a missing key is reported.
  private func deepestNode(on field: Int) -> JSONNode {
    guard schema.resolved.indices.contains(field), let path = schema.resolved[field].alternatives.first else { return object.node }
    return object.node.deepestNode(along: path)
  }

  /// The error for a required field without a value: its key is missing, or holds `null`
  /// (reported at the `null`, as a present key).
  @usableFromInline
  package mutating func missing(_ field: Int, typeName: String) -> MappingError {
    if let node = locate(field), node.isNull {
      var error = MappingError(code: .keyNotFound, expected: typeName, reason: "required value is null", offset: node.byteOffset)
      for component in components(field).reversed() { error.prepend(component) }
      foundAlternative = 0
      return error
    }
    foundAlternative = 0
    var reason = "required key not found"
    if schema.resolved.indices.contains(field), schema.resolved[field].alternatives.count > 1 {
      reason += " (tried \(schema.resolved[field].display))"
    }
    var error = MappingError(code: .keyNotFound, expected: typeName, reason: reason, offset: deepestNode(on: field).byteOffset)
    for component in components(field).reversed() { error.prepend(component) }
    return error
  }
}
