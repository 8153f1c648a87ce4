extension XMLScanner {
  // MARK: - CDATA, comments, processing instructions

  /// CDSect ::= '<![CDATA[' (Char* - (Char* ']]>' Char*)) ']]>'
  mutating func parseCDATA(at start: Int) throws(XMLParsingError) {
    flushText()
    let contentStart = start + 9
    var index = contentStart
    var hasCarriageReturn = false
    while true {
      while index < end, classes[Int(input[index])] & ByteClass.markupStop == 0 { index += 1 }
      guard index < end else {
        throw error(.unexpectedEndOfInput, "the CDATA section is not closed (missing ']]>')", at: start)
      }
      switch input[index] {
      case UInt8(ascii: "]"):
        if index + 2 < end, input[index + 1] == UInt8(ascii: "]"), input[index + 2] == UInt8(ascii: ">") { break }
        index += 1
        continue
      case UInt8(ascii: "-"), UInt8(ascii: "?"):
        index += 1
        continue
      case 0x0D:
        hasCarriageReturn = true
        index += 1
        continue
      default:
        index += try checkChar(at: index, in: "a CDATA section")
        continue
      }
      break
    }
    let origin = UInt32(truncatingIfNeeded: readsSource ? contentStart : entityOrigin)
    _ = appendMarkupNode(.text, flags: XMLTapeNode.isCDATA, contentStart, index, hasCarriageReturn: hasCarriageReturn, extra: origin)
    position = index + 3
  }

  /// Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'; the node's index when kept.
  mutating func parseComment(at start: Int) throws(XMLParsingError) -> Int? {
    let contentStart = start + 4
    var index = contentStart
    var hasCarriageReturn = false
    while true {
      while index < end, classes[Int(input[index])] & ByteClass.markupStop == 0 { index += 1 }
      guard index < end else {
        throw error(.unexpectedEndOfInput, "the comment is not closed (missing '-->')", at: start)
      }
      switch input[index] {
      case UInt8(ascii: "-"):
        if index + 1 < end, input[index + 1] == UInt8(ascii: "-") {
          if index + 2 < end, input[index + 2] == UInt8(ascii: ">") { break }
          throw error(.syntax, "'--' is not allowed inside a comment", at: index)
        }
        index += 1
        continue
      case UInt8(ascii: "]"), UInt8(ascii: "?"):
        index += 1
        continue
      case 0x0D:
        hasCarriageReturn = true
        index += 1
        continue
      default:
        index += try checkChar(at: index, in: "a comment")
        continue
      }
      break
    }
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
    var hasCarriageReturn = false
    while true {
      while index < end, classes[Int(input[index])] & ByteClass.markupStop == 0 { index += 1 }
      guard index < end else {
        throw error(.unexpectedEndOfInput, "the processing instruction is not closed (missing '?>')", at: start)
      }
      switch input[index] {
      case UInt8(ascii: "?"):
        if index + 1 < end, input[index + 1] == UInt8(ascii: ">") { break }
        index += 1
        continue
      case UInt8(ascii: "]"), UInt8(ascii: "-"):
        index += 1
        continue
      case 0x0D:
        hasCarriageReturn = true
        index += 1
        continue
      default:
        index += try checkChar(at: index, in: "a processing instruction")
        continue
      }
      break
    }
    position = index + 2
    guard options.keepsProcessingInstructions else { return nil }
    let targetID = storage.names.id(of: UnsafeBufferPointer(rebasing: input[targetStart..<target.end]), namespaceURI: nil)
    return appendMarkupNode(.processingInstruction, dataStart, index, hasCarriageReturn: hasCarriageReturn, extra: targetID)
  }
}
