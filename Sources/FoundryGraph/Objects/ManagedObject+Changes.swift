extension ManagedObject {
  /// Whether the object was inserted, deleted or changed since its graph last committed.
  ///
  /// ```swift
  /// graph.commitChanges()
  /// author.name = author.name   // equal value: still no changes
  /// author.hasChanges           // false
  /// ```
  public var hasChanges: Bool {
    isInserted || isDeleted || !committedValues.isEmpty || !committedRelated.isEmpty
  }

  /// The names of the attributes and relationships changed since the last commit (all that
  /// have values, for an inserted object).
  ///
  /// ```swift
  /// author.name = "Sam"
  /// author.changedKeys   // ["name"]
  /// ```
  public var changedKeys: Set<String> {
    if isInserted {
      let attributes = entity.attributes.indices.filter { values[$0] != nil }.map { entity.attributes[$0].name }
      let relationships = entity.relationships.indices.filter { !related[$0].objects.isEmpty }.map { entity.relationships[$0].name }
      return Set(attributes + relationships)
    }
    return Set(committedValues.keys.map { entity.attributes[$0].name } + committedRelated.keys.map { entity.relationships[$0].name })
  }

  /// The current values of the attributes changed since the last commit (`nil` for a value
  /// that was cleared); every attribute with a value, for an inserted object.
  ///
  /// ```swift
  /// author.changedValues()   // ["name": .string("Sam")]
  /// ```
  public func changedValues() -> [String: GraphValue?] {
    let slots = isInserted ? entity.attributes.indices.filter { values[$0] != nil } : Array(committedValues.keys)
    return Dictionary(uniqueKeysWithValues: slots.map { (entity.attributes[$0].name, values[$0]) })
  }

  /// The value attribute `key` had at the last commit.
  ///
  /// ```swift
  /// try author.committedValue(forKey: "name")   // .string("Mark Twain")
  /// ```
  /// - Parameters:
  ///   - key: The attribute's name.
  /// - Throws: ``GraphError`` `unknownAttribute`.
  public func committedValue(forKey key: String) throws(GraphError) -> GraphValue? {
    let slot = try attributeSlot(key)
    if isInserted { return nil }
    return committedValues[slot] ?? values[slot]
  }

  /// The value attribute slot `slot` had at the last commit (`nil` for an inserted object):
  /// what a deleted object's history keeps.
  package func committedValue(at slot: Int) -> GraphValue? {
    if isInserted { return nil }
    return committedValues[slot] ?? values[slot]
  }

  /// The attribute slots changed since the last commit (every slot with a value, for an
  /// inserted object), in slot order.
  package var changedAttributeSlots: [Int] {
    isInserted ? entity.attributes.indices.filter { values[$0] != nil } : committedValues.keys.sorted()
  }

  /// The relationship slots changed since the last commit, in slot order.
  package var changedRelationshipSlots: [Int] {
    isInserted ? entity.relationships.indices.filter { related[$0].count > 0 } : committedRelated.keys.sorted()
  }

  /// Forgets the changes: what the graph does on commit.
  func commit() {
    // The store holds the links now: partial slots are faults again.
    for slot in partialSlots { related[slot] = .fault }
    partialSlots = []
    isInserted = false
    committedValues = [:]
    committedRelated = [:]
  }

  /// Puts back the values and relationships of the last commit (without touching the other
  /// sides: the graph restores every changed object at once, so inverses end up in step).
  func restoreCommitted() {
    partialSlots = []
    for (slot, value) in committedValues { replaceValue(value, at: slot) }
    for (slot, snapshot) in committedRelated { replaceRelated(snapshot.restored(toMany: entity.isToManySlot[slot]), at: slot) }
    committedValues = [:]
    committedRelated = [:]
  }
}
