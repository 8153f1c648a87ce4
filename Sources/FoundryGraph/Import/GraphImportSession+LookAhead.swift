import Foundry
import FoundryJSON

/// The identities a batch of payload objects names, per entity, gathered before the batch is
/// imported: a store then answers them in a query per thousand (`ObjectGraph.lookUpAhead(_:)`)
/// instead of a query per object as the import meets them.
///
/// Only what can be read without importing is gathered: identities of one integer attribute
/// (which read back from a store exactly as the payload gives them), from objects and
/// references nested through relationships, not through payload transformers, keyed to-many
/// relationships or parent-scoped identities. Whatever is not gathered is looked up as before,
/// so gathering less never changes what an import does, only how many queries it makes.
package struct WantedIdentities {
  /// Per entity position: the entity and the identities asked for (a repeat costs less in
  /// the list than hashing each one on the way in).
  package init() {}

  private(set) var byEntity: [Int: (entity: EntityDescription, keys: [IdentityKey])] = [:]
  /// Entity positions in the order their first identity was gathered: an owner comes before
  /// the objects nested in it.
  private(set) var order: [Int] = []
  /// Per entity position: the to-many slots whose stored lists the import replaces (and so
  /// loads), loaded ahead for the objects found.
  private(set) var preloads: [Int: Set<Int>] = [:]

  mutating func add(_ key: IdentityKey, of entity: EntityDescription) {
    if byEntity[entity.index] == nil { order.append(entity.index) }
    byEntity[entity.index, default: (entity, [])].keys.append(key)
  }

  /// Asks that the found objects of `entity` have their to-many relationship `slot` loaded.
  mutating func preload(_ slot: Int, of entity: EntityDescription) {
    preloads[entity.index, default: []].insert(slot)
  }

  /// Whether identities of `entity` are gathered: one integer attribute, not scoped to a parent.
  package static func gathers(_ entity: EntityDescription) -> Bool {
    guard !entity.isIdentityScopedToParent, entity.identitySlots.count == 1 else { return false }
    return [.integer16, .integer32, .integer64].contains(entity.attributes[entity.identitySlots[0]].type)
  }
}

extension GraphImportSession {
  /// The deepest nesting the gathering follows; deeper objects are looked up as met.
  static let lookAheadDepth = 8
  /// The top-level payload objects whose identities are looked up together.
  static let lookAheadWindow = 1_000

  /// Looks up the identities payload objects `nodes` (of `plan`'s entity) name, ahead of
  /// importing them: a query per entity and thousand when the graph has a source. The
  /// gathering reads the payload apart from the import (issues it meets are the import's).
  func lookUpAhead(_ nodes: some Sequence<JSONNode>, as plan: EntityImportPlan) throws(GraphError) {
    guard graph.source != nil else { return }
    let decoder = MappingDecoder(options: options.mapping)
    var wanted = WantedIdentities()
    for node in nodes {
      _ = decoder.run(from: node, sourceName: nil, lossy: false) { value in gatherIdentities(value, as: plan, into: &wanted) }
    }
    try graph.lookUpAhead(wanted)
  }

  /// Adds the identities payload value `value` (an object of `plan`'s entity, or a reference
  /// to one by identity) and the objects nested in it name. Never throws: a value that does
  /// not read is left to the import, which reports it.
  func gatherIdentities(_ value: ValueReader, as plan: EntityImportPlan, into wanted: inout WantedIdentities, depth: Int = 0) {
    guard depth < Self.lookAheadDepth, plan.payloadTransformer == nil else { return }
    let gathers = WantedIdentities.gathers(plan.entity)
    guard value.kind == .object else {
      guard gathers, !value.isNull, let read = try? plan.attributes[plan.identitySlots[0]].codec.read(value) else { return }
      return wanted.add(IdentityKey(one: read), of: plan.entity)
    }
    guard var reader = try? value.objectReader(schema: plan.mapping) else { return }
    var isGathered = false
    if gathers, let key = try? readIdentity(from: &reader, plan: plan, key: nil) {
      wanted.add(key, of: plan.entity)
      isGathered = true
    }
    for (slot, step) in plan.relationships.enumerated() where step.keySlot == nil && !step.hasScopedIdentity {
      guard case .value(let field) = reader.lookup(step.field), let destination = try? self.plan(step.destination) else { continue }
      // A list the import replaces is loaded when it is: loaded ahead, it finds the members
      // it holds without asking for each by identity.
      if isGathered, step.isToMany, step.merge != .append { wanted.preload(slot, of: plan.entity) }
      if step.isToMany {
        try? field.forEachElement(elementSchema: destination.mapping) { _, element in gatherIdentities(element, as: destination, into: &wanted, depth: depth + 1) }
      } else {
        gatherIdentities(field, as: destination, into: &wanted, depth: depth + 1)
      }
    }
  }
}

extension ObjectGraph {
  /// Asks the source for every identity of `wanted` the graph does not hold, a query per
  /// entity and thousand: the objects found are registered (next to each other, so their
  /// relationship faults load together), the others noted as absent until
  /// ``forgetAbsentIdentities()``. Entities go in the order they were gathered, and the lists
  /// `wanted` asks to preload are loaded for each entity's objects found before the next
  /// entity's identities are asked: the members they hold are then in the graph already (a
  /// book listed by its stored author is not asked for by identity; it would be read twice).
  func lookUpAhead(_ wanted: WantedIdentities) throws(GraphError) {
    guard let source else { return }
    for position in wanted.order {
      guard let (entity, keys) = wanted.byEntity[position] else { continue }
      let missing = keys.filter { index.number(of: $0, family: entity.rootIndex) == nil }
      guard !missing.isEmpty else { continue }
      let stored: [StoredObject]
      do {
        stored = try source.storedObjects(of: entity, identities: missing.map(\.components))
      } catch {
        throw GraphError(.loadFailed, at: entity.name, "could not look up \(missing.count) identities: \(error)")
      }
      var found = IdentitySet()
      found.reserveCapacity(stored.count)
      var registered: [ManagedObject] = []
      for object in stored where object.entity.isKind(of: entity.index) {
        if let slot = object.entity.identitySlots.first, object.values.indices.contains(slot), let value = object.values[slot] {
          found.insert(IdentityKey(one: value))
        }
        if let managed = register(object), managed.entity.index == position { registered.append(managed) }
      }
      for key in missing where !found.contains(key) { absentIdentities[entity.index, default: IdentitySet()].insert(key) }
      // Each fault loads the list of the siblings registered next to it too (a query per 500).
      for slot in wanted.preloads[position] ?? [] {
        for object in registered { _ = object.loaded(slot) }
      }
    }
  }

  /// Forgets the identities ``lookUpAhead(_:)`` found absent: once its batch is written, the
  /// store may hold them.
  func forgetAbsentIdentities() { absentIdentities = [:] }

  /// How many identities the graph holds as absent now (none outside an import).
  package var absentIdentityCount: Int { absentIdentities.values.reduce(0) { $0 + $1.count } }
}
