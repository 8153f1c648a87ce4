import Foundry
import FoundryInternals

/// What importing objects of one entity needs, prepared once per import: the mapping schema
/// of its key paths (attributes first, then relationships) and each attribute's codec.
final class EntityImportPlan {
  let entity: EntityDescription
  let mapping: MappingSchema
  let codecs: [AttributeCodec]
  /// The key path segments that pick a subentity, when the entity declares one.
  let subentityPath: [String]?
  /// Per attribute: whether it may lack a value, and whether it needs one in a new object
  /// (required, with no default).
  let isOptional: [Bool]
  let needsValue: [Bool]
  /// Per attribute: the type's name, for messages.
  let typeNames: [String]

  init(entity: EntityDescription, options: GraphImportOptions) throws {
    self.entity = entity
    let fields = entity.attributes.map { FieldKey.path($0.payloadKeyPath) } + entity.relationships.map { FieldKey.path($0.payloadKeyPath) }
    mapping = MappingSchema(fields: fields)
    codecs = try entity.attributes.map { try AttributeCodec($0, registry: options.mapping.transformers) }
    subentityPath = entity.declaration.subentityKeyPath.map { PathSyntax.segments($0).map(\.name) }
    isOptional = entity.attributes.map(\.isOptional)
    needsValue = entity.attributes.map { !$0.isOptional && $0.defaultValue == nil }
    typeNames = entity.attributes.map { "\($0.type)" }
  }

  /// The mapping field of relationship `slot`.
  func field(ofRelationship slot: Int) -> Int { entity.attributes.count + slot }
}
