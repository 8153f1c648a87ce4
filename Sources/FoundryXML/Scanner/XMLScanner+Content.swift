extension XMLScanner {
  // MARK: - Content

  /// content ::= CharData? ((element | Reference | CDSect | PI | Comment) CharData?)*
  ///
  /// In the document, reads until the root element closes; in entity text, until the text ends.
  mutating func parseContent() throws(XMLParsingError) {
    while true {
      let runStart = position
      // Indentation between tags is the most common text: note when a run is only that.
      let blankEnd = blankRunEnd(from: position)
      var index = blankEnd
      while true {
        // Most often a tag follows the indentation at once.
        if index < end, classes[Int(input[index])] & ByteClass.textStop == 0 {
          index = firstIndex(from: index, stoppingAt: ByteClass.textStop)
        }
        guard index < end else { break }
        let byte = input[index]
        if byte == UInt8(ascii: "]") {
          if index + 2 < end, input[index + 1] == UInt8(ascii: "]"), input[index + 2] == UInt8(ascii: ">") {
            throw error(.syntax, "']]>' is not allowed in text (write ']]&gt;')", at: index)
          }
          index += 1
        } else if byte == 0xEF || byte < 0x20 && byte != 0x0D {
          index += try checkChar(at: index, in: "text")
        } else {
          break
        }
      }
      if index > runStart { appendText(runStart, index, blankEnd: blankEnd) }
      position = index
      guard position < end else {
        guard readsSource else { return }
        throw unclosedElementError()
      }
      switch input[position] {
      case UInt8(ascii: "<"):
        try parseMarkupInContent()
        if isStopped || readsSource && open.isEmpty { return }
      case UInt8(ascii: "&"):
        try parseReferenceInContent()
      default:
        // A carriage return: `\r\n` and a lone `\r` both read as `\n`.
        ensureTextInHeap(origin: position)
        text.isKnownBlank = false
        position += 1
        if readsReplacementText {
          heap.append(0x0D)
        } else {
          heap.append(0x0A)
          if position < end, input[position] == 0x0A { position += 1 }
        }
      }
    }
  }

  /// The markup after a `<` in content: a tag, comment, CDATA section or processing instruction.
  mutating func parseMarkupInContent() throws(XMLParsingError) {
    let start = position
    guard start + 1 < end else { throw unclosedElementError() }
    switch input[start + 1] {
    case UInt8(ascii: "/"):
      try parseEndTag(at: start)
    case UInt8(ascii: "?"):
      if options.keepsProcessingInstructions { flushText() }
      _ = try parseProcessingInstruction(at: start)
    case UInt8(ascii: "!"):
      if hasPrefix("<!--") {
        if options.keepsComments { flushText() }
        _ = try parseComment(at: start)
      } else if hasPrefix("<![CDATA[") {
        try parseCDATA(at: start)
      } else if hasPrefix("<!DOCTYPE") {
        throw error(.syntax, "a document type declaration is not allowed inside an element", at: start)
      } else {
        throw error(.syntax, "'<!' must start a comment or a CDATA section here", at: start)
      }
    default:
      guard isNameStartAt(start + 1) else {
        throw error(.syntax, "\(describe(at: start + 1)) cannot start an element name (write '&lt;' for a literal '<')", at: start + 1)
      }
      _ = try parseStartTag(at: start)
    }
  }

  /// The error for input that ends while elements are open.
  func unclosedElementError() -> XMLParsingError {
    let name = open.last.map { storage.names.name(nodes[$0.tapeIndex].extra).qualifiedName } ?? ""
    return error(.unexpectedEndOfInput, "element '<\(name)>' is not closed", at: end)
  }

  // MARK: - Text

  /// Adds `input[start..<stop]` to the pending text, whose bytes before `blankEnd` are known
  /// to be white space.
  @inline(__always)
  mutating func appendText(_ start: Int, _ stop: Int, blankEnd: Int) {
    let isBlank = blankEnd == stop
    switch text.state {
    case .none:
      if readsSource {
        text = PendingText(state: .source, start: start, end: stop, origin: start, isKnownBlank: isBlank, blankEnd: max(start, blankEnd))
        return
      }
      ensureTextInHeap(origin: start)
      text.isKnownBlank = isBlank
    case .source:
      text.isKnownBlank = text.isKnownBlank && isBlank
      if readsSource, text.end == start {
        text.end = stop
        return
      }
      ensureTextInHeap(origin: start)
    case .heap:
      text.isKnownBlank = text.isKnownBlank && isBlank
    }
    heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<stop]))
  }

  /// Makes the pending text live in the heap, so decoded characters can follow it.
  mutating func ensureTextInHeap(origin: Int) {
    switch text.state {
    case .none:
      text = PendingText(state: .heap, start: heap.count, end: 0, origin: readsSource ? origin : entityOrigin, blankEnd: heap.count)
    case .source:
      let range = text.start..<text.end
      text.state = .heap
      text.start = heap.count
      text.blankEnd = heap.count + (text.blankEnd - range.lowerBound)
      heap.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
    case .heap:
      break
    }
  }

  /// Puts the pending text on the tape as one node, unless the whitespace option drops it;
  /// `endsElement` when the element's end tag follows (`.trim` trims the end of its text there).
  mutating func flushText(endsElement: Bool = false) {
    guard text.state != .none else { return }
    let inHeap = text.state == .heap
    var start = text.start
    var stop = inHeap ? heap.count : text.end
    let origin = text.origin
    text.state = .none
    func isSpace(_ index: Int) -> Bool { XMLCharacters.isSpace(inHeap ? heap[index] : source[index]) }
    var firstNonSpace = text.isKnownBlank ? stop : text.blankEnd
    while firstNonSpace < stop, isSpace(firstNonSpace) { firstNonSpace += 1 }
    let isBlank = firstNonSpace == stop
    if options.whitespace != .keep, !preservesSpace {
      if isBlank {
        if inHeap { heap.removeLast(heap.count - start) }
        return
      }
      // `.trim` trims an element's text as a whole: the start of its first piece and the end of
      // its last, so the spaces between words and child elements (`The <b>text</b> string`) stay.
      if options.whitespace == .trim {
        if startsElement { start = firstNonSpace }
        if endsElement {
          while stop > start, isSpace(stop - 1) { stop -= 1 }
          if inHeap { heap.removeLast(heap.count - stop) }
        }
      }
    }
    var flags: UInt32 = isBlank ? XMLTapeNode.isBlank : 0
    if inHeap { flags |= XMLTapeNode.inHeap }
    nodes.append(XMLTapeNode(.text, flags: flags, offset: start, payload: stop - start, extra: UInt32(truncatingIfNeeded: origin)))
  }

  /// Whether nothing but the open element's start tag (and its attributes) is on the tape after
  /// it: pending text is then the first of the element's content.
  private var startsElement: Bool {
    guard let top = open.last else { return true }
    return nodes.count - 1 - top.tapeIndex <= nodes[top.tapeIndex].attributeCount
  }

  /// Copies `input[start..<stop]` to the heap with line ends normalized; returns the heap range.
  mutating func appendNormalizingLineEnds(_ start: Int, _ stop: Int) -> (offset: Int, count: Int) {
    let heapStart = heap.count
    var index = start
    var runStart = start
    while index < stop {
      if input[index] == 0x0D, !readsReplacementText {
        heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
        heap.append(0x0A)
        index += 1
        if index < stop, input[index] == 0x0A { index += 1 }
        runStart = index
      } else {
        index += 1
      }
    }
    heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<stop]))
    return (heapStart, heap.count - heapStart)
  }

  /// Appends a comment, CDATA or instruction node over `input[start..<stop]`.
  mutating func appendMarkupNode(
    _ kind: XMLTapeKind, flags: UInt32 = 0, _ start: Int, _ stop: Int, hasCarriageReturn: Bool, extra: UInt32
  ) -> Int {
    if readsSource, !hasCarriageReturn {
      nodes.append(XMLTapeNode(kind, flags: flags, offset: start, payload: stop - start, extra: extra))
    } else {
      let (offset, count) = appendNormalizingLineEnds(start, stop)
      nodes.append(XMLTapeNode(kind, flags: flags | XMLTapeNode.inHeap, offset: offset, payload: count, extra: extra))
    }
    return nodes.count - 1
  }
}
