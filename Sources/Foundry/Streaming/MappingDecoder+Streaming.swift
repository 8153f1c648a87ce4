#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

// Decoding inputs larger than memory: the elements of an array, or JSON Lines, one at a time.
extension MappingDecoder {
  /// Decodes the elements of the array at `keyPath` in a JSON file one at a time, in memory
  /// bounded by the largest element, however large the file.
  ///
  /// ```swift
  /// for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) {
  ///   print(quake.magnitude)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The model of one element.
  ///   - keyPath: Object keys down to the array (`"data.items"`); empty for a top-level array.
  ///   - url: A file URL; errors name its path.
  ///   - streamOptions: The largest element accepted and the read buffer's size. The parser
  ///     options are this decoder's ``MappingOptions/parsing``.
  /// - Returns: A sequence that throws the first ``MappingError``; its ``MappedElementStream/lossy``
  ///   form goes on past bad elements.
  public func elements<T: MappableValue>(
    of type: T.Type, at keyPath: String = "", from url: URL, streamOptions: JSONStreamOptions = .init()
  ) -> MappedElementSequence<T, JSONFileChunks> {
    let path = url.path(percentEncoded: false)
    return elements(of: type, at: keyPath, from: JSONFileChunks(path: path, bufferSize: streamOptions.bufferSize), sourceName: path, streamOptions: streamOptions)
  }

  /// Decodes the elements of the array at `keyPath` in JSON that arrives as byte chunks (a
  /// network body, a pipe).
  ///
  /// ```swift
  /// for try await item in decoder.elements(of: Item.self, at: "data.items", from: body, sourceName: "feed") {
  ///   try await save(item)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - keyPath: Object keys leading to the array (`data.items`); empty for a top-level array.
  ///   - chunks: The input, in pieces of any size (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, ...).
  ///   - sourceName: The name errors print.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public func elements<T: MappableValue, Chunks: AsyncSequence>(
    of type: T.Type, at keyPath: String = "", from chunks: Chunks, sourceName: String? = nil, streamOptions: JSONStreamOptions = .init()
  ) -> MappedElementSequence<T, Chunks> where Chunks.Element: Sequence<UInt8> {
    stream(of: type, layout: .array(at: keyPath), from: chunks, sourceName: sourceName, streamOptions: streamOptions)
  }

  /// Decodes a JSON Lines (NDJSON) file, one document per line (blank lines skipped), one at a
  /// time.
  ///
  /// ```swift
  /// for try await event in decoder.lines(of: Event.self, from: url) { handle(event) }
  /// ```
  ///
  /// Error paths start with the element's index among the documents (`$[41].id`); the line is
  /// in the error's location.
  /// - Parameters:
  ///   - type: The type of each line.
  ///   - url: The file.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public func lines<T: MappableValue>(
    of type: T.Type, from url: URL, streamOptions: JSONStreamOptions = .init()
  ) -> MappedElementSequence<T, JSONFileChunks> {
    let path = url.path(percentEncoded: false)
    return lines(of: type, from: JSONFileChunks(path: path, bufferSize: streamOptions.bufferSize), sourceName: path, streamOptions: streamOptions)
  }

  /// Decodes JSON Lines (NDJSON) that arrive as byte chunks.
  ///
  /// ```swift
  /// for try await event in decoder.lines(of: Event.self, from: body, sourceName: "events") { handle(event) }
  /// ```
  /// - Parameters:
  ///   - type: The type of each line.
  ///   - chunks: The bytes, in chunks of any size.
  ///   - sourceName: The file name errors mention.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public func lines<T: MappableValue, Chunks: AsyncSequence>(
    of type: T.Type, from chunks: Chunks, sourceName: String? = nil, streamOptions: JSONStreamOptions = .init()
  ) -> MappedElementSequence<T, Chunks> where Chunks.Element: Sequence<UInt8> {
    stream(of: type, layout: .lines, from: chunks, sourceName: sourceName, streamOptions: streamOptions)
  }

  private func stream<T: MappableValue, Chunks: AsyncSequence>(
    of type: T.Type, layout: JSONStreamLayout, from chunks: Chunks, sourceName: String?, streamOptions: JSONStreamOptions
  ) -> MappedElementSequence<T, Chunks> where Chunks.Element: Sequence<UInt8> {
    let documents = JSONElementSequence(chunks, layout: layout, options: options.parsing, streamOptions: streamOptions, sourceName: sourceName)
    return MappedElementStream(decoder: self, elements: documents, path: StreamedElementPath(keys: layout.keyPath), sourceName: sourceName)
  }
}
