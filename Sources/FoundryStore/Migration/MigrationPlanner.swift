import Foundry
import FoundryGraph

/// Works out a ``MigrationPlan`` from the schema a store was made with to a new one, when the
/// change is lightweight in Core Data's sense: entities, attributes and relationships added or
/// removed; renamed through their renaming identifiers; an optional attribute made required
/// with a default (missing values take it). Anything else (a type changed, a required
/// attribute added without a default, a relationship that changed kind, an entity that moved
/// to another family) is refused, every change named.
struct MigrationPlanner {
  let old: StoreLayout
  let new: StoreLayout
  let dialect: any SQLDialect
  private var problems: [String] = []
  /// New entity position → old entity position.
  private var entityMatch: [Int: Int] = [:]

  init(from old: StoreLayout, to new: StoreLayout, dialect: any SQLDialect) {
    self.old = old
    self.new = new
    self.dialect = dialect
  }

  /// The plan, or ``StoreError`` `schemaMismatch` listing what is not lightweight.
  mutating func plan() throws(StoreError) -> MigrationPlan {
    for entity in new.schema.entities {
      let declaration = entity.declaration
      let candidates = old.schema.entities.map { ($0.name, $0.declaration.renamingIdentifier) }
      if let match = Self.match(declaration.name, declaration.renamingIdentifier, in: candidates) { entityMatch[entity.index] = match }
    }
    if entityMatch.isEmpty, !old.schema.entities.isEmpty {
      // Most likely the wrong model: migrating would drop every object.
      problems.append("the schema shares no entity with the store's (\(old.schema.entities.map(\.name).joined(separator: ", ")))")
    }
    var plan = MigrationPlan()
    plan.create = new.createStatements(dialect)
    plan.tables = new.tables.map { tableCopy($0) }
    plan.links = new.joinTables.indices.map { linkCopy($0) }
    plan.dropped = old.tables.map(\.name) + old.joinTables.map(\.name)
    guard problems.isEmpty else {
      throw StoreError(.schemaMismatch, "the store cannot be migrated to this schema: the change is not lightweight", details: problems)
    }
    return plan
  }

  // MARK: - Family tables

  private mutating func tableCopy(_ table: FamilyTable) -> MigrationPlan.TableCopy {
    let matched = table.entities.compactMap { position in entityMatch[position].map { (new: position, old: $0) } }
    let sources = Set(matched.map { old.tableOfEntity[$0.old] })
    for pair in matched where old.tableOfEntity[pair.old] != sources.first {
      problems.append("\(new.schema.entities[pair.new].name): moved to another inheritance family")
    }
    let source = sources.first.map { old.tables[$0].name }
    var columns: [(name: String, value: SQLFragment)] = []
    for column in table.columns {
      columns.append((column.name, source == nil ? SQLFragment("NULL") : value(of: column, in: table, matched: matched)))
    }
    let renamed = matched.filter { new.schema.entities[$0.new].name != old.schema.entities[$0.old].name }
    var entity = SQLFragment("o.\"_entity\"")
    if !renamed.isEmpty {
      entity = SQLFragment("CASE o.\"_entity\"")
      for pair in renamed {
        entity = entity + SQLFragment(" WHEN ? THEN ?", [.value(.text(old.schema.entities[pair.old].name)), .value(.text(new.schema.entities[pair.new].name))])
      }
      entity = entity + " ELSE o.\"_entity\" END"
    }
    return MigrationPlan.TableCopy(
      table: table.name, source: source, columns: columns, entity: entity, keptEntities: matched.map { old.schema.entities[$0.old].name })
  }

  /// How a new column is read from an old row: the old column its member had (following
  /// renames), filled with the member's default where the new schema requires a value.
  private mutating func value(of column: TableColumn, in table: FamilyTable, matched: [(new: Int, old: Int)]) -> SQLFragment {
    var source: String?
    var fills: [(entities: [String], value: SQLValue)] = []
    for pair in matched {
      let entity = new.schema.entities[pair.new]
      let previous = old.schema.entities[pair.old]
      if let slot = new.attributeColumns[entity.index].firstIndex(of: column.name) {
        let attribute = entity.attributes[slot]
        let oldSlot = Self.match(attribute.name, attribute.renamingIdentifier, in: previous.attributes.map { ($0.name, $0.renamingIdentifier) })
        if let oldSlot {
          source = source ?? old.attributeColumns[previous.index][oldSlot]
          let was = previous.attributes[oldSlot]
          if Self.columnType(was.type) != Self.columnType(attribute.type) || !Self.sameType(was.type, attribute.type) {
            problems.append("\(entity.name).\(attribute.name): type changed from \(was.type) to \(attribute.type)")
          }
        }
        if !attribute.isOptional, oldSlot == nil || previous.attributes[oldSlot ?? 0].isOptional {
          guard let value = attribute.defaultValue, let filled = try? ColumnCodec(attribute, of: entity.name, registry: .standard).sqlValue(value) else {
            problems.append("\(entity.name).\(attribute.name): \(oldSlot == nil ? "added" : "made") required without a default value")
            continue
          }
          // The rows' `_entity` still holds the old names.
          let kinds = ([entity.index] + entity.descendantIndices).compactMap { entityMatch[$0].map { old.schema.entities[$0].name } }
          fills.append((kinds, filled))
        }
      } else if let slot = foreignKeySlot(of: column.name, in: entity) {
        source = source ?? oldForeignKey(for: entity, slot: slot, previous: previous)
      }
    }
    var read = SQLFragment(source.map { "o.\(dialect.quote($0))" } ?? "NULL")
    for fill in fills where !fill.entities.isEmpty {
      let marks = fill.entities.map { _ in "?" }.joined(separator: ", ")
      let condition = SQLFragment("CASE WHEN o.\"_entity\" IN (\(marks)) THEN COALESCE(", fill.entities.map { .value(.text($0)) })
      read = condition + read + SQLFragment(", ?) ELSE ", [.value(fill.value)]) + read + " END"
    }
    return read
  }

  /// The slot of the to-one relationship of `entity` kept in foreign-key column `column`.
  private func foreignKeySlot(of column: String, in entity: EntityDescription) -> Int? {
    new.relationshipStorage[entity.index].firstIndex { $0 == .foreignKey(column: column) }
  }

  /// The old foreign-key column of relationship `slot` of `entity`, following renames; a
  /// relationship that was kept another way is a problem.
  private mutating func oldForeignKey(for entity: EntityDescription, slot: Int, previous: EntityDescription) -> String? {
    let relationship = entity.relationships[slot]
    guard let oldSlot = Self.match(relationship.name, relationship.renamingIdentifier, in: previous.relationships.map { ($0.name, $0.renamingIdentifier) }) else {
      return nil
    }
    guard case .foreignKey(let column) = old.relationshipStorage[previous.index][oldSlot] else {
      problems.append("\(entity.name).\(relationship.name): changed kind (to-one, to-many, ordered or its inverse)")
      return nil
    }
    return column
  }

  // MARK: - Join tables

  /// The old join table of a new one: the one the same relationship (followed through
  /// renames) owned or was the other side of.
  private mutating func linkCopy(_ index: Int) -> MigrationPlan.LinkCopy {
    let join = new.joinTables[index]
    for entity in new.schema.entities {
      for slot in entity.relationships.indices where new.relationshipStorage[entity.index][slot] == .join(table: index, isOwner: true) {
        let relationship = entity.relationships[slot]
        guard let previous = entityMatch[entity.index].map({ old.schema.entities[$0] }),
          let oldSlot = Self.match(relationship.name, relationship.renamingIdentifier, in: previous.relationships.map { ($0.name, $0.renamingIdentifier) })
        else { return MigrationPlan.LinkCopy(table: join.name, source: nil, isSwapped: false) }
        guard case .join(let oldIndex, let wasOwner) = old.relationshipStorage[previous.index][oldSlot] else {
          problems.append("\(entity.name).\(relationship.name): changed kind (to-one, to-many, ordered or its inverse)")
          return MigrationPlan.LinkCopy(table: join.name, source: nil, isSwapped: false)
        }
        return MigrationPlan.LinkCopy(table: join.name, source: old.joinTables[oldIndex].name, isSwapped: !wasOwner)
      }
    }
    return MigrationPlan.LinkCopy(table: join.name, source: nil, isSwapped: false)
  }

  // MARK: - Matching

  /// The position of the old member a new one continues: the one named by the new one's
  /// renaming identifier, or one that shares that identifier (Core Data's version-independent
  /// name, which defaults to the name); else the one of the same name.
  static func match(_ name: String, _ renaming: String?, in candidates: [(name: String, renaming: String?)]) -> Int? {
    // `age` renamed from `ageNumber` takes `ageNumber`'s values, not the old `age`'s.
    if let renaming, let renamed = candidates.firstIndex(where: { $0.name == renaming || $0.renaming == renaming }) { return renamed }
    return candidates.firstIndex { $0.name == name }
  }

  // MARK: - Types

  private static func columnType(_ type: AttributeType) -> ColumnType { LayoutBuilder.columnType(type) }

  /// Whether a value of `old` reads as `new` unchanged (a typed value and a transformable are
  /// both JSON; the record keeps typed values as transformable).
  private static func sameType(_ old: AttributeType, _ new: AttributeType) -> Bool {
    switch (old, new) {
    case (.transformable, .value), (.value, .transformable), (.transformable, .transformable), (.value, .value): true
    default: old == new
    }
  }
}
