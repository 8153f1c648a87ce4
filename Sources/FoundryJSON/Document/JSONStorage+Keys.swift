extension JSONStorage {
  /// Calls `body` with the tape index of every key of the object at `object`, in input order.
  @inline(__always)
  func forEachKey(inObjectAt object: Int, _ body: (Int) -> Void) {
    let end = Int(nodes[object].payload)
    var key = object + 1
    while key < end {
      body(key)
      key = next(after: key + 1)
    }
  }

  /// The tape index of the value whose key equals `key`, among the members whose keys sit at
  /// `first..<end`, scanning from `hint` and wrapping (see `JSONNode.member(utf8:hint:)`).
  ///
  /// On the storage rather than on a node, so the scan holds no reference of its own.
  func memberValue(utf8 key: UnsafeBufferPointer<UInt8>, hint: inout Int, keysFrom first: Int, to end: Int) -> Int? {
    guard first < end else { return nil }
    let start = hint >= first && hint < end ? hint : first
    var child = start
    repeat {
      let value = child + 1
      let next = next(after: value)
      if stringEquals(child, key) {
        hint = next < end ? next : first
        return value
      }
      child = next < end ? next : first
    } while child != start
    return nil
  }

  /// Calls `body` with the decoded UTF-8 of the key at `key`: the input bytes themselves when
  /// the key has no escapes.
  func withKeyBytes<Result>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard nodes[key].has(TapeNode.hasEscapes) else { return body(rawBytes(of: key)) }
    var decoded = string(at: key)
    return decoded.withUTF8(body)
  }

  /// Whether two keys of the object at `object` may be equal.
  ///
  /// Cheap fingerprints of the raw key bytes are compared (pairwise for a few, through a small
  /// hash table for up to 64, sorted beyond); a key with escapes, or two equal fingerprints,
  /// answer `true` and leave the exact answer to the caller. Objects without repeated keys
  /// (nearly all of them) never hash a key.
  ///
  /// - Parameter scratch: A buffer reused from one object to the next, for objects of more
  ///   than 64 members (fewer are fingerprinted on the stack).
  /// - Complexity: O(*n* log *n*) in the number of members.
  func mayRepeatKeys(inObjectAt object: Int, scratch: inout [UInt64]) -> Bool {
    let count = Int(nodes[object].count)
    guard count > 1 else { return false }
    guard count <= Self.largestHashedObject else {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: repeatElement(0, count: count))
      guard let filled = scratch.withUnsafeMutableBufferPointer({ fingerprintKeys(inObjectAt: object, into: $0) }) else { return true }
      scratch.removeLast(scratch.count - filled)
      scratch.sort()
      return zip(scratch, scratch.dropFirst()).contains { $0 == $1 }
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { fingerprints in
      guard let filled = fingerprintKeys(inObjectAt: object, into: fingerprints) else { return true }
      let taken = UnsafeMutableBufferPointer(rebasing: fingerprints[..<filled])
      // Sorting dominated this check for the small objects that make up most documents.
      return filled <= 8 ? Self.containsEqualPairByComparing(taken) : Self.containsEqualPairByHashing(taken)
    }
  }

  /// Writes the fingerprint of each key of the object at `object` to `fingerprints`, in order,
  /// and returns how many; `nil` when a key has escapes (its raw bytes are not its name), or
  /// when the object holds more keys than `fingerprints` has room for (its member count was
  /// not what the tape says): both answer "may repeat", never "unique" unchecked.
  private func fingerprintKeys(inObjectAt object: Int, into fingerprints: UnsafeMutableBufferPointer<UInt64>) -> Int? {
    let end = Int(nodes[object].payload)
    var key = object + 1
    var filled = 0
    while key < end {
      let node = nodes[key]
      guard filled < fingerprints.count, !node.has(TapeNode.hasEscapes) else { return nil }
      fingerprints[filled] = Self.fingerprint(UnsafeBufferPointer(start: bytes + Int(node.offset), count: Int(node.payload)))
      filled += 1
      key = next(after: key + 1)
    }
    return filled
  }

  /// Whether two of a few fingerprints are equal, comparing every pair.
  private static func containsEqualPairByComparing(_ fingerprints: UnsafeMutableBufferPointer<UInt64>) -> Bool {
    for first in fingerprints.indices {
      for second in (first + 1)..<fingerprints.count where fingerprints[first] == fingerprints[second] { return true }
    }
    return false
  }

  /// The most members an object may have for ``containsEqualPairByHashing(_:)``: half its
  /// largest table.
  private static var largestHashedObject: Int { 64 }

  /// Whether two fingerprints are equal, by inserting them into an open-addressing table on
  /// the stack with at least twice as many slots as fingerprints (a power of two, at most 128).
  ///
  /// An empty slot holds 0, so each fingerprint is stored with its lowest bit set: two that
  /// differ only there count as equal, which only sends the caller to its exact check.
  private static func containsEqualPairByHashing(_ fingerprints: UnsafeMutableBufferPointer<UInt64>) -> Bool {
    assert(fingerprints.count <= largestHashedObject, "the table must keep empty slots")
    // 32, 64 or 128 slots: the table is cleared for every object, so no larger than it must be.
    let shift = fingerprints.count <= 16 ? 59 : fingerprints.count <= 32 ? 58 : 57
    let size = 1 << (64 - shift)
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: size) { table in
      table.initialize(repeating: 0)
      let mask = size - 1
      for fingerprint in fingerprints {
        let stored = fingerprint | 1
        // The top bits of a multiplicative hash; masked, every slot index is within the table.
        var slot = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift)) & mask
        while table[slot] != 0 {
          if table[slot] == stored { return true }
          slot = (slot + 1) & mask
        }
        table[slot] = stored
      }
      return false
    }
  }

  /// The length, the first eight bytes and the last eight bytes of `bytes`, mixed: equal keys
  /// always agree, different keys rarely do.
  ///
  /// `bytes` lie in this storage's bytes, whose padding keeps eight bytes readable from any key:
  /// a short key is read as one word, the bytes after it masked off.
  private static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var mixed = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return mixed }
    let first = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
    if count >= 8 {
      let last = (base + count - 8).loadUnaligned(as: UInt64.self)
      mixed ^= first ^ (last << 29 | last >> 35) &* 0xBF58_476D_1CE4_E5B9
    } else {
      // A shift by 64 (an empty key) gives 0.
      mixed ^= first & (UInt64.max >> (64 - 8 * count))
    }
    return mixed
  }
}
