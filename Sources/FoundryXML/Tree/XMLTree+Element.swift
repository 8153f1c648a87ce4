import FoundryInternals

extension XMLTree {
  /// An element of a parsed document: its name, attributes in document order and content.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: #"<node id="7" lat="39.5"><tag k="ref" v="21"/></node>"#)
  /// let node = tree.root
  /// node["lat"]                                  // "39.5"
  /// node.attributes.map(\.name.qualifiedName)    // ["id", "lat"]
  /// node.elements(named: "tag").first?["v"]      // "21"
  /// ```
  ///
  /// An element is a cursor into its document: cheap to copy, and it keeps the document alive.
  public struct Element: Sendable {
    @usableFromInline let storage: XMLStorage
    @usableFromInline let index: Int

    init(storage: XMLStorage, index: Int) {
      self.storage = storage
      self.index = index
    }

    var node: XMLTapeNode { storage.node(at: index) ?? XMLTapeNode(.element, offset: 0, payload: 0, extra: 0) }

    /// The element's name, with its namespace.
    public var name: XMLName { storage.names.name(node.extra) }

    /// The id of ``name`` in its document's name table: equal ids, equal names.
    var nameID: Int { Int(node.extra) }

    /// The name as written: `prefix:local` or `local`.
    public var qualifiedName: String { name.qualifiedName }

    /// The whole document's text as UTF-8, for locations in diagnostics of other layers.
    package var sourceText: [UInt8] { storage.source }

    /// For an element of a stream: what places offsets in ``sourceText`` in the whole input.
    package var sourceLocator: (any SourceLocator)? { storage.locator }

    /// Zero-based byte offset of the element's `<` in the (UTF-8) text.
    public var byteOffset: Int { Int(node.offset) }

    /// The element's attributes in document order, namespace declarations included.
    public var attributes: Attributes { Attributes(storage: storage, start: index + 1, count: node.attributeCount) }

    /// The value of the attribute with this qualified name (as written), or `nil`.
    /// - Parameters:
    ///   - qualifiedName: The attribute's name as written.
    public subscript(_ qualifiedName: String) -> String? {
      attributes.first { $0.name.qualifiedName == qualifiedName }?.value
    }

    /// The value of the attribute with this local name in this namespace, whatever its prefix.
    /// - Parameters:
    ///   - localName: The attribute's local name.
    ///   - namespaceURI: Its namespace, or `nil` for none.
    public func attribute(localName: String, namespaceURI: String?) -> String? {
      attributes.first { $0.name.matches(localName: localName, namespaceURI: namespaceURI) }?.value
    }

    /// The element's content in document order: child elements, text, CDATA, and (when the
    /// options keep them) comments and processing instructions.
    public var children: Children { Children(storage: storage, start: index + 1 + node.attributeCount, end: Int(node.payload)) }

    /// The child elements in document order.
    public var elements: [Element] {
      children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The child elements whose qualified name (as written) is `qualifiedName`.
    /// - Parameters:
    ///   - qualifiedName: The child elements' name as written.
    public func elements(named qualifiedName: String) -> [Element] {
      elements.filter { $0.qualifiedName == qualifiedName }
    }

    /// The child elements with this local name in this namespace, whatever their prefix.
    /// - Parameters:
    ///   - localName: The child elements' local name.
    ///   - namespaceURI: Their namespace, or `nil` for none.
    public func elements(localName: String, namespaceURI: String?) -> [Element] {
      elements.filter { $0.name.matches(localName: localName, namespaceURI: namespaceURI) }
    }

    /// The first child element whose qualified name is `qualifiedName`.
    /// - Parameters:
    ///   - qualifiedName: The child element's name as written.
    public func firstElement(named qualifiedName: String) -> Element? {
      children.firstElement(named: qualifiedName)
    }

    /// The element's direct text (text and CDATA children) joined, without its descendants' text.
    public var text: String { children.joinedText }

    /// Whether the element has neither child elements nor text.
    public var isEmpty: Bool {
      children.allSatisfy { if case .comment = $0 { true } else if case .processingInstruction = $0 { true } else { false } }
    }

    /// The namespace declarations made on this element, as (prefix, URI) pairs; the default
    /// namespace has prefix `nil`.
    public var namespaceDeclarations: [(prefix: String?, uri: String)] {
      attributes.compactMap { attribute in
        guard attribute.name.isNamespaceDeclaration else { return nil }
        return (attribute.name.prefix == nil ? nil : attribute.name.localName, attribute.value)
      }
    }
  }

  /// An attribute: its name (with namespace) and its normalized value.
  public struct Attribute: Sendable, Hashable {
    /// The attribute's name; unprefixed attributes are in no namespace.
    public let name: XMLName
    /// The value with references replaced and whitespace normalized as XML 1.0 requires.
    public let value: String
  }

  /// The attributes of an element, in document order.
  public struct Attributes: RandomAccessCollection, Sendable {
    let storage: XMLStorage
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Attribute {
      guard (0..<count).contains(position), let node = storage.node(at: start + position) else {
        return Attribute(name: XMLName(""), value: "")
      }
      return Attribute(name: storage.names.name(node.extra), value: storage.string(of: node))
    }
  }

  /// One piece of an element's content.
  public enum Node: Sendable {
    /// A child element.
    case element(Element)
    /// Character data, with references replaced.
    case text(String)
    /// A CDATA section's text.
    case cdata(String)
    /// A comment's text (kept only when ``XMLParsingOptions/keepsComments`` is set).
    case comment(String)
    /// A processing instruction (kept only when ``XMLParsingOptions/keepsProcessingInstructions`` is set).
    case processingInstruction(target: String, data: String)

    init?(storage: XMLStorage, index: Int) {
      guard let node = storage.node(at: index) else { return nil }
      switch node.kind {
      case .element: self = .element(Element(storage: storage, index: index))
      case .text: self = node.has(XMLTapeNode.isCDATA) ? .cdata(storage.string(of: node)) : .text(storage.string(of: node))
      case .comment: self = .comment(storage.string(of: node))
      case .processingInstruction:
        self = .processingInstruction(target: storage.names.name(node.extra).qualifiedName, data: storage.string(of: node))
      case .attribute: return nil
      }
    }
  }

  /// The content of an element, in document order.
  public struct Children: Sequence, Sendable {
    let storage: XMLStorage
    let start: Int
    let end: Int

    public func makeIterator() -> Iterator { Iterator(storage: storage, position: start, end: end) }

    /// Walks the content, skipping over each child element's subtree.
    public struct Iterator: IteratorProtocol {
      let storage: XMLStorage
      var position: Int
      let end: Int

      public mutating func next() -> Node? {
        while position < end {
          let current = position
          position = storage.next(after: current)
          if let node = Node(storage: storage, index: current) { return node }
        }
        return nil
      }
    }
  }
}
