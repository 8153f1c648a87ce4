import Foundry
import FoundryGraph

extension Store {
  /// Fetches the objects a request names `size` at a time, each batch in a context of its own
  /// that `body` may change and save, and that goes away before the next batch is read: memory
  /// holds one batch, however many rows the entity has.
  ///
  /// ```swift
  /// var request = FetchRequest(entity: "Event")
  /// request.prefetch = ["venue"]
  /// try await store.forEachBatch(of: request, size: 1_000) { context, events in
  ///   for event in events { event.archived = true }
  ///   try await context.save()
  /// }
  /// ```
  /// Without sort keys, batches follow the rows' order and page by row (no offset to skip);
  /// with sort keys they page by offset, so rows inserted meanwhile can shift them.
  /// - Parameters:
  ///   - request: The objects; its limit and offset apply to the whole run.
  ///   - size: Objects per batch (at least 1).
  ///   - transformers: The contexts' transformer registry; the store's own when `nil`.
  ///   - body: Called with each batch's context and objects.
  nonisolated(nonsending) public func forEachBatch(
    of request: FetchRequest, size: Int, transformers: TransformerRegistry? = nil,
    _ body: (ObjectContext, [ManagedObject]) async throws -> Void
  ) async throws {
    let size = max(1, size)
    let pagesByRow = request.sortBy.isEmpty
    var remaining = request.limit ?? Int.max
    var page = request
    while remaining > 0 {
      try Task.checkCancellation()
      let context = try makeContext(transformers: transformers)
      page.limit = min(size, remaining)
      let objects = try await context.fetch(page)
      if !objects.isEmpty { try await body(context, objects) }
      remaining -= objects.count
      // A short batch is the last (a fetch leaves out nothing in a new context).
      guard objects.count == page.limit, let last = objects.last?.persistentID?.row else { return }
      if pagesByRow {
        // The first page skips the request's offset; the next ones start after the last row.
        page.offset = 0
        page.afterRow = last
      } else {
        page.offset += objects.count
      }
    }
  }
}
