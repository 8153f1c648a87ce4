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
  /// The name errors print, usually a file name.
  var sourceName: String? { get }
  /// The number of elements handed out (or rejected as malformed) so far.
  var elementCount: Int { get }
  /// The number of bytes of input read so far.
  var byteOffset: Int { get }
  /// Whether an error has ended the scan (as opposed to one malformed element).
  var isFailed: Bool { get }
}

extension ChunkedScanner {
  /// The next element, reading chunks from `read` while the scanner needs input (`read`
  /// returns `nil` at the end of the input).
  @inlinable
  package mutating func next(reading read: () throws -> [UInt8]?) throws -> Element? {
    while true {
      if let element = try next() { return element }
      if isFinished { return nil }
      if let chunk = try read() { append(chunk) } else { finish() }
    }
  }

  /// ``next(reading:)`` for an asynchronous chunk source.
  @inlinable
  package mutating func next<Chunk: Sequence<UInt8>>(readingAsync read: () async throws -> Chunk?) async throws -> Element? {
    while true {
      if let element = try next() { return element }
      if isFinished { return nil }
      if let chunk = try await read() { append(chunk) } else { finish() }
    }
  }
}

extension Array where Element == UInt8 {
  /// Drops the bytes before `cursor` (already scanned), puts the cursor at the start and adds
  /// `chunk`: how a streaming scanner takes its next chunk, keeping only what it has not read.
  ///
  /// ```swift
  /// input.appendChunk(chunk, droppingBefore: &cursor)
  /// ```
  @inlinable
  package mutating func appendChunk(_ chunk: some Sequence<UInt8>, droppingBefore cursor: inout Int) {
    if cursor == count {
      removeAll(keepingCapacity: true)
    } else if cursor > 0 {
      removeSubrange(0..<cursor)
    }
    cursor = 0
    append(contentsOf: chunk)
  }
}
