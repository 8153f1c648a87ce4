import Foundry

/// The rules by which a model's names meet a payload's keys where the model does not spell
/// them out: snake_case keys, identity by attribute name, Sync's renamed reserved words,
/// relationships given as identities, and dates in any common form.
///
/// A model file that uses Sync's user-info keys (`sync.…`, `hyper.…`) reads with ``sync``, one
/// that uses MagicalRecord's (`mappedKeyName`, `relatedByAttribute`, …) with ``magicalRecord``:
/// the model imports unchanged, as it does there. Any schema can take them:
///
/// ```swift
/// let schema = try Schema(PayloadConventions.sync.applied(to: entities))
/// // {"id": 5, "first_name": "Ada", "created_at": 1441843200, "company_id": 2}
/// // fills remoteID, firstName, createdAt, and links Company 2
/// ```
///
/// A convention fills only what a declaration leaves open: an explicit key path, identity or
/// transformer always wins, and applying conventions twice changes nothing more.
public struct PayloadConventions: Sendable, Hashable {
  /// How a name without a key path becomes a payload key.
  public enum Keys: String, Sendable, Hashable, CaseIterable {
    /// The name as written: `createdAt`.
    case asNamed = "as-named"
    /// snake_case (`createdAt` → `created_at`, `userID` → `user_id`, `htmlURL` → `html_url`,
    /// `address2` → `address2`), with the name as written read too; export writes snake_case.
    case snakeCase = "snake-case"
  }

  /// Which attribute is an entity's identity when nothing names one.
  public enum IdentityRule: String, Sendable, Hashable, CaseIterable {
    /// None: an entity without a declared identity has none.
    case declared
    /// Sync's: an attribute `id`, else `remoteID`, read from the payload's `id`.
    case sync
    /// MagicalRecord's: the attribute named for the entity, `personID` for `Person`.
    case magicalRecord = "magical-record"
  }

  /// How names without a key path become payload keys.
  public var keys = Keys.asNamed
  /// Which attribute is the identity when nothing names one.
  public var identity = IdentityRule.declared
  /// Whether an attribute named for its entity and a reserved word (`userDescription`,
  /// `userType`, `userSigned`, `userHash` in `User`) reads and writes the bare word
  /// (`description`), as Sync does.
  public var renamesReservedWords = false
  /// Whether relationships also read identities under `…_id` and `…_ids` keys (`author_id: 5`,
  /// `tag_ids: [1, 2]`; `authorID`, `tagIDs` with names as written).
  public var readsRelationshipIdentities = false
  /// Whether a date attribute without a transformer reads ISO 8601 (date only, with or without
  /// time, offset and fractional seconds) and numbers or numeric strings of seconds,
  /// milliseconds or microseconds since 1970 told apart by magnitude: the `dates:iso8601|epoch`
  /// transformer. It writes ISO 8601.
  public var readsAnyDate = false

  /// Conventions.
  ///
  /// ```swift
  /// let conventions = PayloadConventions(keys: .snakeCase, identity: .sync)
  /// ```
  /// - Parameters:
  ///   - keys: How names become keys.
  ///   - identity: Which attribute is the identity when nothing names one.
  ///   - renamesReservedWords: Whether `userDescription` reads `description`.
  ///   - readsRelationshipIdentities: Whether relationships read `…_id` and `…_ids` keys.
  ///   - readsAnyDate: Whether dates read ISO 8601 and epochs by magnitude.
  public init(
    keys: Keys = .asNamed, identity: IdentityRule = .declared, renamesReservedWords: Bool = false,
    readsRelationshipIdentities: Bool = false, readsAnyDate: Bool = false
  ) {
    self.keys = keys
    self.identity = identity
    self.renamesReservedWords = renamesReservedWords
    self.readsRelationshipIdentities = readsRelationshipIdentities
    self.readsAnyDate = readsAnyDate
  }

  /// No conventions: names are keys, identities are declared.
  ///
  /// ```swift
  /// PayloadConventions.none.applied(to: entities) == entities   // true
  /// ```
  public static let none = PayloadConventions()

  /// Sync's (3lvis/Sync, hyperoslo/Sync): snake_case keys, `id` ↔ `remoteID`, reserved words
  /// prefixed with the entity's name, relationships by `…_id` and `…_ids`, dates as ISO 8601
  /// or epochs.
  ///
  /// ```swift
  /// let schema = try Schema(model, conventions: .sync)   // even without Sync's user-info keys
  /// ```
  public static let sync = PayloadConventions(
    keys: .snakeCase, identity: .sync, renamesReservedWords: true, readsRelationshipIdentities: true, readsAnyDate: true)

  /// MagicalRecord's: names as written, identity `personID` for `Person`, dates as ISO 8601
  /// (its default `yyyy-MM-dd'T'HH:mm:ss'Z'` is one) or epochs.
  ///
  /// ```swift
  /// let schema = try Schema(model, conventions: .magicalRecord)   // Person is identified by personID
  /// ```
  public static let magicalRecord = PayloadConventions(identity: .magicalRecord, readsAnyDate: true)

  /// Whether these conventions change nothing.
  ///
  /// ```swift
  /// ModelFile(contentsOf: url).conventions.isNone   // false for a model annotated for Sync
  /// ```
  public var isNone: Bool { self == .none }

  /// The words Sync keeps out of attribute names (`description` is `NSObject`'s): an attribute
  /// named for its entity and one of them reads the bare word.
  ///
  /// ```swift
  /// PayloadConventions.reservedWords   // ["description", "type", "signed", "hash"]
  /// ```
  public static let reservedWords = ["description", "type", "signed", "hash"]

  /// The transformer spec ``readsAnyDate`` gives date attributes.
  ///
  /// ```swift
  /// PayloadConventions.anyDateTransformer   // "dates:iso8601|epoch"
  /// ```
  public static let anyDateTransformer = "dates:iso8601|epoch"

  /// `entities` with these conventions filled in where the declarations leave them open.
  ///
  /// ```swift
  /// let entities = PayloadConventions.sync.applied(to: model.entities)
  /// entities[0].attributes[0].keyPath   // "first_name" for firstName
  /// ```
  /// - Parameters:
  ///   - entities: The declarations.
  public func applied(to entities: [Entity]) -> [Entity] {
    guard !isNone else { return entities }
    var result = entities.map { entity in
      var entity = entity
      if entity.identity.isEmpty, entity.parent == nil, let named = identityAttribute(of: entity) { entity.identity = [named] }
      for index in entity.attributes.indices { apply(to: &entity.attributes[index], of: entity) }
      return entity
    }
    guard readsRelationshipIdentities || keys == .snakeCase else { return result }
    for entityIndex in result.indices {
      for index in result[entityIndex].relationships.indices {
        apply(to: &result[entityIndex].relationships[index])
      }
    }
    return result
  }

  // MARK: - Rules

  /// The attribute the identity rule names, when the entity has it.
  private func identityAttribute(of entity: Entity) -> String? {
    let names = Set(entity.attributes.map(\.name))
    switch identity {
    case .declared: return nil
    case .sync: return ["id", "remoteID"].first(where: names.contains)
    case .magicalRecord:
      guard let first = entity.name.first else { return nil }
      let name = first.lowercased() + entity.name.dropFirst() + "ID"
      return names.contains(name) ? name : nil
    }
  }

  private func apply(to attribute: inout Attribute, of entity: Entity) {
    if readsAnyDate, attribute.type == .date, attribute.transformerName == nil { attribute.transformerName = Self.anyDateTransformer }
    guard attribute.keyPath == nil else { return }
    if identity == .sync, attribute.name == "remoteID" {
      fill(&attribute.keyPath, &attribute.fallbackKeyPaths, key: "id", name: attribute.name)
    } else if renamesReservedWords, let word = reservedWord(in: attribute.name, of: entity) {
      fill(&attribute.keyPath, &attribute.fallbackKeyPaths, key: word, name: attribute.name)
    } else if keys == .snakeCase {
      fill(&attribute.keyPath, &attribute.fallbackKeyPaths, key: Self.snakeCase(attribute.name), name: attribute.name)
    }
  }

  private func apply(to relationship: inout Relationship) {
    let name = relationship.name
    if relationship.keyPath == nil, keys == .snakeCase {
      fill(&relationship.keyPath, &relationship.fallbackKeyPaths, key: Self.snakeCase(name), name: name)
    }
    guard readsRelationshipIdentities else { return }
    let single = relationship.isToMany ? Self.singular(name) : name
    let key = keys == .snakeCase ? Self.snakeCase(single) + (relationship.isToMany ? "_ids" : "_id") : single + (relationship.isToMany ? "IDs" : "ID")
    if !relationship.payloadKeyPaths.contains(key) { relationship.fallbackKeyPaths.append(key) }
  }

  /// Sets `keyPath` to `key`, and reads `name` too when it differs.
  private func fill(_ keyPath: inout String?, _ fallbacks: inout [String], key: String, name: String) {
    guard key != name else { return }
    keyPath = key
    if !fallbacks.contains(name) { fallbacks.insert(name, at: 0) }
  }

  /// The reserved word `name` stands for in `entity`: `userDescription` in `User` is `description`.
  private func reservedWord(in name: String, of entity: Entity) -> String? {
    let prefix = entity.name.lowercased()
    guard name.hasPrefix(prefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    return Self.reservedWords.first { word in
      guard let first = word.first else { return false }
      return rest == first.uppercased() + word.dropFirst()
    }
  }

  // MARK: - Spelling

  /// `name` in snake_case: words start at a capital, a run of capitals is one word
  /// (`userID` → `user_id`, `htmlURL` → `html_url`, `URLString` → `url_string`), digits stay
  /// with the word before them (`address2` → `address2`, `line2Text` → `line2_text`).
  ///
  /// ```swift
  /// PayloadConventions.snakeCase("createdAt")   // "created_at"
  /// ```
  /// - Parameters:
  ///   - name: A camelCase name.
  public static func snakeCase(_ name: String) -> String { KeyStrategy.snakeCase.key(for: name) }

  /// The singular of an English plural name, for `…_ids` keys: `tags` → `tag`,
  /// `categories` → `category`, `addresses` → `address`, `people` stays `people`.
  ///
  /// ```swift
  /// PayloadConventions.singular("categories")   // "category"
  /// ```
  /// - Parameters:
  ///   - name: A relationship's name.
  public static func singular(_ name: String) -> String {
    if name.hasSuffix("ies"), name.count > 3 { return name.dropLast(3) + "y" }
    for ending in ["sses", "shes", "ches", "xes", "zzes"] where name.hasSuffix(ending) { return String(name.dropLast(2)) }
    if name.hasSuffix("ss") || name.hasSuffix("us") || name.hasSuffix("is") { return name }
    if name.hasSuffix("s"), name.count > 1 { return String(name.dropLast()) }
    return name
  }
}
