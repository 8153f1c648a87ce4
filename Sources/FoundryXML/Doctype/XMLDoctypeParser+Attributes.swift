// `<!ATTLIST` declarations and the checks on their default values.

extension XMLSubsetReader {
  /// `AttlistDecl`, after `<!ATTLIST`.
  mutating func readAttributeListDeclaration() throws(XMLParsingError) {
    try requireSpace("after '<!ATTLIST'")
    let element = try readName("an element name")
    let isProcessed = !state.skipsDeclarations
    while true {
      let hadSpace = skipSpace()
      if isAt(UInt8(ascii: ">")) {
        index += 1
        return
      }
      guard hadSpace else { throw unexpected("expected whitespace or '>'") }
      let name = try readName("an attribute name or '>'")
      try requireSpace("after the attribute name")
      let isCDATA = try readAttributeType()
      try requireSpace("after the attribute type")
      var defaultValue: [UInt8]?
      var defaultOffset = documentOffset(index)
      if consume("#REQUIRED") || consume("#IMPLIED") {
      } else {
        if consume("#FIXED") {
          try requireSpace("after '#FIXED'")
        } else if isAt(UInt8(ascii: "#")) {
          throw error(.syntax, "expected '#REQUIRED', '#IMPLIED', '#FIXED' or a quoted default value", at: index)
        }
        defaultOffset = documentOffset(index)
        defaultValue = try readDefaultValue(checksReferences: isProcessed)
      }
      guard isProcessed else { continue }
      var declarations = state.doctype.attributes[element, default: []]
      guard !declarations.contains(where: { $0.name == name }) else { continue }
      declarations.append(
        XMLAttributeDeclaration(name: name, isCDATA: isCDATA, defaultValue: defaultValue, defaultOffset: defaultOffset))
      state.doctype.attributes[element] = declarations
    }
  }

  /// `AttType`; returns whether it is `CDATA`.
  mutating func readAttributeType() throws(XMLParsingError) -> Bool {
    if consume("CDATA") { return true }
    for keyword: StaticString in ["IDREFS", "IDREF", "ID", "ENTITIES", "ENTITY", "NMTOKENS", "NMTOKEN"] where consume(keyword) {
      return false
    }
    if consume("NOTATION") {
      try requireSpace("after 'NOTATION'")
      try expect(UInt8(ascii: "("), "expected '(' to start the notation names")
      try readEnumeration(ofNames: true)
      return false
    }
    guard isAt(UInt8(ascii: "(")) else {
      throw unexpected("expected an attribute type ('CDATA', 'ID', 'IDREF', 'IDREFS', 'ENTITY', 'ENTITIES', 'NMTOKEN', 'NMTOKENS', 'NOTATION' or '(')")
    }
    index += 1
    try readEnumeration(ofNames: false)
    return false
  }

  /// `Enumeration` or the list of `NotationType`, after `(`.
  mutating func readEnumeration(ofNames: Bool) throws(XMLParsingError) {
    repeat {
      skipSpace()
      if ofNames {
        _ = try readName("a notation name")
      } else {
        try readNmtoken()
      }
      skipSpace()
      guard let byte = current, byte == UInt8(ascii: "|") || byte == UInt8(ascii: ")") else {
        throw unexpected("expected '|' or ')'")
      }
      index += 1
      if byte == UInt8(ascii: ")") { return }
    } while true
  }

  // MARK: - Default values

  /// `AttValue`: the raw text between the quotes. `<` is rejected, references are checked
  /// (WFCs "No < in Attribute Values", "No External Entity References", "Entity Declared",
  /// "Parsed Entity") when the declaration is processed.
  mutating func readDefaultValue(checksReferences: Bool) throws(XMLParsingError) -> [UInt8] {
    guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw unexpected("expected a quoted default value")
    }
    index += 1
    let start = index
    while true {
      guard let byte = current else { throw unexpected("expected the closing quote of the default value") }
      switch byte {
      case quote:
        index += 1
        return Array(bytes[start..<index - 1])
      case UInt8(ascii: "<"):
        throw error(.syntax, "'<' is not allowed in an attribute value", at: index)
      case UInt8(ascii: "&"):
        let referenceStart = index
        if case .entity(let name) = try readReference(), checksReferences {
          try checkAttributeEntity(name, at: referenceStart, isDirect: true)
        }
      default:
        index += try charLength()
      }
    }
  }

  /// Checks that a general entity referenced from an attribute value is declared (when WFC
  /// "Entity Declared" applies), parsed, internal, and that its replacement text, with the
  /// entities it references in turn, holds no `<`.
  func checkAttributeEntity(_ name: String, at offset: Int, isDirect: Bool) throws(XMLParsingError) {
    if Self.predefinedEntities.contains(name) || state.entitiesFitForAttributes.contains(name) { return }
    guard let entity = state.doctype.generalEntities[name] else {
      // A nested reference may name an entity declared after the attribute list.
      guard isDirect, state.requiresDeclaredEntities else { return }
      throw error(.undefinedEntity, "entity '&\(name);' is not declared", at: offset)
    }
    switch entity.value {
    case .unparsed:
      throw error(.undefinedEntity, "unparsed entity '&\(name);' cannot be referenced", at: offset)
    case .external:
      throw error(.externalEntity, "attribute values cannot reference external entity '&\(name);'", at: offset)
    case .internal(let text, _):
      if state.openGeneralEntities.contains(name) {
        throw error(.recursiveEntity, "entity '&\(name);' refers to itself", at: offset)
      }
      guard state.openGeneralEntities.count < options.maximumEntityDepth else {
        throw error(.entityExpansionLimit, "entity references nested deeper than \(options.maximumEntityDepth) (maximumEntityDepth)", at: offset)
      }
      state.openGeneralEntities.append(name)
      defer { state.openGeneralEntities.removeLast() }
      var position = 0
      while position < text.count {
        let byte = text[position]
        position += 1
        if byte == UInt8(ascii: "<") {
          throw error(
            .syntax, "'<' in the replacement text of entity '&\(name);' is not allowed in an attribute value", at: offset)
        }
        guard byte == UInt8(ascii: "&"), position < text.count, text[position] != UInt8(ascii: "#") else { continue }
        // The text was checked when the entity was declared: a name and ';' follow.
        let nameStart = position
        while position < text.count, text[position] != UInt8(ascii: ";") { position += 1 }
        let nested = String(decoding: text[nameStart..<position], as: UTF8.self)
        try checkAttributeEntity(nested, at: offset, isDirect: false)
      }
      state.entitiesFitForAttributes.insert(name)
    }
  }

  static let predefinedEntities: Set<String> = ["lt", "gt", "amp", "apos", "quot"]
}
