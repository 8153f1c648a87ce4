import FoundryJSON

/// One link as an export writes it: from `source`'s relationship `slot` to `target`.
struct ExportedLink: Hashable {
  let source: ObjectIdentifier
  let slot: Int
  let target: ObjectIdentifier

  init(_ source: ManagedObject, _ slot: Int, _ target: ManagedObject) {
    self.source = ObjectIdentifier(source)
    self.slot = slot
    self.target = ObjectIdentifier(target)
  }

  /// One relationship of one object.
  struct Side: Hashable {
    let object: ObjectIdentifier
    let slot: Int

    init(_ object: ManagedObject, _ slot: Int) {
      self.object = ObjectIdentifier(object)
      self.slot = slot
    }
  }
}

extension GraphExporter {
  /// The relationships, among every object reachable from `objects`, holding a link the pass
  /// just made wrote from neither side (a link is written from one side when that side's
  /// relationship lists the other object, in full or as its identity).
  ///
  /// Only relationships whose objects can all be referred to by identity from anywhere qualify:
  /// a list written with some of its objects missing would, imported, unlink them.
  func unwrittenSides(from objects: [ManagedObject]) -> Set<ExportedLink.Side> {
    var sides: Set<ExportedLink.Side> = []
    var seen = ObjectMarks()
    for object in objects { seen.insert(object) }
    var pending = objects
    while let object = pending.popLast() {
      // A relationship left out of exports (`isExported`) is never written: no link of it is missing.
      let declared = object.entity.relationships
      for slot in declared.indices where declared[slot].isExported {
        let related = object.loaded(slot)
        var isMissingLink = false
        // In place: nothing here changes a relationship.
        related.forEachObject { target in
          if seen.insert(target) { pending.append(target) }
          if !isMissingLink, !isWritten(object, slot, target) { isMissingLink = true }
        }
        if isMissingLink, related.objects.allSatisfy(isReferable) { sides.insert(ExportedLink.Side(object, slot)) }
      }
    }
    return sides
  }

  /// Notes the links of `object`'s relationship `slot` that `members` wrote, of the `count`
  /// objects it holds: the whole side when it wrote every one (the common case, a mark),
  /// else link by link.
  mutating func noteWritten(_ members: [(target: ManagedObject, value: JSONValue)], of object: ManagedObject, at slot: Int, holding count: Int) {
    guard members.count < count else {
      if slot >= writtenSides.count { writtenSides += Array(repeating: ObjectMarks(), count: slot + 1 - writtenSides.count) }
      writtenSides[slot].insert(object)
      return
    }
    for (target, _) in members { written.insert(ExportedLink(object, slot, target)) }
  }

  /// Whether the link from `object`'s relationship `slot` to `target` was written, from
  /// either side.
  private func isWritten(_ object: ManagedObject, _ slot: Int, _ target: ManagedObject) -> Bool {
    if wroteSide(object, slot) || !written.isEmpty && written.contains(ExportedLink(object, slot, target)) { return true }
    guard let inverse = object.entity.inverseSlots[slot] else { return false }
    return wroteSide(target, inverse) || !written.isEmpty && written.contains(ExportedLink(target, inverse, object))
  }

  /// Whether `object`'s relationship `slot` was written with every object it holds.
  private func wroteSide(_ object: ManagedObject, _ slot: Int) -> Bool {
    slot < writtenSides.count && writtenSides[slot].contains(object)
  }

  /// Whether an identity refers to the object wherever it is written: it has one, and it is
  /// not unique only among its parent's objects.
  private func isReferable(_ object: ManagedObject) -> Bool {
    !object.entity.isIdentityScopedToParent && identity(of: object) != nil
  }
}
