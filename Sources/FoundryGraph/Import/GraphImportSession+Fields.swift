import Foundry
import FoundryJSON

extension GraphImportSession {
  // MARK: - Subentities

  /// The entity a payload object asks for: through the entity mapper or subentity key path the
  /// entity (or an ancestor) declares, else `entity` itself.
  func subentity(for value: ValueReader, of entity: EntityDescription) throws -> EntityDescription {
    guard !entity.descendantIndices.isEmpty else { return entity }
    var name: String?
    for index in entity.lineage.reversed() {
      let declaration = graph.schema.entities[index].declaration
      if let mapper = declaration.entityMapperName {
        name = options.entityMappers[mapper]?(value)
        break
      }
      if let path = try plan(graph.schema.entities[index]).subentityPath {
        name = try value.descendant(at: path).map { try $0.string() }
        break
      }
    }
    guard let name else { return entity }
    let candidates = [entity.index] + entity.descendantIndices
    guard let match = candidates.map({ graph.schema.entities[$0] }).first(where: { $0.name == name || $0.declaration.userInfo["subentityValue"] == name }) else {
      throw value.invalid(expected: "a subentity of \(entity.name)", reason: "\"\(name)\" names none")
    }
    return match
  }

  // MARK: - Fields

  func readAttributes(into object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, isNew: Bool, skipping: [Int]) throws {
    for slot in plan.codecs.indices where skipping.isEmpty || !skipping.contains(slot) {
      switch reader.lookup(slot) {
      case .absent:
        if isNew, plan.needsValue[slot], object.values[slot] == nil { throw reader.missing(slot, typeName: plan.typeNames[slot]) }
      case .null:
        guard plan.isOptional[slot] else { throw reader.missing(slot, typeName: plan.typeNames[slot]) }
        object.assign(nil, at: slot)
      case .value(let value):
        do {
          object.assign(try reader.read(slot, value) { try plan.codecs[slot].read($0) }, at: slot)
        } catch where reader.isLossy && plan.isOptional[slot] {
          reader.recordDefaulted(error, field: slot)
        }
      }
    }
  }

  func readRelationships(into object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, skipping back: Int?) throws {
    for slot in object.entity.relationships.indices where slot != back {
      let field = plan.field(ofRelationship: slot)
      switch reader.lookup(field) {
      case .absent: continue
      case .null:
        for target in object.related[slot].objects { object.unlink(target, at: slot) }
      case .value(let value):
        do {
          try reader.read(field, value) { try importRelationship($0, of: object, slot: slot) }
        } catch where reader.isLossy {
          reader.recordDefaulted(error, field: field)
        }
      }
    }
  }

  /// Links what a relationship's payload names: one object or identity, or several.
  func importRelationship(_ value: ValueReader, of object: ManagedObject, slot: Int) throws {
    let relationship = object.entity.relationships[slot]
    let destination = graph.schema.entities[object.entity.destinationIndices[slot]]
    var scope = Scope(owner: object, slot: slot)
    guard relationship.isToMany else {
      let target = try importObject(value, as: destination, scope: scope)
      if object.primitiveLinkCounted(target, at: slot) { links += 1 }
      return
    }
    let pending = destination.isIdentityScopedToParent || destination.descendantIndices.contains { graph.schema.entities[$0].isIdentityScopedToParent } ? PendingObjects() : nil
    scope.pending = pending
    var targets: [ManagedObject] = []
    targets.reserveCapacity(value.elementCount)
    if let keyedBy = relationship.keyedBy, value.kind == .object, let keySlot = destination.attributeSlot(named: keyedBy) {
      let type = destination.attributes[keySlot].type
      for (key, member) in try value.members() {
        let read = try member.readElement(at: .key(key)) { member in
          guard let keyValue = GraphValue(text: key, as: type) else { throw member.invalid(expected: "\(type) key", reason: "the key \"\(key)\" is not one") }
          return try importObject(member, as: destination, scope: scope, key: (keySlot, keyValue))
        }
        if let read {
          targets.append(read)
          pending?.objects.append(read)
        }
      }
    } else if try isSingleElement(value, of: destination) {
      // XML: one element whose only child is one of its own fields, not a wrapper of elements.
      if let target = try value.readElement(at: .index(0), { try importObject($0, as: destination, scope: scope) }) {
        targets.append(target)
      }
    } else {
      try value.forEachElement { index, element in
        if let target = try element.readElement(at: .index(index), { try importObject($0, as: destination, scope: scope) }) {
          targets.append(target)
          pending?.objects.append(target)
        }
      }
    }
    links += object.merge(targets, at: slot, replacing: options.toManyMerge == .replace)
  }
}
