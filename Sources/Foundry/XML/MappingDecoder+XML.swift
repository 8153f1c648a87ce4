#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON
import FoundryXML

/// Decoding models from XML: the root element (or any element) maps onto the model through
/// its JSON view (``XMLJSONView``), so one `@Mappable` declaration reads both formats.
///
/// ```swift
/// @Mappable struct Node {
///   var id: Int64                              // the `id` attribute (no child named `id`)
///   var lat: Double
///   @Key("tag") var tags: [Tag]                // every <tag> child; none is []
/// }
/// let node = try MappingDecoder().decode(Node.self, fromXML: #"<node id="7" lat="39.5"/>"#)
/// ```
extension MappingDecoder {
  /// Decodes a value from the root element of an XML document.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The XML document.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  /// - Throws: ``MappingError``; a malformed document is code `.malformedDocument`, and
  ///   errors point at the XML's line and column.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, fromXML bytes: [UInt8], sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: xmlView(bytes, sourceName: sourceName), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from an XML document in `Data`.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The XML document.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, fromXML data: Data, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, fromXML: [UInt8](data), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from XML text.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - string: The XML document, as text.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, fromXML string: String, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, fromXML: Array(string.utf8), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from one element of a parsed document, for example each element that
  /// `XMLTree.forEachElement(in:options:sourceName:_:)` of FoundryXML streams.
  ///
  /// ```swift
  /// try XMLTree.forEachElement(in: bytes) { element in
  ///   if element.qualifiedName == "node" { nodes.append(try decoder.decode(Node.self, from: element)) }
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - element: The element, as the XML view sees it.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, from element: XMLTree.Element, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: XMLJSONView.document(of: element, options: xmlViewOptions).root, sourceName: sourceName, factory: factory)
  }

  /// Lossy decoding from XML: what maps is kept and the rest is reported with paths.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The XML document.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, fromXML bytes: [UInt8], sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    decodeLossy(type, parsing: { try xmlView(bytes, sourceName: sourceName) }, sourceName: sourceName, factory: factory)
  }

  /// Lossy decoding from XML text.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - string: The XML document, as text.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, fromXML string: String, sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    decodeLossy(type, fromXML: Array(string.utf8), sourceName: sourceName, factory: factory)
  }

  /// How the XML view reads text: trimmed as a whole (CDATA too) when the parse trims.
  @usableFromInline
  var xmlViewOptions: XMLJSONView.Options {
    var view = XMLJSONView.Options()
    view.trimsText = options.xmlParsing.whitespace == .trim
    return view
  }

  /// Parses XML and returns the view of its root element.
  @usableFromInline
  func xmlView(_ bytes: [UInt8], sourceName: String?) throws -> JSONNode {
    do {
      let tree = try XMLTree.parse(bytes: bytes, options: options.xmlParsing, sourceName: sourceName)
      return XMLJSONView.document(of: tree.root, options: xmlViewOptions).root
    } catch {
      throw Self.malformed(error, sourceName: sourceName)
    }
  }
}

extension XMLParsingError: ParsingFailure {}
