// `<!ENTITY` declarations, references in literals, parameter entity references between
// declarations and (in parameter entity text only) conditional sections.

extension XMLSubsetReader {
  // MARK: - Entity declarations

  /// `EntityDecl` (`GEDecl` or `PEDecl`), after `<!ENTITY`.
  mutating func readEntityDeclaration() throws(XMLParsingError) {
    try requireSpace("after '<!ENTITY'")
    var isParameter = false
    if isAt(UInt8(ascii: "%")), index + 1 < end, XMLCharacters.isSpace(bytes[index + 1]) {
      isParameter = true
      index += 1
      skipSpace()
    }
    let nameStart = index
    let name = try readName(isParameter ? "a parameter entity name" : "an entity name or '%'")
    try checkNoColon(name, "entity name", at: nameStart)
    try requireSpace("after the entity name")
    let value: XMLEntity.Value
    if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let offset = documentOffset(index)
      value = .internal(replacementText: try readEntityValue(), offset: offset)
    } else if hasPrefix("SYSTEM") || hasPrefix("PUBLIC") {
      let identifier = try readExternalID(allowsPublicIDOnly: false)
      let hadSpace = skipSpace()
      if hasPrefix("NDATA") {
        guard hadSpace else { throw unexpected("expected whitespace before 'NDATA'") }
        guard !isParameter else {
          throw error(.syntax, "a parameter entity cannot be unparsed ('NDATA')", at: index)
        }
        index += 5
        try requireSpace("after 'NDATA'")
        value = .unparsed(notation: try readName("a notation name after 'NDATA'"))
      } else {
        value = .external(systemID: identifier.systemID ?? "", publicID: identifier.publicID)
      }
    } else {
      throw unexpected("expected a quoted entity value, 'SYSTEM' or 'PUBLIC'")
    }
    skipSpace()
    try expect(UInt8(ascii: ">"), "expected '>' to end the entity declaration")
    guard !state.skipsDeclarations else { return }
    if isParameter {
      guard state.parameterEntities[name] == nil else { return }
      if case .internal(let text, _) = value {
        state.parameterEntities[name] = XMLParameterEntity(replacementText: text)
      } else {
        state.parameterEntities[name] = XMLParameterEntity(replacementText: nil)
      }
    } else {
      // The predefined entities are built in; a declaration of one only restates it.
      guard state.doctype.generalEntities[name] == nil, !Self.predefinedEntities.contains(name) else { return }
      state.doctype.generalEntities[name] = XMLEntity(name: name, value: value, isExternallyDeclared: entity != nil)
    }
  }

  /// `EntityValue`: returns the replacement text, with character references replaced, line
  /// ends normalized and general entity references kept as written. A parameter entity
  /// reference here breaks WFC "PEs in Internal Subset".
  mutating func readEntityValue() throws(XMLParsingError) -> [UInt8] {
    guard let quote = current else { throw unexpected("expected a quoted entity value") }
    index += 1
    var text: [UInt8] = []
    while true {
      guard let byte = current else { throw unexpected("expected the closing quote of the entity value") }
      switch byte {
      case quote:
        index += 1
        return text
      case UInt8(ascii: "%"):
        throw error(
          .syntax, "parameter entity references may not occur within markup declarations in the internal subset",
          at: index)
      case UInt8(ascii: "&"):
        let start = index
        switch try readReference() {
        case .character(let scalar): XMLCharacters.appendUTF8(scalar, to: &text)
        case .entity: text.append(contentsOf: bytes[start..<index])
        }
      case 0x0D:
        text.append(0x0A)
        index += index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
      default:
        let length = try charLength()
        text.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
  }

  /// A `Reference` at `&`.
  enum Reference {
    case character(UInt32)
    case entity(String)
  }

  /// `CharRef` or `EntityRef`, at `&`; a character reference must name a `Char`.
  mutating func readReference() throws(XMLParsingError) -> Reference {
    let start = index
    index += 1
    guard consume("#") else {
      let name = try readName("an entity name after '&'")
      try expect(UInt8(ascii: ";"), "expected ';' to end the entity reference")
      return .entity(name)
    }
    let isHex = consume("x")
    var value: UInt32 = 0
    let digitsStart = index
    while let byte = current, XMLCharacters.appendReferenceDigit(byte, isHex: isHex, to: &value) {
      index += 1
    }
    guard index > digitsStart else { throw unexpected(isHex ? "expected a hexadecimal digit" : "expected a digit or 'x'") }
    try expect(UInt8(ascii: ";"), "expected ';' to end the character reference")
    guard XMLCharacters.isChar(value) else {
      throw error(
        .invalidCharacter, "character reference to U+\(Self.hex(value, width: 4)) names a character XML does not allow",
        at: start)
    }
    return .character(value)
  }

  // MARK: - Parameter entity references

  /// `PEReference` in `DeclSep`: reads an internal entity's text as declarations; skips an
  /// external one (never loaded) or an undeclared one, after which later declarations are not
  /// processed unless the document is standalone, and records it as
  /// ``XMLDoctype/unreadParameterEntity``.
  mutating func readParameterEntityReferenceBetweenDeclarations() throws(XMLParsingError) {
    let start = index
    index += 1
    let name = try readName("a parameter entity name after '%'")
    try expect(UInt8(ascii: ";"), "expected ';' to end the parameter entity reference")
    state.doctype.hasParameterEntityReferences = true
    guard let declared = state.parameterEntities[name] else {
      if state.isStandalone {
        throw error(.undefinedEntity, "parameter entity '%\(name);' is not declared", at: start)
      }
      state.skipsDeclarations = true
      if state.doctype.unreadParameterEntity == nil { state.doctype.unreadParameterEntity = name }
      return
    }
    guard let text = declared.replacementText else {
      if !state.isStandalone { state.skipsDeclarations = true }
      if state.doctype.unreadParameterEntity == nil { state.doctype.unreadParameterEntity = name }
      return
    }
    if state.openParameterEntities.contains(name) {
      throw error(.recursiveEntity, "parameter entity '%\(name);' refers to itself", at: start)
    }
    guard state.openParameterEntities.count < options.maximumEntityDepth else {
      throw error(.entityExpansionLimit, "parameter entity references nested deeper than \(options.maximumEntityDepth) (maximumEntityDepth)", at: start)
    }
    state.expandedBytes += text.count + 1
    guard state.expandedBytes <= options.maximumEntityExpansion else {
      throw error(
        .entityExpansionLimit,
        "parameter entity expansion exceeds the limit of \(options.maximumEntityExpansion) bytes (maximumEntityExpansion)", at: start)
    }
    state.openParameterEntities.append(name)
    defer { state.openParameterEntities.removeLast() }
    let context = (name: name, referenceOffset: documentOffset(start))
    let state = self.state
    let result = text.withUnsafeBufferPointer { buffer -> Result<Void, XMLParsingError> in
      var reader = XMLSubsetReader(bytes: buffer, index: 0, state: state, entity: context)
      do throws(XMLParsingError) {
        try reader.readDeclarations(until: .entityEnd)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  // MARK: - Conditional sections

  /// `conditionalSect`, after `<![` (only in parameter entity text, standing in for the
  /// external subset that `extSubsetDecl` describes).
  mutating func readConditionalSection(from start: Int, depth: Int) throws(XMLParsingError) {
    guard depth < options.maximumDepth else {
      throw error(.depthLimitExceeded, "conditional sections nested deeper than \(options.maximumDepth)", at: start)
    }
    skipSpace()
    let isIncluded: Bool
    if consume("INCLUDE") {
      isIncluded = true
    } else if consume("IGNORE") {
      isIncluded = false
    } else {
      throw unexpected("expected 'INCLUDE' or 'IGNORE'")
    }
    skipSpace()
    try expect(UInt8(ascii: "["), "expected '[' to open the conditional section")
    if isIncluded {
      try readDeclarations(until: .conditionalSectionEnd, depth: depth + 1)
      return
    }
    var nesting = 1
    while nesting > 0 {
      guard index < end else { throw unexpected("expected ']]>' to end the ignored section") }
      if consume("<![") {
        nesting += 1
      } else if consume("]]>") {
        nesting -= 1
      } else {
        index += try charLength()
      }
    }
  }
}
