import FoundryJSON

/// An unkeyed container over one array of the document, walking its elements along the tape.
struct UnkeyedDocumentContainer: UnkeyedDecodingContainer {
  let decoder: DocumentDecoder
  private var elements: JSONNode.Elements.Iterator
  /// The element at ``currentIndex``; `nil` at the end.
  private var upcoming: JSONNode?
  let count: Int?
  private let arrayOffset: Int
  private(set) var currentIndex = 0
  /// As in ``KeyedDocumentContainer``.
  let depth: Int
  let extraSteps: [CodingPathStep]

  init(decoder: DocumentDecoder, array: JSONNode, depth: Int, extraSteps: [CodingPathStep]) throws {
    guard array.kind == .array else {
      var error = decoder.reader(array).mismatch(expected: "array")
      for step in extraSteps.reversed() { error.prepend(step.component) }
      throw error
    }
    self.decoder = decoder
    elements = array.elements.makeIterator()
    upcoming = elements.next()
    count = array.count
    arrayOffset = array.byteOffset
    self.depth = depth
    self.extraSteps = extraSteps
  }

  var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, extraSteps: extraSteps) }

  var isAtEnd: Bool { upcoming == nil }

  // MARK: - Reading

  private mutating func advance() {
    upcoming = elements.next()
    currentIndex += 1
  }

  /// The current element; past the end, an error that says so.
  @inline(__always)
  private func current<T>(_ type: T.Type) throws -> JSONNode {
    try current(expected: String(describing: T.self))
  }

  @inline(__always)
  private func current(expected: @autoclosure () -> String) throws -> JSONNode {
    guard let upcoming else {
      var error = MappingError(
        code: .keyNotFound, expected: expected(),
        reason: "index \(currentIndex) is past the end of the array (\(count ?? 0) element\(count == 1 ? "" : "s"))",
        offset: arrayOffset)
      error.prepend(.index(currentIndex))
      for step in extraSteps.reversed() { error.prepend(step.component) }
      throw error
    }
    return upcoming
  }

  /// Reads the current element with `body` and moves on; a failure stays on the element.
  @inline(__always)
  private mutating func read<T>(_ body: (ValueReader) throws -> T) throws -> T {
    let node = try current(T.self)
    do {
      let value = try body(decoder.reader(node))
      advance()
      return value
    } catch {
      var failure = MappingError.converting(error, depth: depth + extraSteps.count + 1, offset: node.byteOffset)
      failure.prepend(.index(currentIndex))
      for step in extraSteps.reversed() { failure.prepend(step.component) }
      throw failure
    }
  }

  mutating func decodeNil() throws -> Bool {
    guard try current(expected: "a value").isNull else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.bool() } }
  mutating func decode(_ type: String.Type) throws -> String { try read { try $0.string() } }
  mutating func decode(_ type: Double.Type) throws -> Double { try read { try $0.double() } }
  mutating func decode(_ type: Float.Type) throws -> Float { try read { try Float.read(from: $0) } }
  mutating func decode(_ type: Int.Type) throws -> Int { try read { try $0.integer(Int.self) } }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try read { try $0.integer(Int8.self) } }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try read { try $0.integer(Int16.self) } }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try read { try $0.integer(Int32.self) } }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try read { try $0.integer(Int64.self) } }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try read { try $0.integer(UInt.self) } }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read { try $0.integer(UInt8.self) } }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read { try $0.integer(UInt16.self) } }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read { try $0.integer(UInt32.self) } }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try $0.integer(UInt64.self) } }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let node = try current(T.self)
    let value = try decoder.decode(T.self, from: node, at: .index(currentIndex), extraSteps: extraSteps)
    advance()
    return value
  }

  // MARK: - Nesting

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    let node = try current(expected: "object")
    let container = try KeyedDocumentContainer<NestedKey>(
      decoder: decoder, object: node, depth: depth, extraSteps: extraSteps + [.index(currentIndex)])
    advance()
    return KeyedDecodingContainer(container)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let node = try current(expected: "array")
    let container = try UnkeyedDocumentContainer(decoder: decoder, array: node, depth: depth, extraSteps: extraSteps + [.index(currentIndex)])
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let node = try current(expected: "a value")
    let superDecoder = decoder.makeSuperDecoder(node: node, depth: depth, extraSteps: extraSteps + [.index(currentIndex)])
    advance()
    return superDecoder
  }
}
