import FoundryJSON
import FoundryXML

/// The repeated elements of a streamed XML input decoded in lossy mode: a ``LossyResult`` per
/// element, going on after elements that fail.
///
/// ```swift
/// var dropped = 0
/// for try await result in decoder.elements(of: OSMNode.self, at: "node", fromXML: url).lossy {
///   if result.value == nil { dropped += 1 }
/// }
/// ```
///
/// An element that does not map, or whose own bytes are malformed (an undefined entity, a bad
/// character), yields a result with no value and its ``LossyResult/error``; paths start at the
/// root's view (`$.node[3].lat`). Iteration throws only when the input is broken outside the
/// elements, its tags do not match, or it is cut short.
public struct LossyXMLElementSequence<Value: MappableValue, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = LossyResult<Value>

  let decoder: MappingDecoder
  let elements: XMLElementSequence<Chunks>
  let path: StreamedElementPath
  let sourceName: String?

  /// An iterator that decodes the elements as it reads them.
  ///
  /// ```swift
  /// var nodes = decoder.elements(of: OSMNode.self, at: "node", fromXML: url).lossy.makeAsyncIterator()
  /// let first = try await nodes.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(decoder: decoder, elements: StreamedElements(elements.makeAsyncIterator(), path: path, sourceName: sourceName))
  }

  /// Decodes the next element on each call: `var results = sequence.lossy.makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let decoder: MappingDecoder
    var elements: StreamedElements<XMLElementSequence<Chunks>.AsyncIterator>

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

extension LossyXMLElementSequence: Sendable where Chunks: Sendable {}
