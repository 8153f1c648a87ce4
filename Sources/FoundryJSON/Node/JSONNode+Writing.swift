extension JSONNode: JSONWritable {
  // MARK: - Writing

  /// Writes the node with `writer`, straight from the tape.
  public func _write(with writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows {
    var walker = TapeWalker(storage: storage, sortsKeys: writer.options.sortsKeys)
    try walker.write(from: index, to: &writer, chunkSize: chunkSize, flush: flush)
  }

  /// The input span of the node, plus room for pretty indentation; the writer grows past it
  /// when escapes need more.
  public func _estimatedJSONSize(pretty: Bool) -> Int {
    let span: Int
    if index == 0 {
      span = storage.byteCount
    } else {
      // From the node's first byte to the last byte of its last descendant (or of itself).
      let last = storage.nodes[storage.next(after: index) - 1]
      let lastLength = last.kind == .string || last.kind == .number ? Int(last.payload) + 1 : 5
      span = max(0, Int(last.offset) + lastLength - byteOffset)
    }
    return pretty ? span + span / 2 + 16 : span + 16
  }
}

extension JSONWriter {
  /// Writes a node of a parsed document and everything below it as one value, straight from
  /// the tape.
  ///
  /// Walks along an explicit stack, so the document's nesting depth never reaches the call
  /// stack. Strings without escapes are copied from the input in one piece when the options
  /// let them through unchanged; numbers are always copied as they were written.
  ///
  /// ```swift
  /// let document = try JSONDocument(string: #"[{"id": 1}, {"id": 2}]"#)
  /// var writer = JSONWriter()
  /// for element in document.root.elements { writer.write(element) }
  /// // {"id":1}
  /// // {"id":2}   (top-level values are separated by newlines)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node, written straight from the tape.
  /// - Complexity: O(*n*) in the size of the output, O(*n* log *n*) with sorted keys.
  public mutating func write(_ node: JSONNode) {
    node._write(with: &self, chunkSize: .max) { _ in }
  }

  /// Writes the string node at `index` of `storage` as a key (`isKey`) or a value.
  @inline(__always)
  fileprivate mutating func writeTapeString(_ storage: JSONStorage, at index: Int, isKey: Bool) {
    separate()
    let raw = storage.rawBytes(of: index)
    if storage.nodes[index].has(TapeNode.hasEscapes) {
      var decoded = storage.string(at: index)
      decoded.withUTF8 { appendQuoted($0) }
    } else if options.escapesSlashes || options.escapesNonASCII || storage.nodes[index].has(TapeNode.isRawText) {
      appendQuoted(raw)
    } else {
      // The parser admits no quote, backslash or control byte in a string without escapes.
      bytes.append(Byte.quote)
      bytes.append(contentsOf: raw)
      bytes.append(Byte.quote)
    }
    if isKey { appendColon() } else { slot = .afterValue }
  }

  /// Writes the number node at `index` as its input text.
  @inline(__always)
  fileprivate mutating func writeTapeNumber(_ storage: JSONStorage, at index: Int) {
    separate()
    bytes.append(contentsOf: storage.rawBytes(of: index))
    slot = .afterValue
  }
}

/// The explicit-stack walk behind ``JSONWriter/write(_:)-(JSONNode)``.
private struct TapeWalker {
  let storage: JSONStorage
  let sortsKeys: Bool

  /// An open container. Arrays, and objects written in input order, walk the tape from `next`
  /// to `end`; objects that need another order walk positions `next..<end` of `memberKeys`.
  private struct Frame {
    var next: Int
    var end: Int
    var isObject: Bool
    var isListed: Bool
    /// Where a listed object's keys begin in `memberKeys`.
    var base = 0
  }

  private var stack: [Frame] = []
  /// The key indices of every listed object on the stack, innermost last.
  private var memberKeys: [Int] = []
  private var scratch = MemberOrder.Scratch()

  init(storage: JSONStorage, sortsKeys: Bool) {
    self.storage = storage
    self.sortsKeys = sortsKeys
  }

  /// Writes the value at `start`, handing `writer`'s bytes to `flush` (and emptying them)
  /// whenever they reach `chunkSize`.
  mutating func write(from start: Int, to writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows {
    var index = start
    while true {
      try writer.drain(ifAtLeast: chunkSize, into: flush)
      let node = storage.nodes[index]
      switch node.kind {
      case .null: writer.writeNull()
      case .true: writer.writeBool(true)
      case .false: writer.writeBool(false)
      case .number: writer.writeTapeNumber(storage, at: index)
      case .string: writer.writeTapeString(storage, at: index, isKey: false)
      case .array:
        writer.beginArray()
        if node.count == 0 {
          writer.endArray()
        } else {
          stack.append(Frame(next: index + 1, end: Int(node.payload), isObject: false, isListed: false))
        }
      case .object:
        writer.beginObject(sortingMembers: false)
        if node.count == 0 {
          writer.endObject()
        } else {
          let base = memberKeys.count
          let order = MemberOrder(storage: storage, object: index)
          if order.list(sorted: sortsKeys, into: &memberKeys, scratch: &scratch) {
            stack.append(Frame(next: base, end: memberKeys.count, isObject: true, isListed: true, base: base))
          } else {
            stack.append(Frame(next: index + 1, end: Int(node.payload), isObject: true, isListed: false))
          }
        }
      }
      guard let next = try advance(&writer, chunkSize: chunkSize, flush: flush) else { return }
      index = next
    }
  }

  /// The tape index of the next value to write (its key already written), closing every
  /// container that is done; `nil` when the walk is over.
  private mutating func advance(_ writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows -> Int? {
    while let top = stack.indices.last {
      let frame = stack[top]
      guard frame.next < frame.end else {
        stack.removeLast()
        if frame.isObject {
          if frame.isListed { memberKeys.removeSubrange(frame.base...) }
          writer.endObject()
        } else {
          writer.endArray()
        }
        // Deep nesting closes thousands of containers here, each on its own indented line.
        try writer.drain(ifAtLeast: chunkSize, into: flush)
        continue
      }
      if frame.isListed {
        let key = memberKeys[frame.next]
        stack[top].next = frame.next + 1
        writer.writeTapeString(storage, at: key, isKey: true)
        return key + 1
      }
      if frame.isObject {
        stack[top].next = storage.next(after: frame.next + 1)
        writer.writeTapeString(storage, at: frame.next, isKey: true)
        return frame.next + 1
      }
      stack[top].next = storage.next(after: frame.next)
      return frame.next
    }
    return nil
  }
}
