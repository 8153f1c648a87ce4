#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryXML

// Decoding XML inputs larger than memory: the repeated elements at a path, one at a time.
extension MappingDecoder {
  /// Decodes the elements at `path` in an XML file one at a time, in memory bounded by the
  /// largest element, however large the file.
  ///
  /// ```swift
  /// for try await node in decoder.elements(of: OSMNode.self, at: "node", fromXML: url) {
  ///   print(node.id, node.lat, node.lon)
  /// }
  /// for try await item in decoder.elements(of: Item.self, at: "channel.item", fromXML: feedURL) { ... }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The model of one element.
  ///   - path: Element names from the root's children down to the elements, separated by dots:
  ///     qualified names as written, `{uri}local`, or `*` for any element (see
  ///     `XMLElementScanner.init(at:options:streamOptions:sourceName:)` of FoundryXML).
  ///   - url: A file URL; errors name its path.
  ///   - streamOptions: The largest element accepted and the read buffer's size. The parser
  ///     options are this decoder's ``MappingOptions/xmlParsing``.
  /// - Returns: A sequence that throws the first ``MappingError``; its
  ///   ``MappedElementStream/lossy`` form goes on past bad elements.
  public func elements<T: MappableValue>(
    of type: T.Type, at path: String = "*", fromXML url: URL, streamOptions: XMLStreamOptions = .init()
  ) -> MappedXMLElementSequence<T, XMLFileChunks> {
    let file = url.path(percentEncoded: false)
    return elements(of: type, at: path, fromXML: XMLFileChunks(path: file, bufferSize: streamOptions.bufferSize), sourceName: file, streamOptions: streamOptions)
  }

  /// Decodes the elements at `path` in XML that arrives as byte chunks (a network body, a pipe).
  ///
  /// ```swift
  /// for try await item in decoder.elements(of: Item.self, at: "channel.item", fromXML: body, sourceName: "feed") {
  ///   try await save(item)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - path: The elements to decode, from the root's children down (`channel.item`).
  ///   - chunks: The input, in pieces of any size (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, ...).
  ///   - sourceName: The name errors print.
  ///   - streamOptions: The chunk size and the largest element allowed.
  public func elements<T: MappableValue, Chunks: AsyncSequence>(
    of type: T.Type, at path: String = "*", fromXML chunks: Chunks, sourceName: String? = nil, streamOptions: XMLStreamOptions = .init()
  ) -> MappedXMLElementSequence<T, Chunks> where Chunks.Element: Sequence<UInt8> {
    let elements = XMLElementSequence(chunks, at: path, options: options.xmlParsing, streamOptions: streamOptions, sourceName: sourceName)
    return MappedElementStream(decoder: self, elements: elements, path: StreamedElementPath(xmlPath: path), sourceName: sourceName)
  }
}
