import FoundryInternals

// Reading through a captured element's content, where most of the markup is plain tags.
extension XMLMarkupLexer {
  /// Why ``skipElementContent(_:from:depth:)`` stopped.
  enum ContentStop: Sendable, Hashable {
    /// The element's end tag ended (after its `>`).
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
    var index = start
    while true {
      if state == .text {
        switch Self.plainTag(buffer, from: index) {
        case .noMarkup:
          return (buffer.count, .needsInput)
        case .tag(let end, let step):
          depth += step
          if step < 0, depth <= 0 { return (end, .closed) }
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
      case .ended(.endTag, _)?:
        depth -= 1
        if depth <= 0 { return (end, .closed) }
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
}
