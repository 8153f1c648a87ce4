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
    /// The tape index of the container.
    var node: Int
  }

  private var stack: [Frame] = []
  /// Scratch space for ``JSONStorage/mayRepeatKeys(inObjectAt:scratch:)``.
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
          stack[top].keys.append(string)
          index += 1
          continue
        }
        value = .string(string)
      case .array, .object:
        var frame = Frame(isObject: node.kind == .object, end: Int(node.payload), node: index)
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

  /// Whether two keys of the object are equal, comparing strings only when the tape says
  /// they may be.
  private mutating func hasRepeatedKey(_ frame: Frame) -> Bool {
    storage.mayRepeatKeys(inObjectAt: frame.node, scratch: &fingerprints)
      && Set(frame.keys.map(JSONKey.init)).count != frame.keys.count
  }
}
