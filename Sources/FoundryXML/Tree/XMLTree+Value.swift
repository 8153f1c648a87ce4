extension XMLTree.Element {
  // MARK: - Materializing

  /// The element and everything below it as a mutable ``XMLElementValue``.
  ///
  /// Names keep their prefixes and namespaces, attributes (namespace declarations included)
  /// and content keep their order; comments and processing instructions are there when the
  /// parsing options kept them.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: #"<item id="7"><title>Fish &amp; Chips</title></item>"#)
  /// var item = tree.root.value
  /// item["id"] = "8"
  /// try item.makeXMLString(options: .fragment)  // <item id="8"><title>Fish &amp; Chips</title></item>
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the subtree. Works along an explicit stack, so any
  ///   nesting depth is safe.
  public var value: XMLElementValue {
    var stack = [ValueFrame(self)]
    while let top = stack.indices.last {
      if let node = stack[top].iterator.next() {
        switch node {
        case .element(let child): stack.append(ValueFrame(child))
        case .text(let text): stack[top].value.children.append(.text(text))
        case .cdata(let text): stack[top].value.children.append(.cdata(text))
        case .comment(let text): stack[top].value.children.append(.comment(text))
        case .processingInstruction(let target, let data):
          stack[top].value.children.append(.processingInstruction(target: target, data: data))
        }
        continue
      }
      let done = stack.removeLast().value
      guard let parent = stack.indices.last else { return done }
      stack[parent].value.children.append(.element(done))
    }
    return XMLElementValue(name)
  }
}

/// An element being materialized and the walk over its content.
private struct ValueFrame {
  var value: XMLElementValue
  var iterator: XMLTree.Children.Iterator

  init(_ element: XMLTree.Element) {
    value = XMLElementValue(element.name, attributes: element.attributes.map { XMLAttributeValue(name: $0.name, value: $0.value) })
    iterator = element.children.makeIterator()
  }
}

extension XMLTree {
  /// The whole document as a mutable ``XMLDocumentValue``: its declaration, the comments and
  /// processing instructions around the root (when the options kept them) and the root.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: #"<?xml version="1.0"?><!-- hi --><a/>"#, options: .faithful)
  /// let document = tree.value
  /// document.prologue   // [.comment(" hi ")]
  /// document.root.name  // a
  /// ```
  ///
  /// The document type declaration is not part of the value.
  ///
  /// - Complexity: O(*n*) in the size of the document.
  public var value: XMLDocumentValue {
    var document = XMLDocumentValue(root: root.value, declaration: declaration)
    var isBeforeRoot = true
    for node in topLevelNodes {
      let content: XMLContent
      switch node {
      case .element:
        isBeforeRoot = false
        continue
      case .comment(let text): content = .comment(text)
      case .processingInstruction(let target, let data): content = .processingInstruction(target: target, data: data)
      case .text(let text): content = .text(text)
      case .cdata(let text): content = .cdata(text)
      }
      if isBeforeRoot { document.prologue.append(content) } else { document.epilogue.append(content) }
    }
    return document
  }
}
