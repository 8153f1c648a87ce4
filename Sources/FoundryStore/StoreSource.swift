import FoundryGraph

/// What a context's graph asks the store for: rows by identity, and the rows a relationship
/// holds. Remembers the version of every row it hands out, for the save's conflict checks.
final class StoreSource: ObjectSource {
  let backend: any StoreBackend
  let decoder: RowDecoder
  /// The version of each stored object as the graph loaded it.
  var versions: [PersistentID: Int64] = [:]
  /// The graph the objects go to (to tell rows it already holds, whose versions stay).
  weak var graph: ObjectGraph?

  init(backend: any StoreBackend, decoder: RowDecoder) {
    self.backend = backend
    self.decoder = decoder
  }

  private var layout: StoreLayout { decoder.layout }
  private var dialect: any SQLDialect { decoder.dialect }

  func storedObject(of entity: EntityDescription, identity: [GraphValue]) throws -> StoredObject? {
    let table = layout.table(of: entity)
    let columns = entity.identitySlots.map { layout.attributeColumns[entity.index][$0] }
    var arguments: [SQLArgument] = []
    for (slot, value) in zip(entity.identitySlots, identity) {
      arguments.append(.value(try decoder.codecs[entity.index][slot].sqlValue(value)))
    }
    let condition = columns.map { "t.\(dialect.quote($0)) = ?" }.joined(separator: " AND ")
    let sql = "SELECT \(decoder.selectList(table, alias: "t")) FROM \(dialect.quote(table.name)) t WHERE \(condition) LIMIT 1"
    return try backend.readNow(SQLStatement(sql, arguments)).first.map { try loaded($0, in: table) }
  }

  func storedObjects(relatedTo id: PersistentID, of entity: EntityDescription, slot: Int) throws -> [StoredObject] {
    let (statement, target) = relatedQuery(of: entity, slot: slot, owners: SQLStatement("?", [.value(.integer(id.row))]))
    return try backend.readNow(statement).map { try loaded(Array($0.dropFirst()), in: target) }
  }

  /// The query for the rows relationship `slot` of `entity` holds for each owner row: each
  /// result row is the owner's row number, then the related object's columns, in the
  /// relationship's order per owner.
  /// - Parameter owners: The owners' rows: a list (`?`) or a query selecting them.
  func relatedQuery(of entity: EntityDescription, slot: Int, owners: SQLStatement) -> (SQLStatement, FamilyTable) {
    let destination = layout.schema.entities[entity.destinationIndices[slot]]
    let target = layout.table(of: destination)
    let marks = "(\(owners.sql))"
    let from = dialect.quote(target.name)
    let sql: String
    switch layout.relationshipStorage[entity.index][slot] {
    case .foreignKey(let column):
      let own = dialect.quote(layout.table(of: entity).name)
      sql = "SELECT o.\"_pk\", \(decoder.selectList(target, alias: "t")) FROM \(own) o JOIN \(from) t ON t.\"_pk\" = o.\(dialect.quote(column)) WHERE o.\"_pk\" IN \(marks)"
    case .inverseForeignKey(_, let column):
      let owner = "t.\(dialect.quote(column))"
      sql = "SELECT \(owner), \(decoder.selectList(target, alias: "t")) FROM \(from) t WHERE \(owner) IN \(marks) ORDER BY \(owner), t.\"_pk\""
    case .join(let index, let isOwner):
      let join = layout.joinTables[index]
      let (mine, theirs) = isOwner ? ("owner", "target") : ("target", "owner")
      let ordered = isOwner ? join.isOwnerOrdered : join.isTargetOrdered
      let order = ordered ? "j.\"\(mine)\", j.\"\(mine)_position\", t.\"_pk\"" : "j.\"\(mine)\", t.\"_pk\""
      sql = "SELECT j.\"\(mine)\", \(decoder.selectList(target, alias: "t")) FROM \(from) t JOIN \(dialect.quote(join.name)) j ON j.\"\(theirs)\" = t.\"_pk\" WHERE j.\"\(mine)\" IN \(marks) ORDER BY \(order)"
    }
    return (SQLStatement(sql, owners.arguments), target)
  }

  /// A row as a stored object, noting its version unless the graph already holds it.
  func loaded(_ row: [SQLValue], in table: FamilyTable) throws -> StoredObject {
    let (object, version) = try decoder.storedObject(row, in: table)
    if graph?.registeredObject(for: object.id) == nil { versions[object.id] = version }
    return object
  }
}
