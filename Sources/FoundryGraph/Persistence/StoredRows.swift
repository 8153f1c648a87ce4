/// Rows a source read and keeps undecoded, for the objects made from them: an object fetched
/// from a store takes its attribute values from its row on first use (Core Data's row cache),
/// so a fetch of many objects spends nothing on values nobody reads.
///
/// ```swift
/// final class Rows: StoredRows {
///   func values(ofRow row: Int, for entity: EntityDescription, unreadable: inout [Int: String]) throws -> AttributeValues {
///     AttributeValues(count: entity.attributes.count) { slot in decoded[row][slot] }
///   }
/// }
/// ```
package protocol StoredRows: AnyObject {
  /// The attribute values of row `row`, by attribute slot of `entity` (the row's entity); a
  /// value that does not read back is `nil`, and why is put in `unreadable` by its slot.
  func values(ofRow row: Int, for entity: EntityDescription, unreadable: inout [Int: String]) throws -> AttributeValues
  /// The row that to-one relationship `slot` of `entity` points at in row `row`, when the
  /// row holds it (a foreign key).
  func link(ofRow row: Int, slot: Int, for entity: EntityDescription) -> StoredLink
}

/// What a stored row says a to-one relationship holds.
package enum StoredLink {
  /// The row does not hold the relationship: the source is asked.
  case unknown
  /// No object.
  case none
  /// The object of this row of the destination's family.
  case row(Int64)
}

/// An object's row in rows a source keeps undecoded (see ``StoredRows``).
struct RowReference {
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
  /// Decodes the values of the object's pending row, once. A value that does not read back
  /// is `nil` and its slot unreadable (reading it throws, see ``readValue(at:)``), hiding
  /// nothing else; a row that does not decode at all leaves every value `nil` and is recorded
  /// in the graph, which then refuses to hand out its changes until a rollback (as a
  /// relationship that fails to load).
  @inline(never)
  func decodePendingRow() {
    guard valuesPending, let stored = storedRow else { return }
    valuesPending = false
    do {
      var unreadable: [Int: String] = [:]
      slotValues = try stored.rows.values(ofRow: stored.row, for: entity, unreadable: &unreadable)
      if !unreadable.isEmpty { unreadableSlots = unreadable }
    } catch {
      slotValues = AttributeValues(repeatElement(nil, count: entity.attributes.count))
      let what = persistentID.map { "\($0)" } ?? entity.name
      index.graph?.loadFailures.append(GraphError(.loadFailed, at: entity.name, "could not read the stored values of \(what): \(error)"))
    }
  }
}

extension ManagedObject {
  /// Whether the object came from a fetch's row, which links its to-one relationships kept
  /// in foreign keys (see ``StoredRows/link(ofRow:slot:for:)``).
  package var hasStoredRow: Bool { storedRow != nil }

  /// Lets go of the stored row (its values decoded first): a refreshed object's row is out
  /// of date.
  func forgetStoredRow() {
    if valuesPending { decodePendingRow() }
    storedRow = nil
  }

  /// What to-one relationship `slot`, a fault, holds according to the object's stored row:
  /// `nil` when the row does not say, or names an object the graph has not loaded (the
  /// source is asked then).
  func linkFromStoredRow(_ slot: Int) -> RelatedObjects? {
    guard let stored = storedRow, let graph = index.graph else { return nil }
    switch stored.rows.link(ofRow: stored.row, slot: slot, for: entity) {
    case .unknown: return nil
    case .none: return RelatedObjects.none
    case .row(let row):
      switch graph.registration(family: graph.schema.entities[entity.destinationIndices[slot]].rootIndex, row: row) {
      case .live(let target): return .one(ObjectReference(target))
      // As the source's answer would be taken: a deleted object is left out.
      case .deleted: return RelatedObjects.none
      case .unknown: return nil
      }
    }
  }
}
