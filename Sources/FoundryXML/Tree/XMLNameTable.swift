import FoundryInternals

/// Interned element and attribute names: each distinct (qualified name, namespace) pair gets a
/// small id once, so the tape stores 4 bytes per name and equal names compare as integers.
final class XMLNameTable: @unchecked Sendable {
  // @unchecked: mutated only by the parser before the storage is shared. For the same reason
  // the runtime's exclusivity checks are off: two per lookup (cost: the Performance article).
  @exclusivity(unchecked) private(set) var names: [XMLName] = []
  /// Open-addressing table of name ids + 1 (0 = empty), keyed by the qualified name's bytes
  /// and the namespace.
  @exclusivity(unchecked) private var slots: [UInt32] = Array(repeating: 0, count: 64)
  @exclusivity(unchecked) private var keys: [(bytes: [UInt8], namespace: String?)] = []
  /// Every qualified name's UTF-8, one after another in id order, and where each ends: what
  /// ``XMLTapeReader/qualifiedName(_:)`` reads without a call.
  @exclusivity(unchecked) private(set) var qualifiedBytes: [UInt8] = []
  @exclusivity(unchecked) private(set) var qualifiedEnds: [Int] = []
  /// Per name id, the id of its spelling (its qualified name alone): names in different
  /// namespaces may be spelled alike. Spelling ids are dense, in order of first appearance.
  @exclusivity(unchecked) private(set) var spellingOfName: [UInt32] = []
  /// Open-addressing table of spelling ids + 1, keyed by the qualified name's bytes alone; and
  /// per spelling id, the first name spelled so. (A dictionary keyed by byte arrays hashed
  /// every byte through `Hasher` and grew from empty for every document; the Performance
  /// article has the figures.)
  @exclusivity(unchecked) private var spellingSlots: [UInt32] = Array(repeating: 0, count: 64)
  @exclusivity(unchecked) private var spellingNames: [UInt32] = []

  /// The id of the name spelled `qualified` (UTF-8) in `namespaceURI`, interning it if new.
  func id(of qualified: UnsafeBufferPointer<UInt8>, namespaceURI: String?) -> UInt32 {
    let mask = slots.count - 1
    var slot = Self.hash(qualified, namespaceURI) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      // In place: a copy of the key retained its bytes and namespace.
      let index = Int(entry - 1)
      if ByteSearch.equal(keys[index].bytes, qualified), keys[index].namespace == namespaceURI { return entry - 1 }
      slot = (slot + 1) & mask
    }
    let id = UInt32(names.count)
    let text = String(decoding: qualified, as: UTF8.self)
    names.append(XMLName(text, namespaceURI: namespaceURI))
    keys.append((Array(qualified), namespaceURI))
    qualifiedBytes.append(contentsOf: qualified)
    qualifiedEnds.append(qualifiedBytes.count)
    spellingOfName.append(spellingID(of: qualified, firstName: id))
    slots[slot] = id + 1
    if names.count * 2 > slots.count { slots = Self.table(size: slots.count * 2, keys: keys.indices, of: keys) }
    return id
  }

  /// The spelling id of `qualified`, new (first spelled by the name `firstName`) if no name
  /// was spelled so before.
  private func spellingID(of qualified: UnsafeBufferPointer<UInt8>, firstName: UInt32) -> UInt32 {
    let mask = spellingSlots.count - 1
    var slot = Self.hash(qualified, nil) & mask
    while true {
      let entry = spellingSlots[slot]
      if entry == 0 { break }
      if ByteSearch.equal(keys[Int(spellingNames[Int(entry - 1)])].bytes, qualified) { return entry - 1 }
      slot = (slot + 1) & mask
    }
    let spelling = UInt32(spellingNames.count)
    spellingNames.append(firstName)
    spellingSlots[slot] = spelling + 1
    if spellingNames.count * 2 > spellingSlots.count {
      spellingSlots = Self.table(size: spellingSlots.count * 2, keys: spellingNames.lazy.map { Int($0) }, of: keys, withNamespaces: false)
    }
    return spelling
  }

  /// A table with the same names and ids, to grow on its own: the arrays are shared until
  /// either table adds a name, so this one can keep being read elsewhere.
  func copy() -> XMLNameTable {
    let copy = XMLNameTable()
    copy.names = names
    copy.slots = slots
    copy.keys = keys
    copy.qualifiedBytes = qualifiedBytes
    copy.qualifiedEnds = qualifiedEnds
    copy.spellingOfName = spellingOfName
    copy.spellingSlots = spellingSlots
    copy.spellingNames = spellingNames
    return copy
  }

  /// The id of a name given as a string.
  func id(of qualified: String, namespaceURI: String?) -> UInt32 {
    var qualified = qualified
    return qualified.withUTF8 { id(of: $0, namespaceURI: namespaceURI) }
  }

  /// The name with id `id`.
  func name(_ id: UInt32) -> XMLName {
    names.indices.contains(Int(id)) ? names[Int(id)] : XMLName("")
  }

  /// Whether the name with id `id` is in a namespace, without copying the name.
  func isInNamespace(_ id: UInt32) -> Bool {
    keys.indices.contains(Int(id)) && keys[Int(id)].namespace != nil
  }

  /// The spelling id of the name with id `id` (0 for an unknown id).
  func spelling(of id: UInt32) -> Int {
    spellingOfName.indices.contains(Int(id)) ? Int(spellingOfName[Int(id)]) : 0
  }

  /// An open-addressing table of `size` slots (a power of two) holding, for each of
  /// `entries` in turn, its position + 1 at the first free slot from the hash of the key of
  /// `keys` it names (with its namespace, or the bytes alone).
  private static func table(
    size: Int, keys entries: some Sequence<Int>, of keys: [(bytes: [UInt8], namespace: String?)], withNamespaces: Bool = true
  ) -> [UInt32] {
    var table = [UInt32](repeating: 0, count: size)
    let mask = size - 1
    for (position, index) in entries.enumerated() {
      let key = keys[index]
      var slot = key.bytes.withUnsafeBufferPointer { Self.hash($0, withNamespaces ? key.namespace : nil) } & mask
      while table[slot] != 0 { slot = (slot + 1) & mask }
      table[slot] = UInt32(position + 1)
    }
    return table
  }

  /// The most slots a lookup of a name already in the table walks, in either table: what
  /// hostile names would make grow with their number if they could be made to collide.
  func longestProbe() -> Int {
    func longest(_ table: [UInt32], key: (Int) -> (bytes: [UInt8], namespace: String?)) -> Int {
      let mask = table.count - 1
      var longest = 0
      for (slot, entry) in table.enumerated() where entry != 0 {
        let (bytes, namespace) = key(Int(entry - 1))
        let home = bytes.withUnsafeBufferPointer { Self.hash($0, namespace) } & mask
        longest = max(longest, (slot - home) & mask + 1)
      }
      return longest
    }
    return max(longest(slots) { keys[$0] }, longest(spellingSlots) { (keys[Int(spellingNames[$0])].bytes, nil) })
  }

  /// The name's hash, seeded at random for each process (``SeededHash``): names come from the
  /// input, and a fixed hash would let a document choose names that all land in one run of
  /// slots, making every lookup walk them all.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ namespace: String?) -> Int {
    SeededHash.hash(bytes, extra: namespace.map { UInt64($0.utf8.count) &+ 1 } ?? 0)
  }
}
