extension XMLWriter {
  /// Writes a parsed document straight from its tape: the declaration (when the options
  /// include one), the top-level comments and processing instructions, and the root.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: "<?xml version='1.0' standalone='yes'?><a/>")
  /// var writer = XMLWriter()
  /// try writer.write(tree)
  /// // <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
  /// // <a/>
  /// ```
  ///
  /// - Parameters:
  ///   - tree: The parsed document.
  /// - Throws: ``XMLWritingError`` only for namespaces that cannot be declared as asked.
  /// - Complexity: O(*n*) in the size of the output.
  public mutating func write(_ tree: XMLTree) throws(XMLWritingError) {
    try write(tree, chunkSize: .max) { _ in }
  }

  /// Writes a parsed document, handing the bytes to `flush` (and emptying them) whenever they
  /// reach `chunkSize`.
  mutating func write(_ tree: XMLTree, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    if options.includesDeclaration { writeDeclaration(tree.declaration ?? XMLDeclaration()) }
    let topLevel = tree.storage.topLevel
    try withTapeView(of: tree.storage) { (writer, view) throws(XMLWritingError) in
      for index in topLevel {
        guard let node = view.node(at: index) else { continue }
        if node.kind == .element {
          try writer.writeTape(view, from: index, chunkSize: chunkSize, flush: flush)
        } else {
          try writer.writeTapeLeaf(view, node: node)
        }
      }
    }
  }

  /// Writes an element of a parsed document and everything below it, straight from the tape.
  ///
  /// Text is escaped without being checked again (the parser admitted it); the namespace
  /// declarations made on the element's ancestors are added where its names need them.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: "<list><item>1</item><item>2</item></list>")
  /// var writer = XMLWriter(options: .fragment)
  /// for item in tree.root.elements { try writer.write(item) }
  /// // <item>1</item>
  /// // <item>2</item>
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element and everything in it.
  /// - Throws: ``XMLWritingError`` only for namespaces that cannot be declared as asked.
  /// - Complexity: O(*n*) in the size of the output.
  public mutating func write(_ element: XMLTree.Element) throws(XMLWritingError) {
    try write(element, chunkSize: .max) { _ in }
  }

  /// Writes an element of a parsed document, handing the bytes to `flush` (and emptying them)
  /// whenever they reach `chunkSize`.
  package mutating func write(_ element: XMLTree.Element, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    let start = element.index
    try withTapeView(of: element.storage) { (writer, view) throws(XMLWritingError) in
      try writer.writeTape(view, from: start, chunkSize: chunkSize, flush: flush)
    }
  }

  /// Runs `body` with this writer and a view of `storage`'s tape (its names laid out once per
  /// document, however many elements of it are written).
  mutating func withTapeView(
    of storage: XMLStorage, _ body: (inout XMLWriter, XMLTapeView) throws(XMLWritingError) -> Void
  ) throws(XMLWritingError) {
    let names = tapeNames(of: storage)
    let failure = XMLTapeView.with(storage, names: names) { view -> XMLWritingError? in
      do throws(XMLWritingError) {
        try body(&self, view)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// The layout of `storage`'s names, reused from the last call on the same document.
  private mutating func tapeNames(of storage: XMLStorage) -> XMLTapeNameCache {
    if var cache = tapeNames, cache.storage === storage {
      tapeNames = nil  // keeps the arrays unique while they grow
      cache.update()
      tapeNames = cache
      return cache
    }
    let cache = XMLTapeNameCache(storage: storage)
    tapeNames = cache
    return cache
  }

  /// The explicit-stack walk over an element's subtree on the tape, handing the bytes to
  /// `flush` (and emptying them) whenever they reach `chunkSize`.
  private mutating func writeTape(
    _ view: XMLTapeView, from start: Int, chunkSize: Int, flush: ([UInt8]) -> Void
  ) throws(XMLWritingError) {
    var ends: [Int] = []
    var index = start
    while true {
      drain(ifAtLeast: chunkSize, into: flush)
      guard let node = view.node(at: index) else { return }
      if node.kind == .element {
        let contentStart = index + 1 + node.attributeCount
        let end = max(contentStart, Int(node.payload))
        let hasText = options.isPretty && Self.hasText(view, from: contentStart, to: end)
        let tag = TapeStartTag(view: view, nameID: node.extra, attributeStart: index + 1, attributeCount: node.attributeCount)
        try beginElement(tag, checksInput: false, hasText: hasText)
        if contentStart < end {
          ends.append(end)
          index = contentStart
          continue
        }
        endElement()
      } else {
        try writeTapeLeaf(view, node: node)
      }
      // Move on, closing every element whose content is done.
      var next = view.next(after: index)
      while let end = ends.last, next >= end {
        ends.removeLast()
        endElement()
        // Deep nesting closes thousands of elements here, each on its own indented line.
        drain(ifAtLeast: chunkSize, into: flush)
        next = end
      }
      if ends.isEmpty { return }
      index = next
    }
  }

  /// Whether the content between `start` and `end` holds text or CDATA.
  private static func hasText(_ view: XMLTapeView, from start: Int, to end: Int) -> Bool {
    var index = start
    while index < end, let node = view.node(at: index) {
      if node.kind == .text { return true }
      index = view.next(after: index)
    }
    return false
  }

  /// Writes a text, CDATA, comment or processing-instruction node from the tape.
  mutating func writeTapeLeaf(_ view: XMLTapeView, node: XMLTapeNode) throws(XMLWritingError) {
    switch node.kind {
    case .text where node.has(XMLTapeNode.isCDATA):
      try prepareForText("CDATA")
      if case .invalidCharacter(let scalar) = appendCDATA(view.bytes(of: node)) {
        throw error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in CDATA")
      }
    case .text:
      guard node.payload > 0 else { return }
      try prepareForText("text")
      if let scalar = appendEscapedText(view.bytes(of: node), checks: false) {
        throw error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in text")
      }
    case .comment:
      if let error = appendComment(view.bytes(of: node)) { throw error }
    case .processingInstruction:
      if let error = appendProcessingInstruction(target: view.name(node.extra).qualifiedName, data: view.bytes(of: node)) {
        throw error
      }
    case .element, .attribute:
      return
    }
  }
}
