/// XML-only facts about a model, for where the XML shape differs from the JSON one: the root
/// element's name, the fields written as attributes, and the namespaces to declare.
///
/// Decoding needs none of it (a plain key reads an attribute when there is no child element
/// of that name); encoding to XML uses it.
///
/// ```swift
/// @Mappable struct Node { var id: Int64; var lat: Double; var lon: Double; var note: String? }
///
/// extension Node: XMLMappable {
///   static let xmlMapping = XMLMapping(root: "node", attributes: ["id", "lat", "lon"])
/// }
/// try MappingEncoder().encodeXMLString(Node(id: 7, lat: 39.5, lon: -119.8, note: "gate"))
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <node id="7" lat="39.5" lon="-119.8"><note>gate</note></node>
/// ```
public protocol XMLMappable: Mappable {
  /// The model's XML-only mapping.
  static var xmlMapping: XMLMapping { get }
}

/// The XML-only part of a model's mapping; see ``XMLMappable``.
public struct XMLMapping: Sendable, Hashable {
  /// The root element's name when the model is the document (`nil`: the type's name with a
  /// lowercase first letter).
  public var root: String?
  /// The keys (as the schema names them) written as attributes rather than child elements.
  public var attributes: Set<String>
  /// Namespaces declared on the root element, by prefix (`""` for the default namespace), so
  /// that keys such as `itunes:author` are written in their namespace.
  public var namespaces: [String: String]

  /// An XML mapping.
  ///
  /// ```swift
  /// XMLMapping(root: "rss", namespaces: ["itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"])
  /// ```
  /// - Parameters:
  ///   - root: The root element's name when the type is a document.
  ///   - attributes: The keys written as attributes rather than child elements.
  ///   - namespaces: Prefixes and their namespace URIs, declared on the root element.
  public init(root: String? = nil, attributes: Set<String> = [], namespaces: [String: String] = [:]) {
    self.root = root
    self.attributes = attributes
    self.namespaces = namespaces
  }
}

extension Mappable {
  /// The keys this type writes as XML attributes (from ``XMLMappable``), if any.
  @usableFromInline
  static var xmlAttributeKeys: Set<String> {
    (self as? any XMLMappable.Type)?.xmlMapping.attributes ?? []
  }
}
