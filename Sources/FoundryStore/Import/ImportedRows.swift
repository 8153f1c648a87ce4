import FoundryGraph

/// The rows an import in batches wrote, by identity, per family table: how a later batch finds
/// an object an earlier one wrote (and let go of) without asking the database whether every
/// new identity exists. Only tables empty when the import began are kept here: every row
/// they hold came from this import, so an identity missing here is missing there too. Tables
/// whose objects an import looks up ahead (one integer identity: `WantedIdentities`) are not:
/// a query per batch finds them, and memory stays one batch's whatever the import's size.
final class ImportedRows {
  /// Per family table: whether it was empty when the import began.
  private let wasEmpty: [Bool]
  /// Per family table: rows by one integer identity, the common kind.
  private var integers: [IntegerIdentityTable]
  /// Per family table: rows by other identities.
  private var others: [[[GraphValue]: Int64]]

  init(wasEmpty: [Bool]) {
    self.wasEmpty = wasEmpty
    integers = wasEmpty.map { _ in IntegerIdentityTable() }
    others = wasEmpty.map { _ in [:] }
  }

  /// Whether the table at `position` holds only rows this import wrote.
  func knowsEveryRow(of position: Int) -> Bool { wasEmpty.indices.contains(position) && wasEmpty[position] }

  /// The row the import wrote with `identity` in the table at `position`.
  func row(of identity: [GraphValue], in position: Int) -> Int64? {
    if identity.count == 1, case .integer(let value) = identity[0] { return integers[position].number(of: value).map(Int64.init) }
    return others[position][identity]
  }

  /// Notes the row of each object a batch inserted, in a table this import keeps.
  func add(_ objects: [ManagedObject], rows: [PersistentID], layout: StoreLayout) {
    for (object, id) in zip(objects, rows) {
      let position = layout.tableOfEntity[object.entity.index]
      guard knowsEveryRow(of: position), !object.entity.isIdentityScopedToParent, !object.entity.identitySlots.isEmpty else { continue }
      let identity = object.entity.identitySlots.map { object.value(at: $0) }
      guard identity.allSatisfy({ $0 != nil }) else { continue }
      let values = identity.compactMap { $0 }
      if values.count == 1, case .integer(let value) = values[0] {
        integers[position].insert(value, number: Int(id.row))
      } else {
        others[position][values] = id.row
      }
    }
  }
}
