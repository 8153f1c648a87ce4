#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
import FoundryJSON

/// The schema a store was made with, as JSON kept in the store: what a later version of the
/// model is compared with to migrate the store, and what tools open the store with when no
/// model is given. It keeps entities (parents, identities, key paths, indexes), attributes
/// (types, optionality, defaults, key paths, transformer names, rules) and relationships; a
/// typed-value attribute comes back as transformable (both are JSON columns), and user info
/// is not kept.
enum SchemaRecord {
  /// `schema` as compact JSON text.
  static func text(of layout: StoreLayout) -> String {
    JSONValue.array(layout.schema.declarations.map { entity($0, in: layout) }).makeJSONString()
  }

  /// The schema recorded as `text`.
  /// - Throws: ``StoreError`` `corrupt` when the record does not read.
  static func schema(from text: String) throws(StoreError) -> Schema {
    guard let document = try? JSONDocument(string: text), let entities = document.value.array else { throw corrupt }
    var declarations: [Entity] = []
    for value in entities { declarations.append(try entity(from: value)) }
    do { return try Schema(declarations) } catch { throw corrupt }
  }

  private static let corrupt = StoreError(.corrupt, "the store's schema record does not read")

  /// The transformer bindings recorded in `text` (what ``text(of:)`` wrote), one per attribute
  /// that names a transformer; none for a record that does not read or predates them.
  static func bindings(from text: String) -> [RecordedBinding] {
    guard let document = try? JSONDocument(string: text), let entities = document.value.array else { return [] }
    var bindings: [RecordedBinding] = []
    for entity in entities {
      guard let name = entity["name"]?.string else { continue }
      for attribute in entity["attributes"]?.array ?? [] {
        guard let attributeName = attribute["name"]?.string, let transformer = attribute["transformer"]?.string,
          let stores = attribute["stores"]?.string
        else { continue }
        bindings.append(
          RecordedBinding(
            entity: name, attribute: attributeName, transformer: transformer, spec: attribute["binding"]?.string, stores: stores,
            values: attribute["values"]?.string))
      }
    }
    return bindings
  }

  // MARK: - Writing

  private static func entity(_ entity: Entity, in layout: StoreLayout) -> JSONValue {
    let described = layout.schema[entity.name]
    let codecs = described.map { layout.codecs[$0.index] } ?? []
    let codec = { (attribute: Attribute) -> ColumnCodec? in described?.attributeSlot(named: attribute.name).map { codecs[$0] } }
    return object(
      [
        ("name", .string(entity.name)), ("parent", optional(entity.parent)), ("abstract", .bool(entity.isAbstract)),
        ("identity", .array(entity.identity.map(JSONValue.string))), ("scoped", .bool(entity.isIdentityScopedToParent)),
        ("subentityKeyPath", optional(entity.subentityKeyPath)), ("entityMapper", optional(entity.entityMapperName)),
        ("renamed", optional(entity.renamingIdentifier)), ("indexes", .array(entity.indexedKeyPaths.map(JSONValue.string))),
        ("attributes", .array(entity.attributes.map { attribute($0, codec: codec($0), layout: layout) })),
        ("relationships", .array(entity.relationships.map(relationship))),
      ] + (entity.payloadTransformerName.map { [("payloadTransformer", JSONValue.string($0))] } ?? []))
  }

  private static func attribute(_ attribute: Attribute, codec: ColumnCodec?, layout: StoreLayout) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(attribute.name)), ("type", .string(typeName(attribute.type))), ("optional", .bool(attribute.isOptional)),
      ("default", optional(attribute.defaultValue.flatMap { defaultText($0) })), ("keyPath", optional(attribute.keyPath)),
      ("transformer", optional(attribute.transformerName)), ("renamed", optional(attribute.renamingIdentifier)),
      ("minimum", attribute.rules.minimum.map { .number(JSONNumber(floatLiteral: $0)) } ?? .null),
      ("maximum", attribute.rules.maximum.map { .number(JSONNumber(floatLiteral: $0)) } ?? .null),
      ("pattern", optional(attribute.rules.pattern)),
    ]
    members += payloadMembers(fallbacks: attribute.fallbackKeyPaths, isExported: attribute.isExported)
    if attribute.defaultsWhenAbsent { members.append(("defaultsWhenAbsent", .bool(true))) }
    if attribute.keepsAfterDeletion { members.append(("keptAfterDeletion", .bool(true))) }
    // How a transformer's values are kept: the store's binding, read back when it is opened
    // without it (see ``RecordedBinding``).
    if let name = attribute.transformerName, let codec {
      members.append(("binding", optional(layout.transformers.boundSpec(of: name))))
      members.append(("stores", .string(typeName(codec.type))))
      members.append(("values", optional(codec.storage.transformedType)))
    }
    return object(members)
  }

  private static func relationship(_ relationship: Relationship) -> JSONValue {
    object(
      [
        ("name", .string(relationship.name)), ("destination", .string(relationship.destination)), ("toMany", .bool(relationship.isToMany)),
        ("ordered", .bool(relationship.isOrdered)), ("inverse", optional(relationship.inverse)),
        ("deleteRule", .string(relationship.deleteRule.rawValue)), ("optional", .bool(relationship.isOptional)),
        ("minCount", .number(JSONNumber(relationship.minCount))), ("maxCount", .number(JSONNumber(relationship.maxCount))),
        ("keyPath", optional(relationship.keyPath)), ("keyedBy", optional(relationship.keyedBy)), ("renamed", optional(relationship.renamingIdentifier)),
      ] + payloadMembers(fallbacks: relationship.fallbackKeyPaths, isExported: relationship.isExported))
  }

  /// The fallback key paths and the export flag of an attribute or relationship, recorded only
  /// when set (a store made before they existed keeps its record's text).
  private static func payloadMembers(fallbacks: [String], isExported: Bool) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    if !fallbacks.isEmpty { members.append(("fallbackKeyPaths", .array(fallbacks.map(JSONValue.string)))) }
    if !isExported { members.append(("exported", .bool(false))) }
    return members
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
  private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  static func typeName(_ type: AttributeType) -> String {
    if case .value = type { return AttributeType.transformable.description }
    return type.description
  }

  /// A default value as text: a date as its seconds since 2001, others as they read back.
  private static func defaultText(_ value: GraphValue) -> String? {
    switch value {
    case .date(let date): "\(date.timeIntervalSinceReferenceDate)"
    case .json, .custom, .data: nil
    case .string(let text): text
    case .url(let url): url.absoluteString
    case .uuid(let uuid): uuid.uuidString
    default: "\(value.base)"
    }
  }

  // MARK: - Reading

  private static func entity(from value: JSONValue) throws(StoreError) -> Entity {
    guard let name = value["name"]?.string, let attributes = value["attributes"]?.array, let relationships = value["relationships"]?.array else {
      throw corrupt
    }
    var entity = Entity(
      name, parent: value["parent"]?.string, abstract: value["abstract"]?.bool ?? false, attributes: [], relationships: [],
      identity: value["identity"]?.array?.compactMap(\.string) ?? [], identityScopedToParent: value["scoped"]?.bool ?? false,
      subentityKeyPath: value["subentityKeyPath"]?.string, entityMapper: value["entityMapper"]?.string)
    entity.renamingIdentifier = value["renamed"]?.string
    entity.indexedKeyPaths = value["indexes"]?.array?.compactMap(\.string) ?? []
    entity.payloadTransformerName = value["payloadTransformer"]?.string
    for item in attributes { entity.attributes.append(try attribute(from: item)) }
    for item in relationships { entity.relationships.append(try relationship(from: item)) }
    return entity
  }

  private static func attribute(from item: JSONValue) throws(StoreError) -> Attribute {
    guard let name = item["name"]?.string, let type = item["type"]?.string.flatMap(AttributeType.init(modelName:)) else { throw corrupt }
    let defaultValue = item["default"]?.string.flatMap { text in
      type == .date ? Double(text).map { GraphValue.date(Date(timeIntervalSinceReferenceDate: $0)) } : GraphValue(text: text, as: type)
    }
    var attribute = Attribute(
      name, type, optional: item["optional"]?.bool ?? true, default: defaultValue, keyPath: item["keyPath"]?.string,
      transformer: item["transformer"]?.string)
    attribute.renamingIdentifier = item["renamed"]?.string
    attribute.rules = AttributeRules(minimum: item["minimum"]?.double, maximum: item["maximum"]?.double, pattern: item["pattern"]?.string)
    attribute.fallbackKeyPaths = item["fallbackKeyPaths"]?.array?.compactMap(\.string) ?? []
    attribute.isExported = item["exported"]?.bool ?? true
    attribute.defaultsWhenAbsent = item["defaultsWhenAbsent"]?.bool ?? false
    attribute.keepsAfterDeletion = item["keptAfterDeletion"]?.bool ?? false
    return attribute
  }

  private static func relationship(from item: JSONValue) throws(StoreError) -> Relationship {
    guard let name = item["name"]?.string, let destination = item["destination"]?.string else { throw corrupt }
    var relationship = Relationship(
      name, to: destination, toMany: item["toMany"]?.bool ?? false, ordered: item["ordered"]?.bool ?? false, inverse: item["inverse"]?.string,
      deleteRule: item["deleteRule"]?.string.flatMap(DeleteRule.init(rawValue:)) ?? .nullify, optional: item["optional"]?.bool ?? true,
      minCount: item["minCount"]?.int ?? 0, maxCount: item["maxCount"]?.int ?? 0, keyPath: item["keyPath"]?.string,
      keyedBy: item["keyedBy"]?.string)
    relationship.renamingIdentifier = item["renamed"]?.string
    relationship.fallbackKeyPaths = item["fallbackKeyPaths"]?.array?.compactMap(\.string) ?? []
    relationship.isExported = item["exported"]?.bool ?? true
    return relationship
  }
}
