#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
import FoundryJSON

/// The elements of a payload, one at a time, as document nodes: what an import in batches
/// reads (a JSON array's elements, or an XML file's repeated elements through the XML view).
package protocol PayloadElements {
  /// The next element and its place in the payload (for errors), or `nil` after the last.
  mutating func next() throws -> (node: JSONNode, place: PayloadPlace)?
  /// How far the reading got, for a progress report: bytes read and the input's size.
  var progress: (done: Int, total: Int)? { get }
}

extension PayloadElements {
  package var progress: (done: Int, total: Int)? { nil }
}

/// An import in batches: a batch of the payload's elements imported into a context of its
/// own, saved in the open transaction, then let go of, until the payload ends. Memory holds
/// one batch; the store commits all of it or nothing.
///
/// Later batches find what earlier ones saved by identity through the transaction's reads, so
/// an object named in many batches (a shared tag) is one row, updated in place.
struct BatchImport: Sendable {
  let entity: String
  let root: String?
  var options: GraphImportOptions
  let transformers: TransformerRegistry?
  /// The most top-level payload objects imported (and kept in memory) at once.
  let batchSize: Int
  let dryRun: Bool
  let sourceName: String?
  /// Who the store's history names as the import's author.
  var author: String?

  /// What the whole import did.
  struct Summary: Sendable {
    /// The payload's top-level objects imported.
    var elementCount = 0
    var objectCounts: [String: Int] = [:]
    var createdCount = 0
    var relationshipCount = 0
    var deletedCount = 0
    var issues: [MappingIssue] = []
    /// Every object inserted, updated or deleted, for a dry run's report.
    var changes: [ObjectChange] = []
    var saved = SaveResult()
  }

  /// Runs the import in `transaction`, which the caller commits (or rolls back, for a dry run
  /// or an error).
  func run(store: Store, elements: inout any PayloadElements, in transaction: any StoreTransaction) throws -> Summary {
    let context = try store.makeContext(transformers: transformers)
    context.author = author
    do {
      var history = HistoryParts()
      let summary = try run(context: context, store: store, elements: &elements, in: transaction, history: &history)
      try history.seal(in: transaction)
      return summary
    } catch {
      throw context.source.storeError(for: error)
    }
  }

  private func run(
    context: ObjectContext, store: Store, elements: inout any PayloadElements, in transaction: any StoreTransaction, history: inout HistoryParts
  ) throws -> Summary {
    let options = context.storeBound(options)
    context.source.transaction = transaction
    let layout = store.layout
    let imported = ImportedRows(
      wasEmpty: try layout.tables.indices.map { position in
        // A family whose objects imports look up ahead (`WantedIdentities`) is asked a batch at
        // a time: kept here, its rows would hold memory for every object imported.
        let entities = layout.schema.entities.filter { layout.tableOfEntity[$0.index] == position && $0.hasIdentity }
        guard !entities.allSatisfy(WantedIdentities.gathers) else { return false }
        return try transaction.read([SQLStatement("SELECT 1 FROM \(store.backend.dialect.quote(layout.tables[position].name)) LIMIT 1")])[0].isEmpty
      })
    context.source.imported = imported
    defer {
      context.source.transaction = nil
      context.source.imported = nil
    }
    let first = context.graph.nextObjectNumber
    var summary = Summary()
    // Stale objects are those the whole payload left out: each batch names what it keeps.
    let stale = options.operations.contains(.delete) ? options.staleObjects : nil
    // The rows of the entity's family the payload named (8 bytes each, however many).
    var kept: Set<Int64> = []
    var batch: [(node: JSONNode, place: PayloadPlace)] = []
    batch.reserveCapacity(batchSize)
    while true {
      // Cancelled (the task, or the command line's signal): the caller's transaction rolls back.
      try options.checkCancellation()
      batch.removeAll(keepingCapacity: true)
      while batch.count < batchSize, let element = try elements.next() { batch.append(element) }
      if batch.isEmpty { break }
      let report = try context.graph.importElements(batch, entity: entity, options: options, sourceName: sourceName)
      summary.add(report, elements: batch.count)
      if dryRun { summary.changes += try context.describeChanges() }
      if var pending = try context.prepareSave(mergesByIdentity: true) {
        history.number(&pending.plan.plan)
        let saved = context.commitSave(pending, rows: try transaction.write(pending.plan.plan))
        imported.add(pending.changes.inserted, rows: saved.inserted, layout: store.layout)
        summary.saved.add(saved)
      }
      if stale != nil { kept.formUnion(report.objects.lazy.compactMap(\.persistentID).map(\.row)) }
      context.graph.evict(from: first)
      if let report = options.progress {
        let (done, total) = elements.progress ?? (summary.elementCount, -1)
        report(done, total)
      }
    }
    if let stale { try deleteStale(stale, keeping: kept, store: store, in: transaction, into: &summary, history: &history) }
    if dryRun { summary.saved = SaveResult() }
    return summary
  }

  /// The import's last step with ``GraphImportOptions/staleObjects``: deletes, in a context of
  /// its own, the entity's stored objects the scope covers that no batch kept. `all` and
  /// `matching` go a batch of rows at a time (memory holds the rows' numbers, not every
  /// object); `related` loads its one object's relationship.
  private func deleteStale(
    _ stale: GraphImportOptions.StaleObjects, keeping kept: Set<Int64>, store: Store, in transaction: any StoreTransaction, into summary: inout Summary,
    history: inout HistoryParts
  ) throws {
    let context = try store.makeContext(transformers: transformers)
    context.author = author
    context.source.transaction = transaction
    defer { context.source.transaction = nil }
    func save() throws {
      if dryRun { summary.changes += try context.describeChanges() }
      guard var pending = try context.prepareSave(mergesByIdentity: true) else { return }
      history.number(&pending.plan.plan)
      summary.saved.add(context.commitSave(pending, rows: try transaction.write(pending.plan.plan)))
    }
    if case .related = stale {
      try context.loadStaleCandidates(of: entity, options: options)
      summary.deletedCount += try context.graph.deleteStale(stale, of: entity) { object in object.persistentID.map { kept.contains($0.row) } ?? true }
      return try save()
    }
    let layout = store.layout
    guard let described = layout.schema[entity] else { return }
    let table = layout.table(of: described)
    let first = context.graph.nextObjectNumber
    let candidates = try Self.rows(of: described, in: table, layout: layout, dialect: store.backend.dialect, transaction: transaction).filter { !kept.contains($0) }
    var start = 0
    while start < candidates.count {
      try options.checkCancellation()
      let keys = Array(candidates[start..<min(candidates.count, start + batchSize)])
      start += keys.count
      for object in try context.objectsNow(withKeys: keys, of: table) where !object.isDeleted && object.entity.isKind(of: described) {
        if case .matching(let test) = stale, !test(object) { continue }
        try context.graph.delete(object)
        summary.deletedCount += 1
      }
      try save()
      context.graph.evict(from: first)
    }
  }

  /// The rows of `entity`'s kind (its subentities' too) in its family table, in order, read
  /// ``rowsPerRead`` at a time (a driver holds a whole result in memory before handing it on).
  private static func rows(
    of entity: EntityDescription, in table: FamilyTable, layout: StoreLayout, dialect: any SQLDialect, transaction: any StoreTransaction
  ) throws -> [Int64] {
    let kinds = ([entity.index] + entity.descendantIndices).map { layout.schema.entities[$0].name }
    let marks = kinds.map { _ in "?" }.joined(separator: ", ")
    let sql = "SELECT \"_pk\" FROM \(dialect.quote(table.name)) WHERE \"_entity\" IN (\(marks)) AND \"_pk\" > ? ORDER BY \"_pk\" LIMIT ?"
    var found: [Int64] = []
    while true {
      let arguments = kinds.map { SQLArgument.value(.text($0)) } + [.value(.integer(found.last ?? Int64.min)), .value(.integer(Int64(rowsPerRead)))]
      let rows = try transaction.read([SQLStatement(sql, arguments)])[0]
      found += (0..<rows.count).compactMap { rows.integer(at: rows.start(of: $0)) }
      if rows.count < rowsPerRead { return found }
    }
  }

  /// The most row numbers one read of the stale objects' rows returns.
  static let rowsPerRead = 50_000
}

/// The history of an import in batches: a part per batch's write, numbered in order, and
/// one seal at the end, so the whole import is one transaction of the history, with the first
/// part's author and time.
struct HistoryParts {
  private var count = 0
  /// The first part's author and time, the transaction's.
  private var first: (author: String?, date: Date)?

  /// Makes the history part of `plan` (if the store keeps history) the next one, unsealed.
  mutating func number(_ plan: inout WritePlan) {
    guard let part = plan.history else { return }
    if first == nil { first = (part.author, part.date) }
    plan.history?.role = .part(count)
    count += 1
  }

  /// Seals the parts written, if any.
  func seal(in transaction: any StoreTransaction) throws {
    guard let first else { return }
    var plan = WritePlan()
    plan.history = HistoryPart(author: first.author, date: first.date)
    plan.history?.role = .seal
    _ = try transaction.write(plan)
  }
}

extension BatchImport.Summary {
  /// Counts a batch's report in.
  mutating func add(_ report: GraphImportReport, elements: Int) {
    elementCount += elements
    objectCounts.merge(report.objectCounts, uniquingKeysWith: +)
    createdCount += report.createdCount
    relationshipCount += report.relationshipCount
    deletedCount += report.deletedCount
    issues += report.issues
  }

  /// The store import's report.
  var report: StoreImportReport {
    var graph = GraphImportReport()
    graph.objectCounts = objectCounts
    graph.createdCount = createdCount
    graph.relationshipCount = relationshipCount
    graph.deletedCount = deletedCount
    graph.issues = issues
    return StoreImportReport(graph: graph, changes: changes, saved: saved, elementCount: elementCount)
  }
}

extension SaveResult {
  /// Adds what another save wrote.
  mutating func add(_ other: SaveResult) {
    inserted += other.inserted
    updated += other.updated
    deleted += other.deleted
  }
}
