import FoundryInternals

// Elements that are arrays or objects are parsed where they stand in the chunk: no pass to find
// where one ends before the parser reads it, and no copy of its bytes of its own. The capture
// remains for what this does not take: elements that are not arrays or objects, that are too
// large or malformed (the capture's parse reports the error, as it always did), elements still
// cut after waiting once for more input, and the members beside the key path (which are only
// checked, and can be far larger than a chunk: parsed in place, citm_catalog.json's `events`
// failed twice before the capture read it, and the stream did more work, not less).
extension JSONElementScanner {
  /// What reading the value at the cursor in place came to.
  enum InPlaceOutcome {
    /// The element, parsed.
    case element(JSONDocument)
    /// The parse failed before ``finish()``: most likely the chunk cut the element. The next
    /// chunk is kept after it and the parse tried once more, then the capture takes it.
    case needsInput
    /// The capture must read the element.
    case capture
  }

  /// Reads the element at the cursor, an array or object, in place.
  mutating func readElementInPlace(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> InPlaceOutcome {
    guard position.offset == captureStart.offset, cursor < buffer.count,
      buffer[cursor] == Byte.openBrace || buffer[cursor] == Byte.openBracket
    else { return .capture }
    let available = buffer.count - cursor
    // Asked again before more input came (a reader drains what it has first): the same bytes
    // would fail the same way.
    if let waited = bytesWhenWaited, available == waited { return isFinished ? .capture : .needsInput }
    let isRetry = bytesWhenWaited != nil
    guard
      let document = JSONDocument.parseInPlace(
        input, from: cursor, nodeCapacity: lastElementNodeCount,
        options: elementOptions(containers: openObjects + 1), sourceName: sourceName),
      document.byteCount <= elementLimit, document.byteCount <= available
    else {
      // Waiting once bounds the work: an element longer than two chunks is parsed here at most
      // twice before the capture reads it.
      guard !isFinished, !isRetry else { return .capture }
      bytesWhenWaited = available
      return .needsInput
    }
    let bytes = UnsafeBufferPointer(rebasing: buffer[cursor..<cursor + document.byteCount])
    position.advance(over: bytes)
    cursor += bytes.count
    document.storage.streamOrigin = captureStart
    lastElementNodeCount = document.nodeCount
    state = .afterElement
    elementCount += 1
    try countMember()
    return .element(document)
  }

  /// The parser's options for a value inside `containers` arrays and objects: the depth limit
  /// counts them.
  func elementOptions(containers: Int) -> JSONParsingOptions {
    var elementOptions = options
    elementOptions.maximumDepth = max(0, options.maximumDepth - containers)
    return elementOptions
  }
}
