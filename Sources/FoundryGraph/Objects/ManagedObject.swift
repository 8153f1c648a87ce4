import FoundryJSON

/// An instance of an entity in an ``ObjectGraph``: attribute values, related objects, and
/// what changed since the graph last committed.
///
/// ```swift
/// let author = try graph.insert("Author")
/// author.name = "Mark Twain"                        // dynamic member: a GraphValue?
/// try author.setValue(.integer(106), forKey: "id")  // checked
/// let book = try graph.insert("Book")
/// try author.add(book, to: "books")                 // book.author is now author
/// author.hasChanges                                 // true
/// ```
///
/// Typed accessors come from `@Entity` classes or from `foundry generate`. Assigning a value
/// equal to the current one changes nothing. Objects belong to one graph, which keeps them
/// alive; when the graph goes away its objects lose their relationships.
@dynamicMemberLookup
public final class ManagedObject: CustomStringConvertible {
  /// The object's entity.
  public let entity: EntityDescription
  /// The object's number in its graph, unique there and never reused.
  public let objectNumber: Int
  // The hot stored properties skip the runtime exclusivity check (a third of an import's
  // bookkeeping): an object belongs to one graph, used by one task at a time, and neither this
  // module nor FoundryStore (which reads `persistentID` and bumps `storedVersion` after a save)
  // accesses one of them while another access to it is in progress (ARCHITECTURE.md,
  // Invariants: "One owner").
  /// The object's row in a store, once it was saved there or fetched from it; `nil` for an
  /// object that lives only in memory.
  ///
  /// ```swift
  /// try await context.save()
  /// book.persistentID   // Book #12
  /// ```
  @exclusivity(unchecked) public internal(set) var persistentID: PersistentID?
  /// The version of the stored row the object's values come from (0 when unknown): what a
  /// store checks on save, so that a row changed by another save since is a conflict.
  @exclusivity(unchecked) package var storedVersion: Int64 = 0
  let index: IdentityIndex

  /// Attribute values by slot (``EntityDescription/attributes``); `nil` is no value. An
  /// object fetched from a store decodes them from its row on first use.
  var values: AttributeValues {
    @inline(__always) _read {
      if valuesPending { decodePendingRow() }
      yield slotValues
    }
    @inline(__always) _modify {
      if valuesPending { decodePendingRow() }
      yield &slotValues
    }
  }
  // Unchecked exclusivity, from here to `observation`: one owner, as said above `persistentID`.
  /// What ``values`` reads: empty while ``valuesPending``.
  @exclusivity(unchecked) var slotValues: AttributeValues
  /// The row a fetch read the object from, kept undecoded (see ``StoredRows``): its values
  /// until first used, and its foreign keys, which link to-one relationships to objects the
  /// graph holds without asking the source.
  @exclusivity(unchecked) var storedRow: RowReference?
  /// Whether ``values`` still waits in ``storedRow``.
  @exclusivity(unchecked) var valuesPending = false
  /// The attribute slots whose stored values did not read back, with why (`nil`: none). Their
  /// values are `nil`, and reading them throws (``readValue(at:)``) until they are set.
  @exclusivity(unchecked) var unreadableSlots: [Int: String]?
  /// Related objects by slot (``EntityDescription/relationships``).
  @exclusivity(unchecked) var related: RelatedSlots
  /// Values of changed attribute slots as last committed (not kept for inserted objects).
  /// `Dictionary()`, not `[:]`: the literal is a call per object made (two per object an import makes).
  var committedValues: [Int: GraphValue?] = Dictionary()
  /// What changed relationship slots held at the last commit (not kept for inserted objects).
  var committedRelated: [Int: RelatedSnapshot] = Dictionary()
  /// To-many slots still a fault in the store that hold only the objects linked since the
  /// last commit: linking the inverse side of a many-sided relationship (a book to a tag that
  /// a million books share) does not load every member first. A read loads the rest.
  @exclusivity(unchecked) var partialSlots: [Int] = []
  /// Whether the object was inserted since the last commit.
  @exclusivity(unchecked) public internal(set) var isInserted = true
  /// Whether the object was deleted from its graph.
  @exclusivity(unchecked) public internal(set) var isDeleted = false
  /// The number of the last import that touched the object (counted once per import).
  @exclusivity(unchecked) var importStamp = 0
  /// During an import: the payload object last read into this object, when it held
  /// attributes alone (see `RepeatedPayloads`).
  @exclusivity(unchecked) var importText: ImportedText?
  /// Who reads the object through typed views: made on the first such read (see
  /// `ManagedObject+Observation.swift`), so that changes nobody observes cost a check for `nil`.
  @exclusivity(unchecked) var observation: ObservationBox?

  /// A new object holding its entity's default values, and `identity`'s values when given.
  /// Borrowing: an owned parameter costs the caller a retain and the initializer a release
  /// on top of the retain each stored reference takes.
  init(entity: borrowing EntityDescription, number: Int, index: borrowing IdentityIndex, identity: IdentityKey? = nil) {
    self.entity = copy entity
    self.objectNumber = number
    self.index = copy index
    var values = AttributeValues(entity.defaultValues)
    if let identity {
      let slots = entity.identitySlots
      switch identity.values {
      case .one(let value): values[slots[0]] = value
      case .integerPair(let first, let second):
        values[slots[0]] = .integer(first)
        values[slots[1]] = .integer(second)
      case .several(let components): for (slot, value) in zip(slots, components) { values[slot] = value }
      }
    }
    slotValues = values
    related = RelatedSlots(repeating: .none, count: entity.isToManySlot.count)
  }

  /// An unchanged object for a stored row: its values, every relationship a fault.
  /// - Parameter faults: A fault per relationship slot.
  init(stored: StoredObject, number: Int, index: IdentityIndex, faults: RelatedSlots) {
    entity = stored.entity
    objectNumber = number
    self.index = index
    slotValues = AttributeValues(stored.values)
    related = faults
    isInserted = false
    persistentID = stored.id
    storedVersion = stored.version
    if !stored.unreadable.isEmpty { unreadableSlots = stored.unreadable }
  }

  /// An unchanged object for a stored row whose values stay in `rows` until first used.
  init(row: Int, of rows: any StoredRows, header: StoredRowHeader, number: Int, index: IdentityIndex, faults: RelatedSlots) {
    entity = header.entity
    objectNumber = number
    self.index = index
    slotValues = .none
    storedRow = RowReference(rows: rows, row: row)
    valuesPending = true
    related = faults
    isInserted = false
    persistentID = header.id
    storedVersion = header.version
  }

  // MARK: - Attributes

  /// The value of attribute `key`, or `nil`; for unknown names `nil` too (use
  /// ``value(forKey:)`` to be told). Setting goes through `setValue(_:forKey:)` and ignores
  /// what it rejects; debug builds stop there.
  ///
  /// ```swift
  /// author.name = "Ada"
  /// print(author.name ?? "none")
  /// ```
  /// - Parameters:
  ///   - key: The attribute's name.
  public subscript(dynamicMember key: String) -> GraphValue? {
    get { entity.attributeSlot(named: key).flatMap { values[$0] } }
    set {
      do { try setValue(newValue, forKey: key) } catch { assertionFailure("\(error)") }
    }
  }

  /// The value of attribute `key`.
  ///
  /// ```swift
  /// let name = try author.value(forKey: "name")   // .string("Ada")
  /// ```
  /// - Parameters:
  ///   - key: The attribute's name.
  /// - Throws: ``GraphError`` `unknownAttribute`.
  public func value(forKey key: String) throws(GraphError) -> GraphValue? {
    try readValue(at: try attributeSlot(key))
  }

  /// The value in attribute slot `slot`.
  /// - Throws: ``GraphError`` `loadFailed` naming the entity, the attribute and the stored row
  ///   when the store's value does not read back (the object's other values do).
  package func readValue(at slot: Int) throws(GraphError) -> GraphValue? {
    let value = values[slot]
    if let unreadableSlots, let reason = unreadableSlots[slot] {
      let row = persistentID.map { " (\($0))" } ?? ""
      throw GraphError(.loadFailed, at: "\(entity.name).\(entity.attributes[slot].name)", "the stored value of \(entity.name)\(row) does not read back: \(reason)")
    }
    return value
  }

  /// Sets attribute `key`; an equal value changes nothing.
  ///
  /// ```swift
  /// try author.setValue(.integer(106), forKey: "id")
  /// try author.setValue(nil, forKey: "nickname")
  /// ```
  /// - Parameters:
  ///   - value: The new value, of the attribute's type; `nil` clears it.
  ///   - key: The attribute's name.
  /// - Throws: ``GraphError`` `unknownAttribute`, or `typeMismatch` for a value of another type.
  public func setValue(_ value: GraphValue?, forKey key: String) throws(GraphError) {
    let slot = try attributeSlot(key)
    try setValue(value, at: slot)
  }

  /// Sets the attribute in `slot`, converting the value to its type.
  func setValue(_ value: GraphValue?, at slot: Int) throws(GraphError) {
    let attribute = entity.attributes[slot]
    var stored = value
    if let value {
      guard let converted = value.converted(to: attribute.type) else {
        throw GraphError(.typeMismatch, at: "\(entity.name).\(attribute.name)", "expected \(attribute.type), found \(value)")
      }
      stored = converted
    }
    assign(stored, at: slot)
  }

  /// Stores an already converted value, recording the change and keeping the identity index current.
  func assign(_ value: GraphValue?, at slot: Int) {
    if unreadableSlots != nil { clearUnreadable(slot) }
    if isInserted, !entity.isIdentitySlot[slot] {
      // Nothing to record or index: the common case of an import filling a new object.
      guard observation == nil else { return replaceValue(value, at: slot) }
      values[slot] = value
      return
    }
    let old = values[slot]
    guard old != value else { return }
    willChange(attribute: slot)
    defer { didChange(attribute: slot) }
    let isIdentity = entity.isIdentitySlot[slot] && !entity.isIdentityScopedToParent
    if isIdentity, let key = identityKey { index.remove(key, number: objectNumber, family: entity.rootIndex) }
    if !isInserted, committedValues[slot] == nil { committedValues[slot] = .some(old) }
    values[slot] = value
    if !isInserted, let original = committedValues[slot], original == value { committedValues[slot] = nil }
    if isIdentity, !isDeleted, let key = identityKey { index.insert(key, number: objectNumber, family: entity.rootIndex) }
  }

  /// Forgets that slot `slot`'s stored value did not read back: it was set.
  @inline(never)
  func clearUnreadable(_ slot: Int) {
    unreadableSlots?[slot] = nil
    if unreadableSlots?.isEmpty == true { unreadableSlots = nil }
  }

  /// The object's identity values, when every identity attribute has one.
  var identityKey: IdentityKey? {
    IdentityKey(slots: entity.identitySlots) { values[$0] }
  }

  func attributeSlot(_ key: String) throws(GraphError) -> Int {
    guard let slot = entity.attributeSlot(named: key) else {
      throw GraphError(.unknownAttribute, at: entity.name, "no attribute named \"\(key)\"")
    }
    return slot
  }

  /// `Author #3 {id: 106, name: "Mark Twain"}`.
  public var description: String {
    let shown = entity.attributes.indices.compactMap { slot in values[slot].map { "\(entity.attributes[slot].name): \($0)" } }
    return "\(entity.name) #\(objectNumber) {\(shown.joined(separator: ", "))}"
  }
}

/// The objects one relationship of one object holds.
enum RelatedObjects {
  /// Nothing yet (either kind).
  case none
  /// Not loaded yet: the object came from a store, which is asked on first access.
  case fault
  /// A to-one relationship's object.
  case one(ObjectReference)
  /// A to-many relationship's objects, changed in place.
  case many(ObjectList)

  /// The objects, as strong references.
  var objects: [ManagedObject] {
    switch self {
    case .none, .fault: []
    case .one(let reference): [reference.object]
    case .many(let list): list.objects
    }
  }

  /// Calls `body` with each object, in order, without making an array of them. `body` must not
  /// change this relationship (it walks the list in place).
  func forEachObject(_ body: (ManagedObject) throws -> Void) rethrows {
    switch self {
    case .none, .fault: return
    case .one(let reference): try body(reference.object)
    case .many(let list): try list.withReferences { references in for reference in references { try body(reference.object) } }
    }
  }

  /// A loaded relationship holding `references` (distinct), to-many or to-one.
  init(_ references: [ObjectReference], toMany: Bool) {
    guard let first = references.first else {
      self = .none
      return
    }
    self = toMany ? .many(ObjectList.make(references)) : .one(first)
  }

  var count: Int {
    switch self {
    case .none, .fault: 0
    case .one: 1
    case .many(let list): list.count
    }
  }
}

/// What one relationship held at the last commit, kept to roll a change back.
enum RelatedSnapshot {
  case fault
  case objects([ObjectReference])

  init(_ related: RelatedObjects) {
    switch related {
    case .fault: self = .fault
    case .none: self = .objects([])
    case .one(let reference): self = .objects([reference])
    case .many(let list): self = .objects(list.references)
    }
  }

  /// The relationship as it was, for a to-one or to-many slot.
  func restored(toMany: Bool) -> RelatedObjects {
    switch self {
    case .fault: return .fault
    case .objects(let references): return RelatedObjects(references, toMany: toMany)
    }
  }
}
