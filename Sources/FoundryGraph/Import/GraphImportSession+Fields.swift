import Foundry
import FoundryJSON

extension GraphImportSession {
  // MARK: - Subentities

  /// The entity a payload object asks for: through the entity mapper or subentity key path the
  /// entity (or an ancestor) declares, else `entity` itself; as the plan of that entity.
  func subentity(for value: ValueReader, of plan: EntityImportPlan) throws -> EntityImportPlan {
    let entity = plan.entity
    var name: String?
    for index in entity.lineage.reversed() {
      let declaration = graph.schema.entities[index].declaration
      if let mapper = declaration.entityMapperName {
        name = options.entityMappers[mapper]?(value)
        break
      }
      if let path = try self.plan(graph.schema.entities[index]).subentityPath {
        name = try value.descendant(at: path).map { try $0.string() }
        break
      }
    }
    guard let name else { return plan }
    let candidates = [entity.index] + entity.descendantIndices
    guard let match = candidates.map({ graph.schema.entities[$0] }).first(where: { $0.name == name || $0.declaration.userInfo["subentityValue"] == name }) else {
      throw value.invalid(expected: "a subentity of \(entity.name)", reason: "\"\(name)\" names none")
    }
    return try self.plan(match)
  }

  // MARK: - Fields

  /// What a payload holds for an attribute: nothing, `null`, a plain value read straight from
  /// the tape, or a value to read through the codec.
  enum AttributeLookup {
    case absent, null
    case plain(GraphValue)
    case value(ValueReader)
  }

  /// Looks up attribute `slot`, reading strings, integers and doubles under plain keys straight
  /// from the tape (no `ValueReader` for them); counts a member found in ``foundMembers``.
  @inline(__always)
  func lookUpAttribute(_ slot: Int, codec: AttributeCodec, in reader: inout ObjectReader) -> AttributeLookup {
    if codec.readsPlain {
      switch reader.simpleLookup(slot) {
      case .absent: return .absent
      case .value(let index):
        if let value = codec.plainValue(at: index, in: reader) {
          foundMembers += 1
          return .plain(value)
        }
      case .declined: break
      }
    }
    switch reader.lookup(slot) {
    case .absent: return .absent
    case .null:
      foundMembers += 1
      return .null
    case .value(let value):
      foundMembers += 1
      return .value(value)
    }
  }

  /// Reads the payload's attributes into `object`. A new object that fails is discarded whole;
  /// an existing one must not keep half an update, so its values are applied only once every
  /// attribute has been read.
  func readAttributes(into object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, isNew: Bool, skippingIdentity: Bool) throws {
    // By index: an enumerated iterator would copy each step, retaining its codec.
    let steps = plan.attributes
    guard !isNew else {
      for slot in steps.indices where !(skippingIdentity && steps[slot].isIdentity) {
        if case .value(let value) = try readAttribute(slot, steps[slot], of: object, from: &reader, plan: plan, isNew: true) { object.assign(value, at: slot) }
      }
      return
    }
    // The first update waits in a local; more wait in `updates` (most payloads update one or two).
    var first: (slot: Int, value: GraphValue?)?
    if !updates.isEmpty { updates.removeAll(keepingCapacity: true) }
    for slot in steps.indices where !(skippingIdentity && steps[slot].isIdentity) {
      guard case .value(let value) = try readAttribute(slot, steps[slot], of: object, from: &reader, plan: plan, isNew: false) else { continue }
      if first == nil { first = (slot, value) } else { updates.append((slot, value)) }
    }
    guard let first else { return }
    object.assign(first.value, at: first.slot)
    for (slot, value) in updates { object.assign(value, at: slot) }
  }

  /// What the payload gives for one attribute: nothing to change, or a value (`nil` clears).
  enum AttributeRead {
    case unchanged
    case value(GraphValue?)
  }

  /// Reads attribute `slot` of a payload object.
  /// - Throws: `MappingError` for a bad value, or a missing or `null` one the attribute needs.
  @inline(__always)
  func readAttribute(
    _ slot: Int, _ step: AttributeStep, of object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, isNew: Bool
  ) throws -> AttributeRead {
    switch lookUpAttribute(slot, codec: step.codec, in: &reader) {
    case .plain(let value):
      return .value(value)
    case .absent:
      if isNew, step.needsValue, object.values[slot] == nil { throw reader.missing(slot, typeName: plan.typeName(ofAttribute: slot)) }
      // MagicalRecord's `useDefaultValueWhenNotPresent`: an absent key is the default (a new object has it already).
      if !isNew, let absent = step.absentValue { return .value(absent) }
      return .unchanged
    case .null:
      guard step.isOptional else { throw reader.missing(slot, typeName: plan.typeName(ofAttribute: slot)) }
      return .value(nil)
    case .value(let found):
      do {
        guard !isNew else { return .value(try reader.read(slot, found) { try step.codec.read($0) }) }
        let current = object.values[slot]
        let read = try reader.read(slot, found) { try step.codec.read($0, replacing: current) }
        // The codec kept the current box (an equal typed value): nothing to assign.
        if case .custom(let kept) = read, case .custom(let old)? = current, kept.box === old.box { return .unchanged }
        return .value(read)
      } catch {
        let error = plan.explained(error, ofAttribute: slot)
        guard reader.isLossy && step.isOptional && !MappingError.isCancellation(error) else { throw error }
        reader.recordDefaulted(error, field: slot)
        return .unchanged
      }
    }
  }

  func readRelationships(into object: ManagedObject, from reader: inout ObjectReader, plan: EntityImportPlan, skipping back: Int?) throws {
    for (slot, step) in plan.relationships.enumerated() where slot != back {
      switch reader.lookup(step.field) {
      case .absent: continue
      case .null:
        for target in object.loaded(slot).objects { object.unlink(target, at: slot) }
      case .value(let value):
        do {
          try reader.read(step.field, value) { try importRelationship($0, of: object, slot: slot, step: step) }
        } catch  where reader.isLossy && !MappingError.isCancellation(error) {
          reader.recordDefaulted(error, field: step.field)
        }
      }
    }
  }

  /// A spare ``ScopedIdentities`` reset for `owner`'s relationship in `slot`, or a new one.
  private func scopedIdentities(owner: ManagedObject, slot: Int, capacity: Int) -> ScopedIdentities {
    guard let spare = spareIdentities.popLast() else { return ScopedIdentities(owner: owner, slot: slot, capacity: capacity) }
    spare.reset(owner: owner, slot: slot, capacity: capacity)
    return spare
  }

  /// Links what a relationship's payload names: one object or identity, or several.
  func importRelationship(_ value: ValueReader, of object: ManagedObject, slot: Int, step: RelationshipStep) throws {
    let destination = try plan(step.destination)
    let identities = step.isToMany && step.hasScopedIdentity ? scopedIdentities(owner: object, slot: slot, capacity: value.elementCount) : nil
    // Back for the next relationship once this one is done: only this call's scope held it.
    defer { if let identities { spareIdentities.append(identities.emptied()) } }
    let scope = Scope(owner: object, slot: slot, inverse: step.inverse, identities: identities, operations: step.operations)
    guard step.isToMany else {
      let target: ManagedObject
      do {
        if step.operations.contains(.update), let current = try heldInPlace(value, of: object, slot: slot, as: destination) {
          target = try importInPlace(value, into: current, scope: scope)
        } else {
          target = try importObject(value, as: destination, scope: scope)
        }
      } catch  where MappingError.isSkip(error) {
        return
      }
      if object.primitiveLinkCounted(target, at: slot) { links += 1 }
      return
    }
    // The objects the payload gives go on the session's stack of targets (see
    // ``pendingTargets``), above those of the relationships this one is nested in.
    let mark = pendingTargets.count
    defer { pendingTargets.pop(to: mark) }
    pendingTargets.reserve(value.elementCount)
    // Keyed members are a JSON shape (numbers are no XML element names): XML lists them.
    if let keySlot = step.keySlot, value.kind == .object, !value.jsonNode.isMarkup {
      let type = step.destination.attributes[keySlot].type
      for (key, member) in try value.members() where !member.isNull {
        let read = try member.readElement(at: .key(key)) { member in
          guard let keyValue = GraphValue(text: key, as: type) else { throw member.invalid(expected: "\(type) key", reason: "the key \"\(key)\" is not one") }
          return try importObject(member, as: destination, scope: scope, key: (keySlot, keyValue))
        }
        if let read { pendingTargets.push(ObjectReference(read)) }
      }
    } else {
      func importElement(_ index: Int, _ element: ValueReader, repeatsAsked: Bool) throws -> ObjectReference? {
        try element.readElement(at: .index(index), { try importObject($0, as: destination, scope: scope, repeatsAsked: repeatsAsked) })
          .map(ObjectReference.init)
      }
      if value.kind == .array {
        // One reader moved along the elements (see `ValueReader.moveToElement(at:)`), and a
        // repeat asked of the array by position: the reader, a variable, was retained for
        // each question asked of it.
        let array = value.jsonNode
        var element = value
        var positions = array.elementPositions
        var index = 0
        while let position = positions.next() {
          let isObject = array.isObject(at: position)
          // A repeat of a payload already read is that object (see `RepeatedPayloads`).
          if isObject, let known = repeats.reference(writtenAs: array.writtenSpan(ofElementAt: position), as: destination) {
            pendingTargets.push(known)
          } else if isObject || !array.isNull(at: position) {
            element.moveToElement(at: position)
            if let target = try importElement(index, element, repeatsAsked: true) { pendingTargets.push(target) }
          }
          // A `null` element stands for no object (Groot skips it too): left out, in either mode.
          index += 1
        }
      } else {
        // XML: an element whose one child is one of the destination's fields is one object.
        try value.forEachElement(elementSchema: destination.mapping) { index, element in
          if let target = try importElement(index, element, repeatsAsked: false) { pendingTargets.push(target) }
        }
      }
    }
    // The merge pushes nothing: the buffer stays valid while it runs.
    let targets = pendingTargets.references(from: mark)
    var others: [ManagedObject] = []
    if step.merge == .replaceDeletingOthers {
      let kept = Set(targets.lazy.map(\.id))
      others = object.loaded(slot).objects.filter { !kept.contains(ObjectIdentifier($0)) }
    }
    links += object.merge(targets, at: slot, replacing: step.merge != .append)
    for other in others where !other.isDeleted {
      try graph.delete(other)
      deletedCount += 1
    }
  }
}
