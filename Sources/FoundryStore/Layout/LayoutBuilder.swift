import FoundryGraph

/// Works out a ``StoreLayout``: columns first, then where each relationship's links go.
struct LayoutBuilder {
  let schema: Schema
  /// Per entity, per attribute slot: its codec, whose type decides the column's.
  let codecs: [[ColumnCodec]]
  var tables: [FamilyTable] = []
  var joinTables: [JoinTable] = []
  var tableOfEntity: [Int]
  var attributeColumns: [[String]]
  var relationshipStorage: [[RelationshipStorage]]
  var scopedIdentities: [ScopedIdentity] = []
  /// Per table: column name → what it holds (`attribute:Type` or `link:Table`), to share a
  /// column between the family's entities only when it means the same thing.
  private var meanings: [[String: String]] = []
  /// Foreign-key columns by declaring relationship (`Entity.relationship`).
  private var foreignKeys: [String: String] = [:]
  private var joins: [String: Int] = [:]

  static let reserved: Set<String> = ["_pk", "_entity", "_version"]

  init(schema: Schema, codecs: [[ColumnCodec]]) {
    self.schema = schema
    self.codecs = codecs
    tableOfEntity = Array(repeating: 0, count: schema.entities.count)
    attributeColumns = schema.entities.map { _ in [] }
    relationshipStorage = schema.entities.map { _ in [] }
  }

  mutating func build() throws(StoreError) {
    for entity in schema.entities where entity.parentIndex == nil {
      tableOfEntity[entity.index] = tables.count
      for descendant in entity.descendantIndices { tableOfEntity[descendant] = tables.count }
      tables.append(FamilyTable(name: entity.name, root: entity.index, entities: [entity.index] + entity.descendantIndices))
      meanings.append([:])
    }
    for entity in schema.entities {
      attributeColumns[entity.index] = try entity.attributes.indices.map { slot throws(StoreError) in
        let stored = codecs[entity.index][slot].type
        return try column(entity.attributes[slot].name, in: entity, type: Self.columnType(stored), meaning: "attribute:\(stored)")
      }
    }
    for entity in schema.entities {
      relationshipStorage[entity.index] = try entity.relationships.indices.map { slot throws(StoreError) in try storage(of: entity, slot: slot) }
    }
    for entity in schema.entities {
      for keyPath in entity.declaration.indexedKeyPaths { try index(keyPath, of: entity) }
    }
    for entity in schema.entities where entity.hasIdentity {
      let columns = entity.identitySlots.map { attributeColumns[entity.index][$0] }
      var unique = columns
      if entity.isIdentityScopedToParent {
        scopeThroughJoins(entity, columns: columns)
        // Unique among the objects of one parent: the to-one foreign keys back to parents.
        let parents = entity.relationships.indices.compactMap { slot -> String? in
          guard case .foreignKey(let column) = relationshipStorage[entity.index][slot], entity.inverseSlots[slot] != nil else { return nil }
          return column
        }
        guard !parents.isEmpty else { continue }
        unique = parents + columns
      }
      let table = tableOfEntity[entity.index]
      if !tables[table].uniqueIndexes.contains(unique) { tables[table].uniqueIndexes.append(unique) }
    }
  }

  /// Adds a ``ScopedIdentity`` for each to-one relationship of `entity` back to a parent (one
  /// whose inverse is to-many: the list the import scopes identities to) that a join table
  /// keeps because the parent's list is ordered. A many-to-many relationship names no parent:
  /// seat categories scoped to their performance may share an area.
  private mutating func scopeThroughJoins(_ entity: EntityDescription, columns: [String]) {
    for slot in entity.relationships.indices where !entity.relationships[slot].isToMany {
      guard case .join(let position, let isOwner) = relationshipStorage[entity.index][slot], let inverse = entity.inverseSlots[slot],
        schema.entities[entity.destinationIndices[slot]].relationships[inverse].isToMany
      else { continue }
      let join = joinTables[position]
      let scope = ScopedIdentity(
        name: "\(entity.name)_identity_\(join.name)", entity: entity.name, table: tables[tableOfEntity[entity.index]].name, columns: columns,
        join: join.name, parentColumn: isOwner ? "target" : "owner", childColumn: isOwner ? "owner" : "target")
      if !scopedIdentities.contains(scope) { scopedIdentities.append(scope) }
    }
  }

  /// Adds the index of key path `keyPath` of `entity` to its family's table.
  private mutating func index(_ written: String, of entity: EntityDescription) throws(StoreError) {
    // `lastName[cd]`: an index on the folded text, which `==[cd]` and `IN[cd]` comparisons use.
    var keyPath = written
    var folding: QueryFolding = []
    if written.hasSuffix("]"), let open = written.lastIndex(of: "[") {
      guard let asked = QueryFolding(options: String(written[written.index(after: open)..<written.index(before: written.endIndex)])) else {
        throw StoreError(.unsupportedSchema, "\(entity.name): indexed key path \(written): write [c], [d] or [cd] after it for an index on folded text")
      }
      keyPath = String(written[..<open])
      folding = asked
    }
    let segments = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let first = segments.first, let slot = entity.attributeSlot(named: first) else {
      throw StoreError(.unsupportedSchema, "\(entity.name): indexed key path \(keyPath) does not start with an attribute")
    }
    let column = attributeColumns[entity.index][slot]
    var jsonPath: [JSONPathComponent]?
    if segments.count > 1 {
      guard Self.columnType(codecs[entity.index][slot].type) == .json else {
        throw StoreError(.unsupportedSchema, "\(entity.name): indexed key path \(keyPath) goes inside \(first), which is not kept as JSON")
      }
      do { jsonPath = try QueryCompiler.jsonPath(Array(segments.dropFirst()), column: 1) } catch {
        throw StoreError(.unsupportedSchema, "\(entity.name): indexed key path \(keyPath): \(error.message)")
      }
    }
    if !folding.isEmpty, jsonPath == nil, codecs[entity.index][slot].type != .string {
      throw StoreError(.unsupportedSchema, "\(entity.name): indexed key path \(written) folds text, and \(first) is not a string attribute")
    }
    let table = tableOfEntity[entity.index]
    if !tables[table].keyPathIndexes.contains(where: { $0.column == column && $0.jsonPath == jsonPath && $0.folding == folding }) {
      tables[table].keyPathIndexes.append(KeyPathIndex(keyPath: written, column: column, jsonPath: jsonPath, folding: folding))
    }
  }

  // MARK: - Columns

  /// The column of a member named `name` of `entity`: shared with family members that mean
  /// the same by it, else prefixed with the entity's name.
  private mutating func column(_ name: String, in entity: EntityDescription, type: ColumnType, meaning: String, references: String? = nil) throws(StoreError) -> String {
    let table = tableOfEntity[entity.index]
    for candidate in [name, "\(entity.name)_\(name)"] where !Self.reserved.contains(candidate) {
      switch meanings[table][candidate] {
      case meaning?: return candidate
      case nil:
        meanings[table][candidate] = meaning
        tables[table].columns.append(TableColumn(name: candidate, type: type, references: references))
        return candidate
      default: continue
      }
    }
    throw StoreError(.unsupportedSchema, "\(entity.name).\(name): no free column name in table \(tables[table].name)")
  }

  static func columnType(_ type: AttributeType) -> ColumnType {
    switch type {
    case .integer16, .integer32, .integer64, .boolean: .integer
    case .double, .float, .date: .real
    case .string, .decimal, .uuid, .uri: .text
    case .binary: .blob
    case .transformable, .value: .json
    }
  }

  // MARK: - Relationships

  /// `Entity.relationship`, naming the entity that declares it (the topmost one of the lineage
  /// that has it), so inherited relationships share their storage.
  private func declaration(of entity: EntityDescription, slot: Int) -> String {
    let name = entity.relationships[slot].name
    let declaring = entity.lineage.first { schema.entities[$0].relationshipSlot(named: name) != nil } ?? entity.index
    return "\(schema.entities[declaring].name).\(name)"
  }

  private mutating func storage(of entity: EntityDescription, slot: Int) throws(StoreError) -> RelationshipStorage {
    let relationship = entity.relationships[slot]
    let destination = schema.entities[entity.destinationIndices[slot]]
    let own = declaration(of: entity, slot: slot)
    guard let inverseSlot = entity.inverseSlots[slot] else {
      if relationship.isToMany { return join(owner: entity, slot: slot, key: own, isOwner: true) }
      return .foreignKey(column: try foreignKey(entity, slot: slot, key: own))
    }
    let inverse = destination.relationships[inverseSlot]
    let other = declaration(of: destination, slot: inverseSlot)
    switch (relationship.isToMany, inverse.isToMany) {
    case (false, false):
      if own <= other { return .foreignKey(column: try foreignKey(entity, slot: slot, key: own)) }
      return .inverseForeignKey(table: tableOfEntity[destination.index], column: try foreignKey(destination, slot: inverseSlot, key: other))
    case (false, true):
      if inverse.isOrdered { return join(owner: destination, slot: inverseSlot, key: other, isOwner: false) }
      return .foreignKey(column: try foreignKey(entity, slot: slot, key: own))
    case (true, false):
      if relationship.isOrdered { return join(owner: entity, slot: slot, key: own, isOwner: true) }
      return .inverseForeignKey(table: tableOfEntity[destination.index], column: try foreignKey(destination, slot: inverseSlot, key: other))
    case (true, true):
      if own <= other { return join(owner: entity, slot: slot, key: own, isOwner: true) }
      return join(owner: destination, slot: inverseSlot, key: other, isOwner: false)
    }
  }

  /// The foreign-key column of to-one relationship `slot` of `entity` (declared as `key`).
  private mutating func foreignKey(_ entity: EntityDescription, slot: Int, key: String) throws(StoreError) -> String {
    if let known = foreignKeys[key] { return known }
    let target = tables[tableOfEntity[entity.destinationIndices[slot]]].name
    let name = try column(entity.relationships[slot].name, in: entity, type: .integer, meaning: "link:\(key)", references: target)
    foreignKeys[key] = name
    return name
  }

  /// The join table owned by relationship `slot` of `owner` (declared as `key`), seen from
  /// the owning side (`isOwner`) or the inverse's.
  private mutating func join(owner: EntityDescription, slot: Int, key: String, isOwner: Bool) -> RelationshipStorage {
    if let known = joins[key] { return .join(table: known, isOwner: isOwner) }
    let relationship = owner.relationships[slot]
    let destination = schema.entities[owner.destinationIndices[slot]]
    let inverse = owner.inverseSlots[slot].map { destination.relationships[$0] }
    var name = key.replacingDots()
    while tables.contains(where: { $0.name == name }) || joinTables.contains(where: { $0.name == name }) { name += "_links" }
    joins[key] = joinTables.count
    joinTables.append(
      JoinTable(
        name: name, ownerTable: tables[tableOfEntity[owner.index]].name, targetTable: tables[tableOfEntity[destination.index]].name,
        isOwnerOrdered: relationship.isOrdered, isTargetOrdered: inverse?.isOrdered ?? false, isTargetUnique: inverse.map { !$0.isToMany } ?? false))
    return .join(table: joinTables.count - 1, isOwner: isOwner)
  }
}

extension String {
  /// `Entity.relationship` as a table name: `Entity_relationship`.
  fileprivate func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
