/// A scanner fed input a chunk at a time that hands out whole elements: JSON's and XML's
/// streaming scanners alike. Their readers and sequences pull elements through ``next(reading:)``
/// and ``next(readingAsync:)``, so the feeding loop is written once.
package protocol ChunkedScanner {
  associatedtype Element
  /// The next complete element; `nil` when more input is needed (or, once finished, at the end).
  mutating func next() throws -> Element?
  /// Whether the input ended and every element was handed out.
  var isFinished: Bool { get }
  /// Adds the next chunk of input.
  mutating func append(_ chunk: some Sequence<UInt8>)
  /// Says the input ended.
  mutating func finish()
}

extension ChunkedScanner {
  /// The next element, reading chunks from `read` while the scanner needs input (`read`
  /// returns `nil` at the end of the input).
  package mutating func next(reading read: () throws -> [UInt8]?) throws -> Element? {
    while true {
      if let element = try next() { return element }
      if isFinished { return nil }
      if let chunk = try read() { append(chunk) } else { finish() }
    }
  }

  /// ``next(reading:)`` for an asynchronous chunk source.
  package mutating func next<Chunk: Sequence<UInt8>>(readingAsync read: () async throws -> Chunk?) async throws -> Element? {
    while true {
      if let element = try next() { return element }
      if isFinished { return nil }
      if let chunk = try await read() { append(chunk) } else { finish() }
    }
  }
}
