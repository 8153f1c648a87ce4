import FoundryInternals

// The values the scanner holds whole: elements, lines, the members it only checks, and the keys
// along the path. Each is delimited here and parsed by the document parser.
extension JSONElementScanner {
  // MARK: - Delimiting

  /// Reads an object key of the key path, which must be a string.
  mutating func beginKey(_ byte: UInt8, context: Kind.UnexpectedContext, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard byte == Byte.quote else { throw unexpected(byte, context, buffer) }
    try beginCapture(.key, byte, context: context, buffer)
  }

  /// Starts holding the value that begins with `byte` at the cursor.
  mutating func beginCapture(_ purpose: Purpose, _ byte: UInt8, context: Kind.UnexpectedContext, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard Self.startsValue(byte) else { throw unexpected(byte, context, buffer) }
    capture = JSONValueCapture(first: byte)
    captureStart = position
    pending.removeAll(keepingCapacity: true)
    bytesWhenWaited = nil
    state = .capturing(purpose)
  }

  /// Adds the captured value's bytes from `buffer`; `true` once it is whole.
  mutating func readCapture(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> Bool {
    let start = cursor
    let (end, status) = capture.scan(buffer, from: start, allowsComments: options.allowsComments, depthLimit: captureDepthLimit)
    try take(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    switch status {
    case .complete:
      return true
    case .tooDeep:
      // The parser fails at or before the bracket that went too deep.
      throw parseFailure()
    case .incomplete:
      guard cursor == buffer.count, isFinished else { return false }
      if capture.endsAtEndOfInput { return true }
      throw parseFailure()
    }
  }

  /// Moves `bytes` (at the cursor) into the held value, within the element limit.
  private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard bytes.count <= elementLimit - pending.count else {
      throw pendingFailure(.elementSizeLimit(elementLimit), atLocalOffset: 0, origin: captureStart)
    }
    pending.append(contentsOf: bytes)
    position.advance(over: bytes)
    cursor += bytes.count
  }

  /// Nesting allowed inside the value being captured: the limit less the containers around it.
  private var captureDepthLimit: Int {
    guard case .capturing(let purpose) = state else { return options.maximumDepth }
    return options.maximumDepth - containersAround(purpose)
  }

  private func containersAround(_ purpose: Purpose) -> Int {
    switch purpose {
    case .element: openObjects + 1
    case .member, .key: openObjects
    }
  }

  // MARK: - Parsing

  /// Parses the captured value and moves on; the document for an element, `nil` otherwise.
  mutating func completeCapture(_ purpose: Purpose) throws(JSONParsingError) -> JSONDocument? {
    switch purpose {
    case .element:
      state = .afterElement
      elementCount += 1
      isElementFailure = true
      let document = try parsePending(containers: openObjects + 1, context: .afterArrayElement)
      isElementFailure = false
      try countMember()
      return document
    case .member:
      keepMember(try parsePending(containers: openObjects, context: .afterObjectMember))
      state = .afterMember
      return nil
    case .key:
      let document = try parsePending(containers: openObjects, context: .colon)
      try match(key: document.root.string ?? "")
      state = .colon
      return nil
    }
  }

  /// Parses ``pending`` as a document of its own, its errors placed in the whole input.
  ///
  /// - Parameters:
  ///   - containers: How many arrays and objects enclose the value, for the depth limit.
  ///   - context: What the parser would say of a byte left over after the value.
  func parsePending(containers: Int, context: Kind.UnexpectedContext?) throws(JSONParsingError) -> JSONDocument {
    let document: JSONDocument
    do {
      document = try JSONDocument.parse(bytes: pending, options: elementOptions(containers: containers), sourceName: sourceName)
    } catch {
      throw relocated(error, context: context)
    }
    document.storage.streamOrigin = captureStart
    return document
  }

  /// The parser's error for a value cut short (by the end of input or the depth limit).
  func parseFailure() -> JSONParsingError {
    do {
      _ = try parsePending(containers: captureContainers, context: nil)
    } catch {
      return error
    }
    return pendingFailure(.endOfInput(.value), atLocalOffset: pending.count, origin: captureStart)
  }

  private var captureContainers: Int {
    guard case .capturing(let purpose) = state else { return 0 }
    return containersAround(purpose)
  }

  /// An error in the held value at `local` bytes from its start.
  func pendingFailure(_ kind: Kind, atLocalOffset local: Int, origin: JSONStreamPosition) -> JSONParsingError {
    let location = pending.withUnsafeBufferPointer { origin.location(ofLocalOffset: local, in: $0) }
    return JSONParsingError(kind, location: location, sourceName: sourceName)
  }

  /// An error of the parser, read as it would have been in the whole input.
  private func relocated(_ error: JSONParsingError, context: Kind.UnexpectedContext?) -> JSONParsingError {
    var kind = error.kind
    switch kind {
    case .depthLimit:
      kind = .depthLimit(options.maximumDepth)
    case .unexpected(let byte, .afterTopLevel):
      // Only a number can leave bytes over (`1.5.3`); in the whole input they follow a value.
      if let context { kind = .unexpected(byte, context) }
    case .endOfInput(.number) where error.offset == pending.count && !(cursor == input.count && isFinished):
      // The number ended at the next byte, not at the end of the input.
      kind = .invalidNumber(Self.numberProblem(pending))
    default:
      break
    }
    return pendingFailure(kind, atLocalOffset: error.location.offset, origin: captureStart)
  }

  /// What a number token lacks at its end, as the parser names it.
  private static func numberProblem(_ token: [UInt8]) -> Kind.NumberProblem {
    switch token.last {
    case Byte.period: .digitAfterPoint
    case Byte.minus where token.count == 1: .digitAfterMinus
    default: .digitInExponent
    }
  }

  // MARK: - Lines

  enum LineResult {
    case needsInput
    case blank
    case document(JSONDocument)
  }

  /// Reads up to the end of a line, then parses it unless it is blank.
  mutating func readLine(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> LineResult {
    let start = cursor
    var end = start
    while end < buffer.count, buffer[end] != Byte.newline { end += 1 }
    try take(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    if end == buffer.count {
      guard isFinished else { return .needsInput }
      state = .end
    } else {
      consume(Byte.newline)
    }
    let origin = captureStart
    captureStart = position
    defer { pending.removeAll(keepingCapacity: true) }
    guard pending.contains(where: { $0 != Byte.space && $0 != Byte.tab && $0 != Byte.carriageReturn }) else { return .blank }
    elementCount += 1
    isElementFailure = true
    let document: JSONDocument
    do {
      document = try JSONDocument.parse(bytes: pending, options: options, sourceName: sourceName)
    } catch {
      throw pendingFailure(error.kind, atLocalOffset: error.location.offset, origin: origin)
    }
    isElementFailure = false
    document.storage.streamOrigin = origin
    return .document(document)
  }
}
