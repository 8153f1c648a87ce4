import Foundry
import FoundryInternals

/// What importing objects of one entity needs, prepared once per import: the mapping schema
/// of its key paths (attributes first, then relationships) and a step per attribute and per
/// relationship holding just what the import loop reads, so the loop copies no schema values.
final class EntityImportPlan {
  let entity: EntityDescription
  let mapping: MappingSchema
  /// Per attribute slot.
  let attributes: [AttributeStep]
  /// Per relationship slot.
  let relationships: [RelationshipStep]
  /// The identity attributes' slots.
  let identitySlots: [Int]
  /// Whether the entity has subentities (a payload may ask for one).
  let hasSubentities: Bool
  /// The key path that picks a subentity, when the entity declares one.
  let subentityPath: PathExpression?
  /// Whether every field is one plain key of its own (``MappingSchema/hasDistinctPlainKeys``).
  let hasDistinctPlainKeys: Bool
  /// Whether a payload object names the same object wherever it appears: the entity has an
  /// identity of its own (not its parent's) and no subentities a payload could pick.
  let remembersPayloads: Bool
  /// The payload transformer the entity (or its nearest ancestor declaring one) names, with
  /// its name; `nil` for none.
  let payloadTransformer: (name: String, transform: GraphImportOptions.PayloadTransformer)?
  // Unchecked exclusivity: the plan belongs to one import's session (ARCHITECTURE.md, Invariants: "One owner").
  /// Whether this import remembered a payload of the entity: its payloads are worth hashing.
  @exclusivity(unchecked) var hasRememberedPayloads = false

  init(entity: EntityDescription, schema: Schema, options: GraphImportOptions) throws {
    self.entity = entity
    mapping = entity.payloadMapping
    hasDistinctPlainKeys = entity.payloadKeysAreDistinct
    attributes = try entity.attributes.indices.map { slot in
      let attribute = entity.attributes[slot]
      return AttributeStep(
        codec: try AttributeCodec(attribute, of: entity.name, registry: options.mapping.transformers), isOptional: attribute.isOptional,
        needsValue: !attribute.isOptional && attribute.defaultValue == nil, isIdentity: entity.isIdentitySlot[slot],
        absentValue: attribute.defaultsWhenAbsent ? attribute.defaultValue : nil)
    }
    relationships = entity.relationships.indices.map { slot in
      RelationshipStep(entity: entity, slot: slot, field: entity.attributes.count + slot, schema: schema, options: options)
    }
    identitySlots = entity.identitySlots
    hasSubentities = !entity.descendantIndices.isEmpty
    subentityPath = entity.declaration.subentityKeyPath.map { PathExpression($0) }
    remembersPayloads = !identitySlots.isEmpty && !entity.isIdentityScopedToParent && !hasSubentities
    let named = Self.payloadTransformerName(of: entity, in: schema)
    payloadTransformer = named.flatMap { name in options.payloadTransformers[name].map { (name, $0) } }
  }

  /// The payload transformer name `entity` or its nearest ancestor declares.
  static func payloadTransformerName(of entity: EntityDescription, in schema: Schema) -> String? {
    entity.lineage.reversed().lazy.compactMap { schema.entities[$0].declaration.payloadTransformerName }.first
  }

  /// The type name of attribute `slot`, for messages.
  func typeName(ofAttribute slot: Int) -> String { "\(entity.attributes[slot].type)" }

  /// `error` with what the model says about attribute `slot` where the payload alone does not
  /// explain it: an empty key path reads the whole object, not a member.
  func explained(_ error: any Error, ofAttribute slot: Int) -> any Error {
    guard var mapping = error as? MappingError, entity.attributes.indices.contains(slot) else { return error }
    let attribute = entity.attributes[slot]
    guard attribute.payloadKeyPath.isEmpty else { return error }
    mapping.addNote("\(entity.name).\(attribute.name) has an empty key path, which reads the whole object")
    return mapping
  }
}

/// How the import reads one attribute.
struct AttributeStep {
  let codec: AttributeCodec
  /// Whether the attribute may lack a value.
  let isOptional: Bool
  /// Whether a new object needs a value (required, with no default).
  let needsValue: Bool
  /// Whether the attribute is part of the entity's identity.
  let isIdentity: Bool
  /// The value a payload without the attribute's key gives an existing object
  /// (``Attribute/defaultsWhenAbsent``); `nil` leaves it as it is.
  let absentValue: GraphValue?
}

/// How the import reads one relationship: plain values only, and the destination by an
/// unowned reference (the schema, which the graph holds for the whole import, keeps it alive).
struct RelationshipStep {
  /// The relationship's field in the entity's mapping schema.
  let field: Int
  let isToMany: Bool
  unowned(unsafe) let destination: EntityDescription
  /// The inverse relationship's slot in the destination, when it is to-one (implied by nesting).
  let inverse: Int?
  /// For a keyed to-many relationship: the destination attribute slot each member's key fills.
  let keySlot: Int?
  /// Whether the destination, or one of its subentities, has parent-scoped identity.
  let hasScopedIdentity: Bool
  /// How a to-many payload combines with what the relationship holds (``GraphImportOptions/ToManyMerge/byKind``
  /// resolved, and no deleting without the `.delete` operation).
  let merge: GraphImportOptions.ToManyMerge
  /// The changes the import may make to the objects the relationship's payload names.
  let operations: ImportOperations

  init(entity: EntityDescription, slot: Int, field: Int, schema: Schema, options: GraphImportOptions) {
    let relationship = entity.relationships[slot]
    let destination = schema.entities[entity.destinationIndices[slot]]
    self.field = field
    isToMany = relationship.isToMany
    self.destination = destination
    inverse = entity.inverseSlots[slot].flatMap { destination.relationships[$0].isToMany ? nil : $0 }
    keySlot = relationship.keyedBy.flatMap { destination.attributeSlot(named: $0) }
    hasScopedIdentity =
      destination.isIdentityScopedToParent
      || destination.descendantIndices.contains { schema.entities[$0].isIdentityScopedToParent }
    let keys = entity.lineage.reversed().map { "\(schema.entities[$0].name).\(relationship.name)" }
    operations = keys.lazy.compactMap { options.relationshipOperations[$0] }.first ?? options.operations
    var merge = keys.lazy.compactMap { options.toManyMerges[$0] }.first ?? options.toManyMerge
    if merge == .byKind {
      let ownsTargets = entity.inverseSlots[slot].map { !destination.relationships[$0].isToMany } ?? false
      merge = ownsTargets ? .replaceDeletingOthers : .replace
    }
    self.merge = merge == .replaceDeletingOthers && !operations.contains(.delete) ? .replace : merge
  }
}
