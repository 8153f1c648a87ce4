extension ManagedObject {
  // MARK: - Reading

  /// The objects relationship `key` holds (none or one for a to-one relationship).
  ///
  /// ```swift
  /// let books = try author.related(forKey: "books")
  /// ```
  /// - Parameters:
  ///   - key: The relationship's name.
  /// - Throws: ``GraphError`` `unknownRelationship`.
  public func related(forKey key: String) throws(GraphError) -> [ManagedObject] {
    let slot = try relationshipSlot(key)
    let objects = loaded(slot).objects
    try throwIfLoadFailed(at: slot)
    return objects
  }

  /// The object a to-one relationship holds.
  ///
  /// ```swift
  /// let author = try book.relatedObject(forKey: "author")
  /// ```
  /// - Parameters:
  ///   - key: The to-one relationship's name.
  /// - Throws: ``GraphError`` `unknownRelationship` (also for a to-many relationship).
  public func relatedObject(forKey key: String) throws(GraphError) -> ManagedObject? {
    let slot = try relationshipSlot(key, toMany: false)
    let current = loaded(slot)
    try throwIfLoadFailed(at: slot)
    guard case .one(let reference) = current else { return nil }
    return reference.object
  }

  // MARK: - Changing, with the inverse kept in step

  /// Points to-one relationship `key` at `object` (or empties it), updating the inverse on
  /// both the old and the new object (Modelmatic's `set(modelObject:forKey:)`).
  ///
  /// ```swift
  /// try book.setRelated(author, forKey: "author")   // author's books now hold book
  /// ```
  /// - Parameters:
  ///   - object: The object to link, of the destination entity and the same graph; `nil` unlinks.
  ///   - key: The to-one relationship's name.
  /// - Throws: ``GraphError`` `unknownRelationship`, `wrongDestination`, `otherGraph`, `deletedObject`.
  public func setRelated(_ object: ManagedObject?, forKey key: String) throws(GraphError) {
    let slot = try relationshipSlot(key, toMany: false)
    guard let object else {
      if case .one(let current) = loaded(slot) { unlink(current.object, at: slot) }
      return
    }
    try check(object, for: slot)
    link(object, at: slot)
  }

  /// Replaces the objects of to-many relationship `key` with `objects` (in that order),
  /// updating every inverse.
  ///
  /// ```swift
  /// try author.setRelated([tempest, hamlet], forKey: "books")
  /// ```
  /// - Parameters:
  ///   - objects: The objects the relationship holds afterwards, in order.
  ///   - key: The to-many relationship's name.
  /// - Throws: ``GraphError``, as for ``setRelated(_:forKey:)``.
  public func setRelated(_ objects: [ManagedObject], forKey key: String) throws(GraphError) {
    let slot = try relationshipSlot(key, toMany: true)
    for object in objects { try check(object, for: slot) }
    let kept = Set(objects.map(ObjectIdentifier.init))
    for current in loaded(slot).objects where !kept.contains(ObjectIdentifier(current)) { unlink(current, at: slot) }
    for object in objects { link(object, at: slot) }
    guard case .many(let list) = related[slot], list.references.map({ ObjectIdentifier($0.object) }) != objects.map(ObjectIdentifier.init) else { return }
    // Same members, new order (a repeated object counts once, where it first appears).
    var seen: Set<ObjectIdentifier> = []
    willChangeRelationship(slot)
    list.reorder(objects.filter { seen.insert(ObjectIdentifier($0)).inserted })
    didChange(relationship: slot)
  }

  /// Adds `object` to to-many relationship `key` (or sets a to-one relationship), updating the
  /// inverse (Modelmatic's `add(modelObject:forKey:)`). Adding an object already there changes nothing.
  ///
  /// ```swift
  /// try author.add(book, forKey: "books")   // book.author is author
  /// ```
  /// - Parameters:
  ///   - object: The object to link, of the destination entity and the same graph.
  ///   - key: The relationship's name.
  /// - Throws: ``GraphError`` `unknownRelationship`, `wrongDestination`, `otherGraph`, `deletedObject`.
  public func add(_ object: ManagedObject, forKey key: String) throws(GraphError) {
    let slot = try relationshipSlot(key)
    try check(object, for: slot)
    link(object, at: slot)
  }

  /// Inserts `object` at `position` in ordered relationship `key` (moving it when already there).
  ///
  /// ```swift
  /// try playlist.insert(song, at: 0, forKey: "songs")
  /// ```
  /// - Parameters:
  ///   - object: The object to link, of the destination entity and the same graph.
  ///   - position: Its index in the relationship afterwards.
  ///   - key: The ordered to-many relationship's name.
  /// - Throws: ``GraphError``, as for ``add(_:forKey:)``.
  public func insert(_ object: ManagedObject, at position: Int, forKey key: String) throws(GraphError) {
    let slot = try relationshipSlot(key, toMany: true)
    try check(object, for: slot)
    link(object, at: slot)
    guard case .many(let list) = related[slot], let from = list.references.firstIndex(where: { $0.object === object }) else { return }
    let target = min(max(position, 0), list.count - 1)
    guard from != target else { return }
    var order = list.objects
    order.remove(at: from)
    order.insert(object, at: target)
    willChangeRelationship(slot)
    list.reorder(order)
    didChange(relationship: slot)
  }

  /// Removes `object` from relationship `key` (to-one: empties it when it holds `object`),
  /// updating the inverse.
  ///
  /// ```swift
  /// try author.remove(book, forKey: "books")   // book.author is nil
  /// ```
  /// - Parameters:
  ///   - object: The object to unlink.
  ///   - key: The relationship's name.
  /// - Throws: ``GraphError`` `unknownRelationship`.
  public func remove(_ object: ManagedObject, forKey key: String) throws(GraphError) {
    unlink(object, at: try relationshipSlot(key))
  }

  // MARK: - Both sides

  /// Links `object` in `slot` and self in the inverse, detaching whatever each replaces.
  func link(_ object: ManagedObject, at slot: Int) {
    guard primitiveLink(object, at: slot) else { return }
    linkInverse(of: object, at: slot)
  }

  /// Puts self in the inverse of `slot` on `object`, which was just linked there: self is not
  /// there yet (inverses are kept symmetric), unless that inverse is the very link just made
  /// (an object in its own relationship whose inverse is itself).
  private func linkInverse(of object: ManagedObject, at slot: Int) {
    guard let inverse = entity.inverseSlots[slot], !(object === self && inverse == slot) else { return }
    object.primitiveLink(self, at: inverse, isKnownAbsent: true)
  }

  /// Unlinks `object` from `slot` and self from the inverse.
  func unlink(_ object: ManagedObject, at slot: Int) {
    guard primitiveUnlink(object, at: slot) else { return }
    if let inverse = entity.inverseSlots[slot] { _ = object.primitiveUnlink(self, at: inverse) }
  }

  /// Puts `object` in `slot`; a to-one slot's previous object loses its inverse link to self.
  /// - Returns: Whether anything changed.
  /// - Parameter isKnownAbsent: Whether `object` is known not to be in a to-many `slot`: the
  ///   inverse side of a link just made (inverses are kept symmetric), which skips the search.
  @discardableResult
  func primitiveLink(_ object: ManagedObject, at slot: Int, isKnownAbsent: Bool = false) -> Bool {
    // The inverse side of a link an import makes, on an object inserted since the last
    // commit: no fault to load, nothing to record, nobody to tell.
    if isKnownAbsent, isInserted, observation == nil, partialSlots.isEmpty {
      switch related[slot] {
      case .many(let list):
        list.append(object)
        return true
      case .none:
        related[slot] = entity.isToManySlot[slot] ? .many(ObjectList.make(one: object)) : .one(ObjectReference(object))
        return true
      case .one, .fault:
        break
      }
    }
    if isKnownAbsent {
      if defersLoading(slot) {
        linkDeferred(object, at: slot)
        return true
      }
      if !partialSlots.isEmpty, partialSlots.contains(slot), case .many(let list) = related[slot] {
        willChange(relationship: slot)
        list.append(object)
        didChange(relationship: slot)
        return true
      }
    }
    switch loaded(slot) {
    case .many(let list):
      if !isKnownAbsent, list.contains(object) { return false }
      willChangeRelationship(slot)
      list.append(object)
    case .one(let current):
      if current.object === object { return false }
      willChangeRelationship(slot)
      unlink(current.object, at: slot)
      related[slot] = .one(ObjectReference(object))
    case .none, .fault:
      willChangeRelationship(slot)
      if entity.isToManySlot[slot] {
        related[slot] = .many(ObjectList.make(one: object))
      } else {
        related[slot] = .one(ObjectReference(object))
      }
    }
    didChange(relationship: slot)
    return true
  }

  /// Takes `object` out of `slot`. - Returns: Whether it was there.
  func primitiveUnlink(_ object: ManagedObject, at slot: Int) -> Bool {
    switch loaded(slot) {
    case .none, .fault: return false
    case .one(let current):
      guard current.object === object else { return false }
      willChangeRelationship(slot)
      related[slot] = .none
    case .many(let list):
      guard list.contains(object) else { return false }
      willChangeRelationship(slot)
      _ = list.remove(object)
    }
    didChange(relationship: slot)
    return true
  }

  /// Empties every relationship, faults included (without touching the other sides): what an
  /// object that leaves its graph keeps.
  func emptyRelationships() {
    partialSlots = []
    for slot in related.indices { replaceRelated(.none, at: slot) }
  }

  /// Whether every relationship is still the fault a store gave it: then the object holds no
  /// other object.
  var holdsOnlyFaults: Bool { partialSlots.isEmpty && related.areAllFaults }

  /// Empties the relationships that hold objects, for an object that outlives its graph: the
  /// references would dangle. Faults hold none (and, without the graph, load as empty).
  func dropRelatedObjects() {
    if !partialSlots.isEmpty { partialSlots = [] }
    for slot in related.indices {
      switch related[slot] {
      case .one, .many: replaceRelated(.none, at: slot)
      case .none, .fault: continue
      }
    }
  }

  /// Records what `slot` held at the last commit, before its first change since (nothing to
  /// record for an inserted object), and tells the slot's readers (``didChange(relationship:)``
  /// follows the change).
  func willChangeRelationship(_ slot: Int) {
    willChange(relationship: slot)
    guard !isInserted, committedRelated[slot] == nil else { return }
    committedRelated[slot] = RelatedSnapshot(related[slot])
  }

  // MARK: - Checks

  func relationshipSlot(_ key: String, toMany: Bool? = nil) throws(GraphError) -> Int {
    guard let slot = entity.relationshipSlot(named: key) else {
      throw GraphError(.unknownRelationship, at: entity.name, "no relationship named \"\(key)\"")
    }
    if let toMany, entity.relationships[slot].isToMany != toMany {
      let kind = toMany ? "to-one" : "to-many"
      throw GraphError(.unknownRelationship, at: "\(entity.name).\(key)", "is a \(kind) relationship")
    }
    return slot
  }

  func check(_ object: ManagedObject, for slot: Int) throws(GraphError) {
    let location = "\(entity.name).\(entity.relationships[slot].name)"
    guard object.index === index else { throw GraphError(.otherGraph, at: location, "\(object.entity.name) #\(object.objectNumber) belongs to another graph") }
    guard !object.isDeleted, !isDeleted else { throw GraphError(.deletedObject, at: location, "cannot relate a deleted object") }
    let destination = entity.destinationIndices[slot]
    guard object.entity.isKind(of: destination) else {
      throw GraphError(.wrongDestination, at: location, "expected \(entity.relationships[slot].destination), found \(object.entity.name)")
    }
  }
}

extension ManagedObject {
  /// Links `object` in `slot` (both sides). - Returns: Whether a new link was made.
  func primitiveLinkCounted(_ object: ManagedObject, at slot: Int) -> Bool {
    guard primitiveLink(object, at: slot) else { return false }
    linkInverse(of: object, at: slot)
    return true
  }

  /// Makes to-many `slot` hold `objects` (in their order when it is ordered), or adds them;
  /// objects left out are unlinked, never deleted. - Returns: The number of new links.
  func merge(_ objects: UnsafeBufferPointer<ObjectReference>, at slot: Int, replacing: Bool) -> Int {
    if case .none = loaded(slot), !objects.isEmpty { return fill(slot, with: objects) }
    if replacing, case .many(let current) = related[slot], current.count > 0 {
      let kept = Set(objects.lazy.map(\.id))
      for object in current.objects where !kept.contains(ObjectIdentifier(object)) { unlink(object, at: slot) }
    }
    var added = 0
    for reference in objects where primitiveLinkCounted(reference.object, at: slot) { added += 1 }
    if replacing, entity.relationships[slot].isOrdered, case .many(let now) = related[slot], now.count == objects.count,
      !now.withReferences({ zip($0, objects).allSatisfy { $0.id == $1.id } })
    {
      willChangeRelationship(slot)
      now.reorder(objects)
      didChange(relationship: slot)
    }
    return added
  }

  /// Fills an empty to-many `slot` with `objects` (the first of repeated ones) in one go, and
  /// links each inverse. - Returns: The number of links made.
  private func fill(_ slot: Int, with objects: UnsafeBufferPointer<ObjectReference>) -> Int {
    let list = Self.hasRepeats(objects) ? ObjectList.make(Self.firstOfEach(objects)) : ObjectList.make(objects)
    willChangeRelationship(slot)
    related[slot] = .many(list)
    didChange(relationship: slot)
    list.withReferences { unique in
      for reference in unique { reference.withObject { linkInverse(of: $0, at: slot) } }
    }
    return list.count
  }

  /// Whether `objects` may hold an object twice: searched for a short list, assumed for a long
  /// one (`firstOfEach(_:)` then filters it through a set).
  private static func hasRepeats(_ objects: UnsafeBufferPointer<ObjectReference>) -> Bool {
    guard objects.count <= 16 else { return true }
    // Plain loops: a buffer's slices and ranges go through generic index code.
    var index = 1
    while index < objects.count {
      let id = objects[index].id
      var earlier = 0
      while earlier < index {
        if objects[earlier].id == id { return true }
        earlier += 1
      }
      index += 1
    }
    return false
  }

  /// `objects` without repeats (the first of each kind kept).
  private static func firstOfEach(_ objects: UnsafeBufferPointer<ObjectReference>) -> [ObjectReference] {
    var seen: Set<ObjectIdentifier> = []
    seen.reserveCapacity(objects.count)
    return objects.filter { seen.insert($0.id).inserted }
  }
}
