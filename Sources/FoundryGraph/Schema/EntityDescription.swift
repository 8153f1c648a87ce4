import Foundry

/// An entity as a ``Schema`` resolved it: every attribute and relationship including inherited
/// ones (inherited first), the effective identity, and the links to other entities by position.
///
/// ```swift
/// let author = schema["Author"]!
/// author.attributes.map(\.name)      // ["id", "name"]
/// author.relationships.map(\.name)   // ["books"]
/// author.identity                    // ["id"]
/// ```
public final class EntityDescription: Sendable, CustomStringConvertible {
  /// The declaration this description resolves.
  public let declaration: Entity
  /// The entity's position in ``Schema/entities``.
  public let index: Int
  /// The parent entity's position, if any.
  public let parentIndex: Int?
  /// The positions of all entities below this one (children, grandchildren, ...).
  public let descendantIndices: [Int]
  /// The positions of this entity's ancestors and itself, the root first.
  public let lineage: [Int]
  /// The position of the top of this entity's inheritance chain (itself when it has no parent).
  public var rootIndex: Int { lineage.first ?? index }
  /// Every attribute, inherited ones first; an object's attribute slots follow this order.
  public let attributes: [Attribute]
  /// Every relationship, inherited ones first; an object's relationship slots follow this order.
  public let relationships: [Relationship]
  /// The identity attributes' names (inherited unless declared here).
  public let identity: [String]
  /// The identity attributes' positions in ``attributes``.
  public let identitySlots: [Int]
  /// Whether identity is unique only among the objects related to the same parent object.
  public let isIdentityScopedToParent: Bool
  /// For each relationship, the destination entity's position.
  public let destinationIndices: [Int]
  /// For each relationship, the inverse's position among the destination's relationships.
  public let inverseSlots: [Int?]

  /// For each attribute, whether it is part of the identity.
  let isIdentitySlot: [Bool]
  /// The attribute values of a new object.
  let defaultValues: [GraphValue?]
  /// For each relationship, whether it is to-many.
  let isToManySlot: [Bool]
  /// Whether a relationship without an inverse can point at objects of this entity.
  let isOneWayDestination: Bool
  /// The payload key paths of the attributes, then of the relationships, as the fields an
  /// import reads: made once here rather than at every import (a store imports in batches).
  let payloadMapping: MappingSchema
  /// Whether ``payloadMapping``'s plain keys are all different.
  let payloadKeysAreDistinct: Bool

  private let attributeSlots: [String: Int]
  private let relationshipSlots: [String: Int]
  /// `\ManagedObject.[observedSlot: n]` for every attribute slot, then every relationship
  /// slot: the key paths an object's observation registrar tracks, made once per entity.
  /// Unsafe only in name: key paths are immutable once made.
  nonisolated(unsafe) let observedKeyPaths: [KeyPath<ManagedObject, Int>]

  init(
    declaration: Entity, index: Int, parentIndex: Int?, descendantIndices: [Int], lineage: [Int],
    attributes: [Attribute], relationships: [Relationship], identity: [String], identityScoped: Bool,
    destinationIndices: [Int], inverseSlots: [Int?], isOneWayDestination: Bool
  ) {
    self.declaration = declaration
    self.index = index
    self.parentIndex = parentIndex
    self.descendantIndices = descendantIndices
    self.lineage = lineage
    self.attributes = attributes
    self.relationships = relationships
    self.identity = identity
    self.isIdentityScopedToParent = identityScoped
    self.destinationIndices = destinationIndices
    self.inverseSlots = inverseSlots
    self.isOneWayDestination = isOneWayDestination
    let attributeSlots = Dictionary(attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.attributeSlots = attributeSlots
    relationshipSlots = Dictionary(relationships.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let identitySlots = identity.compactMap { attributeSlots[$0] }
    self.identitySlots = identitySlots
    isIdentitySlot = attributes.indices.map { identitySlots.contains($0) }
    defaultValues = attributes.map(\.defaultValue)
    isToManySlot = relationships.map(\.isToMany)
    observedKeyPaths = (0..<(attributes.count + relationships.count)).map { \ManagedObject.[observedSlot: $0] }
    payloadMapping = MappingSchema(fields: attributes.map { .paths($0.payloadKeyPaths) } + relationships.map { .paths($0.payloadKeyPaths) })
    payloadKeysAreDistinct = payloadMapping.hasDistinctPlainKeys
  }

  /// The entity's name.
  public var name: String { declaration.name }
  /// Whether objects of exactly this entity cannot exist.
  public var isAbstract: Bool { declaration.isAbstract }
  /// Whether objects are uniqued by identity.
  public var hasIdentity: Bool { !identitySlots.isEmpty }

  /// The position of attribute `name` in ``attributes``.
  ///
  /// ```swift
  /// schema["Author"]?.attributeSlot(named: "name")   // 1
  /// ```
  /// - Parameters:
  ///   - name: The attribute's name.
  public func attributeSlot(named name: String) -> Int? { attributeSlots[name] }

  /// The position of relationship `name` in ``relationships``.
  ///
  /// ```swift
  /// schema["Author"]?.relationshipSlot(named: "books")   // 0
  /// ```
  /// - Parameters:
  ///   - name: The relationship's name.
  public func relationshipSlot(named name: String) -> Int? { relationshipSlots[name] }

  /// Whether this entity is `other` or one of its descendants.
  /// - Parameters:
  ///   - other: The entity that may be this one or an ancestor of it.
  public func isKind(of other: EntityDescription) -> Bool { isKind(of: other.index) }

  /// Whether this entity is the entity at `position` or one of its descendants.
  func isKind(of position: Int) -> Bool { lineage.contains(position) }

  public var description: String { "Entity \(name)" }
}
