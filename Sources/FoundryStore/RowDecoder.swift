import Foundry
import FoundryGraph

/// Reads rows of family tables into stored objects, and knows what to select for them.
struct RowDecoder {
  let layout: StoreLayout
  let dialect: any SQLDialect
  /// Per entity position, per attribute slot: the column's codec.
  let codecs: [[ColumnCodec]]
  /// Per entity position, per attribute slot: the column's position in a selected row.
  private let positions: [[Int]]

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
  }

  /// `"_pk", "_entity", "_version", ...` for every column of `table`, qualified by `alias`.
  func selectList(_ table: FamilyTable, alias: String) -> String {
    let names = ["_pk", "_entity", "_version"] + table.columns.map(\.name)
    return names.map { "\(alias).\(dialect.quote($0))" }.joined(separator: ", ")
  }

  /// The object a selected row holds, with the row's version.
  func storedObject(_ row: [SQLValue], in table: FamilyTable) throws(StoreError) -> StoredObject {
    guard row.count == 3 + table.columns.count, case .integer(let pk) = row[0], case .text(let name) = row[1], case .integer(let version) = row[2],
      let entity = layout.schema[name], table.entities.contains(entity.index)
    else { throw StoreError(.corrupt, "a row of table \(table.name) does not have the columns this schema lays out") }
    var values: [GraphValue?] = []
    values.reserveCapacity(entity.attributes.count)
    for (slot, position) in positions[entity.index].enumerated() {
      values.append(try codecs[entity.index][slot].graphValue(row[position]))
    }
    return StoredObject(id: PersistentID(family: table.name, row: pk), entity: entity, values: values, version: version)
  }
}
