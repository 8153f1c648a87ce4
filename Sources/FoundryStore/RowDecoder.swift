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
  /// Per family (root entity position): the family's entities with their names, to find a
  /// row's `_entity` by comparing names instead of hashing one per row.
  private let familyEntities: [[(name: String, entity: EntityDescription)]]
  /// The entity a row named last.
  private var last: (family: Int, name: String, entity: EntityDescription)?

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
    familyEntities = layout.schema.entities.map { root in
      layout.tables.first { $0.root == root.index }.map { table in table.entities.map { (layout.schema.entities[$0].name, layout.schema.entities[$0]) } } ?? []
    }
  }

  /// `"_pk", "_entity", "_version", ...` for every column of `table`, qualified by `alias`.
  func selectList(_ table: FamilyTable, alias: String) -> String {
    let names = ["_pk", "_entity", "_version"] + table.columns.map(\.name)
    return names.map { "\(alias).\(dialect.quote($0))" }.joined(separator: ", ")
  }

  /// The object a selected row holds, with the row's version.
  /// - Parameters:
  ///   - row: The row's position in `rows`.
  ///   - offset: Where the object's columns start in the row.
  func storedObject(_ rows: SQLRows, row: Int, offset: Int = 0, in table: FamilyTable) throws(StoreError) -> StoredObject {
    let start = rows.start(of: row) + offset
    // Unsafe buffers: the rows, codecs and positions are read without being retained per
    // row (each array stays alive through `rows` and `self`).
    return try rows.values.withUnsafeBufferPointer { values throws(StoreError) in
      guard rows.columnCount - offset == 3 + table.columns.count, case .integer(let pk) = values[start], case .text(let name) = values[start + 1],
        case .integer(let version) = values[start + 2], let entity = entity(named: name, in: table)
      else { throw StoreError(.corrupt, "a row of table \(table.name) does not have the columns this schema lays out") }
      let decoded = try codecs[entity.index].withUnsafeBufferPointer { codecs throws(StoreError) in
        try positions[entity.index].withUnsafeBufferPointer { positions throws(StoreError) in
          var decoded: [GraphValue?] = []
          decoded.reserveCapacity(codecs.count)
          for slot in 0..<min(codecs.count, positions.count) { decoded.append(try codecs[slot].graphValue(values[start + positions[slot]])) }
          return decoded
        }
      }
      return StoredObject(id: PersistentID(family: table.name, row: pk), entity: entity, values: decoded, version: version)
    }
  }

  /// The entity of `table`'s family named `name`: the last one found when the name is the
  /// same (rows of one entity usually come together), else looked up among the family's.
  private func entity(named name: String, in table: FamilyTable) -> EntityDescription? {
    if let last, last.family == table.root, last.name == name { return last.entity }
    for candidate in familyEntities[table.root] where candidate.name == name {
      last = (table.root, name, candidate.entity)
      return candidate.entity
    }
    return nil
  }
}
