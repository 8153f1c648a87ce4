// The document type declaration, the internal subset loop and the markup declarations other
// than entities: `<!ELEMENT`, `<!ATTLIST`, `<!NOTATION`, comments, processing instructions.

extension XMLSubsetReader {
  // MARK: - Document type declaration

  /// `doctypedecl`, from just after `<!DOCTYPE` to just after `>`.
  mutating func readDoctype() throws(XMLParsingError) {
    try requireSpace("after '<!DOCTYPE'")
    state.doctype.name = try readName("the document type name after '<!DOCTYPE'")
    let hadSpace = skipSpace()
    if hasPrefix("SYSTEM") || hasPrefix("PUBLIC") {
      guard hadSpace else { throw unexpected("expected whitespace before the external identifier") }
      _ = try readExternalID(allowsPublicIDOnly: false)
      state.doctype.hasExternalSubset = true
      skipSpace()
    }
    if isAt(UInt8(ascii: "[")) {
      index += 1
      try readDeclarations(until: .internalSubsetEnd)
      skipSpace()
    }
    try expect(UInt8(ascii: ">"), "expected '>' to end the document type declaration")
  }

  /// Where a run of declarations stops.
  enum DeclarationsEnd {
    /// `]` of the internal subset.
    case internalSubsetEnd
    /// The end of a parameter entity's replacement text.
    case entityEnd
    /// `]]>` of an `INCLUDE` section.
    case conditionalSectionEnd
  }

  /// `(markupdecl | DeclSep)*` up to `terminator` (consumed).
  mutating func readDeclarations(until terminator: DeclarationsEnd, depth: Int = 0) throws(XMLParsingError) {
    while true {
      skipSpace()
      guard let byte = current else {
        switch terminator {
        case .entityEnd: return
        case .internalSubsetEnd: throw unexpected("expected ']' to end the internal subset")
        case .conditionalSectionEnd: throw unexpected("expected ']]>' to end the conditional section")
        }
      }
      switch byte {
      case UInt8(ascii: "<"):
        try readMarkupDeclaration(depth: depth)
      case UInt8(ascii: "%"):
        try readParameterEntityReferenceBetweenDeclarations()
      case UInt8(ascii: "]") where terminator == .internalSubsetEnd:
        index += 1
        return
      case UInt8(ascii: "]") where terminator == .conditionalSectionEnd && hasPrefix("]]>"):
        index += 3
        return
      default:
        throw unexpected(
          terminator == .internalSubsetEnd
            ? "expected a markup declaration or ']' in the internal subset" : "expected a markup declaration")
      }
    }
  }

  /// `markupdecl` (or a conditional section, only in parameter entity text), at `<`.
  mutating func readMarkupDeclaration(depth: Int) throws(XMLParsingError) {
    let start = index
    if consume("<!--") {
      try readComment()
    } else if consume("<?") {
      try readProcessingInstruction()
    } else if consume("<!ELEMENT") {
      try readElementDeclaration()
    } else if consume("<!ATTLIST") {
      try readAttributeListDeclaration()
    } else if consume("<!ENTITY") {
      try readEntityDeclaration()
    } else if consume("<!NOTATION") {
      try readNotationDeclaration()
    } else if hasPrefix("<![") {
      guard entity != nil else {
        throw error(.syntax, "conditional sections are not allowed in the internal subset", at: start)
      }
      index += 3
      try readConditionalSection(from: start, depth: depth)
    } else {
      throw error(.syntax, "expected a markup declaration ('<!ELEMENT', '<!ATTLIST', '<!ENTITY', '<!NOTATION', a comment or a processing instruction)", at: start)
    }
  }

  // MARK: - Comments and processing instructions

  /// `Comment`, after `<!--`.
  mutating func readComment() throws(XMLParsingError) {
    while true {
      guard index < end else { throw unexpected("expected '-->' to end the comment") }
      if bytes[index] == UInt8(ascii: "-"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "-") {
        guard index + 2 < end, bytes[index + 2] == UInt8(ascii: ">") else {
          throw error(.syntax, "'--' is not allowed inside a comment", at: index)
        }
        index += 3
        return
      }
      index += try charLength()
    }
  }

  /// `PI`, after `<?`.
  mutating func readProcessingInstruction() throws(XMLParsingError) {
    let targetStart = index
    let target = try readName("a processing instruction target after '<?'")
    if target.lowercased() == "xml" {
      throw error(.syntax, "the processing instruction target '\(target)' is reserved", at: targetStart)
    }
    try checkNoColon(target, "processing instruction target", at: targetStart)
    if consume("?>") { return }
    try requireSpace("after the processing instruction target")
    while true {
      guard index < end else { throw unexpected("expected '?>' to end the processing instruction") }
      if consume("?>") { return }
      index += try charLength()
    }
  }

  // MARK: - Element declarations

  /// `elementdecl`, after `<!ELEMENT`.
  mutating func readElementDeclaration() throws(XMLParsingError) {
    try requireSpace("after '<!ELEMENT'")
    _ = try readName("an element name")
    try requireSpace("after the element name")
    if consume("EMPTY") || consume("ANY") {
    } else if isAt(UInt8(ascii: "(")) {
      index += 1
      skipSpace()
      if consume("#PCDATA") {
        try readMixedContent()
      } else {
        try readContentGroup(depth: 1)
      }
    } else {
      throw unexpected("expected 'EMPTY', 'ANY' or '(' to start the content model")
    }
    skipSpace()
    try expect(UInt8(ascii: ">"), "expected '>' to end the element declaration")
  }

  /// `Mixed`, after `(#PCDATA`.
  mutating func readMixedContent() throws(XMLParsingError) {
    skipSpace()
    var hasNames = false
    while isAt(UInt8(ascii: "|")) {
      index += 1
      skipSpace()
      _ = try readName("an element name after '|'")
      skipSpace()
      hasNames = true
    }
    try expect(UInt8(ascii: ")"), hasNames ? "expected '|' or ')*'" : "expected '|' or ')'")
    if isAt(UInt8(ascii: "*")) {
      index += 1
    } else if hasNames {
      throw unexpected("expected '*' after a mixed content model that names elements")
    }
  }

  /// `choice` or `seq` with its occurrence mark, after `(` and any space.
  mutating func readContentGroup(depth: Int) throws(XMLParsingError) {
    guard depth <= options.maximumDepth else {
      throw error(.depthLimitExceeded, "content model nested deeper than \(options.maximumDepth)", at: index)
    }
    try readContentParticle(depth: depth)
    var separator: UInt8?
    while true {
      skipSpace()
      guard let byte = current else { throw unexpected("expected ',', '|' or ')' in the content model") }
      if byte == UInt8(ascii: ")") {
        index += 1
        break
      }
      guard byte == UInt8(ascii: "|") || byte == UInt8(ascii: ",") else {
        throw unexpected("expected ',', '|' or ')' in the content model")
      }
      if let separator, separator != byte {
        throw error(.syntax, "'|' and ',' cannot be mixed in one content model group", at: index)
      }
      separator = byte
      index += 1
      skipSpace()
      try readContentParticle(depth: depth)
    }
    skipOccurrence()
  }

  /// `cp`: a name or a nested group, with its occurrence mark.
  mutating func readContentParticle(depth: Int) throws(XMLParsingError) {
    if isAt(UInt8(ascii: "(")) {
      index += 1
      skipSpace()
      try readContentGroup(depth: depth + 1)
    } else if hasPrefix("#PCDATA") {
      throw error(.syntax, "'#PCDATA' can only start the outermost group of a mixed content model", at: index)
    } else {
      _ = try readName("an element name or '(' in the content model")
      skipOccurrence()
    }
  }

  mutating func skipOccurrence() {
    if let byte = current, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
      index += 1
    }
  }

  // MARK: - Notation declarations

  /// `NotationDecl`, after `<!NOTATION`.
  mutating func readNotationDeclaration() throws(XMLParsingError) {
    try requireSpace("after '<!NOTATION'")
    let nameStart = index
    let name = try readName("a notation name")
    try checkNoColon(name, "notation name", at: nameStart)
    try requireSpace("after the notation name")
    guard hasPrefix("SYSTEM") || hasPrefix("PUBLIC") else { throw unexpected("expected 'SYSTEM' or 'PUBLIC'") }
    _ = try readExternalID(allowsPublicIDOnly: true)
    skipSpace()
    try expect(UInt8(ascii: ">"), "expected '>' to end the notation declaration")
  }

  // MARK: - External identifiers

  /// `ExternalID` (or, for notations, `PublicID`), at `SYSTEM` or `PUBLIC`.
  mutating func readExternalID(allowsPublicIDOnly: Bool) throws(XMLParsingError) -> (systemID: String?, publicID: String?) {
    if consume("SYSTEM") {
      try requireSpace("after 'SYSTEM'")
      return (try readSystemLiteral(), nil)
    }
    guard consume("PUBLIC") else { throw unexpected("expected 'SYSTEM' or 'PUBLIC'") }
    try requireSpace("after 'PUBLIC'")
    let publicID = try readPublicIDLiteral()
    let hadSpace = skipSpace()
    if allowsPublicIDOnly, !isAt(UInt8(ascii: "\"")), !isAt(UInt8(ascii: "'")) {
      return (nil, publicID)
    }
    guard hadSpace else { throw unexpected("expected whitespace before the system literal") }
    return (try readSystemLiteral(), publicID)
  }

  /// `SystemLiteral`.
  mutating func readSystemLiteral() throws(XMLParsingError) -> String {
    guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw unexpected("expected a quoted system literal")
    }
    index += 1
    let start = index
    while true {
      guard index < end else { throw unexpected("expected the closing quote of the system literal") }
      if bytes[index] == quote { break }
      index += try charLength()
    }
    index += 1
    return String(decoding: bytes[start..<index - 1], as: UTF8.self)
  }

  /// `PubidLiteral`.
  mutating func readPublicIDLiteral() throws(XMLParsingError) -> String {
    guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw unexpected("expected a quoted public identifier")
    }
    index += 1
    let start = index
    while true {
      guard index < end else { throw unexpected("expected the closing quote of the public identifier") }
      let byte = bytes[index]
      if byte == quote { break }
      guard XMLCharacters.isPublicIDChar(byte) else {
        // A byte that is no character at all gets that error; others are named.
        _ = try charLength()
        let scalar = XMLCharacters.scalar(in: bytes, at: index, end: end)?.value ?? UInt32(byte)
        throw error(.invalidCharacter, "\(Self.describe(scalar)) is not allowed in a public identifier", at: index)
      }
      index += 1
    }
    index += 1
    return String(decoding: bytes[start..<index - 1], as: UTF8.self)
  }
}
