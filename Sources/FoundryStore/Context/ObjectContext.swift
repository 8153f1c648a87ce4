import Foundry
import FoundryGraph

/// A scratch pad over a ``Store``: the objects a task loaded, inserted, changed and deleted,
/// written back by ``save()`` in one transaction or forgotten by ``rollback()``.
///
/// ```swift
/// let context = try store.makeContext()
/// let ada = try context.object(of: "Author", identity: 1) ?? context.insert("Author")
/// ada.name = "Ada"
/// try await context.save()
/// ```
///
/// One stored row is one object per context (an identity map). Relationships load on first
/// access. A context is confined to one task or actor: it is not `Sendable`; make one per task.
public final class ObjectContext {
  /// The store the context reads and saves.
  public let store: Store
  /// The context's objects: use its import, export and change tracking directly.
  public let graph: ObjectGraph
  /// What ``save()`` does when another save changed one of the same objects first.
  public var mergePolicy = MergePolicy.error
  /// Who is saving, as the store's history records it (``HistoryTransaction/author``):
  /// `"importer"`, `"sync"`, a user's name. `nil` records none.
  ///
  /// ```swift
  /// context.author = "importer"
  /// try await context.save()
  /// ```
  public var author: String?
  let source: StoreSource

  /// Where the named transformers of attributes are found, to write objects out as payloads
  /// (an export): the store's bindings unless the context was made with others. How the
  /// store keeps values is the store's alone (``Store/transformers``).
  public let transformers: TransformerRegistry

  init(store: Store, transformers: TransformerRegistry) {
    self.store = store
    self.transformers = transformers
    let decoder = RowDecoder(layout: store.layout, dialect: store.backend.dialect)
    source = StoreSource(backend: store.backend, decoder: decoder, latestCommit: store.latestCommit)
    graph = ObjectGraph(schema: store.schema)
    graph.source = source
    source.graph = graph
  }

  /// `options` with the store's transformer bindings for every name its registry lacks, so
  /// that an import reads values as the store keeps them.
  func storeBound(_ options: GraphImportOptions) -> GraphImportOptions {
    var options = options
    options.mapping.transformers = options.mapping.transformers.adding(store.transformers)
    return options
  }

  // MARK: - Objects

  /// A new object of entity `name`, saved with the next ``save()``.
  ///
  /// ```swift
  /// let book = try context.insert("Book")
  /// ```
  /// - Parameters:
  ///   - name: The name of a concrete (not abstract) entity of the store's schema.
  /// - Throws: `GraphError` `unknownEntity` or `abstractEntity`.
  public func insert(_ name: String) throws(GraphError) -> ManagedObject { try graph.insert(name) }

  /// The object of entity `name` with these identity values, loaded or found in the store.
  ///
  /// ```swift
  /// let author = try context.object(of: "Author", identity: 106)
  /// ```
  /// - Parameters:
  ///   - name: The name of the entity.
  ///   - identity: The values of the entity's identity attributes, in their declared order.
  /// - Throws: `GraphError`: `unknownEntity`, `typeMismatch`, or `loadFailed` when the store cannot be read.
  public func object(of name: String, identity: GraphValue...) throws(GraphError) -> ManagedObject? {
    try graph.object(of: name, identityValues: identity)
  }

  /// Deletes `object` (and what its cascade rules reach) at the next save.
  ///
  /// ```swift
  /// try context.delete(author)
  /// ```
  /// - Parameters:
  ///   - object: An object of this context.
  /// - Throws: `GraphError` `deleteDenied` (nothing is deleted then).
  public func delete(_ object: ManagedObject) throws(GraphError) { try graph.delete(object) }

  // MARK: - Changes

  /// Whether anything was inserted, changed or deleted since the last save or rollback.
  public var hasChanges: Bool { graph.hasChanges }
  /// Objects inserted since the last save.
  public var insertedObjects: [ManagedObject] { graph.insertedObjects }
  /// Stored objects changed since the last save.
  public var updatedObjects: [ManagedObject] { graph.updatedObjects }
  /// Stored objects deleted since the last save.
  public var deletedObjects: [ManagedObject] { graph.deletedObjects }

  /// Forgets every change since the last save: inserted objects go, deleted ones come back,
  /// values and relationships are as saved.
  ///
  /// ```swift
  /// author.name = "typo"
  /// context.rollback()
  /// ```
  public func rollback() { graph.rollback() }
}
