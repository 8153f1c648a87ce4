import FoundryInternals

// Every byte the scanner reads is parsed by `XMLScanner`: an element, or the markup and text
// between elements, goes into a small document of its own (the prolog, the start tags of the
// elements around it, the bytes, end tags for what is still open), and the parser's errors are
// moved back to their places in the whole input.
extension XMLElementScanner {
  // MARK: - Checks

  /// Checks the first `end` bytes of ``pending`` (what lies between elements) and drops them;
  /// `origin` is where byte `end` is in the whole input.
  mutating func checkPending(upTo end: Int, endingAt origin: StreamPosition) throws(XMLParsingError) {
    let body = pending[..<end]
    if !body.isEmpty, !Self.isBlank(body) {
      names = try parse(
        ancestors: pendingAncestors, body: body, bodyOrigin: pendingOrigin, bodyEnd: origin, closing: stack,
        followsRoot: pendingFollowsRoot
      ).storage.names
    }
    dropPending(upTo: end, origin: origin)
    markupStart -= end
    textStart = max(0, textStart - end)
    pendingAncestors = stack
    pendingFollowsRoot = phase == .epilogue
  }

  /// Checks the first part of a long run of text (with what precedes it), so that text of any
  /// length between elements is held a piece at a time. The cut follows an ASCII byte that is
  /// not `]` (a `]]>` stays whole), not `\r`, and outside a reference.
  mutating func checkLongText() throws(XMLParsingError) {
    flushBatch()
    var index = pending.count - 1
    if let ampersand = pending[textStart...].lastIndex(of: UInt8(ascii: "&")),
      ampersand > (pending[textStart...].lastIndex(of: UInt8(ascii: ";")) ?? -1)
    {
      index = ampersand - 1
    }
    while index > textStart {
      let byte = pending[index]
      if byte < 0x80, byte != Ascii.closeBracket, byte != 0x0D, byte != UInt8(ascii: "&") { break }
      index -= 1
    }
    guard index > textStart else { return }
    try checkPending(upTo: index + 1, endingAt: track(toPendingOffset: index + 1))
  }

  /// The end of the input: what is left must complete the document.
  mutating func finishInput() throws(XMLParsingError) {
    flushBatch()
    guard lexer.isInText, phase == .epilogue else { throw parseFailure(adding: UnsafeBufferPointer(start: nil, count: 0)) }
    try checkPending(upTo: pending.count, endingAt: track(toPendingOffset: pending.count))
    phase = .done
  }

  /// The parser's error for what ``pending`` holds, read as the end of the input (or followed
  /// by `extra`, the unread bytes of a chunk, when the lexer stopped at something malformed).
  func parseFailure(adding extra: UnsafeBufferPointer<UInt8>) -> XMLParsingError {
    var body = pending
    body.append(contentsOf: extra.prefix(StreamPosition.tailLimit))
    if !isFinished || extra.count > StreamPosition.tailLimit {
      // The bytes end where the input does not: a character they cut is not an error (the
      // parser checks the encoding before anything else, and would report it first).
      Self.dropCutCharacter(from: &body)
    }
    do {
      _ = try parse(
        ancestors: pendingAncestors, body: body[...], bodyOrigin: pendingOrigin, bodyEnd: place(ofPendingOffset: pending.count), closing: nil, followsRoot: pendingFollowsRoot)
    } catch {
      return error
    }
    let location = pending.withUnsafeBufferPointer { pendingOrigin.location(ofLocalOffset: pending.count, in: $0) }
    return XMLParsingError(.unexpectedEndOfInput, "the input ends inside the document", location: location, sourceName: sourceName)
  }

  /// Drops an incomplete UTF-8 sequence from the end of `bytes` (its lead byte and fewer
  /// continuation bytes than it announces).
  static func dropCutCharacter(from bytes: inout [UInt8]) {
    var lead = bytes.count - 1
    while lead >= 0, bytes.count - lead <= 3, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= 0 else { return }
    let byte = bytes[lead]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    if bytes.count - lead < length { bytes.removeSubrange(lead...) }
  }

  // MARK: - Small documents

  /// Parses `body` (and `rest`, the input bytes right after it) inside the prolog and the
  /// start tags of `ancestors`, followed by end tags for `closing` (none: the body runs to the
  /// end of the input); `bodyEnd` is where the body ends in the whole input.
  ///
  /// - Parameters:
  ///   - followsRoot: Whether the body comes after the root element (it is then put after an
  ///     empty copy of the root).
  func parse(
    ancestors: [OpenTag], body: ArraySlice<UInt8>, rest: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0), bodyOrigin: StreamPosition,
    bodyEnd: StreamPosition, closing: [OpenTag]?, followsRoot: Bool
  ) throws(XMLParsingError) -> XMLTree {
    var text: [UInt8] = []
    text.reserveCapacity(prolog.count + body.count + rest.count + ancestors.reduce(0) { $0 + 2 * bytes(of: $1).count } + 64)
    var segments: [XMLStreamLocator.Segment] = []
    func add(_ bytes: some Collection<UInt8>, from origin: StreamPosition, isInput: Bool = true) {
      let start = text.count
      text.append(contentsOf: bytes)
      segments.append(XMLStreamLocator.Segment(start: start, end: isInput ? text.count : start, origin: origin))
    }
    add(prolog, from: StreamPosition())
    if followsRoot, ancestors.isEmpty, let rootTag {
      add(bytes(of: rootTag), from: origin(of: rootTag))
      if !isEmptyElement(rootTag) { add(Self.endTag(name(of: rootTag)), from: origin(of: rootTag), isInput: false) }
    }
    for tag in ancestors { add(bytes(of: tag), from: origin(of: tag)) }
    add(body, from: bodyOrigin)
    if !rest.isEmpty {
      // One piece with the body: it follows the body in the input.
      text.append(contentsOf: rest)
      segments[segments.count - 1].end = text.count
    }
    if let closing {
      add(closing.reversed().flatMap { Self.endTag(name(of: $0)) }, from: bodyEnd, isInput: false)
    }
    let locator = XMLStreamLocator(text: text, segments: segments)
    do {
      let tree = try XMLTree.parse(bytes: text, options: options, sourceName: sourceName, names: names?.copy() ?? XMLNameTable())
      tree.storage.locator = locator
      return tree
    } catch {
      throw relocated(error, by: locator)
    }
  }

  /// The parser's error placed in the whole input.
  private func relocated(_ error: XMLParsingError, by locator: XMLStreamLocator) -> XMLParsingError {
    let location = error.offset.map { locator.location(ofOffset: $0) }
    return XMLParsingError(error.code, error.message, location: location, sourceName: sourceName)
  }

  /// Whether an error in an element leaves the next element where the lexer found it: not when
  /// the tags do not match or the element runs to the end of the input.
  static func isLocal(_ error: XMLParsingError) -> Bool {
    error.code != .mismatchedTag && error.code != .unexpectedEndOfInput
  }

  static func endTag(_ name: ArraySlice<UInt8>) -> [UInt8] {
    [Ascii.lessThan, Ascii.slash] + name + [Ascii.greaterThan]
  }
}

/// Places offsets of a streamed element's small document in the whole input: each piece of
/// that document (the prolog, an ancestor's start tag, the element) starts at a known place.
struct XMLStreamLocator: SourceLocator {
  struct Segment: Sendable {
    /// Where the piece starts in ``text``.
    var start: Int
    /// Where its bytes from the input end (at ``start`` for the end tags added to close).
    var end: Int
    /// Where it stands in the whole input.
    var origin: StreamPosition
  }

  let text: [UInt8]
  let segments: [Segment]

  func location(ofOffset offset: Int) -> SourceLocation {
    let offset = min(max(offset, 0), text.count)
    let segment = segments.last(where: { $0.start <= offset }) ?? Segment(start: 0, end: 0, origin: StreamPosition())
    // Only the piece's own bytes: what follows it in the small document is not the input's.
    let local = min(offset - segment.start, segment.end - segment.start)
    return text.withUnsafeBufferPointer { buffer in
      segment.origin.location(ofLocalOffset: local, in: UnsafeBufferPointer(rebasing: buffer[segment.start..<segment.end]))
    }
  }
}
