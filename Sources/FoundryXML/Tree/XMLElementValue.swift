/// An XML element as a plain value: a name, attributes in order and content in order, all
/// mutable. Build documents by hand with it, edit a parsed element, and write either.
///
/// ```swift
/// var item = XMLElementValue("item", attributes: ["id": "7", "lang": "en"], children: [
///   .element(XMLElementValue("title", text: "Fish & Chips")),
///   .comment(" priced later "),
/// ])
/// item["id"] = "8"
/// item.append(XMLElementValue("price", text: "9.50"))
/// try item.makeXMLString(options: .fragment)
/// // <item id="8" lang="en"><title>Fish &amp; Chips</title><!-- priced later --><price>9.50</price></item>
/// ```
///
/// Two elements are equal when their names (prefix, local name and namespace), their
/// attributes in order and their content in order are equal. Namespace declarations are
/// ordinary attributes (`xmlns`, `xmlns:p`), as in a parsed tree; the writer adds the ones a
/// name needs and that are missing.
public struct XMLElementValue: Sendable, Hashable {
  /// The element's name, with its namespace.
  ///
  /// ```swift
  /// var entry = XMLElementValue("entry")
  /// entry.name = XMLName("atom:entry", namespaceURI: "http://www.w3.org/2005/Atom")
  /// ```
  public var name: XMLName
  /// The attributes in order, namespace declarations included.
  ///
  /// ```swift
  /// XMLElementValue("a", attributes: ["x": "1", "y": "2"]).attributes.map(\.value)  // ["1", "2"]
  /// ```
  public var attributes: [XMLAttributeValue]
  /// The content in order: child elements, text, CDATA, comments and processing instructions.
  ///
  /// ```swift
  /// var p = XMLElementValue("p")
  /// p.children = [.text("a "), .element(XMLElementValue("b", text: "bold")), .text(" c")]
  /// ```
  public var children: [XMLContent]

  /// An element from its name, attributes and content.
  ///
  /// ```swift
  /// let link = XMLElementValue(
  ///   XMLName("atom:link", namespaceURI: "http://www.w3.org/2005/Atom"),
  ///   attributes: [XMLAttributeValue(name: XMLName("href"), value: "https://example.com/")]
  /// )
  /// ```
  /// - Parameters:
  ///   - name: The element's name.
  ///   - attributes: Its attributes, in order.
  ///   - children: Its content, in order.
  public init(_ name: XMLName, attributes: [XMLAttributeValue] = [], children: [XMLContent] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// An element from a qualified name and attributes given as name-value pairs, in order.
  ///
  /// ```swift
  /// let node = XMLElementValue("node", attributes: ["id": "7", "lat": "39.5"], children: [
  ///   .element(XMLElementValue("tag", attributes: ["k": "ref", "v": "21"])),
  /// ])
  /// ```
  ///
  /// - Parameters:
  ///   - qualifiedName: `prefix:local` or `local`.
  ///   - namespaceURI: The namespace of the element, if any.
  ///   - attributes: Unqualified (or prefixed, namespace-less) attribute names and values.
  ///   - children: The content.
  public init(
    _ qualifiedName: String, namespaceURI: String? = nil, attributes: KeyValuePairs<String, String> = [:],
    children: [XMLContent] = []
  ) {
    self.name = XMLName(qualifiedName, namespaceURI: namespaceURI)
    self.attributes = attributes.map { XMLAttributeValue(name: XMLName($0.key), value: $0.value) }
    self.children = children
  }

  /// An element holding one text node (none when `text` is empty).
  ///
  /// ```swift
  /// XMLElementValue("title", text: "Notes").children  // [.text("Notes")]
  /// ```
  /// - Parameters:
  ///   - qualifiedName: The name as written (`itunes:author`).
  ///   - namespaceURI: The namespace the name is in, or `nil`.
  ///   - attributes: Its attributes.
  ///   - text: Its text; empty for none.
  public init(
    _ qualifiedName: String, namespaceURI: String? = nil, attributes: KeyValuePairs<String, String> = [:],
    text: String
  ) {
    self.init(qualifiedName, namespaceURI: namespaceURI, attributes: attributes, children: text.isEmpty ? [] : [.text(text)])
  }

  // MARK: - Reading and editing

  /// The value of the attribute with this qualified name (as written); setting `nil` removes
  /// it, setting a value replaces it or appends a new unqualified attribute.
  ///
  /// ```swift
  /// var link = XMLElementValue("link", attributes: ["rel": "alternate"])
  /// link["href"] = "https://example.com/"
  /// link["rel"]   // "alternate"
  /// ```
  ///
  /// - Parameters:
  ///   - qualifiedName: The attribute's name as written.
  /// - Complexity: O(*n*) in the number of attributes.
  public subscript(_ qualifiedName: String) -> String? {
    get { attributes.first { $0.name.qualifiedName == qualifiedName }?.value }
    set {
      let index = attributes.firstIndex { $0.name.qualifiedName == qualifiedName }
      switch (index, newValue) {
      case (let index?, let value?): attributes[index].value = value
      case (let index?, nil): attributes.remove(at: index)
      case (nil, let value?): attributes.append(XMLAttributeValue(name: XMLName(qualifiedName), value: value))
      case (nil, nil): break
      }
    }
  }

  /// The value of the attribute with this local name in this namespace, whatever its prefix.
  ///
  /// ```swift
  /// element.attribute(localName: "lang", namespaceURI: XMLName.xmlNamespace)  // xml:lang
  /// ```
  /// - Parameters:
  ///   - localName: The attribute's local name.
  ///   - namespaceURI: Its namespace, or `nil` for none.
  public func attribute(localName: String, namespaceURI: String?) -> String? {
    attributes.first { $0.name.matches(localName: localName, namespaceURI: namespaceURI) }?.value
  }

  /// The child elements in order.
  ///
  /// ```swift
  /// XMLElementValue("a", children: [.text("x"), .element(XMLElementValue("b"))]).elements.count  // 1
  /// ```
  public var elements: [XMLElementValue] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// The child elements whose qualified name (as written) is `qualifiedName`.
  ///
  /// ```swift
  /// channel.elements(named: "item").count
  /// ```
  /// - Parameters:
  ///   - qualifiedName: The child elements' name as written.
  public func elements(named qualifiedName: String) -> [XMLElementValue] {
    elements.filter { $0.name.qualifiedName == qualifiedName }
  }

  /// The first child element whose qualified name is `qualifiedName`.
  ///
  /// ```swift
  /// channel.firstElement(named: "title")?.text
  /// ```
  /// - Parameters:
  ///   - qualifiedName: The child element's name as written.
  public func firstElement(named qualifiedName: String) -> XMLElementValue? {
    children.firstElement(named: qualifiedName)
  }

  /// The direct text (text and CDATA children) joined, without the descendants' text.
  ///
  /// ```swift
  /// XMLElementValue("a", children: [.text("1 "), .cdata("< 2")]).text  // "1 < 2"
  /// ```
  public var text: String { children.joinedText }

  /// Appends a child element.
  ///
  /// ```swift
  /// var list = XMLElementValue("list")
  /// list.append(XMLElementValue("entry", text: "one"))
  /// ```
  /// - Parameters:
  ///   - element: The child element.
  public mutating func append(_ element: XMLElementValue) {
    children.append(.element(element))
  }

  /// Appends a text node.
  ///
  /// ```swift
  /// var paragraph = XMLElementValue("p")
  /// paragraph.append(text: "Hello, ")
  /// paragraph.append(XMLElementValue("b", text: "world"))
  /// ```
  /// - Parameters:
  ///   - text: The text.
  public mutating func append(text: String) {
    children.append(.text(text))
  }
}

/// An attribute of an ``XMLElementValue``: a name with its namespace and a value.
///
/// ```swift
/// let lang = XMLAttributeValue(name: XMLName("xml:lang", namespaceURI: XMLName.xmlNamespace), value: "en")
/// ```
public struct XMLAttributeValue: Sendable, Hashable {
  /// The attribute's name; unprefixed attributes without a namespace URI are in no namespace.
  ///
  /// ```swift
  /// XMLAttributeValue("xml:lang", namespaceURI: XMLName.xmlNamespace, value: "en").name.localName  // "lang"
  /// ```
  public var name: XMLName
  /// The value as read (references replaced), written escaped.
  ///
  /// ```swift
  /// XMLAttributeValue("q", value: "say \"hi\"").value  // written as q="say &quot;hi&quot;"
  /// ```
  public var value: String

  /// An attribute from its name and value.
  ///
  /// ```swift
  /// XMLAttributeValue(name: XMLName("id"), value: "7")
  /// ```
  /// - Parameters:
  ///   - name: The attribute's name.
  ///   - value: Its value, unescaped.
  public init(name: XMLName, value: String) {
    self.name = name
    self.value = value
  }

  /// An attribute from a qualified name, an optional namespace and a value.
  ///
  /// ```swift
  /// XMLAttributeValue("xlink:href", namespaceURI: "http://www.w3.org/1999/xlink", value: "#a")
  /// ```
  /// - Parameters:
  ///   - qualifiedName: The name as written (`xml:lang`).
  ///   - namespaceURI: The namespace the name is in, or `nil`.
  ///   - value: Its value, unescaped.
  public init(_ qualifiedName: String, namespaceURI: String? = nil, value: String) {
    self.init(name: XMLName(qualifiedName, namespaceURI: namespaceURI), value: value)
  }
}

/// One piece of an ``XMLElementValue``'s content, or a comment or processing instruction
/// around the root of an ``XMLDocumentValue``.
///
/// ```swift
/// let content: [XMLContent] = [
///   .text("1 < 2 "),
///   .cdata("<raw/>"),
///   .element(XMLElementValue("br")),
///   .comment(" note "),
///   .processingInstruction(target: "render", data: "fast"),
/// ]
/// ```
public enum XMLContent: Sendable, Hashable {
  /// A child element.
  case element(XMLElementValue)
  /// Character data as read; the writer escapes what it must.
  case text(String)
  /// A CDATA section's text; the writer splits it around `]]>`.
  case cdata(String)
  /// A comment's text, between `<!--` and `-->`.
  case comment(String)
  /// A processing instruction: its target and the data after it.
  case processingInstruction(target: String, data: String)
}

/// A whole XML document as a value: the declaration, comments and processing instructions
/// around the root, and the root element.
///
/// ```swift
/// let document = XMLDocumentValue(
///   root: XMLElementValue("note", text: "hi"),
///   prologue: [.processingInstruction(target: "xml-stylesheet", data: #"href="note.css""#)]
/// )
/// try document.makeXMLString()
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <?xml-stylesheet href="note.css"?>
/// // <note>hi</note>
/// ```
public struct XMLDocumentValue: Sendable, Hashable {
  /// The XML declaration, if the document has one; the writer takes its version and
  /// standalone flag.
  ///
  /// ```swift
  /// document.declaration = XMLDeclaration(standalone: true)
  /// ```
  public var declaration: XMLDeclaration?
  /// Comments and processing instructions before the root element, in order.
  ///
  /// ```swift
  /// document.prologue.append(.comment(" generated "))
  /// ```
  public var prologue: [XMLContent]
  /// The root element.
  ///
  /// ```swift
  /// document.root.append(XMLElementValue("item", text: "new"))
  /// ```
  public var root: XMLElementValue
  /// Comments and processing instructions after the root element, in order.
  ///
  /// ```swift
  /// document.epilogue = [.processingInstruction(target: "done", data: "")]
  /// ```
  public var epilogue: [XMLContent]

  /// A document from its parts.
  ///
  /// ```swift
  /// let document = XMLDocumentValue(root: XMLElementValue("feed"), declaration: XMLDeclaration(standalone: true))
  /// ```
  /// - Parameters:
  ///   - root: The root element.
  ///   - declaration: The XML declaration, or `nil` for none.
  ///   - prologue: Comments and processing instructions before the root.
  ///   - epilogue: Comments and processing instructions after the root.
  public init(
    root: XMLElementValue, declaration: XMLDeclaration? = nil, prologue: [XMLContent] = [], epilogue: [XMLContent] = []
  ) {
    self.declaration = declaration
    self.prologue = prologue
    self.root = root
    self.epilogue = epilogue
  }
}

// MARK: - Teardown

extension XMLElementValue {
  /// Drops `element` one level at a time, whatever its depth.
  ///
  /// Swift releases nested values recursively, one call per level, so dropping an element
  /// nested tens of thousands deep (possible only with ``XMLParsingOptions/maximumDepth``
  /// raised far past its default of 512) would overflow the stack. Code that builds elements
  /// from input of any depth hands them here when done.
  ///
  /// ```swift
  /// let root = try XMLJSONView.element(fromWrapped: value)
  /// // ... write root ...
  /// XMLElementValue.dismantle(consume root)
  /// ```
  ///
  /// - Complexity: O(*n*) in the nodes of the tree, with an explicit stack.
  public static func dismantle(_ element: consuming XMLElementValue) {
    var pending = [consume element]
    while let next = pending.popLast() {
      // The children move to `pending` before `next` goes, so each release frees one element.
      for case .element(let child) in next.children { pending.append(child) }
    }
  }
}
