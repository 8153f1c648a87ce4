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
    let imported = ImportedRows(
      wasEmpty: try store.layout.tables.map { table in
        try transaction.read([SQLStatement("SELECT 1 FROM \(store.backend.dialect.quote(table.name)) LIMIT 1")])[0].isEmpty
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
    var kept: Set<PersistentID> = []
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
      if stale != nil { kept.formUnion(report.objects.compactMap(\.persistentID)) }
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
  /// its own, the entity's stored objects the scope covers that no batch kept.
  private func deleteStale(
    _ stale: GraphImportOptions.StaleObjects, keeping kept: Set<PersistentID>, store: Store, in transaction: any StoreTransaction, into summary: inout Summary,
    history: inout HistoryParts
  ) throws {
    let context = try store.makeContext(transformers: transformers)
    context.author = author
    context.source.transaction = transaction
    defer { context.source.transaction = nil }
    try context.loadStaleCandidates(of: entity, options: options)
    summary.deletedCount += try context.graph.deleteStale(stale, of: entity) { object in object.persistentID.map(kept.contains) ?? true }
    if dryRun { summary.changes += try context.describeChanges() }
    guard var pending = try context.prepareSave(mergesByIdentity: true) else { return }
    history.number(&pending.plan.plan)
    summary.saved.add(context.commitSave(pending, rows: try transaction.write(pending.plan.plan)))
  }
}

/// The history of an import in batches: a part per batch's write, numbered in order, and
/// one seal at the end, so the whole import is one transaction of the history.
struct HistoryParts {
  private var count = 0

  /// Makes the history part of `plan` (if the store keeps history) the next one, unsealed.
  mutating func number(_ plan: inout WritePlan) {
    guard plan.history != nil else { return }
    plan.history?.number = count
    plan.history?.seals = false
    count += 1
  }

  /// Seals the parts written, if any.
  func seal(in transaction: any StoreTransaction) throws {
    guard count > 0 else { return }
    var plan = WritePlan()
    plan.history = HistoryPart(author: nil)
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
