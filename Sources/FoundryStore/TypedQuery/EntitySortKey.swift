import FoundryGraph

/// An attribute of an `@Entity` class to sort by, named with a key path.
///
/// ```swift
/// let books = try await context.fetch(Book.self, sortBy: [.descending(\.year), .ascending(\.title)])
/// ```
public struct EntitySortKey<Root: EntityObject>: Sendable {
  /// The sort key, or why the key path could not be read.
  let key: Result<SortKey, StoreError>

  /// Smaller values first.
  ///
  /// ```swift
  /// EntitySortKey<Book>.ascending(\.title)
  /// ```
  /// - Parameters:
  ///   - keyPath: The attribute to sort by.
  public static func ascending<Value>(_ keyPath: KeyPath<Root, Value>) -> EntitySortKey { EntitySortKey(keyPath, ascending: true) }

  /// Larger values first.
  ///
  /// ```swift
  /// EntitySortKey<Book>.descending(\.year)
  /// ```
  /// - Parameters:
  ///   - keyPath: The attribute to sort by.
  public static func descending<Value>(_ keyPath: KeyPath<Root, Value>) -> EntitySortKey { EntitySortKey(keyPath, ascending: false) }

  private init<Value>(_ keyPath: KeyPath<Root, Value>, ascending: Bool) {
    do throws(StoreError) {
      let names = try EntityPredicate<Root>.path(keyPath, allowing: [.attribute])
      key = .success(SortKey(names.joined(separator: "."), ascending: ascending))
    } catch {
      key = .failure(error)
    }
  }
}

extension SortKey {
  /// The sort key a typed one names.
  ///
  /// ```swift
  /// request.sortBy = [try SortKey(.ascending(\Book.title))]
  /// ```
  /// - Parameters:
  ///   - key: The typed sort key.
  /// - Throws: ``StoreError`` `invalidQuery` when the key path names no attribute.
  public init<Root: EntityObject>(_ key: EntitySortKey<Root>) throws(StoreError) {
    self = try key.key.get()
  }
}

extension QueryPredicate {
  /// The predicate a typed one stands for; its ``text`` is the query text of the same query.
  ///
  /// ```swift
  /// var request = FetchRequest(entity: "Book")
  /// request.predicate = try QueryPredicate(\Book.year > 1990)
  /// request.prefetch = ["author"]
  /// ```
  /// - Parameters:
  ///   - predicate: The typed predicate.
  /// - Throws: ``StoreError`` `invalidQuery` when a key path names no attribute or relationship.
  public init<Root: EntityObject>(_ predicate: EntityPredicate<Root>) throws(StoreError) {
    let rendered = QueryRenderer.render(try predicate.node.get())
    text = rendered.text
    node = rendered.node
  }
}
