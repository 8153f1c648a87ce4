/// The elements of a streamed input decoded in lossy mode: a ``LossyResult`` per element,
/// going on after elements that fail; the ``MappedElementStream/lossy`` form of JSON's and
/// XML's streams.
///
/// ```swift
/// var dropped = 0
/// for try await result in decoder.elements(of: Quake.self, at: "features", from: url).lossy {
///   if result.value == nil { dropped += 1 }
/// }
/// ```
///
/// An element that does not map, or whose own bytes are malformed (for XML, also an undefined
/// entity or a bad character), yields a result with no value and its ``LossyResult/error``;
/// paths start at the input's root (`$.features[3].mag`) or the XML root's view
/// (`$.node[3].lat`). Iteration throws only when the input is broken outside the elements (or
/// its XML tags do not match) or it is cut short.
public struct LossyElementStream<Value: MappableValue, Elements: AsyncSequence>: AsyncSequence
where Elements.AsyncIterator: ElementStreamIterator {
  public typealias Element = LossyResult<Value>

  let decoder: MappingDecoder
  let elements: Elements
  let path: StreamedElementPath
  let sourceName: String?

  /// An iterator that decodes the elements as it reads them.
  ///
  /// ```swift
  /// var results = decoder.elements(of: Quake.self, at: "features", from: url).lossy.makeAsyncIterator()
  /// let first = try await results.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(decoder: decoder, elements: StreamedElements(elements.makeAsyncIterator(), path: path, sourceName: sourceName))
  }

  /// Decodes the next element on each call: `var results = sequence.lossy.makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let decoder: MappingDecoder
    var elements: StreamedElements<Elements.AsyncIterator>

    /// The next element's result, or `nil` after the last element.
    ///
    /// ```swift
    /// while let result = try await results.next() { if let error = result.error { print(error) } }
    /// ```
    ///
    /// - Throws: A `.malformedDocument` ``MappingError`` for input broken outside the elements,
    ///   or the chunk source's error.
    public mutating func next() async throws -> LossyResult<Value>? {
      try await elements.nextLossy(Value.self, decoder: decoder)
    }
  }
}

extension LossyElementStream: Sendable where Elements: Sendable {}
