import Foundry
import FoundryInternals
import FoundryJSON

/// One import into a graph: the entities' plans, the objects created so far (to take back what
/// a failed object made), and the counts for the report.
final class GraphImportSession {
  let graph: ObjectGraph
  let options: GraphImportOptions
  // Unchecked exclusivity, here and below: one import owns the session, one thread at a time (ARCHITECTURE.md, Invariants: "One owner").
  /// Plans by entity position, for the entities this import can reach.
  @exclusivity(unchecked) private var plans: [EntityImportPlan?]
  /// Every object created, in order; a failed object discards what it created. Unowned: the
  /// graph holds them until they are discarded, and then they leave this list too.
  @exclusivity(unchecked) private var created: [ObjectReference] = []
  /// Per entity position: the objects created or updated, each counted once.
  @exclusivity(unchecked) private var touchedCounts: [Int]
  /// This import's number, stamped on the objects it touches.
  private let stamp: Int
  @exclusivity(unchecked) var links = 0
  /// The objects deleted as stale or as a to-many relationship's others.
  @exclusivity(unchecked) var deletedCount = 0
  /// The attribute values read for an existing object, applied once all are read (reused).
  @exclusivity(unchecked) var updates: [(slot: Int, value: GraphValue?)] = []
  /// The members of the payload object being read that attribute lookups found so far: when
  /// they are all its members, its relationships need no lookup (see ``readFields``).
  @exclusivity(unchecked) var foundMembers = 0
  /// The payload objects read into existing objects, for their repeats.
  let repeats: RepeatedPayloads
  /// The objects the to-many relationships being read gave so far (see ``ReferenceStack``).
  let pendingTargets = ReferenceStack()
  /// Identity tables of finished relationships, for the next ones (see ``ScopedIdentities``).
  @exclusivity(unchecked) var spareIdentities: [ScopedIdentities] = []
  /// The level of the payload object being imported (see ``GraphImportOptions/maximumNestingDepth``).
  @exclusivity(unchecked) private var nesting = 0
  /// Whether the import runs on its own stack now (see ``onOwnStack(_:)``).
  @exclusivity(unchecked) private var isOnOwnStack = false

  /// The levels of payload objects imported on the caller's stack (a few hundred kilobytes in
  /// a debug build, less than any thread has): a payload nested deeper is imported on a stack
  /// of the import's own, so that ``GraphImportOptions/maximumNestingDepth``, not the caller's
  /// thread, decides how deep a payload may nest.
  static let callerStackLevels = 16
  /// The size of the import's own stack: room for ``GraphImportOptions/maximumNestingDepth``
  /// levels many times over (a debug build needs about 16 KB a level, an address-sanitized one
  /// more). Only the pages used are ever backed by memory.
  static let ownStackBytes = 64 << 20

  /// Prepares the plans of the entities an import of `entity` can reach (through relationships
  /// and subentities), checking first that every transformer and entity mapper they name is bound.
  init(graph: ObjectGraph, importing entity: EntityDescription, options: GraphImportOptions) throws(GraphError) {
    self.graph = graph
    self.options = options
    var plans = [EntityImportPlan?](repeating: nil, count: graph.schema.entities.count)
    for reached in Self.reachable(from: entity, in: graph.schema) {
      plans[reached.index] = try Self.plan(for: reached, schema: graph.schema, options: options)
    }
    self.plans = plans
    touchedCounts = Array(repeating: 0, count: plans.count)
    graph.importCount += 1
    stamp = graph.importCount
    repeats = RepeatedPayloads(options: options)
  }

  private static func plan(for entity: EntityDescription, schema: Schema, options: GraphImportOptions) throws(GraphError) -> EntityImportPlan {
    if let mapper = entity.declaration.entityMapperName, options.entityMappers[mapper] == nil {
      throw GraphError(.unboundEntityMapper, at: entity.name, "entity mapper \"\(mapper)\" is not bound (set GraphImportOptions.entityMappers[\"\(mapper)\"])")
    }
    if let name = EntityImportPlan.payloadTransformerName(of: entity, in: schema), options.payloadTransformers[name] == nil {
      throw GraphError(
        .unboundTransformer, at: entity.name, "payload transformer \"\(name)\" is not bound (set GraphImportOptions.payloadTransformers[\"\(name)\"])")
    }
    do {
      return try EntityImportPlan(entity: entity, schema: schema, options: options)
    } catch let error as GraphError {
      throw error
    } catch {
      let attribute = entity.attributes.first { $0.transformerName.map { (try? options.mapping.transformers.transformer(spec: $0)) == nil } ?? false }
      let name = attribute?.transformerName ?? ""
      throw GraphError(.unboundTransformer, at: "\(entity.name).\(attribute?.name ?? "")", "transformer \"\(name)\" is not bound: \(error)")
    }
  }

  /// `entity`, its subentities, and every entity their relationships lead to, transitively.
  private static func reachable(from entity: EntityDescription, in schema: Schema) -> [EntityDescription] {
    var seen: Set<Int> = [entity.index]
    var pending = [entity.index]
    while let next = pending.popLast() {
      let current = schema.entities[next]
      for index in current.descendantIndices + current.destinationIndices where seen.insert(index).inserted {
        pending.append(index)
      }
    }
    return seen.sorted().map { schema.entities[$0] }
  }

  /// The plan of an entity the import reached.
  func plan(_ entity: EntityDescription) throws -> EntityImportPlan {
    if let known = plans[entity.index] { return known }
    let made = try Self.plan(for: entity, schema: graph.schema, options: options)
    plans[entity.index] = made
    return made
  }

  /// The report of what was imported, for the objects at the payload's top level.
  func report(roots: [ManagedObject], issues: [MappingIssue]) -> GraphImportReport {
    var report = GraphImportReport()
    report.objects = roots.filter { !$0.isDeleted }
    for (index, count) in touchedCounts.enumerated() where count > 0 {
      report.objectCounts[graph.schema.entities[index].name] = count
    }
    report.createdCount = created.count
    report.relationshipCount = links
    report.issues = issues
    report.deletedCount = deletedCount
    return report
  }

  // MARK: - Objects

  /// The objects of a top-level payload: an array of objects (or identities), or one.
  func importRoot(_ value: ValueReader, as entity: EntityDescription) throws -> [ManagedObject] {
    try withStack(for: value.jsonNode) { try importRootObjects(value, as: entity) }
  }

  /// Runs `body`, the import of `payload`, on the caller's stack when the payload's objects nest
  /// at most ``callerStackLevels`` deep (almost every payload: a parsed document knows its
  /// depth, others take one pass over their tape), else on the import's own stack.
  func withStack<T>(for payload: JSONNode, _ body: () throws -> T) throws -> T {
    guard !isOnOwnStack, payload.nestsObjects(deeperThan: Self.callerStackLevels) else { return try body() }
    return try onOwnStack(body)
  }

  /// Runs `body` on a thread of the import's own, with a stack of ``ownStackBytes``, while the
  /// caller waits (hooks and transformers called there run on that thread).
  private func onOwnStack<T>(_ body: () throws -> T) throws -> T {
    isOnOwnStack = true
    defer { isOnOwnStack = false }
    do {
      return try OwnStack.run(bytes: Self.ownStackBytes, body)
    } catch let error as OwnStack.Unavailable {
      throw MappingError(code: .invalidValue, reason: "objects nested more than \(Self.callerStackLevels) deep are imported on a stack of their own: \(error)")
    }
  }

  private func importRootObjects(_ value: ValueReader, as entity: EntityDescription) throws -> [ManagedObject] {
    let plan = try plan(entity)
    guard value.kind == .array else {
      do {
        return [try importObject(value, as: plan, scope: nil)]
      } catch  where MappingError.isSkip(error) {
        return []
      }
    }
    var objects: [ManagedObject] = []
    let total = value.elementCount
    objects.reserveCapacity(total)
    let step = max(1, total / 100)
    // A store's objects are looked up a window of payload objects at a time (see
    // `WantedIdentities`); what was found absent holds until the import ends.
    var upcoming = value.jsonNode.elements.makeIterator()
    defer { graph.forgetAbsentIdentities() }
    try value.forEachElement { index, element in
      // A task or flag cancelled stops the import between objects (a check every 64 of them).
      if index & 63 == 0 { try options.checkCancellation() }
      if index % Self.lookAheadWindow == 0, graph.source != nil {
        var window: [JSONNode] = []
        while window.count < Self.lookAheadWindow, let node = upcoming.next() { window.append(node) }
        try lookUpAhead(window, as: plan)
      }
      if let object = try element.readElement(at: .index(index), { try importObject($0, as: plan, scope: nil) }) {
        objects.append(object)
      }
      if let progress = options.progress, (index + 1) % step == 0 || index + 1 == total { progress(index + 1, total) }
    }
    return objects
  }

  /// Where an object nested in a payload sits: the object and relationship it came through.
  struct Scope {
    let owner: ManagedObject
    let slot: Int
    /// The slot of the to-one relationship back to the owner in the nested objects' entity,
    /// which the nesting implies (a to-many inverse is read: it may name other objects too).
    let inverse: Int?
    /// For a to-many relationship whose objects may have parent-scoped identity: the objects
    /// it holds and those its payload gave so far, not linked yet.
    let identities: ScopedIdentities?
    /// The changes the import may make to the nested objects (the relationship's operations).
    let operations: ImportOperations
  }

  /// The operations allowed on objects in `scope` (the import's own at the top level).
  private func operations(in scope: Scope?) -> ImportOperations { scope?.operations ?? options.operations }

  /// The error that leaves a payload object out because an operation it needs is not allowed
  /// (absorbed as `shouldImport`'s are: an element left out, a to-one not linked).
  private func notAllowed(_ operation: String, _ entity: EntityDescription, at value: ValueReader) -> MappingError {
    MappingError(code: .skipped, reason: "the import may not \(operation) \(entity.name) objects", offset: value.jsonNode.byteOffset)
  }

  /// The object a payload value stands for: found by identity (in the graph, or among the
  /// scope's objects for parent-scoped identity) and updated, or created. A scalar is an identity.
  /// - Parameter key: For a keyed to-many relationship, the attribute slot and value the member's key gives.
  /// - Parameter plan: The plan of the entity the relationship (or the import) names.
  /// - Parameter repeatsAsked: Whether the caller already asked `repeats` for this payload
  ///   (the to-many element loop does, before it makes a reader), which then need not hash it again.
  /// - Parameter isRewritten: Whether `value` is what the plan's payload transformer made.
  func importObject(
    _ value: ValueReader, as plan: EntityImportPlan, scope: Scope?, key: (slot: Int, value: GraphValue)? = nil, repeatsAsked: Bool = false,
    isRewritten: Bool = false
  ) throws -> ManagedObject {
    if value.kind != .object { return try reference(value, as: plan, scope: scope) }
    // A payload transformer's object is read in the payload's place (see `rewritten`).
    if plan.payloadTransformer != nil, !isRewritten {
      return try rewritten(value, by: plan) { try importObject($0, as: plan, scope: scope, key: key, repeatsAsked: repeatsAsked, isRewritten: true) }
    }
    return try nested(at: value) { try importFoundOrNew(value, as: plan, scope: scope, key: key, repeatsAsked: repeatsAsked) }
  }

  /// Runs `body`, the import of payload object `value`, one level deeper: refused past
  /// ``GraphImportOptions/maximumNestingDepth``, and on the import's own stack past
  /// ``callerStackLevels`` (a payload transformer's object may nest deeper than its payload).
  @inline(__always)
  private func nested<T>(at value: ValueReader, _ body: () throws -> T) throws -> T {
    nesting += 1
    defer { nesting -= 1 }
    try checkNesting(at: value)
    guard nesting > Self.callerStackLevels, !isOnOwnStack else { return try body() }
    return try onOwnStack(body)
  }

  /// The object payload object `value` stands for (see ``importObject(_:as:scope:key:repeatsAsked:isRewritten:)``).
  private func importFoundOrNew(
    _ value: ValueReader, as plan: EntityImportPlan, scope: Scope?, key: (slot: Int, value: GraphValue)?, repeatsAsked: Bool
  ) throws -> ManagedObject {
    if !repeatsAsked, let known = repeats.object(writtenAs: value.jsonNode, as: plan, key: key) { return known }
    let mark = created.count
    do {
      let actual = plan.hasSubentities ? try subentity(for: value, of: plan) : plan
      if let shouldImport = options.shouldImport, !shouldImport(actual.entity, value) {
        throw MappingError(code: .skipped, reason: "shouldImport skipped this \(actual.entity.name)", offset: value.jsonNode.byteOffset)
      }
      return try importFields(value, as: actual, scope: scope, key: key)
    } catch {
      for reference in created[mark...].reversed() { discard(reference.object) }
      created.removeSubrange(mark...)
      throw error
    }
  }

  /// `body` of `value`, or of the object the plan's payload transformer makes of it; errors in
  /// that object are placed at `value`, saying the transformer rewrote it.
  private func rewritten<T>(_ value: ValueReader, by plan: EntityImportPlan, _ body: (ValueReader) throws -> T) throws -> T {
    guard let (name, transform) = plan.payloadTransformer else { return try body(value) }
    let rewritten = try transform(try JSONValue.read(from: value))
    guard case .object = rewritten else {
      throw value.invalid(expected: "an object from payload transformer \"\(name)\"", reason: "it returned \(rewritten.makeJSONString())")
    }
    let document = try JSONDocument(string: rewritten.makeJSONString())
    do {
      return try body(value.reading(document.root))
    } catch var error as MappingError where !MappingError.isSkip(error) {
      error.relocate(to: value.jsonNode.byteOffset)
      error.addNote("in the object payload transformer \"\(name)\" made of it")
      throw error
    }
  }

  /// Refuses a payload object nested deeper than the import goes.
  private func checkNesting(at value: ValueReader) throws {
    guard nesting > GraphImportOptions.maximumNestingDepth else { return }
    throw MappingError(
      code: .invalidValue,
      reason: "objects nested more than \(GraphImportOptions.maximumNestingDepth) deep (GraphImportOptions.maximumNestingDepth, fixed)",
      offset: value.jsonNode.byteOffset
    )
  }

  /// The object a payload object stands for, found by its identity and updated, or created.
  private func importFields(_ value: ValueReader, as plan: EntityImportPlan, scope: Scope?, key: (slot: Int, value: GraphValue)?) throws -> ManagedObject {
    var reader = try value.objectReader(schema: plan.mapping)
    foundMembers = 0
    let allowed = operations(in: scope)
    guard let identity = try readIdentity(from: &reader, plan: plan, key: key) else {
      guard allowed.contains(.insert) else { throw notAllowed("insert", plan.entity, at: value) }
      let object = try make(plan.entity, at: value, identity: nil)
      try readFields(into: object, from: &reader, plan: plan, isNew: true, hasIdentity: false, scope: scope, key: key)
      try options.didImport?(object, value, true)
      return object
    }
    guard let existing = try find(identity, in: plan.entity, scope: scope) else {
      guard allowed.contains(.insert) else { throw notAllowed("insert", plan.entity, at: value) }
      let object = try make(plan.entity, at: value, identity: identity)
      try readFields(into: object, from: &reader, plan: plan, isNew: true, hasIdentity: true, scope: scope, key: key)
      register(object, identity: identity, in: scope)
      try options.didImport?(object, value, true)
      return object
    }
    guard allowed.contains(.update) else { return existing }
    if existing.entity === plan.entity {
      // A repeat of the text last read into it changes nothing (see `RepeatedPayloads`).
      guard repeats.mustRead(value.jsonNode, into: existing, key: key) else { return existing }
      let namedRelationships = try readFields(into: existing, from: &reader, plan: plan, isNew: false, hasIdentity: true, scope: scope, key: key)
      repeats.remember(value.jsonNode, readInto: existing, as: plan, key: key, namedRelationships: namedRelationships)
    } else {
      // An object of a subentity: read the payload as that entity's.
      let actual = try self.plan(existing.entity)
      var actualReader = try value.objectReader(schema: actual.mapping)
      // The identity was found through the other reader: count nothing (no lookup is skipped).
      foundMembers = Int.min / 2
      try readFields(into: existing, from: &actualReader, plan: actual, isNew: false, hasIdentity: true, scope: scope, key: key)
    }
    try options.didImport?(existing, value, false)
    return existing
  }

  /// The object to-one relationship `slot` of `object` holds, when a payload object for it is
  /// that object again: its entity has no identity to find it by, and no other object can
  /// share it (the inverse is to-one, or there is none), so the payload updates the one
  /// already there (a book's pricing, imported twice, stays one pricing) instead of replacing
  /// it with a new one. `nil` when the relationship holds none, the payload names another
  /// subentity, or the object may be shared (a many-to-one target gets a new object, as before).
  func heldInPlace(_ value: ValueReader, of object: ManagedObject, slot: Int, as plan: EntityImportPlan) throws -> ManagedObject? {
    guard value.kind == .object, !plan.entity.hasIdentity else { return nil }
    if let inverse = object.entity.inverseSlots[slot], plan.entity.relationships[inverse].isToMany { return nil }
    guard let current = object.loaded(slot).objects.first, !current.isDeleted else { return nil }
    let actual = plan.hasSubentities ? try subentity(for: value, of: plan) : plan
    return actual.entity === current.entity ? current : nil
  }

  /// Reads a payload object into `existing` (see ``heldInPlace(_:of:slot:as:)``).
  func importInPlace(_ value: ValueReader, into existing: ManagedObject, scope: Scope?) throws -> ManagedObject {
    try nested(at: value) { try importInPlaceNow(value, into: existing, scope: scope) }
  }

  private func importInPlaceNow(_ value: ValueReader, into existing: ManagedObject, scope: Scope?) throws -> ManagedObject {
    let plan = try self.plan(existing.entity)
    return try rewritten(value, by: plan) { value in
      var reader = try value.objectReader(schema: plan.mapping)
      foundMembers = 0
      try readFields(into: existing, from: &reader, plan: plan, isNew: false, hasIdentity: false, scope: scope, key: nil)
      try options.didImport?(existing, value, false)
      return existing
    }
  }

  /// Reads a payload object's attributes (all but the identity it was found or made by) and
  /// relationships into `object`. - Returns: Whether the payload named a relationship.
  @discardableResult
  private func readFields(
    into object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, isNew: Bool, hasIdentity: Bool, scope: Scope?,
    key: (slot: Int, value: GraphValue)?
  ) throws -> Bool {
    // A member's key fills its attribute: before the required-value checks in a new object,
    // after a complete update in an existing one.
    if let key, isNew { object.assign(key.value, at: key.slot) }
    // Without an identity, the attributes' lookups find its members again.
    if !hasIdentity { foundMembers = 0 }
    try readAttributes(into: object, from: &reader, plan: plan, isNew: isNew, skippingIdentity: hasIdentity)
    if let key, !isNew, object.values[key.slot] == nil { object.assign(key.value, at: key.slot) }
    // An object whose every member is an attribute names no relationship: no lookups (most
    // nested objects in a payload are such leaves).
    let namesRelationships = !plan.hasDistinctPlainKeys || reader.jsonMemberCount.map { $0 > foundMembers } ?? true
    // Nested under its parent, a to-one relationship back to the parent is implied: only
    // checked against what the payload says, not imported.
    if namesRelationships, let scope, let back = scope.inverse, plan.relationships.indices.contains(back) {
      try checkImpliedOwner(scope.owner, of: plan.relationships[back], in: &reader)
    }
    if namesRelationships { try readRelationships(into: object, from: &reader, plan: plan, skipping: scope?.inverse) }
    try reader.finish()
    touch(object)
    return namesRelationships
  }

  /// The identity a payload object gives: `nil` unless every identity attribute is there (a
  /// partial identity identifies nothing; its values are read with the other attributes).
  func readIdentity(from reader: inout ObjectReader, plan: EntityImportPlan, key: (slot: Int, value: GraphValue)?) throws -> IdentityKey? {
    try IdentityKey(slots: plan.identitySlots) { try readIdentityValue($0, from: &reader, plan: plan, key: key) }
  }

  /// Checks the relationship back to `owner` that a nested object's payload may give anyway:
  /// naming another object contradicts the nesting. Strict mode throws; lossy mode records an
  /// issue and keeps the link the nesting implies.
  private func checkImpliedOwner(_ owner: ManagedObject, of step: RelationshipStep, in reader: inout ObjectReader) throws {
    guard case .value(let value) = reader.lookup(step.field), let ownerKey = owner.identityKey else { return }
    do {
      try reader.read(step.field, value) { value in
        let destination = try plan(step.destination)
        let named: IdentityKey?
        if value.kind == .object {
          var nested = try value.objectReader(schema: destination.mapping)
          named = try readIdentity(from: &nested, plan: destination, key: nil)
        } else if let slot = destination.identitySlots.first, destination.identitySlots.count == 1 {
          named = IdentityKey(one: try destination.attributes[slot].codec.read(value))
        } else {
          named = nil
        }
        guard let named, named != ownerKey else { return }
        throw value.invalid(
          expected: "\(owner.entity.name) \(ownerKey.display), the object it is nested in",
          reason: "it names \(step.destination.name) \(named.display)")
      }
    } catch  where reader.isLossy && !MappingError.isCancellation(error) {
      reader.recordDefaulted(error, field: step.field)
    }
  }

  /// The value of identity attribute `slot`: the payload's (`null` is none), else the member key's.
  private func readIdentityValue(_ slot: Int, from reader: inout ObjectReader, plan: EntityImportPlan, key: (slot: Int, value: GraphValue)?) throws -> GraphValue? {
    let codec = plan.attributes[slot].codec
    switch lookUpAttribute(slot, codec: codec, in: &reader) {
    case .plain(let value): return value
    case .value(let found):
      do {
        return try reader.read(slot, found) { try codec.read($0) }
      } catch {
        throw plan.explained(error, ofAttribute: slot)
      }
    case .absent, .null: return key?.slot == slot ? key?.value : nil
    }
  }

  /// A new object of a concrete entity, holding `identity` when given.
  private func make(_ entity: EntityDescription, at value: ValueReader, identity: IdentityKey?) throws -> ManagedObject {
    guard !entity.isAbstract else {
      throw value.invalid(expected: "a concrete subentity of \(entity.name)", reason: "\(entity.name) is abstract and the payload names no subentity")
    }
    let object = graph.insert(entity, identity: identity)
    created.append(ObjectReference(object))
    return object
  }

  /// The object for an identity given as a scalar: found, or created holding only its identity.
  private func reference(_ value: ValueReader, as plan: EntityImportPlan, scope: Scope?) throws -> ManagedObject {
    let entity = plan.entity
    guard entity.identitySlots.count == 1 else {
      let why = entity.hasIdentity ? "\(entity.name) has a composite identity" : "\(entity.name) has no identity to refer to"
      throw value.mismatch(expected: "object (\(why))")
    }
    let slot = entity.identitySlots[0]
    let identity = IdentityKey(one: try plan.attributes[slot].codec.read(value))
    if let existing = try find(identity, in: entity, scope: scope) { return existing }
    guard operations(in: scope).contains(.insert) else { throw notAllowed("insert", entity, at: value) }
    let object = try make(entity, at: value, identity: identity)
    touch(object)
    register(object, identity: identity, in: scope)
    return object
  }

  /// The object of `entity`'s kind with this identity, in the graph or in the scope.
  private func find(_ key: IdentityKey, in entity: EntityDescription, scope: Scope?) throws(GraphError) -> ManagedObject? {
    guard entity.isIdentityScopedToParent else { return try graph.object(in: entity, identity: key) }
    // Optional chaining reads the one field asked for; `if let scope` would copy the scope.
    if let identities = scope?.identities { return identities.object(for: key, kindOf: entity.index) }
    guard let owner = scope?.owner, let slot = scope?.slot else { return nil }
    // A to-one relationship: its one object, if it has this identity.
    return owner.loaded(slot).objects.first { $0.entity.isKind(of: entity.index) && $0.identityKey == key }
  }

  /// Makes a new object with parent-scoped identity findable by the payload's later siblings.
  private func register(_ object: ManagedObject, identity: IdentityKey, in scope: Scope?) {
    guard object.entity.isIdentityScopedToParent, let identities = scope?.identities else { return }
    identities.add(object, key: identity)
  }

  /// Whether this import created or updated `object`.
  func wasTouched(_ object: ManagedObject) -> Bool { object.importStamp == stamp }

  private func touch(_ object: ManagedObject) {
    guard object.importStamp != stamp else { return }
    object.importStamp = stamp
    touchedCounts[object.entity.index] += 1
  }

  /// Takes back an object this import created, and its count.
  private func discard(_ object: ManagedObject) {
    if object.importStamp == stamp { touchedCounts[object.entity.index] -= 1 }
    graph.discard(object)
  }
}
