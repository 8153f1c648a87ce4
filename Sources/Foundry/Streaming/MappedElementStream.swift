/// The elements of a streamed input decoded into models one at a time: a JSON array or JSON
/// Lines (``MappedElementSequence``), or repeated XML elements (``MappedXMLElementSequence``),
/// from ``MappingDecoder/elements(of:at:from:streamOptions:)`` and its siblings.
///
/// ```swift
/// for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) {
///   print(quake.magnitude)
/// }
/// for try await node in decoder.elements(of: OSMNode.self, at: "node", fromXML: osmURL) {
///   print(node.id)
/// }
/// ```
///
/// Iteration throws the first ``MappingError``: a value that does not map (its path starts at
/// the input's root, `$.features[3].mag`, or at the XML root's view, `$.node[3].lat`) or
/// malformed input (code `.malformedDocument`), each located in the whole input. ``lossy``
/// goes on past bad elements instead.
///
/// The elements complete in a chunk of input are decoded in one run, between two awaits, and
/// handed out one a call (an error in the run comes after the models before it): the costs of
/// an async call and of generic code compiled apart from the model are paid per chunk rather
/// than per element. Memory holds one chunk's models at most.
public struct MappedElementStream<Value: MappableValue, Elements: AsyncSequence>: AsyncSequence
where Elements.AsyncIterator: ElementStreamIterator {
  public typealias Element = Value

  let decoder: MappingDecoder
  let elements: Elements
  let path: StreamedElementPath
  let sourceName: String?

  /// The same elements in lossy mode: one ``LossyResult`` per element, and the stream goes on
  /// after an element that fails to map or is malformed in itself.
  ///
  /// ```swift
  /// for try await result in decoder.elements(of: Quake.self, at: "features", from: url).lossy {
  ///   if let quake = result.value { keep(quake) }
  ///   for issue in result.issues { print(issue) }
  ///   if let error = result.error { print(error) }   // the element was dropped
  /// }
  /// ```
  public var lossy: LossyElementStream<Value, Elements> {
    LossyElementStream(decoder: decoder, elements: elements, path: path, sourceName: sourceName)
  }

  /// An iterator that decodes the elements as it reads them.
  ///
  /// ```swift
  /// var quakes = decoder.elements(of: Quake.self, at: "features", from: url).makeAsyncIterator()
  /// let first = try await quakes.next()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(decoder: decoder, elements: StreamedElements(elements.makeAsyncIterator(), path: path, sourceName: sourceName))
  }

  /// Decodes the next element on each call: `var quakes = sequence.makeAsyncIterator()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    @usableFromInline let decoder: MappingDecoder
    @usableFromInline var elements: StreamedElements<Elements.AsyncIterator>
    /// Models decoded ahead: the rest of a run of elements read without awaiting (see
    /// ``StreamedElements/nextValues(_:decoder:into:)``), handed out one a call. Each is moved
    /// out (`take()`), where reading it copied it and the array destroyed it later.
    @usableFromInline var decoded: [Value?] = []
    @usableFromInline var position = 0
    /// The error that ended the run in `decoded`, thrown once its models are handed out.
    @usableFromInline var pendingError: (any Error)?

    init(decoder: MappingDecoder, elements: StreamedElements<Elements.AsyncIterator>) {
      self.decoder = decoder
      self.elements = elements
    }

    /// The next model, or `nil` after the last element once the whole input checked out.
    ///
    /// ```swift
    /// while let quake = try await quakes.next() { print(quake.magnitude) }
    /// ```
    ///
    /// - Throws: ``MappingError`` located in the whole input, or the chunk source's error.
    @inlinable
    public mutating func next() async throws -> Value? {
      if position < decoded.count {
        position += 1
        return decoded[position - 1].take()
      }
      if let error = pendingError.take() { throw error }
      decoded.removeAll(keepingCapacity: true)
      position = 0
      pendingError = try await elements.nextValues(Value.self, decoder: decoder, into: &decoded)
      guard !decoded.isEmpty else { return nil }
      position = 1
      return decoded[0].take()
    }
  }
}

extension MappedElementStream: Sendable where Elements: Sendable {}
