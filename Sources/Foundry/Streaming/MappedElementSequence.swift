import FoundryJSON

/// The elements of a streamed JSON array (or of JSON Lines) decoded into models one at a time,
/// from ``MappingDecoder/elements(of:at:from:streamOptions:)`` and its siblings.
///
/// ```swift
/// for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) {
///   print(quake.magnitude)
/// }
/// ```
///
/// Iteration throws the first ``MappingError``: a value that does not map (its path starts at
/// the input's root, `$.features[3].mag`) or malformed input (code `.malformedDocument`), each
/// located in the whole input. ``lossy`` goes on past bad elements instead.
public struct MappedElementSequence<Value: MappableValue, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
  public typealias Element = Value

  let decoder: MappingDecoder
  let documents: JSONElementSequence<Chunks>
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
  public var lossy: LossyElementSequence<Value, Chunks> {
    LossyElementSequence(decoder: decoder, documents: documents, path: path, sourceName: sourceName)
  }

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

    /// The next model, or `nil` after the last element once the whole input checked out.
    ///
    /// - Throws: ``MappingError`` located in the whole input, or the chunk source's error.
    public mutating func next() async throws -> Value? {
      try await elements.nextValue(Value.self, decoder: decoder)
    }
  }
}

extension MappedElementSequence: Sendable where Chunks: Sendable {}
