import Foundry
import FoundryGraph
import FoundryJSON

/// What `foundry import` did, ready to print as text or JSON: the model read, each payload's
/// top-level objects, the objects and links of the final graph, and the lossy issues with the
/// payload they came from.
///
/// ```swift
/// var summary = ImportSummary(model: model, entity: "Author")
/// summary.add(report, from: "authors.json")
/// summary.count(graph)
/// print(summary.makeText())
/// // model: Library 2 (2 versions)
/// // imported authors.json: 2 Author
/// // objects: Author 2, Book 3, Tag 3
/// // relationships: 8
/// ```
struct ImportSummary {
  /// One payload's line: its name and how many objects sat at its top level.
  struct Payload {
    let sourceName: String
    let count: Int
    /// With a store: `inserted 9, updated 0, deleted 0` (or `would insert ...` for a dry run).
    var saved: String?
    /// For a dry run: each change it would make.
    var changes: [String] = []
  }

  /// One lossy issue and the payload it came from.
  struct Issue {
    let sourceName: String
    let issue: MappingIssue

    /// The issue's payload path, `$.authors[1].born`.
    var path: String { issue.path.description }

    /// The issue's description without its leading path: what lossy mode did and why,
    /// `element dropped because $.authors[1].born: expected Date ..., found string "x"`.
    var message: String {
      let text = issue.description
      let prefix = path + ": "
      return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
  }

  /// `Library 2 (2 versions)`.
  let modelDescription: String
  /// The entity the payloads hold.
  let entity: String
  private(set) var payloads: [Payload] = []
  private(set) var issues: [Issue] = []
  /// The links between the final graph's objects, each counted once (not counted for a store).
  private(set) var relationshipCount: Int?
  /// The store imported into, if any.
  var store: String?
  /// With a store: what all payloads inserted, updated and deleted.
  private(set) var saved = (inserted: 0, updated: 0, deleted: 0)
  /// Live objects of the final graph by entity name, sorted by name; no zero counts.
  private(set) var objectCounts: [(entity: String, count: Int)] = []

  init(model: ModelFile, entity: String) {
    let versions = model.versionNames.count
    modelDescription = "\(model.versionName) (\(versions) \(versions == 1 ? "version" : "versions"))"
    self.entity = entity
  }

  /// Adds the report of importing the payload called `sourceName`.
  mutating func add(_ report: GraphImportReport, from sourceName: String) {
    payloads.append(Payload(sourceName: sourceName, count: report.objects.count))
    issues += report.issues.map { Issue(sourceName: sourceName, issue: $0) }
  }

  /// Adds what importing the payload called `sourceName` into a store did.
  mutating func add(_ outcome: StoreImport.Outcome, from sourceName: String, dryRun: Bool) {
    let verb =
      dryRun
      ? "would insert \(outcome.changes.count { $0.hasPrefix("insert") }), update \(outcome.changes.count { $0.hasPrefix("update") }), delete \(outcome.changes.count { $0.hasPrefix("delete") })"
      : "inserted \(outcome.inserted), updated \(outcome.updated), deleted \(outcome.deleted)"
    payloads.append(Payload(sourceName: sourceName, count: outcome.count, saved: verb, changes: outcome.changes))
    issues += outcome.issues.map { Issue(sourceName: sourceName, issue: $0) }
    saved = (saved.inserted + outcome.inserted, saved.updated + outcome.updated, saved.deleted + outcome.deleted)
  }

  /// Sets the objects by entity, as a store counted them.
  mutating func setObjectCounts(_ counts: [(entity: String, count: Int)]) { objectCounts = counts }

  /// Counts the live objects of `graph` by entity (exactly, not with subentities), and its links.
  ///
  /// - Complexity: O(*n*) in the objects and links of the graph.
  mutating func count(_ graph: ObjectGraph) {
    relationshipCount = graph.relationshipCount
    var counts: [String: Int] = [:]
    for object in graph.objects where !object.isDeleted {
      counts[object.entity.name, default: 0] += 1
    }
    objectCounts = counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  // MARK: - Rendering

  /// The text report: the model, a line per payload, the graph's objects, the links, and a
  /// line per issue prefixed with its payload's name; no final line break.
  func makeText() -> String {
    var lines = ["model: \(modelDescription)"]
    if let store { lines.append("store: \(store)") }
    for payload in payloads {
      lines.append("imported \(payload.sourceName): \(payload.count) \(entity)" + (payload.saved.map { " (\($0))" } ?? ""))
      lines += payload.changes.map { "  \($0)" }
    }
    let objects = objectCounts.map { "\($0.entity) \($0.count)" }
    lines.append("objects: " + (objects.isEmpty ? "none" : objects.joined(separator: ", ")))
    if let relationshipCount { lines.append("relationships: \(relationshipCount)") }
    if !issues.isEmpty {
      lines.append("issues: \(issues.count)")
      for issue in issues {
        lines.append("  \(issue.sourceName): \(issue.path): \(issue.message)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON report, members in this order:
  /// `{"objects": {"Author": 2, ...}, "relationships": 8, "issues": [{"file": ..., "path": ..., "message": ...}]}`.
  func makeJSONValue() -> JSONValue {
    let objects = JSONObject(objectCounts.map { ($0.entity, JSONValue.number(JSONNumber($0.count))) })
    let issues = issues.map { issue -> JSONValue in
      .object(
        JSONObject([
          ("file", JSONValue.string(issue.sourceName)),
          ("path", .string(issue.path)),
          ("message", .string(issue.message)),
        ]))
    }
    var members: [(String, JSONValue)] = [("objects", JSONValue.object(objects))]
    if let relationshipCount { members.append(("relationships", .number(JSONNumber(relationshipCount)))) }
    if store != nil {
      members.append(
        (
          "saved",
          .object(
            JSONObject([
              ("inserted", JSONValue.number(JSONNumber(saved.inserted))), ("updated", .number(JSONNumber(saved.updated))),
              ("deleted", .number(JSONNumber(saved.deleted))),
            ]))
        ))
    }
    members.append(("issues", .array(issues)))
    return .object(JSONObject(members))
  }
}
