import FoundryInternals

// Elements parsed where they stand in the chunk: no pass to find where an element ends before
// the parser reads it, and no copy of its bytes of its own. The capture remains for what this
// does not take: elements that are not arrays or objects, that run past the chunk, that are too
// large or malformed (the capture's parse reports the error, as it always did).
extension JSONElementScanner {
  /// The element at the cursor, an array or object, parsed in place; `nil` when the capture
  /// must read it instead.
  mutating func parseElementInPlace(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> JSONDocument? {
    guard cursor < buffer.count, buffer[cursor] == Byte.openBrace || buffer[cursor] == Byte.openBracket else { return nil }
    guard
      let document = JSONDocument.parseInPlace(
        input, from: cursor, nodeCapacity: lastElementNodeCount,
        options: elementOptions(containers: openObjects + 1), sourceName: sourceName),
      document.byteCount <= elementLimit, document.byteCount <= buffer.count - cursor
    else { return nil }
    let bytes = UnsafeBufferPointer(rebasing: buffer[cursor..<cursor + document.byteCount])
    position.advance(over: bytes)
    cursor += bytes.count
    lastElementNodeCount = document.nodeCount
    document.storage.streamOrigin = captureStart
    state = .afterElement
    elementCount += 1
    try countMember()
    return document
  }

  /// The parser's options for a value inside `containers` arrays and objects: the depth limit
  /// counts them.
  func elementOptions(containers: Int) -> JSONParsingOptions {
    var elementOptions = options
    elementOptions.maximumDepth = max(0, options.maximumDepth - containers)
    return elementOptions
  }
}
