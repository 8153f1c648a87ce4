/// A set of identities: single integers (what imports look ahead for) in an
/// ``IntegerIdentityTable``, which hashes with a few multiplies, the others in a `Set`, which
/// hashes each key's values with SipHash.
///
/// ```swift
/// var found = IdentitySet()
/// found.insert(IdentityKey(one: .integer(106)))
/// found.contains(IdentityKey(one: .integer(106)))   // true
/// ```
struct IdentitySet {
  private var integers = IntegerIdentityTable()
  private var others: Set<IdentityKey> = []
  /// How many identities the set holds.
  private(set) var count = 0

  /// Inserts `key` (nothing when the set holds it).
  mutating func insert(_ key: IdentityKey) {
    if case .one(.integer(let value)) = key.values {
      guard integers.number(of: value) == nil else { return }
      integers.insert(value, number: 0)
      count += 1
    } else if others.insert(key).inserted {
      count += 1
    }
  }

  /// Whether the set holds `key`.
  func contains(_ key: IdentityKey) -> Bool {
    if case .one(.integer(let value)) = key.values { return integers.number(of: value) != nil }
    return others.contains(key)
  }

  /// Makes room for `more` single-integer identities.
  mutating func reserveCapacity(_ more: Int) { integers.reserveCapacity(more) }
}
