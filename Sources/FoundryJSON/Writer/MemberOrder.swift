/// The order in which the tape writer writes the members of one object: input order unless
/// keys are sorted or repeated.
///
/// Repeated keys are resolved the way ``JSONNode/value`` resolves them (the document's
/// ``JSONParsingOptions/DuplicateKeyPolicy``: the member keeps the place of the key's first
/// occurrence and the value the policy picks), so the written text reads back as the same
/// value. Keys are compared by their decoded UTF-8 bytes.
struct MemberOrder {
  let storage: JSONStorage
  /// The tape index of the object.
  let object: Int

  /// Buffers reused from one object to the next.
  struct Scratch {
    var fingerprints: [UInt64] = []
  }

  // MARK: - Listing

  /// Appends to `keys` the tape indices of the keys to write, in order, and returns `true`;
  /// or returns `false` and appends nothing when the members can be written as they stand.
  ///
  /// - Complexity: O(*n*) in the number of members without repeated keys, plus
  ///   O(*n* log *n*) comparisons when sorting.
  func list(sorted: Bool, into keys: inout [Int], scratch: inout Scratch) -> Bool {
    let count = Int(storage.nodes[object].count)
    guard count > 1 else { return false }
    // Under `.reject` the parser already proved the keys unique.
    let mayRepeat = storage.duplicateKeys != .reject && storage.mayRepeatKeys(inObjectAt: object, scratch: &scratch.fingerprints)
    guard mayRepeat || sorted else { return false }
    let base = keys.count
    if mayRepeat {
      appendUniqueKeys(into: &keys)
    } else {
      keys.reserveCapacity(base + count)
      storage.forEachKey(inObjectAt: object) { keys.append($0) }
    }
    if sorted {
      let storage = storage
      keys[base...].sort { left, right in
        storage.withKeyBytes(left) { leftBytes in
          storage.withKeyBytes(right) { rightBytes in
            JSONWriter.precedes(leftBytes, rightBytes, orElse: left < right)
          }
        }
      }
    }
    return true
  }

  /// Keeps one key of each name: in the place of its first occurrence, with the occurrence
  /// whose value the policy picks (value = key + 1 on the tape).
  private func appendUniqueKeys(into keys: inout [Int]) {
    let keepsFirst = storage.duplicateKeys == .keepFirst
    var positions: [[UInt8]: Int] = [:]
    storage.forEachKey(inObjectAt: object) { key in
      let name = storage.withKeyBytes(key) { Array($0) }
      if let position = positions[name] {
        if !keepsFirst { keys[position] = key }
      } else {
        positions[name] = keys.count
        keys.append(key)
      }
    }
  }
}
