import FoundryInternals

/// Object numbers by one integer identity, the commonest kind: open addressing with linear
/// probing, at most half full.
///
/// A dictionary hashes every key with SipHash, a third of an identity lookup's cost here.
/// This table hashes a key with SplitMix64's finisher over the key and the process's random
/// seed (`SeededHash.hash(_:)`) instead: a few multiplies, and every bit of the key reaches
/// the top bits that pick its slot. Counted-up identities and identities that share their low
/// bits (ids in steps of 8 or 1,000) spread alike, and a payload cannot choose identities that
/// land in one run without knowing the seed. (A multiply by a random odd number alone lines
/// counted-up keys up in a few long runs for some multipliers: thousands of probes an insert.)
package struct IntegerIdentityTable {
  private struct Slot {
    var key: Int64
    /// The object number; `-1` for an empty slot.
    var number: Int
  }

  private var slots: [Slot] = []
  private var count = 0
  /// `64 - log2(slots.count)`: the hash's top bits pick a slot.
  private var shift: UInt64 = 64

  /// An empty table.
  package init() {}

  /// Whether the table holds no key.
  package var isEmpty: Bool { count == 0 }

  /// The object number of `key`, if any.
  package func number(of key: Int64) -> Int? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var position = home(of: key)
    while true {
      let slot = slots[position]
      if slot.number < 0 { return nil }
      if slot.key == key { return slot.number }
      position = (position + 1) & mask
    }
  }

  /// Sets the object number of `key`.
  package mutating func insert(_ key: Int64, number: Int) { insert(key, number: number, replacing: true) }

  /// Sets the object number of `key` unless it has one.
  mutating func insertIfAbsent(_ key: Int64, number: Int) { insert(key, number: number, replacing: false) }

  private mutating func insert(_ key: Int64, number: Int, replacing: Bool) {
    if (count + 1) * 2 > slots.count { grow(to: max(16, slots.count * 2)) }
    let mask = slots.count - 1
    var position = home(of: key)
    while slots[position].number >= 0 {
      if slots[position].key == key {
        if replacing { slots[position].number = number }
        return
      }
      position = (position + 1) & mask
    }
    slots[position] = Slot(key: key, number: number)
    count += 1
  }

  /// Makes room for `more` keys, so that inserting them rehashes nothing.
  mutating func reserveCapacity(_ more: Int) {
    let needed = (count + more) * 2
    guard needed > slots.count else { return }
    var capacity = max(16, slots.count)
    while capacity < needed { capacity *= 2 }
    grow(to: capacity)
  }

  /// Removes every key, keeping the room (the next batch of an import needs as much).
  mutating func removeAll() {
    guard count > 0 else { return }
    for position in slots.indices { slots[position].number = -1 }
    count = 0
  }

  /// Removes `key`, moving later entries of its run back so that no search stops short.
  mutating func remove(_ key: Int64) {
    guard count > 0 else { return }
    let mask = slots.count - 1
    var hole = home(of: key)
    while slots[hole].key != key || slots[hole].number < 0 {
      if slots[hole].number < 0 { return }
      hole = (hole + 1) & mask
    }
    var next = hole
    while true {
      next = (next + 1) & mask
      guard slots[next].number >= 0 else { break }
      let wanted = home(of: slots[next].key)
      // The entry may fill the hole unless its home lies after the hole, up to where it sits.
      let staysPut = hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
      if !staysPut {
        slots[hole] = slots[next]
        hole = next
      }
    }
    slots[hole].number = -1
    count -= 1
  }

  /// How far keys sit from the slot their search starts at, on average (0 when each is in
  /// its own): what a lookup walks past, for tests to check the hash spreads keys.
  package var averageDisplacement: Double {
    guard count > 0 else { return 0 }
    let mask = slots.count - 1
    var total = 0
    for (position, slot) in slots.enumerated() where slot.number >= 0 { total += (position - home(of: slot.key)) & mask }
    return Double(total) / Double(count)
  }

  /// The slot a key's search starts at: the top bits of its hash.
  private func home(of key: Int64) -> Int {
    let hash = SeededHash.hash(UInt64(bitPattern: key))
    return Int(truncatingIfNeeded: hash >> shift) & (slots.count - 1)
  }

  private mutating func grow(to capacity: Int) {
    let old = slots
    slots = Array(repeating: Slot(key: 0, number: -1), count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    count = 0
    for slot in old where slot.number >= 0 { insert(slot.key, number: slot.number) }
  }
}
