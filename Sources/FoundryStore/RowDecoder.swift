import Foundry
import FoundryGraph

/// Reads rows of family tables into stored objects, and knows what to select for them.
///
/// A class: a fetch decodes every row through it, and a struct of this many arrays would be
/// copied (and its arrays retained and released) on each use from the context's source.
final class RowDecoder {
  let layout: StoreLayout
  let dialect: any SQLDialect
  /// Per entity position, per attribute slot: the column's codec.
  let codecs: [[ColumnCodec]]
  /// Per entity position, per attribute slot: the column's position in a selected row.
  private let positions: [[Int]]
  /// Per entity position, per relationship slot: the position of its foreign-key column in a
  /// selected row (`nil`: the relationship is kept elsewhere).
  private let foreignKeyPositions: [[Int?]]
  /// Per family (root entity position): the family's entities with their names, to find a
  /// row's `_entity` by comparing names instead of hashing one per row.
  private let familyEntities: [[(name: String, entity: EntityDescription)]]
  /// The entity a row named last.
  @exclusivity(unchecked) private var last: (family: Int, name: String, entity: EntityDescription)?

  init(layout: StoreLayout, dialect: any SQLDialect, transformers: TransformerRegistry) throws(GraphError) {
    self.layout = layout
    self.dialect = dialect
    var codecs: [[ColumnCodec]] = []
    for entity in layout.schema.entities {
      codecs.append(try entity.attributes.map { attribute throws(GraphError) in try ColumnCodec(attribute, of: entity.name, registry: transformers) })
    }
    self.codecs = codecs
    positions = layout.schema.entities.map { entity in
      let columns = layout.table(of: entity).columns
      return layout.attributeColumns[entity.index].map { name in 3 + (columns.firstIndex { $0.name == name } ?? 0) }
    }
    foreignKeyPositions = layout.schema.entities.map { entity in
      let columns = layout.table(of: entity).columns
      return layout.relationshipStorage[entity.index].map { storage in
        guard case .foreignKey(let column) = storage, let index = columns.firstIndex(where: { $0.name == column }) else { return nil }
        return 3 + index
      }
    }
    familyEntities = layout.schema.entities.map { root in
      layout.tables.first { $0.root == root.index }.map { table in table.entities.map { (layout.schema.entities[$0].name, layout.schema.entities[$0]) } } ?? []
    }
  }

  /// `"_pk", "_entity", "_version", ...` for every column of `table`, qualified by `alias`;
  /// `NULL` in place of `"_entity"` when the family has one entity (every row names it).
  func selectList(_ table: FamilyTable, alias: String) -> String {
    let kind = table.entities.count == 1 ? "NULL" : "\(alias).\"_entity\""
    return (["\(alias).\"_pk\"", kind, "\(alias).\"_version\""] + table.columns.map { "\(alias).\(dialect.quote($0.name))" }).joined(separator: ", ")
  }

  /// What a selected row says of its object: its row number, entity and version.
  /// - Parameters:
  ///   - row: The row's position in `rows`.
  ///   - offset: Where the object's columns start in the row.
  func header(_ rows: SQLRows, row: Int, offset: Int = 0, in table: FamilyTable) throws(StoreError) -> StoredRowHeader {
    let start = rows.start(of: row) + offset
    guard rows.columnCount - offset == 3 + table.columns.count, let pk = rows.integer(at: start), let version = rows.integer(at: start + 2),
      let entity = entity(at: start + 1, of: rows, in: table)
    else { throw StoreError(.corrupt, "a row of table \(table.name) does not have the columns this schema lays out") }
    return StoredRowHeader(id: PersistentID(family: table.name, row: pk), entity: entity, version: version)
  }

  /// The attribute values of `entity` in the row whose object columns start at value number
  /// `start` of `rows`, by attribute slot.
  func values(_ rows: SQLRows, start: Int, of entity: EntityDescription) throws(StoreError) -> [GraphValue?] {
    // Unsafe buffers: the codecs and positions are read without being retained per value
    // (each array stays alive through `self`).
    try codecs[entity.index].withUnsafeBufferPointer { codecs throws(StoreError) in
      try positions[entity.index].withUnsafeBufferPointer { positions throws(StoreError) in
        var decoded: [GraphValue?] = []
        decoded.reserveCapacity(codecs.count)
        for slot in 0..<min(codecs.count, positions.count) { decoded.append(try codecs[slot].graphValue(rows.value(at: start + positions[slot]))) }
        return decoded
      }
    }
  }

  /// The row that to-one relationship `slot` of `entity` points at, in the row whose object
  /// columns start at value number `start` of `rows`.
  func link(_ rows: SQLRows, start: Int, slot: Int, of entity: EntityDescription) -> StoredLink {
    guard let position = foreignKeyPositions[entity.index][slot] else { return .unknown }
    if rows.isNull(at: start + position) { return .none }
    return rows.integer(at: start + position).map(StoredLink.row) ?? .unknown
  }

  /// The object a selected row holds, with the row's version, its values decoded now.
  /// - Parameters:
  ///   - row: The row's position in `rows`.
  ///   - offset: Where the object's columns start in the row.
  func storedObject(_ rows: SQLRows, row: Int, offset: Int = 0, in table: FamilyTable) throws(StoreError) -> StoredObject {
    let header = try header(rows, row: row, offset: offset, in: table)
    let values = try values(rows, start: rows.start(of: row) + offset, of: header.entity)
    return StoredObject(id: header.id, entity: header.entity, values: values, version: header.version)
  }

  /// The entity of `table`'s family that value number `index` names: the family's one entity
  /// when it is null (see ``selectList(_:alias:)``), the last one found when the name is the
  /// same (rows of one entity usually come together), else looked up among the family's.
  private func entity(at index: Int, of rows: SQLRows, in table: FamilyTable) -> EntityDescription? {
    let family = familyEntities[table.root]
    if rows.isNull(at: index) { return family.count == 1 ? family[0].entity : nil }
    if let last, last.family == table.root, rows.text(at: index, equals: last.name) { return last.entity }
    for candidate in family where rows.text(at: index, equals: candidate.name) {
      last = (table.root, candidate.name, candidate.entity)
      return candidate.entity
    }
    return nil
  }
}
