extension XMLScanner {
  // MARK: - CDATA, comments, processing instructions

  /// CDSect ::= '<![CDATA[' (Char* - (Char* ']]>' Char*)) ']]>'
  mutating func parseCDATA(at start: Int) throws(XMLParsingError) {
    flushText()
    let contentStart = start + 9
    let (index, hasCarriageReturn) = try scanMarkupBody(.cdata, from: contentStart, openedAt: start)
    let origin = UInt32(truncatingIfNeeded: readsSource ? contentStart : entityOrigin)
    _ = appendMarkupNode(.text, flags: XMLTapeNode.isCDATA, contentStart, index, hasCarriageReturn: hasCarriageReturn, extra: origin)
    position = index + 3
  }

  /// Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'; the node's index when kept.
  mutating func parseComment(at start: Int) throws(XMLParsingError) -> Int? {
    let contentStart = start + 4
    let (index, hasCarriageReturn) = try scanMarkupBody(.comment, from: contentStart, openedAt: start)
    position = index + 3
    guard options.keepsComments else { return nil }
    let origin = UInt32(truncatingIfNeeded: readsSource ? contentStart : entityOrigin)
    return appendMarkupNode(.comment, contentStart, index, hasCarriageReturn: hasCarriageReturn, extra: origin)
  }

  /// PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'; the node's index when kept.
  mutating func parseProcessingInstruction(at start: Int) throws(XMLParsingError) -> Int? {
    let targetStart = start + 2
    guard isNameStartAt(targetStart) else {
      throw error(.syntax, "a processing instruction must start with a target name", at: targetStart)
    }
    let target = scanName(from: targetStart)
    let targetLength = target.end - targetStart
    if targetLength == 3, input[targetStart] | 0x20 == UInt8(ascii: "x"), input[targetStart + 1] | 0x20 == UInt8(ascii: "m"),
      input[targetStart + 2] | 0x20 == UInt8(ascii: "l")
    {
      if string(targetStart, 3) == "xml", readsSource {
        throw error(.syntax, "the XML declaration is allowed only at the very start of the document", at: start)
      }
      throw error(.syntax, "the processing instruction target '\(string(targetStart, 3))' is reserved", at: targetStart)
    }
    if options.resolvesNamespaces, target.colon >= 0 {
      throw error(.namespace, "the processing instruction target '\(string(targetStart, targetLength))' must not contain a colon", at: targetStart)
    }
    var index = target.end
    if !(index + 1 < end && input[index] == UInt8(ascii: "?") && input[index + 1] == UInt8(ascii: ">")) {
      guard index < end, XMLCharacters.isSpace(input[index]) else {
        if index >= end { throw error(.unexpectedEndOfInput, "the processing instruction is not closed (missing '?>')", at: start) }
        throw error(.syntax, "\(describe(at: index)) is not allowed in the processing instruction target", at: index)
      }
      while index < end, XMLCharacters.isSpace(input[index]) { index += 1 }
    }
    let dataStart = index
    let (dataEnd, hasCarriageReturn) = try scanMarkupBody(.processingInstruction, from: dataStart, openedAt: start)
    index = dataEnd
    position = index + 2
    guard options.keepsProcessingInstructions else { return nil }
    let targetID = storage.names.id(of: UnsafeBufferPointer(rebasing: input[targetStart..<target.end]), namespaceURI: nil)
    return appendMarkupNode(.processingInstruction, dataStart, index, hasCarriageReturn: hasCarriageReturn, extra: targetID)
  }

  /// The three bodies that run to a closing delimiter: what closes them and what they are called.
  enum MarkupBody {
    case cdata, comment, processingInstruction

    var name: String {
      switch self {
      case .cdata: "a CDATA section"
      case .comment: "a comment"
      case .processingInstruction: "a processing instruction"
      }
    }

    /// The bytes that need a look inside this body (``ByteClass``).
    var stops: UInt8 {
      switch self {
      case .cdata: ByteClass.cdataStop
      case .comment: ByteClass.commentStop
      case .processingInstruction: ByteClass.instructionStop
      }
    }

    var unclosed: String {
      switch self {
      case .cdata: "the CDATA section is not closed (missing ']]>')"
      case .comment: "the comment is not closed (missing '-->')"
      case .processingInstruction: "the processing instruction is not closed (missing '?>')"
      }
    }
  }

  /// Scans a CDATA section's, comment's or PI's text from `index` to its closing delimiter
  /// (`]]>`, `-->`, `?>`), checking every character; returns where the delimiter starts and
  /// whether a carriage return (to normalize) was seen.
  mutating func scanMarkupBody(_ body: MarkupBody, from start: Int, openedAt opening: Int) throws(XMLParsingError) -> (end: Int, hasCarriageReturn: Bool) {
    var index = start
    var hasCarriageReturn = false
    let stops = body.stops
    while true {
      index = firstIndex(from: index, stoppingAt: stops)
      guard index < end else { throw error(.unexpectedEndOfInput, body.unclosed, at: opening) }
      switch (input[index], body) {
      case (UInt8(ascii: "]"), .cdata):
        if index + 2 < end, input[index + 1] == UInt8(ascii: "]"), input[index + 2] == UInt8(ascii: ">") { return (index, hasCarriageReturn) }
      case (UInt8(ascii: "-"), .comment):
        if index + 1 < end, input[index + 1] == UInt8(ascii: "-") {
          if index + 2 < end, input[index + 2] == UInt8(ascii: ">") { return (index, hasCarriageReturn) }
          throw error(.syntax, "'--' is not allowed inside a comment", at: index)
        }
      case (UInt8(ascii: "?"), .processingInstruction):
        if index + 1 < end, input[index + 1] == UInt8(ascii: ">") { return (index, hasCarriageReturn) }
      case (0x0D, _):
        hasCarriageReturn = true
      default:
        index += try checkChar(at: index, in: body.name)
        continue
      }
      index += 1
    }
  }
}
