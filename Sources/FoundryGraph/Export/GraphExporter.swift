import Foundry
import FoundryInternals
import FoundryJSON

/// Writes objects as payload values through the schema's key paths: attributes through their
/// transformers, related objects nested the first time they are reached and as identities after
/// that, and the relationship back to the object around one left out.
///
/// Leaving that relationship out loses nothing when its other links are written from their
/// other side, as in a tree of authors, books and tags. When the first pass finds links no side
/// wrote (a triangle of friends; a book that lost its author but keeps a tag, reachable only
/// through the tag), a second pass writes the same document plus those relationships: the
/// objects written elsewhere as identities, the ones written nowhere else in full (see
/// `GraphExporter+Links.swift`).
///
/// Nesting stops at ``maximumNesting`` objects, so that an export always reads back within the
/// parser's depth limit and a long chain of links cannot exhaust the stack: deeper objects of
/// the roots' entity are written as identities there and in full at the top level; any other
/// object that deep is an error.
struct GraphExporter {
  /// How many objects deep an export nests (each adds one or two levels to the document).
  static let maximumNesting = 100

  private let schema: Schema
  private let encoder: MappingEncoder
  private var codecs: [[AttributeCodec]?]
  /// Per entity, its attributes' and relationships' key paths, parsed once per export.
  let paths: [(attributes: [PathExpression], relationships: [PathExpression])]
  /// Per entity, whether each member its objects can have has a key of its own (see
  /// ``hasMembersOfTheirOwn(_:paths:in:)``): their members are appended, nothing looked up.
  let appendsMembers: [Bool]
  var visited = ObjectMarks()
  /// The root entity family of the top-level objects, when they share one.
  private var topFamily: Int?
  /// Objects of the top-level family reached too deep: written at the top level after the roots.
  private var deferred: [ManagedObject] = []
  /// Per relationship slot, the objects whose relationship there was written with every
  /// object it holds (in full or as identities): each of those links is written.
  var writtenSides: [ObjectMarks] = []
  /// The links written from a relationship that left some of its objects out (one without
  /// identity written before): the rest of what was written, link by link.
  var written: Set<ExportedLink> = []
  /// Second pass: where the first pass wrote objects, and the relationships it must write that
  /// the first pass left out.
  var firstPass = ObjectMarks()
  var forced: Set<ExportedLink.Side> = []
  /// The values left out because their stored values did not read back, one error each.
  var unreadable: [GraphError] = []

  /// Whether keyed relationships are written as lists (for XML, whose element names cannot
  /// be the keys); each object holds its key attribute either way.
  private let writesKeyedAsLists: Bool
  /// How related objects are written.
  private let relationships: RelationshipExport

  init(schema: Schema, options: EncodingOptions, writesKeyedAsLists: Bool = false, relationships: RelationshipExport = .nested) {
    self.schema = schema
    self.writesKeyedAsLists = writesKeyedAsLists
    self.relationships = relationships
    encoder = MappingEncoder(options: options)
    codecs = Array(repeating: nil, count: schema.entities.count)
    let paths = schema.entities.map { entity in
      (attributes: entity.attributes.map { PathExpression($0.payloadKeyPath) }, relationships: entity.relationships.map { PathExpression($0.payloadKeyPath) })
    }
    self.paths = paths
    appendsMembers = schema.entities.map { Self.hasMembersOfTheirOwn($0, paths: paths[$0.index], in: schema) }
  }

  /// Whether every attribute, relationship and the subentity key path of `entity` is one
  /// plain key, no two alike (by code points): then no member of its objects lands inside
  /// another or replaces one, and each can be appended as it is written.
  private static func hasMembersOfTheirOwn(
    _ entity: EntityDescription, paths: (attributes: [PathExpression], relationships: [PathExpression]), in schema: Schema
  ) -> Bool {
    let subentity = subentityKeyPath(of: entity, in: schema).map { [PathExpression($0)] } ?? []
    var seen: Set<[UInt8]> = []
    return (paths.attributes + paths.relationships + subentity).allSatisfy { path in
      path.segments.count == 1 && seen.insert(Array(path.segments[0].name.utf8)).inserted
    }
  }

  /// Puts a member of an object of entity number `entity` at its key path: appended when the
  /// entity's members all have keys of their own.
  func put(_ value: JSONValue, at path: PathExpression, into result: inout JSONObject, entity: Int) throws {
    guard appendsMembers[entity], let key = path.segments.first else { return try result.insert(value, at: path) }
    result.append(newKey: key.name, value)
  }

  /// A new object for the members of an object of `entity`, with room for them when they are
  /// appended.
  func members(of entity: EntityDescription) -> JSONObject {
    appendsMembers[entity.index] ? JSONObject(minimumCapacity: entity.attributes.count + entity.relationships.count + 1) : JSONObject()
  }

  /// The payload of `objects` and of every object reachable from them.
  mutating func export(_ objects: [ManagedObject]) throws -> JSONValue {
    let families = Set(objects.map(\.entity.rootIndex))
    topFamily = families.count == 1 ? families.first : nil
    let document = try writeTopLevel(objects)
    guard relationships != .omitted else { return document }
    let unwritten = unwrittenSides(from: objects)
    guard !unwritten.isEmpty else { return document }
    firstPass = visited
    forced = unwritten
    visited = ObjectMarks()
    deferred = []
    writtenSides = []
    written = []
    return try writeTopLevel(objects)
  }

  private mutating func writeTopLevel(_ objects: [ManagedObject]) throws -> JSONValue {
    var elements: [JSONValue] = []
    for object in objects {
      if let value = try write(object, from: nil, depth: 0, isLeftOutBranch: false) { elements.append(value) }
    }
    var next = 0
    while next < deferred.count {
      let object = deferred[next]
      next += 1
      guard !visited.contains(object), let value = try write(object, from: nil, depth: 0, isLeftOutBranch: false) else { continue }
      elements.append(value)
    }
    return .array(elements)
  }

  /// The object in full, or its identity when written before (`nil`: written before, no identity).
  /// - Parameters:
  ///   - origin: The object around this one, and the slot of this one's entity pointing back.
  ///   - isLeftOutBranch: Whether this is below an object the first pass left out, where the
  ///     objects the first pass wrote are only referred to (their place is elsewhere).
  mutating func write(
    _ object: ManagedObject, from origin: (object: ManagedObject, inverse: Int)?, depth: Int, isLeftOutBranch: Bool
  ) throws -> JSONValue? {
    guard !visited.contains(object) else { return identity(of: object) }
    if isLeftOutBranch, firstPass.contains(object), let reference = identity(of: object) { return reference }
    if depth > Self.maximumNesting {
      guard object.entity.rootIndex == topFamily, let reference = identity(of: object) else {
        throw GraphError(
          .nestingTooDeep, at: object.entity.name,
          "the graph nests more than \(Self.maximumNesting) objects deep below the exported objects; export \(object.entity.name) objects, or give the entity an identity")
      }
      deferred.append(object)
      return reference
    }
    visited.insert(object)
    let entity = object.entity
    // The relationship back to the object around this one is left out, unless the first pass
    // found it holds links no side wrote.
    let back = origin.flatMap { !forced.isEmpty && forced.contains(ExportedLink.Side(object, $0.inverse)) ? nil : $0.inverse }
    // An object holding nothing but its identity (one a reference created) is written as a reference.
    if entity.hasIdentity, Self.holdsOnlyIdentity(object, except: back) { return identity(of: object) }
    var result = members(of: entity)
    try writeAttributes(of: object, into: &result)
    // By index: the loop over `enumerated()` copied each relationship's description.
    let declared = entity.relationships
    for slot in declared.indices where slot != back && declared[slot].isExported && relationships != .omitted {
      let targets = object.loaded(slot).objects
      guard !targets.isEmpty else { continue }
      let inverse = entity.inverseSlots[slot]
      let isBack = slot == origin?.inverse
      var members: [(target: ManagedObject, value: JSONValue)] = []
      for target in targets {
        let isLeftOut = !firstPass.isEmpty && !firstPass.contains(target)
        // Back toward the object around this one, only objects the first pass left out go in full.
        let value =
          isBack && !isLeftOut || !relationships.nests(atDepth: depth + 1) && identity(of: target) != nil
          ? identity(of: target)
          : try write(target, from: inverse.map { (object, $0) }, depth: depth + 1, isLeftOutBranch: isLeftOutBranch || isLeftOut)
        guard let value else { continue }
        members.append((target, value))
      }
      noteWritten(members, of: object, at: slot, holding: targets.count)
      guard let value = Self.payload(of: members, for: declared[slot], keyed: !writesKeyedAsLists) else { continue }
      try insert(value, at: paths[entity.index].relationships[slot], into: &result, entity: entity.index)
    }
    return .object(result)
  }

  /// Puts a relationship's payload at its key path, keeping what a flattened attribute sharing
  /// the key wrote there (`pricing.retail_price` beside the relationship `pricing`): the
  /// related object's own members win, and the attribute reads back from the same object.
  func insert(_ value: JSONValue, at path: PathExpression, into result: inout JSONObject, entity: Int) throws {
    guard !appendsMembers[entity], path.segments.count == 1, case .object(var members) = value,
      case .object(let written)? = result[path.segments[0].name]
    else {
      return try put(value, at: path, into: &result, entity: entity)
    }
    for (key, member) in written where members[key] == nil { members[key] = member }
    try result.insert(.object(members), at: path)
  }

  /// A relationship's written objects as its payload: the one object, an array, or for a keyed
  /// relationship an object keyed by each one's key attribute.
  static func payload(of members: [(target: ManagedObject, value: JSONValue)], for relationship: Relationship, keyed: Bool) -> JSONValue? {
    guard relationship.isToMany else { return members.first?.value }
    guard keyed, let keyedBy = relationship.keyedBy else { return .array(members.map(\.value)) }
    var keyed = JSONObject()
    for (target, value) in members {
      guard let keySlot = target.entity.attributeSlot(named: keyedBy), let key = target.values[keySlot] else { continue }
      keyed[key.text] = value
    }
    return .object(keyed)
  }

  mutating func writeAttributes(of object: ManagedObject, into result: inout JSONObject) throws {
    let codecs = try codecs(of: object.entity)
    let paths = paths[object.entity.index].attributes
    // Keys of relationships holding no object: an attribute flattened below one of them that
    // holds only its default (or nothing) is left out, or reading the payload back would find
    // an object there to relate. (Another value is written: it has nowhere else to go.)
    // Found on the first flattened attribute: most objects have none.
    var emptyKeys: Set<String>?
    let attributes = object.entity.attributes
    for slot in attributes.indices where attributes[slot].isExported {
      if paths[slot].segments.count > 1, let first = paths[slot].segments.first {
        let keys = emptyKeys ?? emptyRelationshipKeys(of: object)
        emptyKeys = keys
        if keys.contains(first.name), object.values[slot] == nil || object.values[slot] == attributes[slot].defaultValue { continue }
      }
      let read: GraphValue?
      do {
        read = try object.readValue(at: slot)
      } catch {
        // Left out and reported: one value that does not read back hides nothing else.
        if !unreadable.contains(error) { unreadable.append(error) }
        continue
      }
      guard let value = read else {
        // A cleared value with a default must say so, or reading it back gives the default.
        if attributes[slot].defaultValue != nil { try put(.null, at: paths[slot], into: &result, entity: object.entity.index) }
        continue
      }
      try put(try encoded(value, codec: codecs[slot]), at: paths[slot], into: &result, entity: object.entity.index)
    }
    try writeSubentityName(of: object, into: &result)
  }

  /// The first keys of `object`'s relationships that hold no object.
  private func emptyRelationshipKeys(of object: ManagedObject) -> Set<String> {
    Set(
      object.entity.relationships.indices.compactMap { slot -> String? in
        guard object.loaded(slot).objects.isEmpty, let first = paths[object.entity.index].relationships[slot].segments.first else { return nil }
        return first.name
      })
  }

  /// The object's entity at the subentity key path its family declares (`"kind": "Photo"`, or
  /// its `subentityValue`), as an import reads it back; nothing when the family declares none,
  /// or an attribute of its own wrote there.
  private func writeSubentityName(of object: ManagedObject, into result: inout JSONObject) throws {
    guard let (path, name) = subentityName(of: object) else { return }
    if !appendsMembers[object.entity.index], path.segments.count == 1, let first = path.segments.first, result[first.name] != nil { return }
    try put(.string(name), at: path, into: &result, entity: object.entity.index)
  }

  /// The subentity key path the object's family declares (the nearest in its lineage, as an
  /// import looks), and the name the object's entity goes by there.
  private func subentityName(of object: ManagedObject) -> (path: PathExpression, name: String)? {
    let entity = object.entity
    guard let keyPath = Self.subentityKeyPath(of: entity, in: schema) else { return nil }
    return (PathExpression(keyPath), entity.declaration.userInfo["subentityValue"] ?? entity.name)
  }

  /// The subentity key path `entity`'s family declares, the nearest in its lineage.
  private static func subentityKeyPath(of entity: EntityDescription, in schema: Schema) -> String? {
    entity.lineage.reversed().lazy.compactMap { schema.entities[$0].declaration.subentityKeyPath }.first
  }

  /// An attribute's value as a payload value: the plain kinds as they are, anything else (a
  /// transformer's, a date or data in the options' formats) through the encoder.
  private func encoded(_ value: GraphValue, codec: AttributeCodec?) throws -> JSONValue {
    if codec?.writesByType ?? true {
      switch value {
      case .string(let string): return .string(string)
      case .integer(let integer): return .number(JSONNumber(integer))
      case .bool(let bool): return .bool(bool)
      default: break
      }
    }
    guard let codec else { return try encoder.encodeToValue(value) }
    return try encoder.encodeToValue(AttributeOutput(value: value, codec: codec))
  }

  private static func holdsOnlyIdentity(_ object: ManagedObject, except inverse: Int?) -> Bool {
    let entity = object.entity
    // A reference makes an object holding the defaults: a value other than its default (a
    // cleared one included) must be written.
    for slot in entity.attributes.indices where !entity.isIdentitySlot[slot] && object.values[slot] != entity.attributes[slot].defaultValue {
      return false
    }
    for slot in entity.relationships.indices where slot != inverse && object.loaded(slot).count > 0 { return false }
    return true
  }

  /// An object's identity as a payload value: the value for one attribute, an object of the
  /// identity key paths for several, `nil` without identity.
  func identity(of object: ManagedObject) -> JSONValue? {
    let slots = object.entity.identitySlots
    guard !slots.isEmpty else { return nil }
    let values = slots.map { object.values[$0] }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    let encoded = values.compactMap { $0.flatMap { try? self.encoded($0, codec: nil) } }
    guard encoded.count == slots.count else { return nil }
    // An object of a family with subentities names its entity too, so that a reference read
    // before the object itself makes the right subentity.
    let subentity = subentityName(of: object)
    if slots.count == 1, subentity == nil { return encoded[0] }
    var result = JSONObject()
    let paths = paths[object.entity.index].attributes
    // A path no value can be written at fails the attributes' write too, with its error.
    for (slot, value) in zip(slots, encoded) { guard (try? result.insert(value, at: paths[slot])) != nil else { return nil } }
    if let (path, name) = subentity, (try? result.insert(.string(name), at: path)) == nil { return nil }
    return .object(result)
  }

  private mutating func codecs(of entity: EntityDescription) throws -> [AttributeCodec] {
    if let known = codecs[entity.index] { return known }
    let made = try entity.attributes.map { try AttributeCodec($0, of: entity.name, registry: encoder.options.transformers) }
    codecs[entity.index] = made
    return made
  }
}

/// One attribute value, written through its codec.
struct AttributeOutput: MappableValue {
  let value: GraphValue
  let codec: AttributeCodec

  static func read(from value: ValueReader) throws -> AttributeOutput {
    throw value.mismatch(expected: "an attribute value to write, not read")
  }

  func write(to writer: inout ValueWriter) throws { try codec.write(value, &writer) }
}

/// How an export writes an object's relationships (Sync's export options).
///
/// ```swift
/// try graph.exportJSON(users, relationships: .identities)   // "notes": [301, 302]
/// ```
public enum RelationshipExport: Sendable, Hashable {
  /// Related objects in full the first time they are reached, as identities after that: what
  /// reads back into the same graph. The default.
  case nested
  /// As ``nested``, down to `depth` levels below the exported objects (1: their related objects
  /// in full, and those objects' related ones as identities); deeper objects as identities.
  case nestedToDepth(Int)
  /// Related objects as their identities (an object without identity is written in full).
  case identities
  /// No relationships.
  case omitted

  /// Whether an object `depth` levels below the exported ones is written in full.
  func nests(atDepth depth: Int) -> Bool {
    switch self {
    case .nested: true
    case .nestedToDepth(let limit): depth <= limit
    case .identities, .omitted: false
    }
  }
}
