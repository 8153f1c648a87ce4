extension XMLElementValue: CustomStringConvertible {
  /// The element as compact XML without a declaration, or the error that prevents writing it.
  ///
  /// ```swift
  /// print(XMLElementValue("a", attributes: ["k": "v"], text: "1 < 2"))  // <a k="v">1 &lt; 2</a>
  /// ```
  public var description: String {
    do {
      return try makeXMLString(options: .fragment)
    } catch {
      return error.description
    }
  }
}

extension XMLWriter {
  /// Writes a whole document: the declaration (when the options include one, with the
  /// document's version and standalone flag), the prologue, the root and the epilogue.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .pretty)
  /// try writer.write(XMLDocumentValue(root: XMLElementValue("a")))
  /// ```
  ///
  /// - Parameters:
  ///   - document: The document.
  /// - Throws: ``XMLWritingError`` as the primitives do, and for text, CDATA or elements in
  ///   the prologue or epilogue.
  public mutating func write(_ document: XMLDocumentValue) throws(XMLWritingError) {
    try write(document, chunkSize: .max) { _ in }
  }

  /// Writes a whole document, handing the bytes to `flush` (and emptying them) whenever they
  /// reach `chunkSize` inside the root.
  mutating func write(_ document: XMLDocumentValue, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    if options.includesDeclaration { writeDeclaration(document.declaration ?? XMLDeclaration()) }
    for node in document.prologue { try writeTopLevel(node) }
    try write(document.root, chunkSize: chunkSize, flush: flush)
    for node in document.epilogue { try writeTopLevel(node) }
  }

  /// Writes a comment or processing instruction outside the root element.
  private mutating func writeTopLevel(_ node: XMLContent) throws(XMLWritingError) {
    switch node {
    case .comment(let text): try writeComment(text)
    case .processingInstruction(let target, let data): try writeProcessingInstruction(target: target, data: data)
    case .element: throw error(.misplacedContent, "an element in the prologue or epilogue (only the root is allowed)")
    case .text: throw error(.misplacedContent, "text outside the root element")
    case .cdata: throw error(.misplacedContent, "CDATA outside the root element")
    }
  }

  /// Writes an element and everything below it.
  ///
  /// Works along an explicit stack, so any nesting depth is safe. Pretty output indents the
  /// content of elements without text and keeps mixed content as it is.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.beginElement(XMLName("rss"))
  /// try writer.write(XMLElementValue("channel", children: [.element(XMLElementValue("title", text: "News"))]))
  /// writer.endElement()  // <rss><channel><title>News</title></channel></rss>
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element and everything in it.
  /// - Throws: ``XMLWritingError`` as the primitives do.
  /// - Complexity: O(*n*) in the size of the output.
  public mutating func write(_ element: XMLElementValue) throws(XMLWritingError) {
    try write(element, chunkSize: .max) { _ in }
  }

  /// Writes an element, handing the bytes to `flush` (and emptying them) whenever they reach
  /// `chunkSize` inside it.
  mutating func write(_ element: XMLElementValue, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    var stack: [(children: [XMLContent], next: Int)] = []
    try open(element, onto: &stack)
    while let top = stack.indices.last {
      drain(ifAtLeast: chunkSize, into: flush)
      let position = stack[top].next
      guard position < stack[top].children.count else {
        stack.removeLast()
        endElement()
        continue
      }
      stack[top].next = position + 1
      switch stack[top].children[position] {
      case .element(let child): try open(child, onto: &stack)
      case .text(let text): try writeText(text)
      case .cdata(let text): try writeCDATA(text)
      case .comment(let text): try writeComment(text)
      case .processingInstruction(let target, let data): try writeProcessingInstruction(target: target, data: data)
      }
    }
  }

  /// Writes the start tag of `element`; pushes its content, or closes it when it has none.
  private mutating func open(
    _ element: XMLElementValue, onto stack: inout [(children: [XMLContent], next: Int)]
  ) throws(XMLWritingError) {
    let hasText =
      options.isPretty
      && element.children.contains {
        switch $0 {
        case .text, .cdata: true
        default: false
        }
      }
    try beginElement(ValueStartTag(elementName: element.name, attributes: element.attributes), checksInput: true, hasText: hasText)
    if element.children.isEmpty {
      endElement()
    } else {
      stack.append((element.children, 0))
    }
  }
}
