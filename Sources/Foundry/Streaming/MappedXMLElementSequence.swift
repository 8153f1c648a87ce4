import FoundryXML

/// The repeated elements of a streamed XML input decoded into models one at a time, from
/// ``MappingDecoder/elements(of:at:fromXML:streamOptions:)`` and its sibling for byte chunks.
///
/// ```swift
/// for try await node in decoder.elements(of: OSMNode.self, at: "node", fromXML: url) {
///   print(node.id)
/// }
/// ```
///
/// Iteration throws the first ``MappingError``: a value that does not map (its path starts at
/// the root's view, `$.node[3].lat`) or malformed input (code `.malformedDocument`), each
/// located in the whole input. ``lossy`` goes on past bad elements instead.
public struct MappedXMLElementSequence<Value: MappableValue, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = Value

  let decoder: MappingDecoder
  let elements: XMLElementSequence<Chunks>
  let path: StreamedElementPath
  let sourceName: String?

  /// The same elements in lossy mode: one ``LossyResult`` per element, and the stream goes on
  /// after an element that fails to map or is malformed in itself.
  ///
  /// ```swift
  /// for try await result in decoder.elements(of: OSMNode.self, at: "node", fromXML: url).lossy {
  ///   if let node = result.value { keep(node) }
  ///   if let error = result.error { print(error) }   // the element was dropped
  /// }
  /// ```
  public var lossy: LossyXMLElementSequence<Value, Chunks> {
    LossyXMLElementSequence(decoder: decoder, elements: elements, path: path, sourceName: sourceName)
  }

  /// An iterator that decodes the elements as it reads them.
  ///
  /// ```swift
  /// var nodes = decoder.elements(of: OSMNode.self, at: "node", fromXML: url).makeAsyncIterator()
  /// let first = try await nodes.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(decoder: decoder, elements: StreamedElements(elements.makeAsyncIterator(), path: path, sourceName: sourceName))
  }

  /// Decodes the next element on each call: `var nodes = sequence.makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let decoder: MappingDecoder
    var elements: StreamedElements<XMLElementSequence<Chunks>.AsyncIterator>

    /// The next model, or `nil` after the last element once the whole input checked out.
    ///
    /// ```swift
    /// while let node = try await nodes.next() { print(node.id) }
    /// ```
    ///
    /// - Throws: ``MappingError`` located in the whole input, or the chunk source's error.
    public mutating func next() async throws -> Value? {
      try await elements.nextValue(Value.self, decoder: decoder)
    }
  }
}

extension MappedXMLElementSequence: Sendable where Chunks: Sendable {}
