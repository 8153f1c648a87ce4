import FoundryGraph

extension ObjectContext {
  /// The answer to a request, kept current: an `AsyncSequence` of snapshots, the first at
  /// once, then one after every save that changes the answer, from any context or process.
  ///
  /// ```swift
  /// var request = try FetchRequest(entity: "Book", where: "year > 1970")
  /// request.sortBy = [SortKey("title")]
  /// for try await snapshot in context.results(for: request) {
  ///   table.apply(snapshot.difference)   // inserted, removed, moved and updated positions
  ///   print(snapshot.objects.count)
  /// }
  /// ```
  /// After a commit (woken as ``Store/transactions(after:)`` is: the store's file on SQLite,
  /// `NOTIFY` on PostgreSQL, or a save of this process) the request is fetched again, and in
  /// the same read the objects the store changed are refreshed (this context's unsaved
  /// changes kept, unless its ``mergePolicy`` is `.storeWins`); a snapshot comes only when
  /// the objects, their order or one of their stored versions changed. Commits that arrive while a snapshot
  /// is being made are taken together in the next one, and snapshots come in the order they
  /// were made: never one older than a snapshot already delivered. The sequence ends when
  /// the task iterating it is cancelled. History need not be enabled.
  /// - Parameters:
  ///   - request: The entity, predicate, sort keys and limit of the objects.
  ///   - sectionKey: An attribute of the entity, or a key path through to-one relationships
  ///     to one (`author.lastName`), whose values group the objects into sections, in the
  ///     order the request sorts them (sort by it first); `nil` for no sections.
  public func results(for request: FetchRequest, sectionedBy sectionKey: String? = nil) -> LiveResults {
    LiveResults(context: self, request: request, sectionKey: sectionKey)
  }
}

/// One answer of ``ObjectContext/results(for:sectionedBy:)->LiveResults``: the objects, their sections,
/// and what changed since the snapshot before.
///
/// ```swift
/// for section in snapshot.sections { print(section.name, section.objects.count) }
/// ```
public struct ResultsSnapshot {
  /// One group of objects with the same value of the section key.
  public struct Section {
    /// The value of the section key, as text (`""` for no value).
    public var name: String
    /// The objects, in the request's order.
    public var objects: [ManagedObject]
  }

  /// The objects, in the request's order.
  public var objects: [ManagedObject]
  /// The objects grouped by the section key; one section of them all without a key.
  public var sections: [Section]
  /// The positions that changed since the snapshot before (for the first, every object is
  /// inserted).
  public var difference: ResultsDifference

  /// The objects as instances of an `@Entity` class (views of the same managed objects).
  ///
  /// ```swift
  /// for try await snapshot in context.results(for: FetchRequest(entity: "Author")) {
  ///   let authors = snapshot.objects(as: Author.self)
  /// }
  /// ```
  public func objects<T: EntityObject>(as type: T.Type) -> [T] { objects.map(T.init(managedObject:)) }
}

/// How one snapshot of live results differs from the one before, by position.
///
/// ```swift
/// tableView.deleteRows(at: difference.removed)   // positions in the old snapshot
/// tableView.insertRows(at: difference.inserted)  // positions in the new one
/// ```
public struct ResultsDifference: Sendable, Hashable {
  /// Positions in the new snapshot of objects the old one did not hold.
  public var inserted: [Int] = []
  /// Positions in the old snapshot of objects the new one does not hold.
  public var removed: [Int] = []
  /// Objects of both whose place among the others changed: old position, new position.
  public var moved: [Move] = []
  /// Positions in the new snapshot of objects of both whose stored values changed.
  public var updated: [Int] = []

  /// An object that moved.
  public struct Move: Sendable, Hashable {
    public var from: Int
    public var to: Int

    /// The move of the object at `from` in the old snapshot to `to` in the new one.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// A difference.
  ///
  /// ```swift
  /// ResultsDifference(inserted: [0])   // one object, first in the new snapshot
  /// ```
  public init(inserted: [Int] = [], removed: [Int] = [], moved: [Move] = [], updated: [Int] = []) {
    self.inserted = inserted
    self.removed = removed
    self.moved = moved
    self.updated = updated
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && moved.isEmpty && updated.isEmpty }

  /// The difference between the objects `old` and `new` (by persistent ID), `updated` naming
  /// the IDs whose stored version changed.
  init(from old: [PersistentID], to new: [PersistentID], updated changed: Set<PersistentID>) {
    for change in new.difference(from: old).inferringMoves() {
      switch change {
      case .insert(let offset, _, let from?): moved.append(Move(from: from, to: offset))
      case .insert(let offset, _, nil): inserted.append(offset)
      case .remove(_, _, .some): continue
      case .remove(let offset, _, nil): removed.append(offset)
      }
    }
    let kept = Set(old)
    updated = new.indices.filter { kept.contains(new[$0]) && changed.contains(new[$0]) }
  }
}

/// The snapshots of ``ObjectContext/results(for:sectionedBy:)->LiveResults``.
///
/// ```swift
/// for try await snapshot in context.results(for: FetchRequest(entity: "Tag")) { print(snapshot.objects.count) }
/// ```
public struct LiveResults: AsyncSequence {
  public typealias Element = ResultsSnapshot

  let context: ObjectContext
  let request: FetchRequest
  let sectionKey: String?

  public func makeAsyncIterator() -> Iterator { Iterator(results: self) }

  /// Makes a snapshot now, then one after each commit that changes the answer.
  public struct Iterator: AsyncIteratorProtocol {
    let results: LiveResults
    private var objects: [ManagedObject]?
    private var follower: Follower?
    private var wakeUps: AsyncStream<Void>.Iterator?

    init(results: LiveResults) { self.results = results }

    public mutating func next() async throws -> ResultsSnapshot? {
      let context = results.context
      guard let old = objects else {
        // Watching starts before the first fetch, so a commit during it still wakes it.
        let watching = try Follower(store: context.store)
        follower = watching
        wakeUps = watching.wakeUps.makeAsyncIterator()
        let fetched = try await context.fetch(results.request)
        objects = fetched
        return try snapshot(fetched, difference: ResultsDifference(from: [], to: fetched.compactMap(\.persistentID), updated: []))
      }
      let ids = old.compactMap(\.persistentID)
      while true {
        guard await wakeUps?.next() != nil else { return nil }
        // One read: the objects in order, and the new values of those the store changed.
        let fetched: (objects: [ManagedObject], refreshed: Set<PersistentID>)
        do {
          fetched = try await context.fetchRefreshing(results.request, dropsChanges: context.mergePolicy == .storeWins)
        } catch  where Task.isCancelled {
          return nil
        }
        let difference = ResultsDifference(from: ids, to: fetched.objects.compactMap(\.persistentID), updated: fetched.refreshed)
        guard !difference.isEmpty else { continue }
        objects = fetched.objects
        return try snapshot(fetched.objects, difference: difference)
      }
    }

    /// The snapshot of `objects`, in sections by the section key.
    private func snapshot(_ objects: [ManagedObject], difference: ResultsDifference) throws -> ResultsSnapshot {
      guard let key = results.sectionKey else {
        return ResultsSnapshot(objects: objects, sections: [ResultsSnapshot.Section(name: "", objects: objects)], difference: difference)
      }
      var sections: [ResultsSnapshot.Section] = []
      for object in objects {
        let name = try Self.sectionName(of: object, key: key)
        if sections.last?.name == name {
          sections[sections.count - 1].objects.append(object)
        } else {
          sections.append(ResultsSnapshot.Section(name: name, objects: [object]))
        }
      }
      return ResultsSnapshot(objects: objects, sections: sections, difference: difference)
    }

    /// The value of `key` (through to-one relationships) of `object`, as text.
    private static func sectionName(of object: ManagedObject, key: String) throws -> String {
      var current: ManagedObject? = object
      let components = key.split(separator: ".").map(String.init)
      for relationship in components.dropLast() { current = try current?.relatedObject(forKey: relationship) }
      guard let last = components.last, let value = try current?.value(forKey: last) else { return "" }
      if case .string(let text) = value { return text }
      return value.description
    }
  }
}
