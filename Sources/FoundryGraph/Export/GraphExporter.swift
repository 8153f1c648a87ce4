import Foundry
import FoundryInternals
import FoundryJSON

/// Writes objects as payload values through the schema's key paths: attributes through their
/// transformers, related objects nested the first time they are reached and as identities after
/// that, and the relationship an object was reached through never written back (its inverse).
struct GraphExporter {
  private let schema: Schema
  private let encoder: MappingEncoder
  private var codecs: [[AttributeCodec]?]
  private var paths: [[String]?]
  private var visited: Set<ObjectIdentifier> = []

  init(schema: Schema, options: EncodingOptions) {
    self.schema = schema
    encoder = MappingEncoder(options: options)
    codecs = Array(repeating: nil, count: schema.entities.count)
    paths = []
  }

  /// The payload of `objects`: each nested in full, or as its identity when already written.
  mutating func export(_ objects: [ManagedObject]) throws -> JSONValue {
    var elements: [JSONValue] = []
    for object in objects {
      if let value = try write(object, through: nil) { elements.append(value) }
    }
    return .array(elements)
  }

  /// The object in full, or its identity when written before (`nil`: written before, no identity).
  private mutating func write(_ object: ManagedObject, through inverse: Int?) throws -> JSONValue? {
    guard visited.insert(ObjectIdentifier(object)).inserted else { return identity(of: object) }
    let entity = object.entity
    // An object holding nothing but its identity (one a reference created) is written as a reference.
    if entity.hasIdentity, Self.holdsOnlyIdentity(object, except: inverse) { return identity(of: object) }
    let codecs = try codecs(of: entity)
    var result = JSONValue.object(JSONObject())
    for (slot, attribute) in entity.attributes.enumerated() {
      guard let value = object.values[slot] else {
        // A cleared value with a default must say so, or reading it back gives the default.
        if attribute.defaultValue != nil { Self.insert(.null, at: Self.path(attribute.payloadKeyPath), into: &result) }
        continue
      }
      let encoded = try encoder.encodeToValue(AttributeOutput(value: value, codec: codecs[slot]))
      Self.insert(encoded, at: Self.path(attribute.payloadKeyPath), into: &result)
    }
    for (slot, relationship) in entity.relationships.enumerated() where slot != inverse {
      let targets = object.related[slot].objects
      guard !targets.isEmpty else { continue }
      let back = entity.inverseSlots[slot]
      let value: JSONValue
      if !relationship.isToMany {
        guard let written = try write(targets[0], through: back) else { continue }
        value = written
      } else if let keyedBy = relationship.keyedBy {
        var keyed = JSONObject()
        for target in targets {
          guard let keySlot = target.entity.attributeSlot(named: keyedBy), let key = target.values[keySlot], let written = try write(target, through: back) else { continue }
          keyed[key.text] = written
        }
        value = .object(keyed)
      } else {
        var elements: [JSONValue] = []
        for target in targets {
          if let written = try write(target, through: back) { elements.append(written) }
        }
        value = .array(elements)
      }
      Self.insert(value, at: Self.path(relationship.payloadKeyPath), into: &result)
    }
    return result
  }

  private static func holdsOnlyIdentity(_ object: ManagedObject, except inverse: Int?) -> Bool {
    let entity = object.entity
    for slot in entity.attributes.indices where !entity.isIdentitySlot[slot] && object.values[slot] != nil { return false }
    for slot in entity.relationships.indices where slot != inverse && object.related[slot].count > 0 { return false }
    return true
  }

  /// An object's identity as a payload value: the value for one attribute, an object of the
  /// identity key paths for several, `nil` without identity.
  private func identity(of object: ManagedObject) -> JSONValue? {
    let slots = object.entity.identitySlots
    guard !slots.isEmpty else { return nil }
    let values = slots.map { object.values[$0] }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    let encoded = values.compactMap { $0.flatMap { try? encoder.encodeToValue($0) } }
    guard encoded.count == slots.count else { return nil }
    if slots.count == 1 { return encoded[0] }
    var result = JSONValue.object(JSONObject())
    for (slot, value) in zip(slots, encoded) { Self.insert(value, at: Self.path(object.entity.attributes[slot].payloadKeyPath), into: &result) }
    return result
  }

  private mutating func codecs(of entity: EntityDescription) throws -> [AttributeCodec] {
    if let known = codecs[entity.index] { return known }
    let made = try entity.attributes.map { try AttributeCodec($0, registry: encoder.options.transformers) }
    codecs[entity.index] = made
    return made
  }

  private static func path(_ keyPath: String) -> [String] { PathSyntax.segments(keyPath).map(\.name) }

  /// Puts `value` at `path` inside `container`, creating the objects on the way (flattened attributes).
  static func insert(_ value: JSONValue, at path: [String], into container: inout JSONValue) {
    guard let first = path.first else { return container = value }
    guard case .object(var object) = container else { return }
    container = .null  // drop the second reference so the object is changed in place
    var child = object[first] ?? .object(JSONObject())
    if path.count == 1 { child = value } else { insert(value, at: Array(path.dropFirst()), into: &child) }
    object[first] = child
    container = .object(object)
  }
}

/// One attribute value, written through its codec.
private struct AttributeOutput: MappableValue {
  let value: GraphValue
  let codec: AttributeCodec

  static func read(from value: ValueReader) throws -> AttributeOutput {
    throw value.mismatch(expected: "an attribute value to write, not read")
  }

  func write(to writer: inout ValueWriter) throws { try codec.write(value, &writer) }
}
