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
  // Unchecked exclusivity: the decoder belongs to one ObjectContext (ARCHITECTURE.md, Invariants: "One owner").
  /// The entity a row named last.
  @exclusivity(unchecked) private var last: (family: Int, name: String, entity: EntityDescription)?

  init(layout: StoreLayout, dialect: any SQLDialect) {
    self.layout = layout
    self.dialect = dialect
    codecs = layout.codecs
    positions = layout.schema.entities.map { entity in
      let table = layout.table(of: entity)
      return layout.attributeColumns[entity.index].map { name in Self.position(ofColumn: table.columns.firstIndex { $0.name == name } ?? 0, in: table) }
    }
    foreignKeyPositions = layout.schema.entities.map { entity in
      let table = layout.table(of: entity)
      return layout.relationshipStorage[entity.index].map { storage in
        guard case .foreignKey(let column) = storage, let index = table.columns.firstIndex(where: { $0.name == column }) else { return nil }
        return Self.position(ofColumn: index, in: table)
      }
    }
    familyEntities = layout.schema.entities.map { root in
      layout.tables.first { $0.root == root.index }.map { table in table.entities.map { (layout.schema.entities[$0].name, layout.schema.entities[$0]) } } ?? []
    }
  }

  /// `"_pk", "_version", "_entity", ...` for every column of `table`, qualified by `alias`;
  /// without `"_entity"` when the family has one entity (every row names it).
  /// The column value of attribute slot `slot` of entity position `entity` holding `value`.
  /// - Throws: ``StoreError`` `invalidValue` for a value the column cannot keep (a string
  ///   holding NUL where the database's text cannot hold it).
  func columnValue(_ value: GraphValue?, entity: Int, slot: Int) throws(StoreError) -> SQLValue {
    let codec = codecs[entity][slot]
    let column = try codec.sqlValue(value)
    if case .blob = column, codec.type == .string, !dialect.keepsNULInText {
      let attribute = layout.schema.entities[entity].attributes[slot]
      throw StoreError(.invalidValue, "\(layout.schema.entities[entity].name).\(attribute.name): this database's text cannot hold NUL (U+0000)")
    }
    return column
  }

  func selectList(_ table: FamilyTable, alias: String) -> String {
    (Self.headerColumns(table) + table.columns.map(\.name)).map { "\(alias).\(dialect.quote($0))" }.joined(separator: ", ")
  }

  /// The columns a row's header is read from (``header(_:row:offset:in:)``), first in every
  /// selected row: `_pk`, `_version`, and `_entity` in a family of several entities.
  private static func headerColumns(_ table: FamilyTable) -> [String] {
    table.entities.count == 1 ? ["_pk", "_version"] : ["_pk", "_version", "_entity"]
  }

  /// The header columns alone: what a fetch in batches reads of every object first.
  func headerList(_ table: FamilyTable, alias: String) -> String {
    Self.headerColumns(table).map { "\(alias).\(dialect.quote($0))" }.joined(separator: ", ")
  }

  /// The header of a row ``headerList(_:alias:)`` selected.
  func header(ofHeaderRow row: Int, in rows: SQLRows, table: FamilyTable) throws(StoreError) -> StoredRowHeader {
    let start = rows.start(of: row)
    guard rows.columnCount == Self.headerColumns(table).count, let pk = rows.integer(at: start), let version = rows.integer(at: start + 1),
      let entity = entity(ofRowAt: start, in: rows, table: table)
    else { throw StoreError(.corrupt, "a row of table \(table.name) does not have the columns this schema lays out") }
    return StoredRowHeader(id: PersistentID(family: table.name, row: pk), entity: entity, version: version)
  }

  /// Where column number `index` of `table` is in a row ``selectList(_:alias:)`` selects.
  static func position(ofColumn index: Int, in table: FamilyTable) -> Int { (table.entities.count == 1 ? 2 : 3) + index }

  /// What a selected row says of its object: its row number, entity and version.
  /// - Parameters:
  ///   - row: The row's position in `rows`.
  ///   - offset: Where the object's columns start in the row.
  func header(_ rows: SQLRows, row: Int, offset: Int = 0, in table: FamilyTable) throws(StoreError) -> StoredRowHeader {
    let start = rows.start(of: row) + offset
    guard rows.columnCount - offset == Self.position(ofColumn: table.columns.count, in: table), let pk = rows.integer(at: start),
      let version = rows.integer(at: start + 1), let entity = entity(ofRowAt: start, in: rows, table: table)
    else { throw StoreError(.corrupt, "a row of table \(table.name) does not have the columns this schema lays out") }
    return StoredRowHeader(id: PersistentID(family: table.name, row: pk), entity: entity, version: version)
  }

  /// The attribute values of the row at `start`, by slot of `entity`: a value that does not
  /// read back is `nil`, and why goes in `unreadable` by its slot, so that one bad value hides
  /// nothing else.
  func values(_ rows: SQLRows, start: Int, of entity: EntityDescription, unreadable: inout [Int: String]) -> [GraphValue?] {
    withSlotReader(rows, start: start, of: entity, unreadable: &unreadable) { count, value in (0..<count).map(value) }
  }

  /// ``values(_:start:of:unreadable:)`` as a fetched object keeps them, with no array in
  /// between.
  func attributeValues(_ rows: SQLRows, start: Int, of entity: EntityDescription, unreadable: inout [Int: String]) -> AttributeValues {
    withSlotReader(rows, start: start, of: entity, unreadable: &unreadable) { count, value in AttributeValues(count: count, value) }
  }

  /// Calls `body` with the number of slots of `entity` the row at `start` holds and a function
  /// that decodes a slot's value (`nil`, and the reason in `unreadable`, for one that does not
  /// read back).
  private func withSlotReader<Result>(
    _ rows: SQLRows, start: Int, of entity: EntityDescription, unreadable: inout [Int: String],
    _ body: (_ count: Int, _ value: (Int) -> GraphValue?) -> Result
  ) -> Result {
    // Unsafe buffers: the codecs and positions are read without being retained per value
    // (each array stays alive through `self`).
    codecs[entity.index].withUnsafeBufferPointer { codecs in
      positions[entity.index].withUnsafeBufferPointer { positions in
        body(min(codecs.count, positions.count)) { slot in
          let index = start + positions[slot]
          if let value = rows.plainValue(at: index, codecs[slot].plainCell) { return value }
          do throws(StoreError) {
            return try codecs[slot].graphValue(rows.value(at: index))
          } catch {
            unreadable[slot] = error.message
            return nil
          }
        }
      }
    }
  }

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
    var unreadable: [Int: String] = [:]
    let values = values(rows, start: rows.start(of: row) + offset, of: header.entity, unreadable: &unreadable)
    return StoredObject(id: header.id, entity: header.entity, values: values, version: header.version, unreadable: unreadable)
  }

  /// The entity of the row of `table` whose columns start at value number `start`: the
  /// family's one entity when it has one, else the one its `_entity` names (the last one found
  /// when the name is the same, as rows of one entity usually come together).
  private func entity(ofRowAt start: Int, in rows: SQLRows, table: FamilyTable) -> EntityDescription? {
    let family = familyEntities[table.root]
    if table.entities.count == 1 { return family.first?.entity }
    let index = start + 2
    if let last, last.family == table.root, rows.text(at: index, equals: last.name) { return last.entity }
    for candidate in family where rows.text(at: index, equals: candidate.name) {
      last = (table.root, candidate.name, candidate.entity)
      return candidate.entity
    }
    return nil
  }
}
