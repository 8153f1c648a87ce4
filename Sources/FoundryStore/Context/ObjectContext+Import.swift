import Foundry
import FoundryGraph

/// What an import into a store did (or, for a dry run, would do).
///
/// ```swift
/// let report = try await context.importJSON(bytes, entity: "Author", root: "authors")
/// print(report.saved.inserted.count, report.changes.count)
/// ```
public struct StoreImportReport {
  /// The graph import's report: objects by entity, links, lossy issues.
  public var graph: GraphImportReport
  /// Every object inserted, updated or deleted, with the values that changed.
  public var changes: [ObjectChange]
  /// What the save wrote (empty for a dry run).
  public var saved = SaveResult()
  /// The payload's top-level objects imported (an import in batches lists none in
  /// ``graph``'s `objects`: it lets go of each batch once saved).
  public var elementCount: Int

  /// A report of `graph`'s objects and `changes`.
  init(graph: GraphImportReport, changes: [ObjectChange], saved: SaveResult = SaveResult(), elementCount: Int? = nil) {
    self.graph = graph
    self.changes = changes
    self.saved = saved
    self.elementCount = elementCount ?? graph.objects.count
  }
}

/// One object an import inserts, updates or deletes, with old and new values.
///
/// ```swift
/// change.description   // "update Author #3: name "Ada" -> "Ada L.", books +1"
/// ```
public struct ObjectChange: Sendable, CustomStringConvertible {
  /// What happens to the object.
  public enum Kind: String, Sendable { case insert, update, delete }
  /// What happens to the object.
  public var kind: Kind
  /// `Author #3` for a stored object, `Author (new)` for an inserted one.
  public var object: String
  /// Changed attributes: name, old value (`nil` for an inserted object) and new value.
  public var values: [(name: String, old: GraphValue?, new: GraphValue?)]
  /// Changed relationships: name, and how many objects were linked and unlinked.
  public var links: [(name: String, added: Int, removed: Int)] = []

  /// `update Author #3: name "Ada" -> "Ada L.", books +1 -2`.
  public var description: String {
    let shown =
      values.map { "\($0.name) \($0.old.map { "\($0)" } ?? "nil") -> \($0.new.map { "\($0)" } ?? "nil")" }
      + links.map { link in "\(link.name)" + (link.added > 0 ? " +\(link.added)" : "") + (link.removed > 0 ? " -\(link.removed)" : "") }
    return "\(kind.rawValue) \(object)" + (shown.isEmpty ? "" : ": " + shown.joined(separator: ", "))
  }
}

extension ObjectContext {
  /// Imports a JSON payload into the store: stored objects found by identity are updated in
  /// place (never deleted and re-created), new ones inserted, all saved in one transaction.
  ///
  /// ```swift
  /// let context = try store.makeContext()
  /// try await context.importJSON(Array(json.utf8), entity: "Author", root: "authors")
  /// ```
  /// - Parameters:
  ///   - bytes: The payload (see `ObjectGraph.importJSON`).
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects in the payload.
  ///   - options: The graph import's options (transformers, lossy mode, to-many merging).
  ///   - dryRun: Report what would change, and write nothing.
  ///   - sourceName: The file name errors mention.
  /// - Throws: ``StoreError``: `unsavedChanges` when the context has changes of its own,
  ///   `mapping` or `graph` carrying the import's `MappingError` or `GraphError` (printed as
  ///   it), or the save's error; the context and the store are then as they were.
  @discardableResult
  nonisolated(nonsending) public func importJSON(
    _ bytes: [UInt8], entity: String, root: String? = nil, options: GraphImportOptions = .init(), dryRun: Bool = false, sourceName: String? = nil
  ) async throws -> StoreImportReport {
    try await importPayload(dryRun: dryRun) {
      try loadStaleCandidates(of: entity, options: options)
      return try graph.importJSON(bytes, entity: entity, root: root, options: storeBound(options), sourceName: sourceName)
    }
  }

  /// Imports an XML payload into the store, as ``importJSON(_:entity:root:options:dryRun:sourceName:)`` does JSON.
  ///
  /// ```swift
  /// try await context.importXML(Array(xml.utf8), entity: "Author", root: "author")
  /// ```
  /// - Parameters:
  ///   - bytes: The XML document, in any encoding the XML reader accepts.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects in the XML view of the document (`channel.item`).
  ///   - options: The graph import's options (transformers, lossy mode, to-many merging).
  ///   - dryRun: Report what would change, and write nothing.
  ///   - sourceName: The file name errors mention.
  @discardableResult
  nonisolated(nonsending) public func importXML(
    _ bytes: [UInt8], entity: String, root: String? = nil, options: GraphImportOptions = .init(), dryRun: Bool = false, sourceName: String? = nil
  ) async throws -> StoreImportReport {
    try await importPayload(dryRun: dryRun) {
      try loadStaleCandidates(of: entity, options: options)
      return try graph.importXML(bytes, entity: entity, root: root, options: storeBound(options), sourceName: sourceName)
    }
  }

  /// Loads every stored object of `entity` that an import with ``GraphImportOptions/staleObjects``
  /// may delete (a context's graph holds only what it loaded); a `related` scope loads its
  /// object's relationship when the import reads it.
  ///
  /// ```swift
  /// try context.loadStaleCandidates(of: "Author", options: options)
  /// ```
  package func loadStaleCandidates(of entity: String, options: GraphImportOptions) throws {
    guard let stale = options.staleObjects, options.operations.contains(.delete) else { return }
    if case .related = stale { return }
    _ = try fetchNow(FetchRequest(entity: entity))
  }

  nonisolated(nonsending) private func importPayload(dryRun: Bool, _ run: () throws -> GraphImportReport) async throws -> StoreImportReport {
    var report = try imported(dryRun: dryRun, run)
    guard !dryRun else { return report }
    do { report.saved = try await save(mergesByIdentity: true) } catch {
      graph.rollback()
      throw error
    }
    return report
  }

  /// An import for synchronous callers outside Swift's cooperative pool (the command line):
  /// `run` imports into the context's graph; the save blocks until the database has written.
  ///
  /// ```swift
  /// let report = try context.importNow(dryRun: false) { try $0.importJSON(bytes, entity: "Author") }
  /// ```
  package func importNow(dryRun: Bool, _ run: (ObjectGraph) throws -> GraphImportReport) throws -> StoreImportReport {
    var report = try imported(dryRun: dryRun) { try run(graph) }
    guard !dryRun else { return report }
    do { report.saved = try saveNow(mergesByIdentity: true) } catch {
      graph.rollback()
      throw error
    }
    return report
  }

  /// Runs the import into the graph and describes what it changed; a failed import, or a dry
  /// run, leaves the graph as it was.
  private func imported(dryRun: Bool, _ run: () throws -> GraphImportReport) throws -> StoreImportReport {
    guard !hasChanges else {
      throw StoreError(.unsavedChanges, "save or roll back the context's changes before importing into it")
    }
    source.databaseFailure = nil
    do {
      let report = StoreImportReport(graph: try run(), changes: try describeChanges())
      if dryRun { graph.rollback() }
      return report
    } catch {
      graph.rollback()
      throw source.storeError(for: error)
    }
  }

  /// The context's changes, object by object.
  func describeChanges() throws -> [ObjectChange] {
    let changes = try graph.changes()
    func name(_ object: ManagedObject) -> String {
      guard let id = object.persistentID else { return "\(object.entity.name) (new)" }
      return id.family == object.entity.name ? "\(id)" : "\(object.entity.name) \(id)"
    }
    func change(_ kind: ObjectChange.Kind, _ object: ManagedObject) -> ObjectChange {
      guard kind != .delete else { return ObjectChange(kind: kind, object: name(object), values: []) }
      let values = object.changedAttributeSlots.map { slot in
        let key = object.entity.attributes[slot].name
        return (name: key, old: object.isInserted ? nil : (try? object.committedValue(forKey: key)) ?? nil, new: object.value(at: slot))
      }
      let links = object.changedRelationshipSlots.map { slot in
        if let linked = object.deferredLinks(at: slot) { return (name: object.entity.relationships[slot].name, added: linked.count, removed: 0) }
        let now = Set(object.relatedObjects(at: slot).map(ObjectIdentifier.init))
        let before = Set((object.committedRelatedObjects(at: slot) ?? []).map(ObjectIdentifier.init))
        return (name: object.entity.relationships[slot].name, added: now.subtracting(before).count, removed: before.subtracting(now).count)
      }
      return ObjectChange(kind: kind, object: name(object), values: values, links: links)
    }
    return changes.inserted.map { change(.insert, $0) } + changes.updated.map { change(.update, $0) } + changes.deleted.map { change(.delete, $0) }
  }
}
