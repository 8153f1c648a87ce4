import FoundryJSON

/// The elements of a streamed JSON array (or of JSON Lines) decoded in lossy mode: a
/// ``LossyResult`` per element, going on after elements that fail.
///
/// ```swift
/// var dropped = 0
/// for try await result in decoder.elements(of: Quake.self, at: "features", from: url).lossy {
///   if result.value == nil { dropped += 1 }
/// }
/// ```
///
/// An element that does not map, or whose own bytes are malformed, yields a result with no
/// value and its ``LossyResult/error``; paths start at the input's root (`$.features[3].mag`).
/// Iteration throws only when the input is broken outside the elements or cut short.
public struct LossyElementSequence<Value: MappableValue, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = LossyResult<Value>

  let decoder: MappingDecoder
  let documents: JSONElementSequence<Chunks>
  let path: StreamedElementPath
  let sourceName: String?

  /// An iterator that decodes the elements as it reads them.
  ///
  /// ```swift
  /// var quakes = decoder.elements(of: Quake.self, at: "features", from: url).makeAsyncIterator()
  /// let first = try await quakes.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(decoder: decoder, elements: StreamedElements(documents.makeAsyncIterator(), path: path, sourceName: sourceName))
  }

  /// Decodes the next element on each call.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let decoder: MappingDecoder
    var elements: StreamedElements<JSONElementSequence<Chunks>.AsyncIterator>

    /// The next element's result, or `nil` after the last element.
    ///
    /// - Throws: A `.malformedDocument` ``MappingError`` for input broken outside the elements,
    ///   or the chunk source's error.
    public mutating func next() async throws -> LossyResult<Value>? {
      try await elements.nextLossy(Value.self, decoder: decoder)
    }
  }
}

extension LossyElementSequence: Sendable where Chunks: Sendable {}
