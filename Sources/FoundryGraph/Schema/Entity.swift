/// A kind of object in a graph: its attributes, relationships and identity, as declared.
///
/// ```swift
/// Entity("Author", identity: ["id"]) {
///   Attribute("id", .integer64, keyPath: "author_id")
///   Attribute("name", .string)
///   Relationship("books", to: "Book", toMany: true, inverse: "author")
/// }
/// ```
///
/// A ``Schema`` resolves declarations into ``EntityDescription``s, which add what the entity
/// inherits from its parent.
public struct Entity: Sendable, Hashable {
  /// The entity's name, unique in the schema.
  public var name: String
  /// The entity it inherits attributes, relationships and identity from.
  public var parent: String?
  /// Whether objects of exactly this entity cannot exist (only of its subentities).
  public var isAbstract: Bool
  /// The attributes declared here (not inherited ones).
  public var attributes: [Attribute]
  /// The relationships declared here (not inherited ones).
  public var relationships: [Relationship]
  /// The attributes whose values together identify an object: the same identity in a payload
  /// is the same object. Empty: every payload object is a new object. A subentity inherits
  /// its parent's identity unless it declares its own.
  public var identity: [String]
  /// Whether identity is unique only among the objects related to the same parent object (the
  /// object whose payload nests this one), not in the whole graph.
  public var isIdentityScopedToParent: Bool
  /// The payload key path whose value picks the subentity to create (Groot's entity mapper,
  /// declared): the value is matched against the subentities' names and their `subentityValue`
  /// user info.
  public var subentityKeyPath: String?
  /// The name of an entity mapper bound at import time (``GraphImportOptions/entityMappers``)
  /// that picks the subentity for a payload.
  public var entityMapperName: String?
  /// The name of a payload transformer bound at import time
  /// (``GraphImportOptions/payloadTransformers``) that rewrites each payload object of this
  /// entity (or its subentities) before it is read: Groot's `JSONDictionaryTransformerName`.
  ///
  /// ```swift
  /// var user = Entity("User") { Attribute("name", .string) }
  /// user.payloadTransformerName = "unwrapData"
  /// ```
  public var payloadTransformerName: String?
  /// Free-form annotations (a model file's user info).
  public var userInfo: [String: String]
  /// The name this one had in the previous version of the model (Core Data's renaming
  /// identifier): a store migrates the old one's data to it. `nil` keeps the name.
  ///
  /// ```swift
  /// var title = Attribute("name", .string)
  /// title.renamingIdentifier = "title"   // was "title" in the previous version
  /// ```
  public var renamingIdentifier: String?
  /// Key paths a store indexes: attributes, or paths inside transformable and typed-value
  /// attributes (an expression index on the JSON the store keeps), each with `[c]`, `[d]` or
  /// `[cd]` after it for an index on the text folded so (`lastName[cd]`, which `lastName
  /// ==[cd] "muller"` and `IN[cd]` use). In model files, the entity's `indexedKeyPaths`
  /// user-info entry, comma-separated.
  ///
  /// ```swift
  /// var author = Entity("Author") { Attribute("settings", .value(GraphValueType(Settings.self))) }
  /// author.indexedKeyPaths = ["settings.theme"]
  /// ```
  public var indexedKeyPaths: [String] = []

  /// An entity declared member by member.
  ///
  /// ```swift
  /// Entity("Book", identity: ["isbn"]) { Attribute("isbn", .string) }
  /// ```
  /// - Parameters:
  ///   - name: The entity's name.
  ///   - parent: The parent entity's name, for a subentity.
  ///   - abstract: Whether the entity has no objects of its own, only its subentities'.
  ///   - identity: The identity attributes' names; the same values are the same object.
  ///   - identityScopedToParent: Whether the identity is unique only among the parent object's related objects.
  ///   - subentityKeyPath: The payload key path whose value names the subentity to create.
  ///   - entityMapper: The name of the entity mapper that picks the subentity at import.
  ///   - userInfo: Free-form entries, as a model file's user info.
  ///   - members: The attributes and relationships.
  public init(
    _ name: String, parent: String? = nil, abstract: Bool = false, identity: [String] = [],
    identityScopedToParent: Bool = false, subentityKeyPath: String? = nil, entityMapper: String? = nil,
    userInfo: [String: String] = [:], @EntityBuilder members: () -> [EntityMember] = { [] }
  ) {
    self.init(
      name, parent: parent, abstract: abstract, attributes: [], relationships: [], identity: identity,
      identityScopedToParent: identityScopedToParent, subentityKeyPath: subentityKeyPath, entityMapper: entityMapper,
      userInfo: userInfo)
    for member in members() {
      switch member {
      case .attribute(let attribute): attributes.append(attribute)
      case .relationship(let relationship): relationships.append(relationship)
      }
    }
  }

  /// An entity from lists of attributes and relationships.
  ///
  /// ```swift
  /// Entity("Tag", attributes: [Attribute("label", .string)], relationships: [])
  /// ```
  /// - Parameters:
  ///   - name: The entity's name.
  ///   - parent: The parent entity's name, for a subentity.
  ///   - abstract: Whether the entity has no objects of its own, only its subentities'.
  ///   - attributes: The attributes.
  ///   - relationships: The relationships.
  ///   - identity: The identity attributes' names; the same values are the same object.
  ///   - identityScopedToParent: Whether the identity is unique only among the parent object's related objects.
  ///   - subentityKeyPath: The payload key path whose value names the subentity to create.
  ///   - entityMapper: The name of the entity mapper that picks the subentity at import.
  ///   - userInfo: Free-form entries, as a model file's user info.
  public init(
    _ name: String, parent: String? = nil, abstract: Bool = false, attributes: [Attribute], relationships: [Relationship],
    identity: [String] = [], identityScopedToParent: Bool = false, subentityKeyPath: String? = nil,
    entityMapper: String? = nil, userInfo: [String: String] = [:]
  ) {
    self.name = name
    self.parent = parent
    self.isAbstract = abstract
    self.attributes = attributes
    self.relationships = relationships
    self.identity = identity
    self.isIdentityScopedToParent = identityScopedToParent
    self.subentityKeyPath = subentityKeyPath
    self.entityMapperName = entityMapper
    self.userInfo = userInfo
  }
}

/// One line of an ``Entity`` declaration: an attribute or a relationship.
public enum EntityMember: Sendable, Hashable {
  case attribute(Attribute)
  case relationship(Relationship)
}

/// Collects the attributes and relationships of an ``Entity`` declaration.
///
/// ```swift
/// Entity("Author") {
///   Attribute("name", .string)
///   if withBooks { Relationship("books", to: "Book", toMany: true) }
/// }
/// ```
@resultBuilder
public enum EntityBuilder {
  public static func buildExpression(_ attribute: Attribute) -> [EntityMember] { [.attribute(attribute)] }
  public static func buildExpression(_ relationship: Relationship) -> [EntityMember] { [.relationship(relationship)] }
  public static func buildExpression(_ members: [EntityMember]) -> [EntityMember] { members }
  public static func buildBlock(_ parts: [EntityMember]...) -> [EntityMember] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [EntityMember]?) -> [EntityMember] { part ?? [] }
  public static func buildEither(first part: [EntityMember]) -> [EntityMember] { part }
  public static func buildEither(second part: [EntityMember]) -> [EntityMember] { part }
  public static func buildArray(_ parts: [[EntityMember]]) -> [EntityMember] { parts.flatMap { $0 } }
}
