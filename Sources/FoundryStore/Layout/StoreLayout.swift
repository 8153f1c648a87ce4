import Foundry
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
  /// Identities unique per parent where the parent's links are in a join table: no unique
  /// index can say that, so the store checks them with triggers.
  package let scopedIdentities: [ScopedIdentity]

  /// Per entity position, per attribute slot: how the attribute's values become column values
  /// (by the type of the value after its transformer).
  package let codecs: [[ColumnCodec]]
  /// The transformers the layout was worked out with: the store's bindings.
  package let transformers: TransformerRegistry
  /// Whether the store records its history (``Store/enableHistory()``), as its record said
  /// when it was opened.
  package var keepsHistory = false

  /// The layout of `schema`, whose transformer names are resolved in `transformers`.
  /// - Throws: ``StoreError`` `unsupportedSchema` when two members of a family need the same
  ///   column name for different things and no other name is free, or when a transformer
  ///   name of an attribute that is not transformable is not bound.
  package init(schema: Schema, transformers: TransformerRegistry = .standard) throws(StoreError) {
    var codecs: [[ColumnCodec]] = []
    for entity in schema.entities {
      do {
        codecs.append(try entity.attributes.map { attribute throws(GraphError) in try ColumnCodec(attribute, of: entity.name, registry: transformers) })
      } catch {
        throw StoreError(.unsupportedSchema, error.description)
      }
    }
    var builder = LayoutBuilder(schema: schema, codecs: codecs)
    try builder.build()
    self.schema = schema
    self.codecs = codecs
    self.transformers = transformers
    tables = builder.tables
    joinTables = builder.joinTables
    tableOfEntity = builder.tableOfEntity
    attributeColumns = builder.attributeColumns
    relationshipStorage = builder.relationshipStorage
    scopedIdentities = builder.scopedIdentities
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
  /// Indexes the schema declares (``Entity/indexedKeyPaths``).
  package var keyPathIndexes: [KeyPathIndex] = []

  package init(name: String, root: Int, entities: [Int]) {
    self.name = name
    self.root = root
    self.entities = entities
  }
}

/// An index a schema declares on a key path (``Entity/indexedKeyPaths``): on a column, on a
/// JSON path inside a transformable or typed-value attribute's column, and on the text folded
/// as `[c]`, `[d]` or `[cd]` compare it (`lastName[cd]`).
package struct KeyPathIndex: Sendable, Hashable {
  /// The key path as written, options included: the index's name.
  package let keyPath: String
  package let column: String
  package let jsonPath: [JSONPathComponent]?
  package let folding: QueryFolding
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

/// An identity unique among the objects one parent links through a join table (the parent's
/// ordered to-many, whose inverse is the object's to-one): a seat category's number is unique
/// within its performance.
/// A unique index covers only columns of one table, so the store checks this one with
/// triggers (``SQLDialect/scopedIdentityChecks(_:)``) on the join table's new links and on
/// changes of the identity columns.
package struct ScopedIdentity: Sendable, Hashable {
  /// The base of the checks' names: `Price_identity_Performance_prices`.
  package let name: String
  /// The entity whose identity it is, for the error message.
  package let entity: String
  /// The entity's family table.
  package let table: String
  /// The identity's columns in ``table``.
  package let columns: [String]
  /// The join table of the links to parents.
  package let join: String
  /// The join table's column holding the parent's row (`owner` or `target`).
  package let parentColumn: String
  /// The join table's column holding the object's row.
  package let childColumn: String

  /// The message of a violation: what a save that breaks the identity fails with.
  package var violation: String {
    "\(entity): another object linked to the same parent has the same identity (\(columns.joined(separator: ", "))) [\(name)]"
  }

  /// Whether the join table's row `NEW` (a new or moved link) would give its parent a second
  /// object of the identity: standard SQL, for a dialect's trigger.
  package func linkConflict(_ dialect: any SQLDialect) -> String {
    let (join, table) = (dialect.quote(join), dialect.quote(table))
    let (parent, child) = (dialect.quote(parentColumn), dialect.quote(childColumn))
    return "EXISTS (SELECT 1 FROM \(join) l JOIN \(table) o ON o.\"_pk\" = l.\(child) JOIN \(table) n ON n.\"_pk\" = NEW.\(child) "
      + "WHERE l.\(parent) = NEW.\(parent) AND l.\(child) <> NEW.\(child) AND \(sameIdentity("o", "n", dialect)))"
  }

  /// Whether the family table's row `NEW` (its identity changed) has the identity of another
  /// object linked to one of its parents.
  package func identityConflict(_ dialect: any SQLDialect) -> String {
    let (join, table) = (dialect.quote(join), dialect.quote(table))
    let (parent, child) = (dialect.quote(parentColumn), dialect.quote(childColumn))
    return "EXISTS (SELECT 1 FROM \(join) m JOIN \(join) l ON l.\(parent) = m.\(parent) AND l.\(child) <> NEW.\"_pk\" "
      + "JOIN \(table) o ON o.\"_pk\" = l.\(child) WHERE m.\(child) = NEW.\"_pk\" AND \(sameIdentity("o", "NEW", dialect)))"
  }

  /// Rows `a` and `b` hold equal identities (a null equals nothing, as in a unique index).
  private func sameIdentity(_ a: String, _ b: String, _ dialect: any SQLDialect) -> String {
    columns.map { "\(a).\(dialect.quote($0)) = \(b).\(dialect.quote($0))" }.joined(separator: " AND ")
  }
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
