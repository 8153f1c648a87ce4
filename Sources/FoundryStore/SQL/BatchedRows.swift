import FoundryGraph

/// The rows of a fetch with a batch size (``FetchRequest/batchSize``), as Core Data's
/// `fetchBatchSize` reads them: every object's row number and header first, then the rows
/// themselves a batch at a time, when an object of a batch not read yet is first used.
///
/// ```swift
/// let rows = BatchedRows(keys: keys, size: 20, table: table, source: source)
/// rows.fill(batch: 0, with: firstRows)     // the first batch, read with the fetch
/// object.name                              // object 45: reads objects 40 to 59
/// ```
///
/// An object the store deleted after the fetch reads as a load failure naming it.
final class BatchedRows: StoredRows {
  /// The objects' row numbers, in the fetch's order.
  let keys: [Int64]
  /// Objects per batch.
  let size: Int
  let table: FamilyTable
  /// The context's source (weak: the objects outlive no context they read through).
  private weak var source: StoreSource?
  /// The batches read so far: their rows, and where each row number is among them.
  private var batches: [Int: (rows: FetchedRows, positions: [Int64: Int])] = [:]

  init(keys: [Int64], size: Int, table: FamilyTable, source: StoreSource) {
    self.keys = keys
    self.size = max(1, size)
    self.table = table
    self.source = source
  }

  /// The statement reading batch `batch`.
  func statement(forBatch batch: Int) -> SQLStatement? {
    guard let source else { return nil }
    return source.rows(withKeys: Array(keys[batchRange(batch)]), of: table)
  }

  /// Keeps `rows` as batch `batch`.
  func fill(batch: Int, with rows: SQLRows) {
    guard let source else { return }
    var positions: [Int64: Int] = [:]
    for row in 0..<rows.count {
      if let key = rows.integer(at: rows.start(of: row)) { positions[key] = row }
    }
    batches[batch] = (FetchedRows(rows, table: table, decoder: source.decoder), positions)
  }

  private func batchRange(_ batch: Int) -> Range<Int> { (batch * size)..<min(keys.count, (batch + 1) * size) }

  /// The batch's rows holding object number `row`, and its position among them; the batch is
  /// read first when it has not been.
  private func locate(_ row: Int) throws -> (FetchedRows, Int) {
    let batch = row / size
    if batches[batch] == nil {
      guard let source, let statement = statement(forBatch: batch) else {
        throw StoreError(.invalidQuery, "the context that fetched \(table.name) #\(keys[row]) is gone: its values cannot be read")
      }
      fill(batch: batch, with: try source.readFault(statement))
    }
    guard let (rows, positions) = batches[batch], let position = positions[keys[row]] else {
      throw StoreError(.invalidValue, "\(table.name) #\(keys[row]) was deleted from the store after the fetch that found it")
    }
    return (rows, position)
  }

  func values(ofRow row: Int, for entity: EntityDescription, unreadable: inout [Int: String]) throws -> AttributeValues {
    let (rows, position) = try locate(row)
    return rows.values(ofRow: position, for: entity, unreadable: &unreadable)
  }

  func link(ofRow row: Int, slot: Int, for entity: EntityDescription) -> StoredLink {
    guard let (rows, position) = try? locate(row) else { return .unknown }
    return rows.link(ofRow: position, slot: slot, for: entity)
  }
}
