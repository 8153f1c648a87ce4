import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore

/// `foundry import --store`: each payload imported into an SQLite or PostgreSQL store in its own
/// transaction, with what it inserted, updated and deleted. The command line is synchronous,
/// so it uses the store's blocking calls (`importNow`, `countNow`), never a wait on a task.
struct StoreImport {
  /// What one payload did to the store.
  struct Outcome: Sendable {
    /// The payload's top-level objects.
    let count: Int
    let issues: [MappingIssue]
    let inserted: Int
    let updated: Int
    let deleted: Int
    /// For a dry run: every change, `update Author #2: name "A" -> "B"`.
    let changes: [String]
  }

  let store: Store
  let path: String
  /// The author a store's history names for the command's imports.
  static let author = "foundry import"

  /// Opens (or creates) the store at `path` (a file, or a `postgres://` URL) for `schema`,
  /// whose transformer names `transformers` bind.
  init(path: String, schema: Schema, transformers: TransformerRegistry) throws {
    store = try StoreLocation.open(path, schema: schema, transformers: transformers)
    self.path = path
  }

  /// Imports one payload's bytes, JSON or XML.
  func run(
    _ bytes: [UInt8], format: DocumentFormat, entity: String, root: String?, options: GraphImportOptions, dryRun: Bool, sourceName: String
  ) throws -> Outcome {
    let context = try store.makeContext(transformers: options.mapping.transformers.adding(store.transformers))
    context.author = Self.author
    let report = try context.importNow(dryRun: dryRun) { graph in
      try context.loadStaleCandidates(of: entity, options: options)
      switch format {
      case .json: return try graph.importJSON(bytes, entity: entity, root: root, options: options, sourceName: sourceName)
      case .xml: return try graph.importXML(bytes, entity: entity, root: root, options: options, sourceName: sourceName)
      }
    }
    let changes = dryRun ? report.changes : []
    return Outcome(
      count: report.elementCount, issues: report.graph.issues, inserted: report.saved.inserted.count,
      updated: report.saved.updated.count, deleted: report.saved.deleted.count, changes: changes.map(\.description))
  }

  /// Imports a file in batches, streamed: memory holds a batch, whatever the file's size. A
  /// JSON file's objects are the array at `root` (`nil` when the value there is not an array,
  /// one object: ``run(_:format:entity:root:options:dryRun:sourceName:)`` imports that); an XML
  /// file's are the elements at the element path `root`.
  func runFile(
    _ path: String, format: DocumentFormat, entity: String, root: String?, options: GraphImportOptions, dryRun: Bool, sourceName: String
  ) throws -> Outcome? {
    let report: StoreImportReport
    do {
      report = try store.importFileNow(
        contentsOf: path, format: format == .xml ? .xml : .json, entity: entity, root: root, options: options,
        transformers: options.mapping.transformers, dryRun: dryRun, sourceName: sourceName, author: Self.author)
    } catch let error as JSONParsingError where error.code == .notAnArray {
      return nil
    }
    return Outcome(
      count: report.elementCount, issues: report.graph.issues, inserted: report.saved.inserted.count,
      updated: report.saved.updated.count, deleted: report.saved.deleted.count, changes: dryRun ? report.changes.map(\.description) : [])
  }

  /// Keeps the transformer bindings an import used in the store, so that `query` and
  /// `export` find them without `--model` and `--transformer`.
  func record(_ bindings: [TransformerBinding]) throws {
    guard !bindings.isEmpty else { return }
    var known = try Self.bindings(of: store)
    for binding in bindings { known[binding.name] = binding.spec }
    let object = JSONObject(known.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
    try store.setRecordedValue(JSONValue.object(object).makeJSONString(), for: "transformers")
  }

  /// The transformer bindings recorded in `store`: name → spec.
  static func bindings(of store: Store) throws -> [String: String] {
    guard let text = try store.recordedValue("transformers"), let object = try? JSONDocument(string: text).value.object else { return [:] }
    var bindings: [String: String] = [:]
    for (name, value) in object { bindings[name] = value.string }
    return bindings
  }

  /// `--scope where:PREDICATE`: the stored objects of `entity` that `predicate` matches now,
  /// before any payload is imported, as the stale objects the payloads may delete.
  func staleObjects(of entity: String, matching predicate: String) throws -> GraphImportOptions.StaleObjects {
    let matched = Set(try store.makeContext().fetchNow(FetchRequest(entity: entity, where: predicate)).compactMap(\.persistentID))
    return .matching { object in object.persistentID.map(matched.contains) ?? false }
  }

  /// The stored objects of each entity (not counting subentities), by entity name; no zero counts.
  func objectCounts() throws -> [(entity: String, count: Int)] {
    let context = try store.makeContext()
    var counts: [String: Int] = [:]
    for entity in store.schema.entities where !entity.isAbstract {
      var request = FetchRequest(entity: entity.name)
      request.includesSubentities = false
      counts[entity.name] = try context.countNow(request)
    }
    return counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
