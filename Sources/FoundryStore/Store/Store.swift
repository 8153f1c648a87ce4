#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
internal import FoundryInternals

/// Object graphs kept in a database: a schema laid out in tables, shared by the contexts that
/// read and change it.
///
/// ```swift
/// import FoundrySQLite
///
/// let store = try Store(path: "library.sqlite", schema: schema)
/// let context = try store.makeContext()
/// let author = try context.insert("Author")
/// author.name = "Ada"
/// try await context.save()
/// ```
///
/// A store is `Sendable`: share it between tasks, and give each task (or actor) its own
/// ``ObjectContext``. Backends add the initializers that open a store (`Store(path:schema:)`
/// in FoundrySQLite). There is no close call: the database is closed when the last reference
/// to the store and its contexts goes away.
public final class Store: Sendable {
  /// The schema the store keeps.
  public let schema: Schema
  package let backend: any StoreBackend
  package let layout: StoreLayout
  /// The streams ``changes()`` handed out.
  let subscribers = Locked<[UUID: AsyncStream<SaveResult>.Continuation]>([:])
  /// Where the primary's log ended after the latest save or import through this store (with
  /// read replicas): a replica serves the store's contexts once it has replayed that far, so
  /// the process reads its own writes.
  let latestCommit = Locked<CommitPosition?>(nil)
  /// The followers of the store's commits (``transactions(after:)``, live results), and the
  /// one watch of the backend that wakes them all while there are any.
  let followers = Locked<Followers>(Followers())
  /// Whether saves record history (``enableHistory()``).
  let keepsHistory: Locked<Bool>

  /// A store over a backend whose tables follow `layout`.
  package init(backend: any StoreBackend, layout: StoreLayout) {
    self.schema = layout.schema
    self.backend = backend
    self.layout = layout
    keepsHistory = Locked(layout.keepsHistory)
  }

  /// The transformers the store was opened with, and the bindings it recorded: they decide how
  /// each attribute's values are kept (a `Date` column for a transformer that makes dates, a
  /// JSON array for one that makes lists), so every context reads them the same way.
  ///
  /// ```swift
  /// var registry = TransformerRegistry.standard
  /// try registry.bind("ISODay", to: "date:yyyy-MM-dd")
  /// let store = try Store(path: "library.sqlite", schema: schema, transformers: registry)
  /// store.transformers.boundSpec(of: "ISODay")   // "date:yyyy-MM-dd", also when opened later without it
  /// ```
  public var transformers: TransformerRegistry { layout.transformers }

  /// A new context over the store, with nothing loaded.
  ///
  /// ```swift
  /// let context = try store.makeContext()
  /// ```
  /// - Parameter transformers: Where the named transformers are found to write objects out as
  ///   payloads; the store's own (``transformers``) when `nil`. How values are kept in the
  ///   store does not depend on it.
  public func makeContext(transformers: TransformerRegistry? = nil) throws -> ObjectContext {
    ObjectContext(store: self, transformers: transformers ?? self.transformers)
  }

  /// A value the store keeps in its own record for tools (the command line keeps the
  /// transformer bindings an import used there), by key; `nil` when there is none.
  package func recordedValue(_ key: String) throws -> String? { try backend.record("tool." + key) }

  /// Keeps a value in the store's own record for tools.
  package func setRecordedValue(_ value: String, for key: String) throws { try backend.setRecord("tool." + key, to: value) }

  /// The schema recorded as `record` in a store (what ``StoreLayout/recordText`` wrote).
  package static func schema(fromRecord record: String) throws(StoreError) -> Schema { try SchemaRecord.schema(from: record) }

  /// The statements that created the store's tables (the SQL the schema maps to).
  ///
  /// ```swift
  /// print(store.tableDefinitions.joined(separator: ";\n"))
  /// ```
  public var tableDefinitions: [String] { layout.createStatements(backend.dialect) }
}
