import Foundry
import FoundryGraph

/// A version of a model, and the code that moves a store to it from the version before: what a
/// migration does beyond the lightweight rules (splitting an attribute, filling a new one,
/// converting a type over two versions).
///
/// ```swift
/// // Version 1: Person(name). Version 2 adds firstName and lastName; version 3 drops name.
/// let stages = [
///   MigrationStage(schema: version1),
///   MigrationStage(schema: version2, after: { new in
///     for person in try new.fetch(FetchRequest(entity: "Person")) {
///       guard case .string(let name)? = person.name else { continue }
///       let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
///       person.firstName = .string(parts.first ?? "")
///       person.lastName = .string(parts.count > 1 ? parts[1] : "")
///     }
///     try new.save()
///   }),
///   MigrationStage(schema: version3),
/// ]
/// let store = try Store(path: "people.sqlite", stages: stages)
/// ```
/// A store opened with stages finds the version it was made with among them and runs each
/// later stage in order, in one transaction: the stage's `before` with a context on the old
/// version, the lightweight migration to its version, then its `after` with a context on the
/// new one. A stage that throws (or a step that is not lightweight) rolls the whole migration
/// back: the store stays at its old version, untouched.
public struct MigrationStage: Sendable {
  /// The version of the model this stage migrates to.
  public var schema: Schema
  /// Runs before the lightweight part, on the version before.
  public var before: (@Sendable (MigrationContext) throws -> Void)?
  /// Runs after it, on this stage's version.
  public var after: (@Sendable (MigrationContext) throws -> Void)?

  /// A stage.
  ///
  /// ```swift
  /// MigrationStage(schema: version2, after: { new in try fill(new) })
  /// ```
  /// - Parameters:
  ///   - schema: The version of the model.
  ///   - before: Code on the version before, ahead of the lightweight part.
  ///   - after: Code on this version, once the lightweight part has run.
  public init(schema: Schema, before: (@Sendable (MigrationContext) throws -> Void)? = nil, after: (@Sendable (MigrationContext) throws -> Void)? = nil) {
    self.schema = schema
    self.before = before
    self.after = after
  }
}

/// The objects of a store in the middle of a migration, on one version of its model: fetch,
/// change, insert, delete and save, all inside the migration's transaction (a store that
/// keeps history records the saves, by the author `migration`).
///
/// ```swift
/// for person in try new.fetch(FetchRequest(entity: "Person")) { person.lastName = "Lovelace" }
/// try new.save()
/// ```
public final class MigrationContext {
  /// The context: its objects, inserts and deletes are the store's at this version.
  public let context: ObjectContext
  private let transaction: any StoreTransaction

  init(store: Store, transaction: any StoreTransaction) throws {
    context = try store.makeContext()
    context.author = "migration"
    context.source.transaction = transaction
    self.transaction = transaction
  }

  /// The objects a request names, read inside the migration's transaction.
  ///
  /// ```swift
  /// let people = try old.fetch(FetchRequest(entity: "Person"))
  /// ```
  public func fetch(_ request: FetchRequest) throws -> [ManagedObject] { try context.fetchNow(request) }

  /// A new object of entity `name`, written by the next ``save()``.
  ///
  /// ```swift
  /// let tag = try new.insert("Tag")
  /// ```
  public func insert(_ name: String) throws(GraphError) -> ManagedObject { try context.insert(name) }

  /// Writes the context's changes inside the migration's transaction (which commits only when
  /// the whole migration does).
  ///
  /// ```swift
  /// try new.save()
  /// ```
  /// - Throws: ``StoreError``, as ``ObjectContext/save()`` does; the migration then rolls back.
  public func save() throws {
    guard let pending = try context.prepareSave() else { return }
    _ = context.commitSave(pending, rows: try transaction.write(pending.plan.plan))
  }
}

/// One version-to-version step of a migration with stages.
package struct MigrationStep {
  /// The layouts of the version before and of the stage's.
  package let old: StoreLayout
  package let new: StoreLayout
  /// The lightweight part.
  package let plan: MigrationPlan
  package let stage: MigrationStage

  /// Runs the step in `transaction` over `backend`: the stage's `before`, `lightweight` (the
  /// backend's run of ``plan``), then its `after`.
  package func run(backend: any StoreBackend, in transaction: any StoreTransaction, lightweight: () throws -> Void) throws {
    if let before = stage.before { try before(MigrationContext(store: Store(backend: backend, layout: old), transaction: transaction)) }
    try lightweight()
    if let after = stage.after { try after(MigrationContext(store: Store(backend: backend, layout: new), transaction: transaction)) }
  }

  /// The steps from the version a store recorded to the last stage's: empty when the store is
  /// at the last version; `nil` when it was made with none of the stages' versions (it then
  /// migrates the usual way, lightweight, without code).
  /// - Throws: ``StoreError`` `schemaMismatch` when a step is not lightweight, naming it.
  package static func steps(from recorded: [String: String], stages: [MigrationStage], transformers: TransformerRegistry, dialect: any SQLDialect) throws
    -> [MigrationStep]?
  {
    let layouts = try stages.map { stage throws(StoreError) in try StoreLayout.opening(stage.schema, transformers: transformers, recorded: recorded) }
    let tables = (recorded["tables"] ?? "").split(separator: "\n").map(String.init)
    guard let start = layouts.lastIndex(where: { $0.createStatements(dialect) == tables }) else { return nil }
    var steps: [MigrationStep] = []
    for index in layouts.indices.dropFirst(start + 1) {
      let old = layouts[index - 1], new = layouts[index]
      do {
        steps.append(MigrationStep(old: old, new: new, plan: try new.migration(fromRecord: old.recordText, dialect: dialect), stage: stages[index]))
      } catch {
        throw StoreError(error.code, "the stage to version \(index + 1) of \(layouts.count): \(error.message)", details: error.details)
      }
    }
    return steps
  }
}

/// Where a store stands against the stages of its model, for a tool that shows the plan.
package enum StagedMigrationState {
  /// No store yet: it would be made at the last version.
  case new
  /// The steps from its version to the last (none when it is at the last).
  case steps([MigrationStep])
  /// It records none of the stages' versions: it would migrate in one step, without code.
  case unknownVersion

  /// The state of a store whose record is `recorded` (`nil`: none).
  package init(recorded: [String: String]?, name: String, stages: [MigrationStage], transformers: TransformerRegistry, dialect: any SQLDialect) throws {
    guard let recorded else {
      self = .new
      return
    }
    try StoreRecord.checkFormat(of: recorded, name: name)
    self = try MigrationStep.steps(from: recorded, stages: stages, transformers: transformers, dialect: dialect).map(Self.steps) ?? .unknownVersion
  }
}
