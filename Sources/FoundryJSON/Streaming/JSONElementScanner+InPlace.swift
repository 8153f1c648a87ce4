import FoundryInternals

// Elements parsed where they stand in a copy of the chunk: no pass to find where an element
// ends before the parser reads it, and no copy of its bytes of its own. The capture remains for
// what this does not take: elements that are not arrays or objects, that run past the chunk,
// that are too large or malformed (the capture's parse reports the error, as it always did).
extension JSONElementScanner {
  /// The most input one block copies: elements past it start a block of their own.
  static var inPlaceBlockLimit: Int { 1 << 20 }

  /// The element at the cursor, an array or object, parsed in place; `nil` when the capture
  /// must read it instead.
  mutating func parseElementInPlace(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> JSONDocument? {
    guard cursor < buffer.count, buffer[cursor] == Byte.openBrace || buffer[cursor] == Byte.openBracket else { return nil }
    let block = inPlaceBlock(buffer)
    guard
      let document = JSONDocument.parseInPlace(
        block, from: cursor - inPlaceBlockStart, nodeCapacity: lastElementNodeCount,
        options: elementOptions(containers: openObjects + 1), sourceName: sourceName),
      document.byteCount <= elementLimit
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

  /// The block the cursor is in, copied from `buffer` at the cursor when there is none.
  private mutating func inPlaceBlock(_ buffer: UnsafeBufferPointer<UInt8>) -> JSONByteBlock {
    if let block = inPlaceBlockCopy, cursor >= inPlaceBlockStart, cursor - inPlaceBlockStart < block.count { return block }
    let end = cursor + min(buffer.count - cursor, Self.inPlaceBlockLimit)
    let block = JSONByteBlock(copying: UnsafeBufferPointer(rebasing: buffer[cursor..<end]))
    inPlaceBlockCopy = block
    inPlaceBlockStart = cursor
    return block
  }

  /// The parser's options for a value inside `containers` arrays and objects: the depth limit
  /// counts them.
  func elementOptions(containers: Int) -> JSONParsingOptions {
    var elementOptions = options
    elementOptions.maximumDepth = max(0, options.maximumDepth - containers)
    return elementOptions
  }
}
