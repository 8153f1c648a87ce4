/// Managed objects of one schema, uniqued by identity, with change tracking: the in-memory
/// graph that import fills and export writes.
///
/// ```swift
/// let graph = ObjectGraph(schema: schema)
/// let author = try graph.insert("Author")
/// author.id = 106
/// try graph.object(of: "Author", identity: 106) === author   // true
/// graph.hasChanges          // true
/// graph.commitChanges()     // what a store does after saving
/// ```
///
/// The graph keeps its objects alive; objects do not keep the graph alive. When the graph goes
/// away, its objects lose their relationships (which breaks the reference cycles inverses make).
public final class ObjectGraph {
  /// The schema every object follows.
  public let schema: Schema
  let index: IdentityIndex
  // Unchecked exclusivity, here and below: the graph has one owner (ARCHITECTURE.md, Invariants: "One owner").
  /// Objects by number; `nil` once deleted.
  @exclusivity(unchecked) var storage: [ManagedObject?] = []
  /// Objects deleted since the last commit that existed before it.
  var deletedSinceCommit: [ManagedObject] = []
  /// Where objects not loaded yet are found: a store, or nothing for a graph kept in memory.
  package var source: (any ObjectSource)?
  // Unchecked exclusivity: one owner, as for `storage`.
  /// Per entity family (root entity position): stored objects' numbers by row (a deleted
  /// one's slot in ``storage`` is `nil`).
  /// (The identity index's integer table: rows are integers, and a fetch registers many.)
  @exclusivity(unchecked) var persistentIndex: [IntegerIdentityTable]
  /// Per family: objects a fetch registered whose rows are not in ``persistentIndex`` yet
  /// (ranges of object numbers), added by ``indexRows(of:)`` before the table is next used.
  @exclusivity(unchecked) var unindexedRows: [[Range<Int>]]
  /// Per entity position: identities an import asked the source for ahead of a batch that it
  /// does not hold (see ``lookUpAhead(_:)``), answered without asking again. Empty outside
  /// such a batch: a later write may add them.
  var absentIdentities: [Int: IdentitySet] = [:]
  /// Loads from the source that failed since the last commit or rollback.
  var loadFailures: [GraphError] = []
  /// Deleted objects that other objects may still point at (through a "no action" delete rule
  /// or a relationship without an inverse): kept alive as long as the graph, since
  /// relationships do not own their objects.
  var retired: [ManagedObject] = []
  /// Imports so far; each import stamps the objects it touches with its number.
  var importCount = 0
  // Unchecked exclusivity: one owner, as for `storage`.
  /// Per entity position: the relationship faults its stored objects start with (made on
  /// first use, see `faults(of:)`).
  @exclusivity(unchecked) var faultSlots: [RelatedSlots?]

  /// An empty graph.
  ///
  /// ```swift
  /// let graph = ObjectGraph(schema: try Schema(modelAt: modelURL))
  /// ```
  /// - Parameters:
  ///   - schema: The schema of every object the graph holds.
  public init(schema: Schema) {
    self.schema = schema
    index = IdentityIndex(entityCount: schema.entities.count)
    persistentIndex = schema.entities.map { _ in IntegerIdentityTable() }
    unindexedRows = schema.entities.map { _ in [] }
    faultSlots = schema.entities.map { _ in nil }
    index.graph = self
  }

  deinit {
    // Relationships hold unowned references. An object only the graph holds goes with it; one
    // held elsewhere too outlives the graph, so its relationships are emptied first.
    storage.withUnsafeMutableBufferPointer { objects in
      for index in objects.indices where objects[index] != nil && !isKnownUniquelyReferenced(&objects[index]) {
        guard let object = objects[index], !object.holdsOnlyFaults else { continue }
        object.dropRelatedObjects()
      }
    }
  }

  // MARK: - Inserting and finding

  /// A new object of entity `name`, with its attributes' default values.
  ///
  /// ```swift
  /// let book = try graph.insert("Book")
  /// ```
  /// - Parameters:
  ///   - name: The name of a concrete (not abstract) entity of the schema.
  /// - Throws: ``GraphError`` `unknownEntity`, or `abstractEntity`.
  public func insert(_ name: String) throws(GraphError) -> ManagedObject {
    let entity = try entity(named: name)
    guard !entity.isAbstract else { throw GraphError(.abstractEntity, at: name, "an abstract entity has no objects of its own") }
    return insert(entity)
  }

  /// A new object of a known, concrete entity, holding `identity` (values converted to the
  /// identity attributes' types) when given.
  func insert(_ entity: EntityDescription, identity: IdentityKey? = nil) -> ManagedObject {
    let object = ManagedObject(entity: entity, number: storage.count, index: index, identity: identity)
    storage.append(object)
    if !entity.isIdentityScopedToParent, let key = identity ?? object.identityKey {
      index.insert(key, number: object.objectNumber, family: entity.rootIndex)
    }
    return object
  }

  /// Every live object, in insertion order.
  public var objects: [ManagedObject] { storage.compactMap { $0 } }

  /// The number of live objects.
  public var count: Int { storage.count - storage.lazy.filter { $0 == nil }.count }

  /// The links between live objects, each counted once (a link and its inverse are one).
  ///
  /// ```swift
  /// try author.add(book, forKey: "books")   // book.author is author too
  /// graph.relationshipCount                  // 1
  /// ```
  /// - Complexity: O(*n*) in the objects and links of the graph.
  public var relationshipCount: Int {
    var count = 0
    for object in storage {
      guard let object else { continue }
      let inverses = object.entity.inverseSlots
      for slot in object.related.indices {
        guard let inverse = inverses[slot] else {
          count += object.related[slot].count
          continue
        }
        // Each side lists the link: count it from the side that orders first.
        let own = (ObjectIdentifier(object), slot)
        count += object.related[slot].objects.count { (ObjectIdentifier($0), inverse) >= own }
      }
    }
    return count
  }

  /// The live objects of entity `name` and its subentities, in insertion order.
  ///
  /// ```swift
  /// let authors = try graph.objects(of: "Author")
  /// ```
  /// - Parameters:
  ///   - name: The name of the entity.
  /// - Throws: ``GraphError`` `unknownEntity`.
  public func objects(of name: String) throws(GraphError) -> [ManagedObject] {
    let entity = try entity(named: name)
    return storage.compactMap { object in object.flatMap { $0.entity.isKind(of: entity.index) ? $0 : nil } }
  }

  /// The object of entity `name` (or a subentity) with these identity values, converted to the
  /// identity attributes' types (`"101"` finds an integer identity 101 only if given as 101).
  ///
  /// ```swift
  /// try graph.object(of: "Author", identity: 106)
  /// try graph.object(of: "Seat", identity: "A", 12)   // composite identity
  /// ```
  /// - Parameters:
  ///   - name: The name of the entity.
  ///   - identity: The values of the entity's identity attributes, in their declared order.
  /// - Throws: ``GraphError`` `unknownEntity`, or `typeMismatch` when the values do not fit the identity.
  public func object(of name: String, identity: GraphValue...) throws(GraphError) -> ManagedObject? {
    try object(of: name, identityValues: identity)
  }

  /// The object of entity `name` (or a subentity) with these identity values, given as an array.
  ///
  /// ```swift
  /// try graph.object(of: "Seat", identityValues: ["A", 12])
  /// ```
  /// - Parameters:
  ///   - name: The name of the entity.
  ///   - identity: The values of the entity's identity attributes, in their declared order.
  /// - Throws: ``GraphError`` `unknownEntity`, or `typeMismatch` when the values do not fit the identity.
  public func object(of name: String, identityValues identity: [GraphValue]) throws(GraphError) -> ManagedObject? {
    let entity = try entity(named: name)
    guard identity.count == entity.identitySlots.count else {
      throw GraphError(.typeMismatch, at: name, "identity has \(entity.identitySlots.count) value(s), found \(identity.count)")
    }
    var converted: [GraphValue] = []
    for (value, slot) in zip(identity, entity.identitySlots) {
      let attribute = entity.attributes[slot]
      guard let fitted = value.converted(to: attribute.type) else {
        throw GraphError(.typeMismatch, at: "\(name).\(attribute.name)", "expected \(attribute.type), found \(value)")
      }
      converted.append(fitted)
    }
    return try object(in: entity, identity: IdentityKey(converted))
  }

  /// The live object of `entity`'s family with `key`, when it is of `entity`'s kind: in the
  /// graph, else from the source.
  func object(in entity: EntityDescription, identity key: IdentityKey) throws(GraphError) -> ManagedObject? {
    guard let number = index.number(of: key, family: entity.rootIndex) else {
      guard source != nil, absentIdentities[entity.index]?.contains(key) != true else { return nil }
      return try storedObject(in: entity, identity: key)
    }
    guard let object = storage[number], object.entity.isKind(of: entity.index) else { return nil }
    return object
  }

  func entity(named name: String) throws(GraphError) -> EntityDescription {
    guard let entity = schema[name] else { throw GraphError(.unknownEntity, at: name, "no entity named \"\(name)\" in the schema") }
    return entity
  }

  // MARK: - Changes

  /// Whether any object was inserted, changed or deleted since the last commit.
  public var hasChanges: Bool { !deletedSinceCommit.isEmpty || storage.contains { $0?.hasChanges == true } }

  /// Objects inserted since the last commit.
  public var insertedObjects: [ManagedObject] { storage.compactMap { $0?.isInserted == true ? $0 : nil } }

  /// Objects that existed at the last commit and changed since.
  public var updatedObjects: [ManagedObject] {
    storage.compactMap { object in object.flatMap { !$0.isInserted && $0.hasChanges ? $0 : nil } }
  }

  /// Objects that existed at the last commit and were deleted since.
  public var deletedObjects: [ManagedObject] { deletedSinceCommit }

  /// Forgets every change: objects count as unchanged from here on (what a store does after saving).
  ///
  /// ```swift
  /// graph.commitChanges()
  /// graph.hasChanges   // false
  /// ```
  public func commitChanges() {
    for object in storage { object?.commit() }
    for object in deletedSinceCommit {
      indexRows(of: object.entity.rootIndex)
      object.persistentID.map { persistentIndex[object.entity.rootIndex].remove($0.row) }
    }
    deletedSinceCommit = []
    loadFailures = []
  }

  // MARK: - Validation

  /// Every rule any live object breaks (see ``ManagedObject/validationErrors()``).
  public func validationErrors() -> [GraphError] { objects.flatMap { $0.validationErrors() } }

  /// Checks every live object.
  ///
  /// ```swift
  /// try graph.validate()
  /// ```
  /// - Throws: The first of ``validationErrors()``.
  public func validate() throws(GraphError) {
    if let first = validationErrors().first { throw first }
  }

  // MARK: - Deleting

  /// Deletes `object`, applying each relationship's delete rule: nullify unlinks, cascade
  /// deletes the related objects too, deny refuses while the relationship holds anything, and
  /// no action leaves the related objects pointing at the deleted one.
  ///
  /// ```swift
  /// try graph.delete(author)   // with a cascade rule on books, the books go too
  /// ```
  /// - Parameters:
  ///   - object: An object of this graph.
  /// - Throws: ``GraphError`` `deleteDenied` (nothing is deleted then), `otherGraph`.
  public func delete(_ object: ManagedObject) throws(GraphError) {
    guard object.index === index else { throw GraphError(.otherGraph, at: object.entity.name, "the object belongs to another graph") }
    guard !object.isDeleted else { return }
    let doomed = try cascade(from: object)
    for victim in doomed { remove(victim) }
  }

  /// `object` and everything its cascade rules reach, checked against deny rules first.
  private func cascade(from object: ManagedObject) throws(GraphError) -> [ManagedObject] {
    var doomed: [ManagedObject] = []
    var seen: Set<ObjectIdentifier> = []
    var pending = [object]
    while let next = pending.popLast() {
      guard !next.isDeleted, seen.insert(ObjectIdentifier(next)).inserted else { continue }
      doomed.append(next)
      for (slot, relationship) in next.entity.relationships.enumerated() {
        let targets = next.loaded(slot).objects
        switch relationship.deleteRule {
        case .deny where !targets.isEmpty:
          throw GraphError(
            .deleteDenied, at: "\(next.entity.name).\(relationship.name)", "delete denied: the relationship holds \(targets.count) object\(targets.count == 1 ? "" : "s")")
        case .cascade: pending += targets
        default: break
        }
      }
    }
    return doomed
  }

  /// Takes out an object an import created and then gave up on: unlinked everywhere, gone
  /// without a trace in the change tracking.
  func discard(_ object: ManagedObject) {
    guard !object.isDeleted else { return }
    if !object.entity.isIdentityScopedToParent, let key = object.identityKey {
      index.remove(key, number: object.objectNumber, family: object.entity.rootIndex)
    }
    for slot in object.entity.relationships.indices {
      for target in object.loaded(slot).objects { object.unlink(target, at: slot) }
    }
    if object.entity.isOneWayDestination { retired.append(object) }
    object.isDeleted = true
    indexRows(of: object.entity.rootIndex)
    storage[object.objectNumber] = nil
  }

  private func remove(_ object: ManagedObject) {
    if !object.entity.isIdentityScopedToParent, let key = object.identityKey {
      index.remove(key, number: object.objectNumber, family: object.entity.rootIndex)
    }
    var isStillReferenced = object.entity.isOneWayDestination
    for (slot, relationship) in object.entity.relationships.enumerated() {
      for target in object.loaded(slot).objects {
        if relationship.deleteRule == .noAction {
          _ = object.primitiveUnlink(target, at: slot)
          isStillReferenced = isStillReferenced || relationship.inverse != nil
        } else {
          object.unlink(target, at: slot)
        }
      }
    }
    if isStillReferenced { retired.append(object) }
    if !object.isInserted { deletedSinceCommit.append(object) }
    object.isDeleted = true
    // Its row stays registered (as deleted) until the next commit.
    indexRows(of: object.entity.rootIndex)
    storage[object.objectNumber] = nil
  }
}
