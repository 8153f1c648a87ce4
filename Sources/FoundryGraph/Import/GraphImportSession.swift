import Foundry
import FoundryJSON

/// One import into a graph: the entities' plans, the objects created so far (to take back what
/// a failed object made), and the counts for the report.
final class GraphImportSession {
  let graph: ObjectGraph
  let options: GraphImportOptions
  /// Plans by entity position, for the entities this import can reach.
  private var plans: [EntityImportPlan?]
  /// Every object created, in order; a failed object discards what it created.
  private var created: [ManagedObject] = []
  /// Every object created or updated, once each.
  private var touched: [ManagedObject] = []
  /// This import's number, stamped on the objects it touches.
  private let stamp: Int
  var links = 0

  /// Prepares the plans of the entities an import of `entity` can reach (through relationships
  /// and subentities), checking first that every transformer and entity mapper they name is bound.
  init(graph: ObjectGraph, importing entity: EntityDescription, options: GraphImportOptions) throws(GraphError) {
    self.graph = graph
    self.options = options
    var plans = [EntityImportPlan?](repeating: nil, count: graph.schema.entities.count)
    for reached in Self.reachable(from: entity, in: graph.schema) {
      plans[reached.index] = try Self.plan(for: reached, options: options)
    }
    self.plans = plans
    graph.importCount += 1
    stamp = graph.importCount
  }

  private static func plan(for entity: EntityDescription, options: GraphImportOptions) throws(GraphError) -> EntityImportPlan {
    if let mapper = entity.declaration.entityMapperName, options.entityMappers[mapper] == nil {
      throw GraphError(.unboundEntityMapper, at: entity.name, "entity mapper \"\(mapper)\" is not bound (set GraphImportOptions.entityMappers[\"\(mapper)\"])")
    }
    do {
      return try EntityImportPlan(entity: entity, options: options)
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
    let made = try Self.plan(for: entity, options: options)
    plans[entity.index] = made
    return made
  }

  /// The report of what was imported, for the objects at the payload's top level.
  func report(roots: [ManagedObject], issues: [MappingIssue]) -> GraphImportReport {
    var report = GraphImportReport()
    report.objects = roots.filter { !$0.isDeleted }
    for object in touched where !object.isDeleted {
      report.objectCounts[object.entity.name, default: 0] += 1
    }
    report.createdCount = created.count { !$0.isDeleted }
    report.relationshipCount = links
    report.issues = issues
    return report
  }

  // MARK: - Objects

  /// The objects of a top-level payload: an array of objects (or identities), or one.
  func importRoot(_ value: ValueReader, as entity: EntityDescription) throws -> [ManagedObject] {
    guard value.kind == .array else { return [try importObject(value, as: entity, scope: nil)] }
    var objects: [ManagedObject] = []
    objects.reserveCapacity(value.elementCount)
    try value.forEachElement { index, element in
      if let object = try element.readElement(at: .index(index), { try importObject($0, as: entity, scope: nil) }) {
        objects.append(object)
      }
    }
    return objects
  }

  /// Where an object nested in a payload sits: the object and relationship it came through.
  struct Scope {
    let owner: ManagedObject
    let slot: Int
    /// The objects this relationship's payload gave so far, not linked yet.
    var pending: PendingObjects?
  }

  /// The objects a to-many payload has given so far: parent-scoped identity looks here too.
  final class PendingObjects {
    var objects: [ManagedObject] = []
  }

  /// The object a payload value stands for: found by identity (in the graph, or among the
  /// scope's objects for parent-scoped identity) and updated, or created. A scalar is an identity.
  /// - Parameter key: For a keyed to-many relationship, the attribute slot and value the member's key gives.
  func importObject(_ value: ValueReader, as entity: EntityDescription, scope: Scope?, key: (slot: Int, value: GraphValue)? = nil) throws -> ManagedObject {
    if value.kind != .object { return try reference(value, as: entity, scope: scope) }
    let mark = created.count
    do {
      return try importFields(value, as: try subentity(for: value, of: entity), scope: scope, key: key)
    } catch {
      for object in created[mark...].reversed() { graph.discard(object) }
      created.removeSubrange(mark...)
      throw error
    }
  }

  private func importFields(_ value: ValueReader, as entity: EntityDescription, scope: Scope?, key: (slot: Int, value: GraphValue)?) throws -> ManagedObject {
    var plan = try self.plan(entity)
    var reader = try value.objectReader(schema: plan.mapping)
    let (identity, identitySlots) = try readIdentity(of: entity, from: &reader, plan: plan, key: key)
    var object: ManagedObject
    var isNew = false
    if let identity, let existing = find(identity, in: entity, scope: scope) {
      object = existing
      if existing.entity !== entity {
        plan = try self.plan(existing.entity)
        reader = try value.objectReader(schema: plan.mapping)
      }
    } else {
      object = try make(entity, at: value)
      isNew = true
      for (slot, identityValue) in zip(identitySlots, identity?.components ?? []) { object.assign(identityValue, at: slot) }
    }
    if let key, isNew || object.values[key.slot] == nil { object.assign(key.value, at: key.slot) }
    // Identity values just read are the object's own (set above, or found by them).
    try readAttributes(into: object, from: &reader, plan: plan, isNew: isNew, skipping: identitySlots)
    // Nested under its parent, the relationship back to the parent is implied: not looked up.
    let back = scope.flatMap { $0.owner.entity.inverseSlots[$0.slot] }
    try readRelationships(into: object, from: &reader, plan: plan, skipping: back)
    try reader.finish()
    touch(object)
    return object
  }

  /// The identity a payload object gives (`nil` unless every identity attribute is there) and
  /// the identity slots it gave values for.
  private func readIdentity(
    of entity: EntityDescription, from reader: inout ObjectReader, plan: EntityImportPlan, key: (slot: Int, value: GraphValue)?
  ) throws -> (IdentityKey?, [Int]) {
    let slots = entity.identitySlots
    if slots.count == 1 {
      let slot = slots[0]
      if case .value(let found) = reader.lookup(slot) {
        return (IdentityKey(one: try reader.read(slot, found) { try plan.codecs[slot].read($0) }), slots)
      }
      if let key, key.slot == slot { return (IdentityKey(one: key.value), slots) }
      return (nil, [])
    }
    var values: [GraphValue] = []
    var given: [Int] = []
    for slot in slots {
      if case .value(let found) = reader.lookup(slot) {
        values.append(try reader.read(slot, found) { try plan.codecs[slot].read($0) })
        given.append(slot)
      } else if let key, key.slot == slot {
        values.append(key.value)
        given.append(slot)
      }
    }
    // A partial identity identifies nothing; its values are read with the other attributes.
    guard values.count == slots.count, !values.isEmpty else { return (nil, []) }
    return (IdentityKey(values), given)
  }


  /// A new object of a concrete entity.
  private func make(_ entity: EntityDescription, at value: ValueReader) throws -> ManagedObject {
    guard !entity.isAbstract else {
      throw value.invalid(expected: "a concrete subentity of \(entity.name)", reason: "\(entity.name) is abstract and the payload names no subentity")
    }
    let object = graph.insert(entity)
    created.append(object)
    return object
  }

  /// The object for an identity given as a scalar: found, or created holding only its identity.
  private func reference(_ value: ValueReader, as entity: EntityDescription, scope: Scope?) throws -> ManagedObject {
    guard entity.identitySlots.count == 1 else {
      let why = entity.hasIdentity ? "\(entity.name) has a composite identity" : "\(entity.name) has no identity to refer to"
      throw value.mismatch(expected: "object (\(why))")
    }
    let slot = entity.identitySlots[0]
    let identity = try plan(entity).codecs[slot].read(value)
    if let existing = find(IdentityKey(one: identity), in: entity, scope: scope) { return existing }
    let object = try make(entity, at: value)
    object.assign(identity, at: slot)
    touch(object)
    return object
  }

  /// The object of `entity`'s kind with this identity, in the graph or in the scope.
  private func find(_ key: IdentityKey, in entity: EntityDescription, scope: Scope?) -> ManagedObject? {
    guard entity.isIdentityScopedToParent else { return graph.object(in: entity, identity: key) }
    guard let scope else { return nil }
    let matches = { (object: ManagedObject) in object.entity.isKind(of: entity.index) && object.identityKey == key }
    return scope.pending?.objects.first(where: matches) ?? scope.owner.related[scope.slot].objects.first(where: matches)
  }

  private func touch(_ object: ManagedObject) {
    guard object.importStamp != stamp else { return }
    object.importStamp = stamp
    touched.append(object)
  }

  /// Whether an XML element given for a to-many relationship is one object rather than a
  /// wrapper: its only child element is a key the destination maps.
  func isSingleElement(_ value: ValueReader, of destination: EntityDescription) throws -> Bool {
    let node = value.jsonNode
    guard node.isMarkup, node.kind == .object, node.count == 1, let (key, _) = node.members.first(where: { _ in true }) else { return false }
    return try plan(destination).mapping.mapsKey(key)
  }
}
