import FoundryGraph
import FoundryJSON

/// The schema a store was made with, as JSON kept in the store: what a later version of the
/// model is compared with to migrate the store. It keeps what lays out tables (entities,
/// parents, identities, attribute types and optionality, relationships and renaming
/// identifiers); a typed-value attribute is kept as transformable (both are JSON columns).
enum SchemaRecord {
  /// `schema` as compact JSON text.
  static func text(of schema: Schema) -> String {
    let entities = schema.declarations.map { entity -> JSONValue in
      .object(JSONObject([
        ("name", .string(entity.name)), ("parent", entity.parent.map(JSONValue.string) ?? .null), ("abstract", .bool(entity.isAbstract)),
        ("identity", .array(entity.identity.map(JSONValue.string))), ("scoped", .bool(entity.isIdentityScopedToParent)),
        ("renamed", entity.renamingIdentifier.map(JSONValue.string) ?? .null),
        ("attributes", .array(entity.attributes.map { attribute in
          .object(JSONObject([
            ("name", .string(attribute.name)), ("type", .string(Self.typeName(attribute.type))), ("optional", .bool(attribute.isOptional)),
            ("renamed", attribute.renamingIdentifier.map(JSONValue.string) ?? .null),
          ]))
        })),
        ("relationships", .array(entity.relationships.map { relationship in
          .object(JSONObject([
            ("name", .string(relationship.name)), ("destination", .string(relationship.destination)), ("toMany", .bool(relationship.isToMany)),
            ("ordered", .bool(relationship.isOrdered)), ("inverse", relationship.inverse.map(JSONValue.string) ?? .null),
            ("renamed", relationship.renamingIdentifier.map(JSONValue.string) ?? .null),
          ]))
        })),
      ]))
    }
    return JSONValue.array(entities).makeJSONString()
  }

  /// The schema recorded as `text`.
  /// - Throws: ``StoreError`` `corrupt` when the record does not read.
  static func schema(from text: String) throws(StoreError) -> Schema {
    let corrupt = StoreError(.corrupt, "the store's schema record does not read")
    guard let document = try? JSONDocument(string: text), let entities = document.value.array else { throw corrupt }
    var declarations: [Entity] = []
    for value in entities {
      guard let name = value["name"]?.string, let attributes = value["attributes"]?.array, let relationships = value["relationships"]?.array else {
        throw corrupt
      }
      var entity = Entity(
        name, parent: value["parent"]?.string, abstract: value["abstract"]?.bool ?? false, attributes: [], relationships: [],
        identity: value["identity"]?.array?.compactMap(\.string) ?? [], identityScopedToParent: value["scoped"]?.bool ?? false)
      entity.renamingIdentifier = value["renamed"]?.string
      for item in attributes {
        guard let attributeName = item["name"]?.string, let type = item["type"]?.string.flatMap(AttributeType.init(modelName:)) else { throw corrupt }
        var attribute = Attribute(attributeName, type, optional: item["optional"]?.bool ?? true)
        attribute.renamingIdentifier = item["renamed"]?.string
        entity.attributes.append(attribute)
      }
      for item in relationships {
        guard let relationshipName = item["name"]?.string, let destination = item["destination"]?.string else { throw corrupt }
        var relationship = Relationship(
          relationshipName, to: destination, toMany: item["toMany"]?.bool ?? false, ordered: item["ordered"]?.bool ?? false,
          inverse: item["inverse"]?.string)
        relationship.renamingIdentifier = item["renamed"]?.string
        entity.relationships.append(relationship)
      }
      declarations.append(entity)
    }
    do { return try Schema(declarations) } catch { throw corrupt }
  }

  private static func typeName(_ type: AttributeType) -> String {
    if case .value = type { return AttributeType.transformable.description }
    return type.description
  }
}
