/// The identity index of a graph: objects by entity family and identity. Objects hold it (not
/// the graph), so an object can keep it current when an identity attribute changes without a
/// reference cycle: it stores object numbers, not objects.
final class IdentityIndex {
  // Unchecked exclusivity, here and below: the index belongs to one graph (ARCHITECTURE.md, Invariants: "One owner").
  /// Per root entity: identity → object number, for identities other than one integer.
  @exclusivity(unchecked) private var tables: [[IdentityKey: Int]]
  /// Per root entity: the common case of one integer identity.
  @exclusivity(unchecked) private var integers: [IntegerIdentityTable]
  /// The graph, for objects that load relationships from its source (weak: objects never
  /// keep their graph alive).
  weak var graph: ObjectGraph?
  // Unchecked exclusivity: as for `tables`.
  /// Numbers of objects loaded from a store whose identities are not indexed yet: a fetch
  /// registers many objects that nothing ever looks up by identity, so they are indexed on
  /// the index's next use instead (each use indexes them first, so no answer changes).
  @exclusivity(unchecked) private var unindexed: [Range<Int>] = []

  init(entityCount: Int) {
    tables = Array(repeating: [:], count: entityCount)
    integers = (0..<entityCount).map { _ in IntegerIdentityTable() }
  }

  func number(of key: IdentityKey, family: Int) -> Int? {
    if !unindexed.isEmpty { indexLoaded() }
    if case .one(.integer(let value)) = key.values { return integers[family].number(of: value) }
    return tables[family][key]
  }

  func insert(_ key: IdentityKey, number: Int, family: Int) {
    if !unindexed.isEmpty { indexLoaded() }
    if case .one(.integer(let value)) = key.values { return integers[family].insert(value, number: number) }
    tables[family][key] = number
  }

  /// Indexes `key` unless an object already holds it (one probe, not a look-up then an insert).
  func insertIfAbsent(_ key: IdentityKey, number: Int, family: Int) {
    if !unindexed.isEmpty { indexLoaded() }
    if case .one(.integer(let value)) = key.values { return integers[family].insertIfAbsent(value, number: number) }
    if tables[family][key] == nil { tables[family][key] = number }
  }

  /// Makes room for `count` more single-integer identities in `family`.
  func reserveCapacity(_ count: Int, family: Int) { integers[family].reserveCapacity(count) }

  /// Indexes a loaded object's identity on the index's next use (unless another object holds
  /// that identity by then, as ``insertIfAbsent(_:number:family:)``).
  func insertLater(number: Int) { unindexed.append(objectNumber: number) }

  /// Indexes the loaded objects waiting: their identities as they are now (a change since
  /// moved nothing in the index), unless deleted or scoped to a parent.
  private func indexLoaded() {
    let numbers = unindexed.joined()
    unindexed = []
    guard let graph else { return }
    for number in numbers {
      guard graph.storage.indices.contains(number), let object = graph.storage[number], !object.isDeleted,
        !object.entity.isIdentityScopedToParent, let key = object.identityKey
      else { continue }
      insertIfAbsent(key, number: number, family: object.entity.rootIndex)
    }
  }

  /// Forgets every identity, keeping the tables' room for the next objects.
  func removeAll() {
    unindexed = []
    for family in tables.indices {
      tables[family].removeAll(keepingCapacity: true)
      integers[family].removeAll()
    }
  }

  func remove(_ key: IdentityKey, number: Int, family: Int) {
    if !unindexed.isEmpty { indexLoaded() }
    guard self.number(of: key, family: family) == number else { return }
    if case .one(.integer(let value)) = key.values { return integers[family].remove(value) }
    tables[family][key] = nil
  }
}
