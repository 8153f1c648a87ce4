/// What the writer needs to know about a name before it looks at the name itself.
struct XMLNameFlags: OptionSet, Sendable {
  let rawValue: UInt8

  /// In a (non-empty) namespace.
  static let hasNamespace = XMLNameFlags(rawValue: 1)
  /// `xmlns` or `xmlns:prefix`.
  static let isDeclaration = XMLNameFlags(rawValue: 2)
  /// `xml:space`.
  static let isXMLSpace = XMLNameFlags(rawValue: 4)
  /// Written with a prefix.
  static let hasPrefix = XMLNameFlags(rawValue: 8)

  init(rawValue: UInt8) { self.rawValue = rawValue }

  @inline(__always)
  init(_ name: XMLName) {
    var flags: XMLNameFlags = []
    if let uri = name.namespaceURI, !uri.isEmpty { flags.insert(.hasNamespace) }
    if name.isNamespaceDeclaration { flags.insert(.isDeclaration) }
    if name.prefix != nil { flags.insert(.hasPrefix) }
    if name.localName == "space", name.prefix == "xml" || name.namespaceURI == XMLName.xmlNamespace { flags.insert(.isXMLSpace) }
    self = flags
  }
}

/// A start tag to write: an element's name and its attributes, from a value tree or straight
/// from a parsed document's tape (where names are read only when namespaces need them).
protocol XMLStartTagSource {
  var elementName: XMLName { get }
  var elementFlags: XMLNameFlags { get }
  func appendElementName(to output: inout [UInt8])

  var attributeCount: Int { get }
  func attributeName(at index: Int) -> XMLName
  func attributeFlags(at index: Int) -> XMLNameFlags
  func appendAttributeName(at index: Int, to output: inout [UInt8])
  func attributeValue(at index: Int) -> String
  func withAttributeValue<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
}

/// The start tag of an ``XMLElementValue`` (or of the streaming ``XMLWriter/beginElement(_:attributes:)``).
struct ValueStartTag: XMLStartTagSource {
  let elementName: XMLName
  let attributes: [XMLAttributeValue]

  @inline(__always) var elementFlags: XMLNameFlags { XMLNameFlags(elementName) }

  @inline(__always) func appendElementName(to output: inout [UInt8]) {
    XMLWriter.appendName(prefix: elementName.prefix, localName: elementName.localName, to: &output)
  }

  @inline(__always) var attributeCount: Int { attributes.count }
  @inline(__always) func attributeName(at index: Int) -> XMLName { attributes[index].name }
  @inline(__always) func attributeFlags(at index: Int) -> XMLNameFlags { XMLNameFlags(attributes[index].name) }

  @inline(__always) func appendAttributeName(at index: Int, to output: inout [UInt8]) {
    let name = attributes[index].name
    XMLWriter.appendName(prefix: name.prefix, localName: name.localName, to: &output)
  }

  @inline(__always) func attributeValue(at index: Int) -> String { attributes[index].value }

  @inline(__always) func withAttributeValue<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var value = attributes[index].value
    return value.withUTF8(body)
  }
}

/// The start tag of an element on a parsed document's tape, seen through an ``XMLTapeView``.
struct TapeStartTag: XMLStartTagSource {
  let view: XMLTapeView
  let nameID: UInt32
  /// The tape index of the first attribute.
  let attributeStart: Int
  let attributeCount: Int

  @inline(__always) var elementName: XMLName { view.name(nameID) }
  @inline(__always) var elementFlags: XMLNameFlags { view.flags(nameID) }
  @inline(__always) func appendElementName(to output: inout [UInt8]) { output.append(contentsOf: view.qualifiedName(nameID)) }

  @inline(__always) private func attribute(_ index: Int) -> XMLTapeNode? { view.node(at: attributeStart + index) }

  @inline(__always) func attributeName(at index: Int) -> XMLName { view.name(attribute(index)?.extra ?? UInt32.max) }
  @inline(__always) func attributeFlags(at index: Int) -> XMLNameFlags { view.flags(attribute(index)?.extra ?? UInt32.max) }

  @inline(__always) func appendAttributeName(at index: Int, to output: inout [UInt8]) {
    output.append(contentsOf: view.qualifiedName(attribute(index)?.extra ?? UInt32.max))
  }

  @inline(__always) func attributeValue(at index: Int) -> String {
    guard let node = attribute(index) else { return "" }
    return String(decoding: view.bytes(of: node), as: UTF8.self)
  }

  @inline(__always) func withAttributeValue<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard let node = attribute(index) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return body(view.bytes(of: node))
  }
}
