extension JSONNode {
  /// This node and everything below it as a ``JSONValue`` tree.
  ///
  /// Built in one pass along the tape with an explicit stack, so nesting depth never
  /// touches the call stack. Repeated keys follow the document's duplicate-key policy.
  ///
  /// - Complexity: O(*n*) in the number of nodes below this one.
  public var value: JSONValue {
    var builder = ValueBuilder(storage: storage)
    return builder.build(from: index)
  }
}

/// The explicit-stack walk behind ``JSONNode/value``.
private struct ValueBuilder {
  let storage: JSONStorage

  private struct Frame {
    var isObject: Bool
    var end: Int
    var keys: [String] = []
    var values: [JSONValue] = []
    /// Where this object's key fingerprints start in ``ValueBuilder/fingerprints``.
    var fingerprintStart = 0
  }

  private var stack: [Frame] = []
  /// Key fingerprints of the open objects, innermost last; each frame owns a suffix.
  private var fingerprints: [UInt64] = []

  init(storage: JSONStorage) { self.storage = storage }

  mutating func build(from start: Int) -> JSONValue {
    var index = start
    while true {
      let node = storage.nodes[index]
      var value: JSONValue
      switch node.kind {
      case .null: value = .null
      case .true: value = .bool(true)
      case .false: value = .bool(false)
      case .number: value = JSONNode(storage: storage, index: index).number.map(JSONValue.number) ?? .null
      case .string:
        let string = storage.string(at: index)
        if let top = stack.indices.last, stack[top].isObject, stack[top].keys.count == stack[top].values.count {
          fingerprints.append(node.has(TapeNode.hasEscapes) ? Self.fingerprint(of: string) : fingerprint(ofKeyAt: index))
          stack[top].keys.append(string)
          index += 1
          continue
        }
        value = .string(string)
      case .array, .object:
        var frame = Frame(isObject: node.kind == .object, end: Int(node.payload), fingerprintStart: fingerprints.count)
        frame.values.reserveCapacity(Int(node.count))
        if frame.isObject { frame.keys.reserveCapacity(Int(node.count)) }
        index += 1
        guard index == frame.end else {
          stack.append(frame)
          continue
        }
        value = makeValue(frame)
        index -= 1
      }
      index += 1
      // Hand the finished value to its parent, closing every container that ends here.
      while let top = stack.indices.last {
        stack[top].values.append(value)
        guard index == stack[top].end, let finished = stack.popLast() else { break }
        value = makeValue(finished)
      }
      if stack.isEmpty { return value }
    }
  }

  private mutating func makeValue(_ frame: Frame) -> JSONValue {
    guard frame.isObject else { return .array(frame.values) }
    if hasRepeatedKey(frame) {
      let policy: JSONParsingOptions.DuplicateKeyPolicy = storage.duplicateKeys == .keepFirst ? .keepFirst : .keepLast
      return .object(JSONObject(zip(frame.keys, frame.values), uniquingKeysWith: policy))
    }
    return .object(JSONObject(uniqueKeys: frame.keys, values: frame.values))
  }

  /// Whether two keys of the object are equal: fingerprints compared first, the strings
  /// themselves only when two fingerprints agree. Cheaper than hashing every key into a `Set`.
  private mutating func hasRepeatedKey(_ frame: Frame) -> Bool {
    defer { fingerprints.removeSubrange(frame.fingerprintStart...) }
    // Sorted in place: this object's fingerprints are discarded afterwards anyway.
    fingerprints[frame.fingerprintStart...].sort()
    let own = fingerprints[frame.fingerprintStart...]
    let collides = zip(own, own.dropFirst()).contains { $0 == $1 }
    return collides && Set(frame.keys).count != frame.keys.count
  }

  /// A cheap digest of a key: its length and its first and last eight bytes, mixed.
  private static func mix(head: UInt64, tail: UInt64, count: Int) -> UInt64 {
    (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
  }

  /// The digest of an unescaped key, read as whole words from the padded input.
  private func fingerprint(ofKeyAt index: Int) -> UInt64 {
    let raw = storage.rawBytes(of: index)
    guard let start = raw.baseAddress else { return 0 }
    // The input is followed by zero padding, so a word load from the key's start is in bounds.
    var head = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    if raw.count < 8 { head &= (1 << (8 * UInt64(raw.count))) &- 1 }
    let tail = raw.count > 8 ? UnsafeRawPointer(start + raw.count - 8).loadUnaligned(as: UInt64.self) : 0
    return Self.mix(head: head, tail: tail, count: raw.count)
  }

  private static func fingerprint(of key: String) -> UInt64 {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    for (position, byte) in key.utf8.prefix(8).enumerated() { head |= UInt64(byte) << (8 * position) }
    for (position, byte) in key.utf8.suffix(8).enumerated() { tail |= UInt64(byte) << (8 * position) }
    return mix(head: head, tail: key.utf8.count > 8 ? tail : 0, count: key.utf8.count)
  }
}
