/// Rows a source read and keeps undecoded, for the objects made from them: an object fetched
/// from a store takes its attribute values from its row on first use (Core Data's row cache),
/// so a fetch of many objects spends nothing on values nobody reads.
///
/// ```swift
/// final class Rows: StoredRows {
///   func values(ofRow row: Int, for entity: EntityDescription) throws -> [GraphValue?] { decoded[row] }
/// }
/// ```
package protocol StoredRows: AnyObject {
  /// The attribute values of row `row`, by attribute slot of `entity` (the row's entity).
  func values(ofRow row: Int, for entity: EntityDescription) throws -> [GraphValue?]
}

/// An object's row in rows a source keeps undecoded (see ``StoredRows``).
struct PendingRow {
  let rows: any StoredRows
  let row: Int
}

/// What a source's row says of its object besides its values.
package struct StoredRowHeader {
  package let id: PersistentID
  package let entity: EntityDescription
  /// The row's version (see ``ManagedObject/storedVersion``).
  package let version: Int64

  package init(id: PersistentID, entity: EntityDescription, version: Int64) {
    self.id = id
    self.entity = entity
    self.version = version
  }
}

extension ManagedObject {
  /// Decodes the values of the object's pending row, once: a row that does not decode leaves
  /// every value `nil` and is recorded in the graph, which then refuses to hand out its
  /// changes until a rollback (as a relationship that fails to load).
  @inline(never)
  func decodePendingRow() {
    guard let pending = pendingRow else { return }
    pendingRow = nil
    do {
      slotValues = try pending.rows.values(ofRow: pending.row, for: entity)
    } catch {
      slotValues = entity.attributes.map { _ in nil }
      let what = persistentID.map { "\($0)" } ?? entity.name
      index.graph?.loadFailures.append(GraphError(.loadFailed, at: entity.name, "could not read the stored values of \(what): \(error)"))
    }
  }
}
