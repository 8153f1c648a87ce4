import FoundryGraph

extension ObjectContext {
  /// ``results(for:sectionedBy:)->LiveResults`` for an `@Entity` class: snapshots of its objects that meet
  /// a typed predicate, as objects of the class, kept current.
  ///
  /// ```swift
  /// let books = try context.results(for: Book.self, where: \.year > 1990, sortBy: [.ascending(\.title)])
  /// for try await snapshot in books {
  ///   print(snapshot.objects.map(\.title), snapshot.difference.inserted)
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The `@Entity` class whose objects to follow (its subclasses' objects among them).
  ///   - predicate: The condition the objects meet; `nil` follows every object.
  ///   - sortBy: The order, most significant key first.
  ///   - limit: The most objects a snapshot holds; `nil` for all.
  ///   - sectionKey: A stored attribute, or one reached through to-one relationships
  ///     (`\.author?.name`), whose values group the objects into sections (sort by it first).
  /// - Throws: ``StoreError`` `invalidQuery` when a key path names no stored attribute, before
  ///   anything is read.
  public func results<T: EntityObject>(
    for type: T.Type, where predicate: EntityPredicate<T>? = nil, sortBy: [EntitySortKey<T>] = [], limit: Int? = nil,
    sectionedBy sectionKey: PartialKeyPath<T>? = nil
  ) throws(StoreError) -> TypedLiveResults<T> {
    let request = try FetchRequest(T.self, where: predicate, sortBy: sortBy, limit: limit)
    return TypedLiveResults(results: results(for: request, sectionedBy: try sectionKey.map(T.sectionKey)))
  }

  /// ``results(for:sectionedBy:)->LiveResults`` for a fetch descriptor (a Foundation `#Predicate`, sort
  /// descriptors, limit and offset): its objects as objects of its class, kept current.
  ///
  /// ```swift
  /// let recent = EntityFetchDescriptor<Book>(predicate: #Predicate { $0.year > 1990 })
  /// for try await snapshot in try context.results(for: recent) { print(snapshot.objects.count) }
  /// ```
  /// - Parameters:
  ///   - descriptor: The predicate, sort descriptors, limit and offset.
  ///   - sectionKey: As in ``results(for:where:sortBy:limit:sectionedBy:)``.
  /// - Throws: ``StoreError`` `invalidQuery` before anything is read.
  public func results<T: EntityObject>(
    for descriptor: EntityFetchDescriptor<T>, sectionedBy sectionKey: PartialKeyPath<T>? = nil
  ) throws(StoreError) -> TypedLiveResults<T> {
    TypedLiveResults(results: results(for: try FetchRequest(descriptor), sectionedBy: try sectionKey.map(T.sectionKey)))
  }
}

extension EntityObject {
  /// The dotted name of the attribute `keyPath` reaches, for a section key.
  fileprivate static func sectionKey(_ keyPath: PartialKeyPath<Self>) throws(StoreError) -> String {
    guard let path = propertyPath(of: keyPath), path.end == .attribute else {
      throw StoreError(
        .invalidQuery, "a section key of \(Self.self) names no stored attribute: group by stored properties, through to-one relationships with ?.")
    }
    return path.names.joined(separator: ".")
  }
}

/// ``LiveResults`` whose snapshots hold objects of an `@Entity` class: what
/// ``ObjectContext/results(for:where:sortBy:limit:sectionedBy:)`` returns.
///
/// ```swift
/// for try await snapshot in try context.results(for: Author.self, sortBy: [.ascending(\.name)]) {
///   names = snapshot.objects.map(\.name)
/// }
/// ```
public struct TypedLiveResults<T: EntityObject>: AsyncSequence {
  public typealias Element = TypedResultsSnapshot<T>

  let results: LiveResults

  public func makeAsyncIterator() -> Iterator { Iterator(base: results.makeAsyncIterator()) }

  /// Makes a snapshot now, then one after each commit that changes the answer.
  public struct Iterator: AsyncIteratorProtocol {
    var base: LiveResults.Iterator

    public mutating func next() async throws -> TypedResultsSnapshot<T>? {
      guard let snapshot = try await base.next() else { return nil }
      return TypedResultsSnapshot(snapshot)
    }
  }
}

/// One answer of ``TypedLiveResults``: the objects as instances of an `@Entity` class (views
/// of the context's managed objects), their sections, and what changed since the snapshot
/// before.
///
/// ```swift
/// for section in snapshot.sections { print(section.name, section.objects.map(\.title)) }
/// ```
public struct TypedResultsSnapshot<T: EntityObject> {
  /// One group of objects with the same value of the section key.
  public struct Section {
    /// The value of the section key, as text (`""` for no value).
    public var name: String
    /// The objects, in the request's order.
    public var objects: [T]
  }

  /// The objects, in the request's order.
  public var objects: [T]
  /// The objects grouped by the section key; one section of them all without a key.
  public var sections: [Section]
  /// The positions that changed since the snapshot before (for the first, every object is
  /// inserted).
  public var difference: ResultsDifference

  /// The typed view of `snapshot`.
  init(_ snapshot: ResultsSnapshot) {
    objects = snapshot.objects(as: T.self)
    sections = snapshot.sections.map { Section(name: $0.name, objects: $0.objects.map(T.init(managedObject:))) }
    difference = snapshot.difference
  }
}
