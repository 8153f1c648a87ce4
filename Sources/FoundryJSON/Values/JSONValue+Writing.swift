extension JSONValue: JSONWritable {
  // MARK: - Writing

  /// Writes the tree with `writer`, along an explicit stack.
  public func _write(with writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows {
    var walker = ValueWalker()
    try walker.write(self, to: &writer, chunkSize: chunkSize, flush: flush)
  }

  /// No source to measure: a few pages, grown as needed.
  public func _estimatedJSONSize(pretty: Bool) -> Int { 1 << 12 }
}

extension JSONWriter {
  /// Writes a whole ``JSONValue`` tree as one value.
  ///
  /// Works along an explicit stack, so any nesting depth is safe. With
  /// ``JSONWritingOptions/sortsKeys`` each object's keys are sorted before its members are
  /// written, without buffering output.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginObject()
  /// writer.writeKey("payload")
  /// writer.write(["ids": [1, 2]] as JSONValue)
  /// writer.endObject()  // {"payload":{"ids":[1,2]}}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value.
  /// - Complexity: O(*n*) in the size of the output, O(*n* log *n*) with sorted keys.
  public mutating func write(_ value: JSONValue) {
    value._write(with: &self, chunkSize: .max) { _ in }
  }
}

/// The explicit-stack walk behind ``JSONWriter/write(_:)-(JSONValue)``.
private struct ValueWalker {
  /// An open array or object and the position of its next child.
  private struct Frame {
    var values: [JSONValue]
    /// The keys of an object; empty for arrays.
    var keys: [String]
    /// The positions of the members in key order, when sorting; empty otherwise.
    var order: [Int]
    var isObject: Bool
    var next = 0
  }

  private var stack: [Frame] = []

  /// Writes `root`, handing `writer`'s bytes to `flush` (and emptying them) whenever they
  /// reach `chunkSize`.
  mutating func write(_ root: JSONValue, to writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows {
    var value = root
    while true {
      try writer.drain(ifAtLeast: chunkSize, into: flush)
      switch value {
      case .null: writer.writeNull()
      case .bool(let bool): writer.writeBool(bool)
      case .number(let number): writer.writeNumber(number)
      case .string(let string): writer.writeString(string)
      case .array(let elements):
        writer.beginArray()
        if elements.isEmpty {
          writer.endArray()
        } else {
          stack.append(Frame(values: elements, keys: [], order: [], isObject: false))
        }
      case .object(let object):
        writer.beginObject(sortingMembers: false)
        if object.isEmpty {
          writer.endObject()
        } else {
          let order = writer.options.sortsKeys ? Self.sortedOrder(object.keys) : []
          stack.append(Frame(values: object.values, keys: object.keys, order: order, isObject: true))
        }
      }
      // Find the next value to write, closing every container that is done.
      guard let next = try advance(&writer, chunkSize: chunkSize, flush: flush) else { return }
      value = next
    }
  }

  /// The next child of the innermost open container (its key already written), or `nil` when
  /// the walk is over.
  private mutating func advance(_ writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows -> JSONValue? {
    while let top = stack.indices.last {
      let position = stack[top].next
      guard position < stack[top].values.count else {
        let isObject = stack[top].isObject
        stack.removeLast()
        if isObject { writer.endObject() } else { writer.endArray() }
        // Deep nesting closes thousands of containers here, each on its own indented line.
        try writer.drain(ifAtLeast: chunkSize, into: flush)
        continue
      }
      stack[top].next = position + 1
      guard stack[top].isObject else { return stack[top].values[position] }
      let member = stack[top].order.isEmpty ? position : stack[top].order[position]
      writer.writeKey(stack[top].keys[member])
      return stack[top].values[member]
    }
    return nil
  }

  /// Member positions in ascending order of the keys' UTF-8 bytes.
  private static func sortedOrder(_ keys: [String]) -> [Int] {
    keys.indices.sorted { JSONWriter.precedes(keys[$0], keys[$1], orElse: $0 < $1) }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text.
  ///
  /// ```swift
  /// let value: JSONValue = ["a": [1, 2.5, nil]]
  /// print(value)   // {"a":[1,2.5,null]}
  /// ```
  public var description: String { makeJSONString() }
}

extension JSONObject: CustomStringConvertible {
  /// The object as compact JSON text.
  public var description: String { JSONValue.object(self).makeJSONString() }
}
