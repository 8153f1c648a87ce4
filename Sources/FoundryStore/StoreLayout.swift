import FoundryGraph

/// How a schema is kept in tables: one table per inheritance family (a root entity and its
/// subentities share it, so fetching a parent entity finds its subentities' objects and an
/// identity is unique across the family, as in the graph), a foreign-key column per to-one
/// relationship, and a join table per many-to-many, ordered or one-way to-many relationship.
///
/// Every family table has three columns of its own: `_pk` (the row, ``PersistentID/row``),
/// `_entity` (the concrete entity's name) and `_version` (raised by every save that changes
/// the row, so a save from a context that read an older version is a conflict).
package struct StoreLayout: Sendable {
  package let schema: Schema
  package let tables: [FamilyTable]
  package let joinTables: [JoinTable]
  /// Per entity position: the position of its family's table in ``tables``.
  package let tableOfEntity: [Int]
  /// Per entity position, per attribute slot: the attribute's column.
  package let attributeColumns: [[String]]
  /// Per entity position, per relationship slot: where its links are kept.
  package let relationshipStorage: [[RelationshipStorage]]

  /// The layout of `schema`.
  /// - Throws: ``StoreError`` `unsupportedSchema` when two members of a family need the same
  ///   column name for different things and no other name is free.
  package init(schema: Schema) throws(StoreError) {
    var builder = LayoutBuilder(schema: schema)
    try builder.build()
    self.schema = schema
    tables = builder.tables
    joinTables = builder.joinTables
    tableOfEntity = builder.tableOfEntity
    attributeColumns = builder.attributeColumns
    relationshipStorage = builder.relationshipStorage
  }

  /// The table of `entity`'s family.
  package func table(of entity: EntityDescription) -> FamilyTable { tables[tableOfEntity[entity.index]] }
}

/// The table of one inheritance family.
package struct FamilyTable: Sendable {
  /// The root entity's name.
  package let name: String
  /// The root entity's position.
  package let root: Int
  /// The family's entities (the root and its subentities), by position.
  package let entities: [Int]
  /// Attribute and foreign-key columns, after `_pk`, `_entity` and `_version`.
  package var columns: [TableColumn] = []
  /// Column sets that must be unique (identities).
  package var uniqueIndexes: [[String]] = []
  /// Indexes the schema declares (``Entity/indexedKeyPaths``): a column, and a JSON path
  /// inside it for a transformable or typed-value attribute.
  package var keyPathIndexes: [(keyPath: String, column: String, jsonPath: [JSONPathComponent]?)] = []

  package init(name: String, root: Int, entities: [Int]) {
    self.name = name
    self.root = root
    self.entities = entities
  }
}

/// One column of a family table.
package struct TableColumn: Sendable, Hashable {
  package let name: String
  package let type: ColumnType
  /// For a foreign key: the family table it points into (indexed, set to null when that row goes).
  package let references: String?
}

/// The table of the links of one relationship (and its inverse): `owner` rows of the owning
/// side's family, `target` rows of the other, and a position for each ordered side.
package struct JoinTable: Sendable {
  package let name: String
  package let ownerTable: String
  package let targetTable: String
  /// Whether the owning side is ordered (its order is kept in `owner_position`).
  package let isOwnerOrdered: Bool
  /// Whether the other side is ordered (its order is kept in `target_position`).
  package let isTargetOrdered: Bool
  /// Whether a target has at most one owner (the other side is to-one).
  package let isTargetUnique: Bool
}

/// Where one relationship's links are kept.
package enum RelationshipStorage: Sendable, Hashable {
  /// In a foreign-key column of the object's own table.
  case foreignKey(column: String)
  /// In the destination table's foreign-key column that points back (the inverse is to-one).
  case inverseForeignKey(table: Int, column: String)
  /// In a join table, on its owning side or the other.
  case join(table: Int, isOwner: Bool)
}
