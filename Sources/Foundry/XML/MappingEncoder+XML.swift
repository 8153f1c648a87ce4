import FoundryJSON
import FoundryXML

/// Encoding models to XML through the same key paths: each field's key names a child
/// element (or, for keys that ``XMLMappable`` lists or that start with `@`, an attribute),
/// arrays become repeated elements, and fields keep their declaration order.
///
/// ```swift
/// let xml = try MappingEncoder().encodeXMLString(feed, rootElement: "rss")
/// ```
extension MappingEncoder {
  /// Encodes to UTF-8 XML bytes.
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - rootElement: The root element's name; by default ``XMLMapping/root`` of an
  ///     ``XMLMappable`` type, else the type's name with a lowercase first letter.
  ///   - writing: Layout and declaration of the output.
  /// - Throws: ``MappingError`` for values XML cannot hold (an array inside an array), or
  ///   characters XML does not allow.
  public func encodeXML<T: MappableValue>(_ value: T, rootElement: String? = nil, writing: XMLWritingOptions = .init()) throws -> [UInt8] {
    var writer = ValueWriter(context: EncodingContext(options: options, producesMarkup: true))
    try value.write(to: &writer)
    let mapping = (T.self as? any XMLMappable.Type)?.xmlMapping
    let name = rootElement ?? mapping?.root ?? Self.defaultRootName(of: T.self)
    var root = try XMLJSONView.element(named: name, from: writer.value, namespaces: mapping?.namespaces ?? [:])
    // Declare the mapping's namespaces on the root, in a stable order.
    for (prefix, uri) in (mapping?.namespaces ?? [:]).sorted(by: { $0.key < $1.key }) {
      let attribute = prefix.isEmpty ? "xmlns" : "xmlns:" + prefix
      guard root[attribute] == nil else { continue }
      root.attributes.insert(XMLAttributeValue(attribute, namespaceURI: XMLName.xmlnsNamespace, value: uri), at: 0)
    }
    var output = XMLWriter(options: writing)
    do {
      if writing.includesDeclaration { output.writeDeclaration() }
      try output.write(root)
    } catch {
      throw MappingError(code: .invalidValue, reason: error.message, underlying: error)
    }
    return output.bytes
  }

  /// Encodes to XML text.
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - rootElement: The root element's name; by default ``XMLMapping/root`` of an ``XMLMappable`` type, else the type's name with a lowercase first letter.
  ///   - writing: Layout and declaration of the output.
  public func encodeXMLString<T: MappableValue>(_ value: T, rootElement: String? = nil, writing: XMLWritingOptions = .init()) throws -> String {
    String(decoding: try encodeXML(value, rootElement: rootElement, writing: writing), as: UTF8.self)
  }

  /// `FeedItem` → `feedItem`; generic arguments are dropped.
  static func defaultRootName<T>(of type: T.Type) -> String {
    let name = String(describing: type).prefix { $0 != "<" }
    guard let first = name.first else { return "root" }
    return first.lowercased() + name.dropFirst()
  }
}
