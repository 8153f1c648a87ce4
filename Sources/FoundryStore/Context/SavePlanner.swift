import FoundryGraph

/// Turns a graph's changes into the statements of one save: deletes first (so an identity
/// can move to a new object in the same save), then inserts, updates guarded by the version
/// each object was read at, and the links kept in join tables, as differences from what the
/// store held.
struct SavePlanner {
  let layout: StoreLayout
  let decoder: RowDecoder
  private var dialect: any SQLDialect { decoder.dialect }
  var plan = WritePlan()
  /// Stored objects whose row version the save raises.
  private(set) var versionedObjects: [ManagedObject] = []
  /// Per entity position: its insert statement (every attribute and foreign-key column).
  private var inserts: [Int: (sql: String, singleRow: SingleRowInsert, foreignKeys: [(Int, String)], row: InsertedRow)] = [:]
  /// Positions of inserted objects in ``WritePlan/newRows``, by object number.
  private var newRows: [Int: Int] = [:]
  /// Positions of ordered sides to write once every link is planned (see `settlePositions()`).
  private var positions: [PendingPosition] = []
  /// The link inserts of this save that also set the target's position, by link: where a
  /// new owner's link goes, the other side's position rides in its insert instead of an
  /// update of its own.
  private var newLinks: [NewLink: Int] = [:]
  /// Per join table (by its index in the layout): the texts of its links, made once per save.
  private var joinTexts: [Int: JoinTexts] = [:]
  /// Per join table and side: the update of its position column.
  private var positionUpdates: [JoinSide: (sql: String, update: SingleRowUpdate)] = [:]
  /// Per kind of object update: its text, made once per save (a sync updates thousands of
  /// objects the same way).
  private var updates: [UpdateShape: UpdateText] = [:]

  /// Whether updates and deletes check the version the context read (off when the context wins).
  let checksVersions: Bool

  init(layout: StoreLayout, decoder: RowDecoder, checksVersions: Bool) {
    self.layout = layout
    self.decoder = decoder
    self.checksVersions = checksVersions
  }

  /// Lists `changes` in the store's history too (see ``HistoryPart``), saved by `author`.
  mutating func addHistory(of changes: GraphChanges, author: String?) throws(StoreError) {
    var part = HistoryPart(author: author)
    try part.add(changes, layout: layout)
    plan.history = part
  }

  mutating func add(_ changes: GraphChanges, mergesByIdentity: Bool = false) throws(StoreError) {
    plan.mergesByIdentity = mergesByIdentity
    for object in changes.deleted { delete(object) }
    for object in changes.inserted {
      newRows[object.objectNumber] = plan.newRows.count
      plan.newRows.append(layout.table(of: object.entity).name)
    }
    for object in changes.inserted { try insert(object) }
    for object in changes.updated { try update(object) }
    for object in changes.inserted + changes.updated { try writeLinks(of: object) }
    settlePositions()
  }

  // MARK: - Rows

  private mutating func delete(_ object: ManagedObject) {
    guard let id = object.persistentID else { return }
    var sql = "DELETE FROM \(dialect.quote(id.family)) WHERE \"_pk\" = ?"
    var arguments: [SQLArgument] = [.value(.integer(id.row))]
    if checksVersions, object.storedVersion > 0 {
      sql += " AND \"_version\" = ?"
      arguments.append(.value(.integer(object.storedVersion)))
    }
    plan.statements.append(SQLStatement(sql, arguments, conflict: ConflictCheck(object: "\(id)", attributes: [])))
  }

  private mutating func insert(_ object: ManagedObject) throws(StoreError) {
    let entity = object.entity
    let statement = insertStatement(for: entity)
    var arguments: [SQLArgument] = [row(of: object), .value(.text(entity.name))]
    arguments.reserveCapacity(2 + entity.attributes.count + statement.foreignKeys.count)
    for slot in entity.attributes.indices {
      arguments.append(.value(try decoder.columnValue(object.value(at: slot), entity: entity.index, slot: slot)))
    }
    for (slot, _) in statement.foreignKeys {
      arguments.append(target(object.relatedObjects(at: slot).first))
    }
    var insert = SQLStatement(statement.sql, arguments)
    insert.singleRow = statement.singleRow
    // Only a backend that merges reads it: elsewhere it would be copied into every insert.
    if plan.mergesByIdentity, dialect.mergesConcurrentInserts { insert.insertedRow = statement.row }
    plan.statements.append(insert)
  }

  /// The insert statement of `entity`'s objects, made once per save: the same text for every
  /// object, so the database prepares it once.
  private mutating func insertStatement(
    for entity: EntityDescription
  ) -> (sql: String, singleRow: SingleRowInsert, foreignKeys: [(Int, String)], row: InsertedRow) {
    if let known = inserts[entity.index] { return known }
    let foreignKeys = entity.relationships.indices.compactMap { slot -> (Int, String)? in
      guard case .foreignKey(let column) = layout.relationshipStorage[entity.index][slot] else { return nil }
      return (slot, column)
    }
    let columns = ["_pk", "_entity"] + layout.attributeColumns[entity.index] + foreignKeys.map(\.1)
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    let table = layout.table(of: entity).name
    let singleRow = SingleRowInsert(target: "INSERT INTO \(dialect.quote(table)) (\(columns.map(dialect.quote).joined(separator: ", ")))", row: "(\(marks))")
    let identity = entity.hasIdentity && !entity.isIdentityScopedToParent ? entity.identitySlots.map { layout.attributeColumns[entity.index][$0] } : []
    let row = InsertedRow(table: table, columns: columns, identity: identity)
    let insert = (sql: singleRow.sql, singleRow: singleRow, foreignKeys: foreignKeys, row: row)
    inserts[entity.index] = insert
    return insert
  }

  private mutating func update(_ object: ManagedObject) throws(StoreError) {
    guard let id = object.persistentID else { return }
    let entity = object.entity
    let attributes = object.changedAttributeSlots
    let foreignKeys = foreignKeys(of: object, changedOnly: true)
    guard !attributes.isEmpty || !foreignKeys.isEmpty else { return }
    versionedObjects.append(object)
    let checksVersion = checksVersions && object.storedVersion > 0
    let shape = UpdateShape(entity: entity.index, attributes: attributes, relationships: foreignKeys.map(\.0), checksVersion: checksVersion)
    let text = updateText(shape, family: id.family, foreignKeyColumns: foreignKeys.map(\.1))
    var arguments: [SQLArgument] = []
    arguments.reserveCapacity(attributes.count + foreignKeys.count + 2)
    for slot in attributes { arguments.append(.value(try decoder.columnValue(object.value(at: slot), entity: entity.index, slot: slot))) }
    for (slot, _) in foreignKeys { arguments.append(target(object.relatedObjects(at: slot).first)) }
    arguments.append(.value(.integer(id.row)))
    if checksVersion { arguments.append(.value(.integer(object.storedVersion))) }
    var statement = SQLStatement(text.sql, arguments, conflict: ConflictCheck(object: "\(id)", attributes: text.changed))
    statement.objectUpdate = text.joined
    plan.statements.append(statement)
  }

  /// The update of one kind of object change: its statement, what a joined update of several
  /// needs, and the names of what it changes (for a conflict's message).
  /// - Parameter foreignKeyColumns: The columns of `shape`'s relationships, in their order.
  private mutating func updateText(_ shape: UpdateShape, family: String, foreignKeyColumns: @autoclosure () -> [String]) -> UpdateText {
    if let known = updates[shape] { return known }
    let entity = layout.schema.entities[shape.entity]
    let columns = shape.attributes.map { layout.attributeColumns[shape.entity][$0] } + foreignKeyColumns()
    let changed = shape.attributes.map { entity.attributes[$0].name } + shape.relationships.map { entity.relationships[$0].name }
    let quoted = columns.map(dialect.quote)
    let table = dialect.quote(family)
    var sql = "UPDATE \(table) SET \(quoted.map { "\($0) = ?" }.joined(separator: ", ")), \"_version\" = \"_version\" + 1 WHERE \"_pk\" = ?"
    if shape.checksVersion { sql += " AND \"_version\" = ?" }
    let joined = ObjectUpdate(table: table, columns: quoted, casts: casts(of: columns, in: layout.table(of: entity)), checksVersion: shape.checksVersion)
    let text = UpdateText(sql: sql, joined: joined, changed: changed)
    updates[shape] = text
    return text
  }

  /// The casts a joined update needs for `columns` of `table` (none on a backend that needs none).
  private func casts(of columns: [String], in table: FamilyTable) -> [String?] {
    guard dialect.joinedValueCast(.text) != nil else { return columns.map { _ in nil } }
    return columns.map { name in table.columns.first { $0.name == name }.flatMap { dialect.joinedValueCast($0.type) } }
  }

  /// The to-one relationships kept in the object's own row: (slot, column).
  private func foreignKeys(of object: ManagedObject, changedOnly: Bool) -> [(Int, String)] {
    let slots = changedOnly ? object.changedRelationshipSlots : Array(object.entity.relationships.indices)
    return slots.compactMap { slot in
      guard case .foreignKey(let column) = layout.relationshipStorage[object.entity.index][slot] else { return nil }
      return (slot, column)
    }
  }

  /// The row argument of an object: its stored row, or the one it gets in this save.
  private func row(of object: ManagedObject) -> SQLArgument {
    if let id = object.persistentID { return .value(.integer(id.row)) }
    return .newRow(newRows[object.objectNumber] ?? 0)
  }

  private func target(_ object: ManagedObject?) -> SQLArgument {
    guard let object else { return .value(.null) }
    return row(of: object)
  }

  // MARK: - Join tables

  /// The link rows of the object's changed relationships kept in join tables: written from
  /// the owning side (which lists every link), positions from each ordered side.
  private mutating func writeLinks(of object: ManagedObject) throws(StoreError) {
    for slot in object.changedRelationshipSlots {
      guard case .join(let index, let isOwner) = layout.relationshipStorage[object.entity.index][slot] else { continue }
      let join = layout.joinTables[index]
      let texts = joinTexts(index)
      let me = row(of: object)
      if let linked = object.deferredLinks(at: slot) {
        // Objects linked to a slot left unloaded: the store keeps the other links as they are.
        guard isOwner else { continue }
        for member in linked {
          unlinkElsewhere(member, from: me, in: join, texts: texts)
          plan.statements.append(texts.link(positioned: false, [me, row(of: member)]))
        }
        continue
      }
      let now = object.relatedObjects(at: slot)
      if isOwner {
        let before = object.committedRelatedObjects(at: slot)
        let kept = Set(now.map(ObjectIdentifier.init))
        if let before {
          for gone in before where !kept.contains(ObjectIdentifier(gone)) && gone.persistentID != nil {
            plan.statements.append(SQLStatement(texts.unlinkOne, [me, row(of: gone)]))
          }
        } else {
          plan.statements.append(SQLStatement(texts.unlinkAll, [me]))
        }
        let existing = Set((before ?? []).map(ObjectIdentifier.init))
        // A new row has no stored link that the insert could meet and keep instead (unless
        // the backend merges it into a stored row of the same identity).
        let isNewRow = object.persistentID == nil && !(plan.mergesByIdentity && dialect.mergesConcurrentInserts)
        for (position, member) in now.enumerated() where !existing.contains(ObjectIdentifier(member)) {
          unlinkElsewhere(member, from: me, in: join, texts: texts)
          let ownerPosition = SQLArgument.value(join.isOwnerOrdered ? .integer(Int64(position)) : .null)
          guard join.isTargetOrdered, isNewRow else {
            plan.statements.append(texts.link(positioned: true, [me, row(of: member), ownerPosition]))
            continue
          }
          newLinks[NewLink(join: index, owner: object.objectNumber, target: member.objectNumber)] = plan.statements.count
          plan.statements.append(texts.linkWithTargetPosition([me, row(of: member), ownerPosition, .value(.null)]))
        }
      }
      let isOrdered = isOwner ? join.isOwnerOrdered : join.isTargetOrdered
      guard isOrdered else { continue }
      // The owning side wrote new members' positions with them; others move when their place changed.
      let earlier = isOwner ? object.committedRelatedObjects(at: slot) ?? [] : []
      let places = Dictionary(earlier.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { first, _ in first })
      for (position, member) in now.enumerated() where !isOwner || places[ObjectIdentifier(member)].map({ $0 != position }) == true {
        positions.append(PendingPosition(join: index, isOwner: isOwner, position: position, object: object, member: member))
      }
    }
  }

  /// Writes the positions of ordered sides, after every link is planned: a target's position
  /// in the insert of its new link, any other as an update of its link (run after every link
  /// is in place).
  private mutating func settlePositions() {
    for pending in positions {
      let (object, member) = (pending.object, pending.member)
      if !pending.isOwner, let insert = newLinks[NewLink(join: pending.join, owner: member.objectNumber, target: object.objectNumber)] {
        plan.statements[insert].arguments[3] = .value(.integer(Int64(pending.position)))
        continue
      }
      let (mine, theirs) = pending.isOwner ? ("owner", "target") : ("target", "owner")
      let update = positionUpdate(join: pending.join, table: joinTexts(pending.join).table, mine: mine, theirs: theirs)
      var statement = SQLStatement(update.sql, [.value(.integer(Int64(pending.position))), row(of: object), row(of: member)])
      statement.singleRowUpdate = update.update
      plan.statements.append(statement)
    }
    positions = []
  }

  /// The texts of join table number `index`'s links, made at its first use in the save.
  private mutating func joinTexts(_ index: Int) -> JoinTexts {
    if let known = joinTexts[index] { return known }
    let texts = JoinTexts(table: dialect.quote(layout.joinTables[index].name))
    joinTexts[index] = texts
    return texts
  }

  /// Removes the stored link of `member` to another owner, when the join table's target side
  /// is to-one: the member moved to `owner` (`book.author = other`), and its old owner's list
  /// may not be loaded in this context to say so. A member new in this save has no link yet.
  private mutating func unlinkElsewhere(_ member: ManagedObject, from owner: SQLArgument, in join: JoinTable, texts: JoinTexts) {
    guard join.isTargetUnique, member.persistentID != nil else { return }
    plan.statements.append(SQLStatement(texts.unlinkElsewhere, [row(of: member), owner]))
  }

  /// The update of a position column (`mine`) of join table number `join` (quoted `table`),
  /// made once per save and side.
  private mutating func positionUpdate(join: Int, table: String, mine: String, theirs: String) -> (sql: String, update: SingleRowUpdate) {
    let key = JoinSide(join: join, column: mine)
    if let known = positionUpdates[key] { return known }
    let update = SingleRowUpdate(table: table, column: dialect.quote(mine + "_position"), keys: [dialect.quote(mine), dialect.quote(theirs)])
    positionUpdates[key] = (update.sql, update)
    return (update.sql, update)
  }
}

/// The statement texts of one join table's links (its name quoted once).
private struct JoinTexts {
  let table: String
  let unlinkAll: String
  let unlinkOne: String
  let unlinkElsewhere: String
  /// The insert of a link with its position (or NULL) as an argument, and with NULL.
  private let positioned: SingleRowInsert
  private let unpositioned: SingleRowInsert
  private let positionedText: String
  private let unpositionedText: String
  /// The insert of a link with both sides' positions as arguments.
  private let bothPositioned: SingleRowInsert
  private let bothPositionedText: String

  init(table: String) {
    self.table = table
    unlinkAll = "DELETE FROM \(table) WHERE \"owner\" = ?"
    unlinkOne = "DELETE FROM \(table) WHERE \"owner\" = ? AND \"target\" = ?"
    unlinkElsewhere = "DELETE FROM \(table) WHERE \"target\" = ? AND \"owner\" <> ?"
    let target = "INSERT INTO \(table) (\"owner\", \"target\", \"owner_position\")"
    positioned = SingleRowInsert(target: target, row: "(?, ?, ?)")
    unpositioned = SingleRowInsert(target: target, row: "(?, ?, NULL)")
    positionedText = positioned.sql
    unpositionedText = unpositioned.sql
    bothPositioned = SingleRowInsert(target: "INSERT INTO \(table) (\"owner\", \"target\", \"owner_position\", \"target_position\")", row: "(?, ?, ?, ?)")
    bothPositionedText = bothPositioned.sql
  }

  /// A link's insert, which leaves a link already stored as it is: owner and target rows,
  /// and the position when `positioned`.
  func link(positioned: Bool, _ arguments: [SQLArgument]) -> SQLStatement {
    positioned ? Self.link(positionedText, self.positioned, arguments) : Self.link(unpositionedText, unpositioned, arguments)
  }

  /// A link's insert with both positions: owner and target rows, the owner's position (or
  /// NULL) and the target's.
  func linkWithTargetPosition(_ arguments: [SQLArgument]) -> SQLStatement { Self.link(bothPositionedText, bothPositioned, arguments) }

  private static func link(_ text: String, _ insert: SingleRowInsert, _ arguments: [SQLArgument]) -> SQLStatement {
    var statement = SQLStatement(text, arguments)
    statement.singleRow = insert
    statement.keepsExisting = true
    return statement
  }
}

/// A link of a join table between two objects of the save, by their object numbers.
private struct NewLink: Hashable {
  let join: Int
  let owner: Int
  let target: Int
}

/// The position of `member` in `object`'s ordered list, to write once every link is planned.
private struct PendingPosition {
  let join: Int
  /// Whether `object` is the link's owner (its position goes in `owner_position`).
  let isOwner: Bool
  let position: Int
  let object: ManagedObject
  let member: ManagedObject
}

/// One side of a join table: its index in the layout and its column (`owner` or `target`).
private struct JoinSide: Hashable {
  let join: Int
  let column: String
}

/// What makes two object updates one statement text: the entity, the attribute and foreign-key
/// slots they set, and whether they check the row's version.
private struct UpdateShape: Hashable {
  let entity: Int
  let attributes: [Int]
  let relationships: [Int]
  let checksVersion: Bool
}

/// One ``UpdateShape``'s statement text, joined form and changed names.
private struct UpdateText {
  let sql: String
  let joined: ObjectUpdate
  let changed: [String]
}
