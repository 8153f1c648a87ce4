extension XMLWriter {
  /// Begins the document an element was streamed from: the declaration (when the options
  /// include one), the comments and processing instructions before the root, and the root's
  /// start tag, left open for the root's children.
  ///
  /// What `foundry format` writes of a document larger than memory: the elements an
  /// ``XMLElementScanner`` hands out at `*` are written after this, one at a time with
  /// ``write(_:chunkSize:flush:)``, and ``endElement()`` closes the root. The root is written
  /// as holding no text, so its children go on lines of their own in pretty output.
  ///
  /// ```swift
  /// var scanner = XMLElementScanner(at: "*")
  /// scanner.append(bytes)
  /// scanner.finish()
  /// var writer = XMLWriter(options: .pretty)
  /// while let child = try scanner.next() {
  ///   if writer.depth == 0 { try writer.beginDocument(streamedWith: child) }
  ///   try writer.write(child, chunkSize: 1 << 16) { output.write($0) }
  /// }
  /// writer.endElement()
  /// ```
  ///
  /// - Parameters:
  ///   - element: An element of the document, as a streaming scanner hands it out.
  /// - Throws: ``XMLWritingError`` only for namespaces that cannot be declared as asked.
  package mutating func beginDocument(streamedWith element: XMLTree.Element) throws(XMLWritingError) {
    let storage = element.storage
    if options.includesDeclaration { writeDeclaration(storage.declaration ?? XMLDeclaration()) }
    let topLevel = storage.topLevel
    try withTapeView(of: storage) { (writer, view) throws(XMLWritingError) in
      for index in topLevel {
        guard let node = view.node(at: index) else { continue }
        guard node.kind == .element else {
          try writer.writeTapeLeaf(view, node: node)
          continue
        }
        let tag = TapeStartTag(view: view, nameID: node.extra, attributeStart: index + 1, attributeCount: node.attributeCount)
        try writer.beginElement(tag, checksInput: false, hasText: false)
        return
      }
    }
  }
}
