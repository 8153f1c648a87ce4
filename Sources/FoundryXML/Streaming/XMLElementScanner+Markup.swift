import FoundryInternals

// What the scanner does with each piece of markup: keeps the prolog, tracks the open elements,
// starts and ends the capture of an element, and has the bytes between elements checked.
extension XMLElementScanner {
  // MARK: - Events

  /// Acts on what the lexer found; an element when one is complete.
  mutating func handle(_ event: XMLMarkupLexer.Event, _ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) -> XMLTree.Element? {
    switch event {
    case .markup:
      try endText(buffer)
      markupStart = pending.count
      markupOrigin = position
      return nil
    case .began:
      return nil
    case .ended(let kind, let isEmptyElement):
      textStart = pending.count
      switch kind {
      case .startTag: return try endStartTag(isEmptyElement: isEmptyElement)
      case .endTag: return try endEndTag()
      default: return nil
      }
    case .malformed:
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
      if !isCapturing, pending.count >= batchLimit { try checkPending(upTo: pending.count, endingAt: position) }
    case .start, .done:
      break
    }
  }

  private mutating func endStartTag(isEmptyElement: Bool) throws(XMLParsingError) -> XMLTree.Element? {
    switch phase {
    case .prolog:
      prolog = Array(pending[..<markupStart])
      pending.removeSubrange(..<markupStart)
      pendingOrigin = markupOrigin
      markupStart = 0
      textStart = pending.count
      phase = .content
      let root = OpenTag(bytes: pending, origin: markupOrigin, name: Self.name(in: pending[...]), isOnPath: handsOutElements)
      if handsOutElements, segments.isEmpty {
        rootTag = root
        return try beginCapture(isEmptyElement: isEmptyElement)
      }
      return try open(root, isEmptyElement: isEmptyElement)
    case .content where isCapturing:
      if !isEmptyElement { captureDepth += 1 }
      return nil
    case .content:
      let tag = pending[markupStart...]
      let name = Self.name(in: tag)
      let depth = stack.count
      let isOnPath =
        handsOutElements && (stack.last?.isOnPath ?? false) && depth <= segments.count
        && Self.mayMatch(segments[depth - 1], name)
      if isOnPath, depth == segments.count {
        try checkPending(upTo: markupStart, endingAt: markupOrigin)
        return try beginCapture(isEmptyElement: isEmptyElement)
      }
      return try open(OpenTag(bytes: Array(tag), origin: markupOrigin, name: name, isOnPath: isOnPath), isEmptyElement: isEmptyElement)
    case .start, .epilogue, .done:
      // A second root: the check of what follows the root says so.
      return nil
    }
  }

  /// Pushes an element that is not handed out (an element on the path, or one only checked).
  private mutating func open(_ tag: OpenTag, isEmptyElement: Bool) throws(XMLParsingError) -> XMLTree.Element? {
    stack.append(tag)
    if isEmptyElement { closeElement() }
    return nil
  }

  private mutating func endEndTag() throws(XMLParsingError) -> XMLTree.Element? {
    if isCapturing {
      captureDepth -= 1
      return captureDepth == 0 ? try completeCapture() : nil
    }
    // After the root, an end tag is an error the next check reports.
    if phase == .content { closeElement() }
    return nil
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
  private mutating func beginCapture(isEmptyElement: Bool) throws(XMLParsingError) -> XMLTree.Element? {
    isCapturing = true
    captureDepth = isEmptyElement ? 0 : 1
    return isEmptyElement ? try completeCapture() : nil
  }

  /// Parses the captured element in its small document and hands it out if its names match.
  private mutating func completeCapture() throws(XMLParsingError) -> XMLTree.Element? {
    isCapturing = false
    let element = pending
    let origin = pendingOrigin
    let ancestors = stack
    let isRoot = ancestors.isEmpty
    let follows = pendingFollowsRoot
    resetPending(at: position)
    if isRoot {
      phase = .epilogue
      pendingFollowsRoot = true
    }
    elementCount += 1
    let tree: XMLTree
    do {
      tree = try parse(ancestors: ancestors, body: element[...], bodyOrigin: origin, bodyEnd: position, closing: ancestors, followsRoot: follows)
    } catch {
      isElementFailure = Self.isLocal(error)
      throw error
    }
    names = tree.storage.names
    guard let found = Self.element(in: tree, depth: ancestors.count, matching: segments) else {
      elementCount -= 1
      return nil
    }
    return found
  }

  /// The element at `depth` below the root of a streamed element's tree, if every name on the
  /// way matches the path.
  private static func element(in tree: XMLTree, depth: Int, matching segments: [String]) -> XMLTree.Element? {
    var element = tree.root
    for level in 0..<depth {
      guard let child = element.elements.first else { return nil }
      guard matches(segments[level], child.name) else { return nil }
      element = child
    }
    return element
  }

  // MARK: - Names

  /// The qualified name at the start of a start tag's bytes.
  static func name(in tag: ArraySlice<UInt8>) -> [UInt8] {
    var end = tag.startIndex + 1
    while end < tag.endIndex {
      switch tag[end] {
      case 0x20, 0x09, 0x0A, 0x0D, Ascii.slash, Ascii.greaterThan: return Array(tag[(tag.startIndex + 1)..<end])
      default: end += 1
      }
    }
    return Array(tag[min(tag.startIndex + 1, tag.endIndex)...])
  }

  /// Whether an element written `name` may be the one `segment` names (`{uri}local` is
  /// decided once the element's namespaces are resolved).
  static func mayMatch(_ segment: String, _ name: [UInt8]) -> Bool {
    if segment == "*" { return true }
    if segment.utf8.first == UInt8(ascii: "{") {
      guard let close = segment.utf8.lastIndex(of: UInt8(ascii: "}")) else { return false }
      let local = segment.utf8[segment.utf8.index(after: close)...]
      let nameLocal = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name[...]
      return local.elementsEqual(nameLocal)
    }
    return segment.utf8.elementsEqual(name)
  }

  /// Whether `segment` names `name`: `*`, its qualified name, or `{uri}local`.
  static func matches(_ segment: String, _ name: XMLName) -> Bool {
    if segment == "*" { return true }
    if segment.utf8.first == UInt8(ascii: "{") { return name.clarkNotation == segment }
    return name.qualifiedName == segment
  }

  /// Whether the bytes are all white space.
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
  }
}
