// Foundation, not FoundationEssentials alone: `SortDescriptor` lives beyond it.
import Foundation
import Foundry
import FoundryGraph

/// A fetch of an `@Entity` class's objects written as SwiftData's `FetchDescriptor` is: a
/// Foundation `Predicate` (`#Predicate`), `SortDescriptor`s, a limit and an offset.
///
/// ```swift
/// var descriptor = EntityFetchDescriptor<Book>(
///   predicate: #Predicate { $0.year > 1990 && $0.author?.name == "Ada" }, sortBy: [SortDescriptor(\.title)])
/// descriptor.fetchLimit = 20
/// let books = try await context.fetch(descriptor)
/// let cached = try context.registeredObjects(matching: descriptor)   // in memory, same answers
/// ```
///
/// The predicate becomes the query the query language would write (the same SQL, the same
/// answers in memory): comparisons of stored properties, through to-one relationships with
/// `?.` or `!`, with values or other key paths; `&&`, `||`, `!`; `contains` and
/// `starts(with:)` on text; `[values].contains($0.x)` (`IN`); `(a...b).contains($0.x)`
/// (`BETWEEN`); `$0.books.count`; `$0.books.contains { … }` and `allSatisfy { … }`
/// (`SUBQUERY`); `== nil`; and `condition ?? false`. Anything else (arithmetic, `??` with a
/// value, computed properties, other methods) is refused before anything runs, naming the
/// expression. Text compares by code point, as the query language does (`==` does not take
/// `"é"` and `"e\u{301}"` as equal, as Swift's `String` would).
public struct EntityFetchDescriptor<T: EntityObject> {
  /// The condition the objects meet; every object when `nil`.
  public var predicate: Predicate<T>?
  /// The order: stored properties, through to-one relationships, most significant first.
  public var sortBy: [SortDescriptor<T>]
  /// At most this many objects.
  public var fetchLimit: Int?
  /// Objects to skip first.
  public var fetchOffset: Int?

  /// A fetch of the objects that meet `predicate`, in the order of `sortBy`.
  ///
  /// ```swift
  /// EntityFetchDescriptor<Author>(predicate: #Predicate { $0.books.count > 2 })
  /// ```
  /// - Parameters:
  ///   - predicate: The condition; every object when `nil`.
  ///   - sortBy: The order.
  public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
    self.predicate = predicate
    self.sortBy = sortBy
  }
}

extension QueryPredicate {
  /// The query a Foundation predicate over an `@Entity` class stands for; its ``text`` is
  /// that query in the query language.
  ///
  /// ```swift
  /// let predicate = try QueryPredicate(#Predicate<Book> { $0.title.starts(with: "The") })
  /// predicate.text   // title BEGINSWITH "The"
  /// ```
  /// - Parameters:
  ///   - predicate: The predicate, as `#Predicate` writes it.
  /// - Throws: ``StoreError`` `invalidQuery` naming an expression a query cannot say.
  public init<T: EntityObject>(_ predicate: Predicate<T>) throws(StoreError) {
    var translator = PredicateTranslator(root: T.self, variable: predicate.variable.key)
    let rendered = QueryRenderer.render(try translator.condition(predicate.expression))
    text = rendered.text
    node = rendered.node
  }
}

extension FetchRequest {
  /// The request a fetch descriptor stands for.
  ///
  /// ```swift
  /// var request = try FetchRequest(EntityFetchDescriptor<Book>(predicate: #Predicate { $0.year > 1990 }))
  /// request.prefetch = ["author"]
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, sort descriptors, limit and offset.
  /// - Throws: ``StoreError`` `invalidQuery` naming an expression a query cannot say, or a
  ///   sort descriptor whose key path is not a stored attribute.
  public init<T: EntityObject>(_ descriptor: EntityFetchDescriptor<T>) throws(StoreError) {
    self.init(entity: T.entity.name)
    predicate = try descriptor.predicate.map { predicate throws(StoreError) in try QueryPredicate(predicate) }
    sortBy = try descriptor.sortBy.map { sort throws(StoreError) in
      guard let keyPath = sort.keyPath, let path = T.propertyPath(of: keyPath), path.end == .attribute else {
        throw StoreError(.invalidQuery, "a sort descriptor of \(T.self) names no stored attribute: sort by stored properties, through to-one relationships with ?.")
      }
      return SortKey(path.names.joined(separator: "."), ascending: sort.order == .forward)
    }
    limit = descriptor.fetchLimit
    offset = descriptor.fetchOffset ?? 0
  }
}

extension ObjectContext {
  /// The stored objects a fetch descriptor asks for, as objects of its class.
  ///
  /// ```swift
  /// let books = try await context.fetch(EntityFetchDescriptor<Book>(predicate: #Predicate { $0.year > 1990 }))
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, sort descriptors, limit and offset.
  /// - Throws: ``StoreError`` `invalidQuery` before anything runs, or the database's error.
  nonisolated(nonsending) public func fetch<T: EntityObject>(_ descriptor: EntityFetchDescriptor<T>) async throws -> [T] {
    try await fetch(try FetchRequest(descriptor)).map(T.init(managedObject:))
  }

  /// The number of stored objects a fetch descriptor asks for (its limit and offset applied).
  ///
  /// ```swift
  /// let count = try await context.fetchCount(EntityFetchDescriptor<Author>(predicate: #Predicate { $0.books.count > 2 }))
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, limit and offset.
  /// - Throws: ``StoreError`` `invalidQuery` before anything runs, or the database's error.
  nonisolated(nonsending) public func fetchCount<T: EntityObject>(_ descriptor: EntityFetchDescriptor<T>) async throws -> Int {
    try await count(try FetchRequest(descriptor))
  }

  /// The objects registered in the context that a fetch descriptor asks for, found in memory
  /// with the store's answers (see ``registeredObjects(matching:)-(FetchRequest)``).
  ///
  /// ```swift
  /// let drafts = try context.registeredObjects(matching: EntityFetchDescriptor<Book>(predicate: #Predicate { $0.year == nil }))
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, sort descriptors, limit and offset.
  /// - Throws: ``StoreError`` `invalidQuery` before anything is read.
  public func registeredObjects<T: EntityObject>(matching descriptor: EntityFetchDescriptor<T>) throws(StoreError) -> [T] {
    try registeredObjects(matching: try FetchRequest(descriptor)).map(T.init(managedObject:))
  }
}

extension ObjectGraph {
  /// The graph's objects a fetch descriptor asks for, found in memory with a store's answers.
  ///
  /// ```swift
  /// let recent = try graph.objects(matching: EntityFetchDescriptor<Book>(predicate: #Predicate { $0.year > 2000 }))
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, sort descriptors, limit and offset.
  ///   - transformers: How transformable attributes' values become the JSON their key paths read.
  /// - Throws: ``StoreError`` `invalidQuery` before anything is read.
  public func objects<T: EntityObject>(matching descriptor: EntityFetchDescriptor<T>, transformers: TransformerRegistry = .standard) throws(StoreError) -> [T] {
    try objects(matching: try FetchRequest(descriptor), transformers: transformers).map(T.init(managedObject:))
  }
}
