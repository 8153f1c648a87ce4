import FoundryInternals

// What the scanner does with each piece of markup: keeps the prolog, tracks the open elements,
// starts and ends the capture of an element, and has the bytes between elements checked.
extension XMLElementScanner {
  // MARK: - Events

  /// Acts on what the lexer found; a complete element joins the ``batch``.
  mutating func handle(_ event: XMLMarkupLexer.Event, _ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) {
    switch event {
    case .markup:
      try endText(buffer)
      markupStart = pending.count
    case .ended(let kind, let isEmptyElement):
      if kind == .cdata, isBesideElements { hasTextBesideElements = true }
      if kind == .comment || kind == .processingInstruction, isBesideElements || (tracksTextBesideElements && phase == .epilogue) {
        hasMarkupBesideElements = true
      }
      textStart = pending.count
      switch kind {
      case .startTag: try endStartTag(isEmptyElement: isEmptyElement)
      case .endTag: endEndTag()
      default: break
      }
    case .malformed:
      flushBatch()
      throw parseFailure(adding: UnsafeBufferPointer(rebasing: buffer[cursor...]))
    }
  }

  /// Text is complete: in the prolog it may only be white space; elsewhere, what has gathered
  /// is checked once there is enough of it.
  private mutating func endText(_ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) {
    switch phase {
    case .prolog:
      if !Self.isBlank(pending[min(textStart, pending.count)...]) { throw parseFailure(adding: UnsafeBufferPointer(rebasing: buffer[cursor...])) }
    case .content, .epilogue:
      if phase == .content, isBesideElements, !Self.isBlank(pending[min(textStart, pending.count)...]) { hasTextBesideElements = true }
      guard !isCapturing, pending.count >= batchLimit else { break }
      flushBatch()
      if pending.count >= batchLimit { try checkPending(upTo: pending.count, endingAt: track(toPendingOffset: pending.count)) }
    case .start, .done:
      break
    }
  }

  /// Whether text met now stands directly in the parent of the elements, and is looked for.
  private var isBesideElements: Bool { tracksTextBesideElements && !isCapturing && stack.count == segments.count }

  private mutating func endStartTag(isEmptyElement: Bool) throws(XMLParsingError) {
    switch phase {
    case .prolog:
      prolog = Array(pending[..<markupStart])
      dropPending(upTo: markupStart, origin: track(toPendingOffset: markupStart))
      markupStart = 0
      textStart = pending.count
      phase = .content
      let root = OpenTag(copied: pending, origin: pendingOrigin, nameLength: pending.withUnsafeBufferPointer(Self.nameLength(in:)), isOnPath: handsOutElements)
      if handsOutElements, segments.isEmpty {
        rootTag = root
        beginCapture(isEmptyElement: isEmptyElement)
      } else {
        open(root, isEmptyElement: isEmptyElement)
      }
    case .content where isCapturing:
      if !isEmptyElement { captureDepth += 1 }
    case .content:
      // Fields read in place, not through copies (`stack.last`, a slice of `pending`): each
      // copy cost a retain and a release per start tag.
      let depth = stack.count
      let parentIsOnPath = handsOutElements && depth > 0 && stack[depth - 1].isOnPath && depth <= segments.count
      let (nameLength, isOnPath) = pending.withUnsafeBufferPointer { buffer in
        let tag = UnsafeBufferPointer(rebasing: buffer[markupStart...])
        let nameLength = Self.nameLength(in: tag)
        return (nameLength, parentIsOnPath && segments[depth - 1].mayMatch(UnsafeBufferPointer(rebasing: tag.dropFirst().prefix(nameLength))))
      }
      if isOnPath, depth == segments.count {
        // The markup before it is checked with it, when its batch is parsed.
        beginCapture(isEmptyElement: isEmptyElement)
      } else if !isEmptyElement {
        // (An empty element closes as it opens: the root is open around it.)
        stack.append(OpenTag(span: markupStart..<pending.count, nameLength: nameLength, isOnPath: isOnPath))
      }
    case .start, .epilogue, .done:
      // A second root: the check of what follows the root says so.
      break
    }
  }

  /// Pushes an element that is not handed out (an element on the path, or one only checked).
  private mutating func open(_ tag: OpenTag, isEmptyElement: Bool) {
    stack.append(tag)
    if isEmptyElement { closeElement() }
  }

  private mutating func endEndTag() {
    if isCapturing {
      captureDepth -= 1
      if captureDepth == 0 { completeCapture() }
      return
    }
    // After the root, an end tag is an error the next check reports.
    if phase == .content { closeElement() }
  }

  /// Pops the innermost open element; after the root, the epilogue begins.
  private mutating func closeElement() {
    guard let closed = stack.popLast() else { return }
    if stack.isEmpty {
      rootTag = closed
      phase = .epilogue
    }
  }

  // MARK: - Elements

  /// The start tag in ``pending`` (from ``markupStart``) begins an element to hand out.
  private mutating func beginCapture(isEmptyElement: Bool) {
    isCapturing = true
    captureDepth = isEmptyElement ? 0 : 1
    captureStart = markupStart
    if isEmptyElement { completeCapture() }
  }

  /// The captured element joins the batch, which is parsed once it holds enough bytes (the
  /// root element at once: what follows it is checked apart).
  mutating func completeCapture() {
    isCapturing = false
    batch.append(CapturedElement(start: captureStart, end: pending.count, ancestors: stack))
    guard stack.isEmpty else {
      if pending.count >= batchLimit { flushBatch() }
      return
    }
    flushBatch()
    phase = .epilogue
    pendingFollowsRoot = true
  }

  // MARK: - Names

  /// Whether the bytes are all white space.
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy(isBlankByte)
  }

  /// Whether `byte` is white space (space, tab, line feed, carriage return).
  static func isBlankByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }
}
