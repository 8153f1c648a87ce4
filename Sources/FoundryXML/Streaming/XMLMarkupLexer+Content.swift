import FoundryInternals

// Reading through a captured element's content, where most of the markup is plain tags.
extension XMLMarkupLexer {
  /// Why ``skipElementContent(_:from:depth:)`` stopped.
  enum ContentStop: Sendable, Hashable {
    /// The element's end tag ended (after its `>`), or the reader's condition to stop held
    /// after a tag.
    case closed
    /// The buffer ended first.
    case needsInput
    /// A `<` inside a tag or a declaration (not consumed), as ``Event/malformed``.
    case malformed
  }

  /// Reads on through the content of an element until the end tag that brings `depth` (the
  /// elements open inside the capture, counting the element itself) to zero, the end of the
  /// buffer, or malformed markup: what a scanner capturing an element needs of its markup,
  /// without a return to it per piece.
  mutating func skipElementContent(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, depth: inout Int) -> (end: Int, stop: ContentStop) {
    readTags(buffer, from: start, depth: &depth) { depth, _ in depth <= 0 }
  }

  /// Reads on through the children of an open element (`depth` 1 counts it), noting in
  /// `lastChildEnd` where the last child complete by `limit` ends: ``ContentStop/closed``
  /// once a tag ends at or past `limit` or the element itself ends.
  /// What a scanner reading whole children in place needs to know of where to cut.
  mutating func skipChildren(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, depth: inout Int, lastChildEnd: inout Int, limit: Int
  ) -> (end: Int, stop: ContentStop) {
    readTags(buffer, from: start, depth: &depth) { depth, end in
      if depth == 1, end <= limit { lastChildEnd = end }
      return depth <= 0 || end >= limit
    }
  }

  /// The loop of ``skipElementContent(_:from:depth:)`` and ``skipChildren(_:from:depth:lastChildEnd:limit:)``:
  /// tag by tag, keeping `depth`, until `stops(depth, end)` after a start or end tag ending at
  /// `end` (``ContentStop/closed``), the buffer's end, or malformed markup.
  @inline(__always)
  private mutating func readTags(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, depth: inout Int, stops: (Int, Int) -> Bool
  ) -> (end: Int, stop: ContentStop) {
    var index = start
    while true {
      if state == .text {
        switch Self.plainTag(buffer, from: index) {
        case .noMarkup:
          return (buffer.count, .needsInput)
        case .tag(let end, let step):
          depth += step
          if stops(depth, end) { return (end, .closed) }
          index = end
          continue
        case .other(let lessThan):
          index = lessThan
        }
      }
      let (end, event) = scan(buffer, from: index)
      index = end
      switch event {
      case nil:
        return (end, .needsInput)
      case .malformed?:
        return (end, .malformed)
      case .ended(.startTag, let isEmptyElement)?:
        if !isEmptyElement { depth += 1 }
        if stops(depth, end) { return (end, .closed) }
      case .ended(.endTag, _)?:
        depth -= 1
        if stops(depth, end) { return (end, .closed) }
      case .markup?, .ended?:
        continue
      }
    }
  }

  /// What ``plainTag(_:from:)`` found.
  private enum PlainTag {
    /// No `<` before the buffer's end.
    case noMarkup
    /// A start or end tag that ends at `end` (after its `>`); `step` is what it does to the
    /// depth: 1 for a start tag, 0 for an empty element, -1 for an end tag.
    case tag(end: Int, step: Int)
    /// Something else starts at the `<` at `lessThan`: for the state machine.
    case other(lessThan: Int)
  }

  /// The commonest markup in an element's content read without the state machine: from text,
  /// the next start or end tag, when it ends in the buffer with nothing but names, literals
  /// and whitespace in it. It reads as the machine does (a start tag ends at the first `>`
  /// outside its literals and is empty when a `/` stands right before it, after the name's
  /// first byte); everything else (comments, CDATA sections, instructions, a `<` inside a tag,
  /// a literal in an end tag, a tag the buffer cuts) goes to the machine from its `<`.
  private static func plainTag(_ buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> PlainTag {
    guard let lessThan = ByteSearch.firstIndex(of: Ascii.lessThan, or: Ascii.lessThan, in: buffer, from: index) else {
      return .noMarkup
    }
    let first = lessThan + 1
    guard first < buffer.count else { return .other(lessThan: lessThan) }
    let isEndTag = buffer[first] == Ascii.slash
    guard isEndTag || mayStartName(buffer[first]) else { return .other(lessThan: lessThan) }
    if !isEndTag, let stop = startTagEnd(buffer, from: first + 1) {
      return .tag(end: stop + 1, step: stop > first + 1 && buffer[stop - 1] == Ascii.slash ? 0 : 1)
    }
    var from = first + 1
    while let stop = ByteSearch.firstIndex(ofAny: Ascii.greaterThan, Ascii.lessThan, Ascii.quote, Ascii.apostrophe, in: buffer, from: from) {
      let byte = buffer[stop]
      if byte == Ascii.greaterThan {
        if isEndTag { return .tag(end: stop + 1, step: -1) }
        return .tag(end: stop + 1, step: stop > first + 1 && buffer[stop - 1] == Ascii.slash ? 0 : 1)
      }
      guard byte != Ascii.lessThan, !isEndTag,
        let closing = ByteSearch.firstIndex(of: byte, or: Ascii.lessThan, in: buffer, from: stop + 1), buffer[closing] == byte
      else { return .other(lessThan: lessThan) }
      from = closing + 1
    }
    return .other(lessThan: lessThan)
  }

  /// The `>` that ends a start tag from `start` (after its name's first byte), found in one
  /// pass a word at a time: the first `>`, when no `<` comes before it and the quotes before
  /// it pair up as literals can only be (one kind, an even number of them). `nil` when that
  /// does not settle it (a literal holding the other quote, or a `>`): the caller reads the
  /// literals one by one.
  private static func startTagEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let greaterThans = UInt64(Ascii.greaterThan) &* ones
    let lessThans = UInt64(Ascii.lessThan) &* ones
    let quotes = UInt64(Ascii.quote) &* ones
    let apostrophes = UInt64(Ascii.apostrophe) &* ones
    var index = start
    var quoteCount: UInt64 = 0
    var apostropheCount: UInt64 = 0
    var stop = -1
    while index + 8 <= buffer.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let stops = ByteSearch.zeroMarks(word ^ greaterThans) | ByteSearch.zeroMarks(word ^ lessThans)
      // Little-endian: the bytes before the first stop are the marks below its bit. A count
      // of marks is a multiply (the top byte sums the bytes), not a population count, which
      // is a long sequence without the instruction.
      let before = stops == 0 ? ~0 : (stops & (0 &- stops)) &- 1
      quoteCount &+= (((ByteSearch.zeroMarks(word ^ quotes) & before) >> 7) &* ones) >> 56
      apostropheCount &+= (((ByteSearch.zeroMarks(word ^ apostrophes) & before) >> 7) &* ones) >> 56
      if stops != 0 {
        stop = index + stops.trailingZeroBitCount / 8
        break
      }
      index += 8
    }
    if stop < 0 {
      while index < buffer.count {
        let byte = buffer[index]
        if byte == Ascii.greaterThan || byte == Ascii.lessThan {
          stop = index
          break
        }
        if byte == Ascii.quote { quoteCount += 1 }
        if byte == Ascii.apostrophe { apostropheCount += 1 }
        index += 1
      }
    }
    guard stop >= 0, buffer[stop] == Ascii.greaterThan, quoteCount == 0 || apostropheCount == 0,
      (quoteCount | apostropheCount) & 1 == 0
    else { return nil }
    return stop
  }
}
