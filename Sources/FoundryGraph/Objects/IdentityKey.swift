/// The identity attribute values of one object, normalized to the attributes' types: what
/// the graph's identity index is keyed by.
struct IdentityKey: Hashable {
  /// One form per key: two integers are always an ``integerPair``, never ``several``, so
  /// that equal keys are equal values.
  enum Values: Hashable {
    case one(GraphValue)
    /// Two integers, the common composite identity (a price by seat and audience category),
    /// kept without an array: an import makes one per payload object it reads.
    case integerPair(Int64, Int64)
    case several([GraphValue])
  }
  let values: Values

  init(_ values: [GraphValue]) {
    switch values.count {
    case 1: self.init(one: values[0])
    case 2: self.init(values[0], values[1])
    default: self.init(values: .several(values))
    }
  }

  /// The key of two identity values.
  init(_ first: GraphValue, _ second: GraphValue) {
    if case .integer(let first) = first, case .integer(let second) = second {
      values = .integerPair(first, second)
    } else {
      values = .several([first, second])
    }
  }

  init(one value: GraphValue) { values = .one(value) }

  /// The key of the values `value` gives for the identity `slots`, or `nil` when one is
  /// missing (a partial identity identifies nothing). One or two values make no array.
  ///
  /// ```swift
  /// IdentityKey(slots: entity.identitySlots) { values[$0] }
  /// ```
  @inline(__always)
  init?(slots: [Int], value: (Int) throws -> GraphValue?) rethrows {
    switch slots.count {
    case 0:
      return nil
    case 1:
      guard let only = try value(slots[0]) else { return nil }
      self.init(one: only)
    case 2:
      guard let first = try value(slots[0]), let second = try value(slots[1]) else { return nil }
      self.init(first, second)
    default:
      var found: [GraphValue] = []
      found.reserveCapacity(slots.count)
      for slot in slots {
        guard let next = try value(slot) else { return nil }
        found.append(next)
      }
      self.init(values: .several(found))
    }
  }

  private init(values: Values) { self.values = values }

  /// The values in identity order.
  var components: [GraphValue] {
    switch values {
    case .one(let value): [value]
    case .integerPair(let first, let second): [.integer(first), .integer(second)]
    case .several(let values): values
    }
  }

  /// The values as written in messages: `7` or `(7, "EU")`.
  var display: String {
    switch values {
    case .one(let value): "\(value)"
    case .integerPair(let first, let second): "(\(first), \(second))"
    case .several(let values): "(" + values.map(\.description).joined(separator: ", ") + ")"
    }
  }
}

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

  func remove(_ key: IdentityKey, number: Int, family: Int) {
    if !unindexed.isEmpty { indexLoaded() }
    guard self.number(of: key, family: family) == number else { return }
    if case .one(.integer(let value)) = key.values { return integers[family].remove(value) }
    tables[family][key] = nil
  }
}

extension [Range<Int>] {
  /// Adds object number `number`, extending the last range when it ends there: numbers come in
  /// runs (a fetch registers its objects one after another), kept as ranges.
  mutating func append(objectNumber number: Int) {
    if let last, last.upperBound == number {
      self[count - 1] = last.lowerBound..<number + 1
    } else {
      append(number..<number + 1)
    }
  }
}
