extension XMLScanner {
  // MARK: - References

  /// CharRef ::= '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';' at `amp`: the scalar and the index after `;`.
  mutating func parseCharacterReference(at amp: Int) throws(XMLParsingError) -> (scalar: UInt32, next: Int) {
    var index = amp + 2
    let isHex = index < end && input[index] == UInt8(ascii: "x")
    if isHex { index += 1 }
    var value: UInt32 = 0
    var digits = 0
    while index < end, XMLCharacters.appendReferenceDigit(input[index], isHex: isHex, to: &value) {
      digits += 1
      index += 1
    }
    guard digits > 0, index < end, input[index] == UInt8(ascii: ";") else {
      throw error(.syntax, "malformed character reference (expected '&#digits;' or '&#xhex;')", at: amp)
    }
    guard XMLCharacters.isChar(value) else {
      throw error(.invalidCharacter, "character reference '\(string(amp, index + 1 - amp))' is not a legal XML character", at: amp)
    }
    return (value, index + 1)
  }

  /// EntityRef ::= '&' Name ';' at `amp`: the name's range and the index after `;`.
  mutating func parseEntityName(at amp: Int) throws(XMLParsingError) -> (start: Int, end: Int, next: Int) {
    let start = amp + 1
    guard isNameStartAt(start) else {
      throw error(.syntax, "'&' must start an entity or character reference (write '&amp;' for a literal '&')", at: amp)
    }
    let name = scanName(from: start)
    guard name.end < end, input[name.end] == UInt8(ascii: ";") else {
      throw error(.syntax, "entity reference '&\(string(start, name.end - start))' must end with ';'", at: amp)
    }
    return (start, name.end, name.end + 1)
  }

  /// The character a predefined entity (`lt`, `gt`, `amp`, `apos`, `quot`) stands for.
  mutating func predefinedEntity(_ start: Int, _ stop: Int) -> UInt8? {
    let name = UnsafeBufferPointer(rebasing: input[start..<stop])
    switch name.count {
    case 2 where name[1] == UInt8(ascii: "t"):
      if name[0] == UInt8(ascii: "l") { return UInt8(ascii: "<") }
      if name[0] == UInt8(ascii: "g") { return UInt8(ascii: ">") }
    case 3 where Self.equals(name, "amp"): return UInt8(ascii: "&")
    case 4 where Self.equals(name, "apos"): return UInt8(ascii: "'")
    case 4 where Self.equals(name, "quot"): return UInt8(ascii: "\"")
    default: break
    }
    return nil
  }

  /// The declaration of entity `name`, or `nil` when an undeclared entity is left out.
  ///
  /// An undeclared entity is a well-formedness error (XML 1.0 §4.1, WFC "Entity Declared") in a
  /// document that is `standalone="yes"`, has no DTD, or has a DTD with neither an external
  /// subset nor a parameter entity reference. Otherwise it is a validity error only, and:
  /// - when the DTD has an external subset or references a parameter entity this reader does not
  ///   read (external or undeclared), the entity may be declared there: by default an
  ///   `undefinedEntity` error, so no text is lost silently, and left out under
  ///   ``XMLParsingOptions/skipsUndeclaredEntities``;
  /// - when every parameter entity referenced is internal and there is no external subset, every
  ///   declaration was read and the entity is truly undeclared: it is left out (no text is lost).
  mutating func entity(named name: String, at amp: Int) throws(XMLParsingError) -> XMLEntity? {
    if let entity = doctype?.generalEntities[name] { return entity }
    guard let doctype, !isStandalone, doctype.hasExternalSubset || doctype.hasParameterEntityReferences else {
      throw error(.undefinedEntity, "entity '\(name)' is not declared", at: amp)
    }
    if options.skipsUndeclaredEntities { return nil }
    if doctype.hasExternalSubset {
      throw error(
        .undefinedEntity, "entity '\(name)' is not declared in the document (an external DTD, which may declare it, is never read)",
        at: amp)
    }
    if let unread = doctype.unreadParameterEntity {
      throw error(
        .undefinedEntity,
        "entity '\(name)' is not declared in the document (parameter entity '%\(unread);', which may declare it, is never read, "
          + "and the declarations after it are not processed)",
        at: amp)
    }
    return nil
  }

  /// A reference in content: its characters join the pending text; an internal entity's
  /// replacement text is parsed as content.
  mutating func parseReferenceInContent() throws(XMLParsingError) {
    let amp = position
    if amp + 1 < end, input[amp + 1] == UInt8(ascii: "#") {
      let reference = try parseCharacterReference(at: amp)
      ensureTextInHeap(origin: amp)
      text.isKnownBlank = false
      XMLCharacters.appendUTF8(reference.scalar, to: &heap)
      position = reference.next
      return
    }
    let reference = try parseEntityName(at: amp)
    position = reference.next
    if let character = predefinedEntity(reference.start, reference.end) {
      ensureTextInHeap(origin: amp)
      text.isKnownBlank = false
      heap.append(character)
      return
    }
    let name = string(reference.start, reference.end - reference.start)
    guard let entity = try entity(named: name, at: amp) else { return }
    switch entity.value {
    case .external:
      throw error(.externalEntity, "entity '\(name)' is external; external entities are never loaded", at: amp)
    case .unparsed:
      throw error(.undefinedEntity, "unparsed entity '\(name)' cannot be referenced in content", at: amp)
    case .internal(let replacementText, _):
      try expand(name, replacementText, at: amp, inAttribute: false)
    }
  }

  /// Reads an entity's replacement text in place of the input: as content, or as part of an
  /// attribute value (appended to the heap).
  mutating func expand(_ name: String, _ replacementText: [UInt8], at amp: Int, inAttribute: Bool) throws(XMLParsingError) {
    if entityStack.contains(name) {
      throw error(.recursiveEntity, "entity '\(name)' refers to itself", at: amp)
    }
    guard entityStack.count < options.maximumEntityDepth else {
      throw error(.entityExpansionLimit, "entity references nest deeper than the limit of \(options.maximumEntityDepth) (maximumEntityDepth)", at: amp)
    }
    expandedBytes += replacementText.count
    guard expandedBytes <= options.maximumEntityExpansion else {
      throw error(.entityExpansionLimit, "entity '\(name)' expands beyond the limit of \(options.maximumEntityExpansion) bytes (maximumEntityExpansion)", at: amp)
    }
    entityStack.append(name)
    let depth = open.count
    try reading(replacementText, asReplacementText: true, origin: readsSource ? amp : nil) { (scanner) throws(XMLParsingError) in
      if inAttribute {
        try scanner.appendNormalizedValue(0, scanner.end)
      } else {
        try scanner.parseContent()
        if !scanner.isStopped, scanner.open.count > depth {
          let open = scanner.open[scanner.open.count - 1]
          let name = scanner.storage.names.name(scanner.nodes[open.tapeIndex].extra).qualifiedName
          throw scanner.error(.syntax, "element '<\(name)>' starts in the entity but does not end in it", at: scanner.end)
        }
      }
    }
    entityStack.removeLast()
  }

  /// Runs `body` with `text` in place of the input (an entity's replacement text, a default
  /// value), from its start; errors in it point at `origin` of the source when one is given.
  /// The input is back where it was when `body` returns.
  mutating func reading(
    _ text: [UInt8], asReplacementText: Bool, origin: Int?, _ body: (inout XMLScanner) throws(XMLParsingError) -> Void
  ) throws(XMLParsingError) {
    let saved = (
      input: input, position: position, end: end, readsSource: readsSource, readsReplacementText: readsReplacementText,
      origin: entityOrigin
    )
    if let origin { entityOrigin = origin }
    try text.withUnsafeBufferPointer { (text) throws(XMLParsingError) in
      input = text
      position = 0
      end = text.count
      readsSource = false
      readsReplacementText = asReplacementText
      try body(&self)
    }
    input = saved.input
    position = saved.position
    end = saved.end
    readsSource = saved.readsSource
    readsReplacementText = saved.readsReplacementText
    entityOrigin = saved.origin
  }

  // MARK: - Attribute values

  /// Replaces every attribute value that needs it by its normalized form in the heap.
  mutating func normalizeAttributeValues() throws(XMLParsingError) {
    let savedPosition = position
    for index in attributes.indices {
      let attribute = attributes[index]
      guard attribute.defaultIndex < 0, attribute.needsNormalization || attribute.collapsesSpaces else { continue }
      let heapStart = heap.count
      try appendNormalizedValue(attribute.valueStart, attribute.valueStart + attribute.valueLength)
      if attribute.collapsesSpaces { collapseSpaces(from: heapStart) }
      attributes[index].valueStart = heapStart
      attributes[index].valueLength = heap.count - heapStart
      attributes[index].valueInHeap = true
    }
    position = savedPosition
  }

  /// AttValue normalization (XML 1.0 §3.3.3) of `input[start..<stop]`, appended to the heap:
  /// white space characters become spaces, references are replaced (entities recursively).
  mutating func appendNormalizedValue(_ start: Int, _ stop: Int) throws(XMLParsingError) {
    var index = start
    var runStart = start
    while index < stop {
      let byte = input[index]
      switch byte {
      case 0x09, 0x0A, 0x0D:
        heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
        heap.append(0x20)
        index += 1
        if byte == 0x0D, !readsReplacementText, index < stop, input[index] == 0x0A { index += 1 }
        runStart = index
      case UInt8(ascii: "<"):
        throw error(.syntax, "'<' is not allowed in attribute values (write '&lt;')", at: index)
      case UInt8(ascii: "&"):
        heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
        index = try appendReferenceInValue(at: index)
        runStart = index
      default:
        if !readsSource, byte < 0x20 || byte == 0xEF {
          index += try checkChar(at: index, in: "attribute values")
        } else {
          index += 1
        }
      }
    }
    heap.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<stop]))
  }

  /// Appends the replacement of the reference at `amp` in an attribute value; returns the index after it.
  mutating func appendReferenceInValue(at amp: Int) throws(XMLParsingError) -> Int {
    if amp + 1 < end, input[amp + 1] == UInt8(ascii: "#") {
      let reference = try parseCharacterReference(at: amp)
      XMLCharacters.appendUTF8(reference.scalar, to: &heap)
      return reference.next
    }
    let reference = try parseEntityName(at: amp)
    if let character = predefinedEntity(reference.start, reference.end) {
      heap.append(character)
      return reference.next
    }
    let name = string(reference.start, reference.end - reference.start)
    guard let entity = try entity(named: name, at: amp) else { return reference.next }
    switch entity.value {
    case .external:
      throw error(.externalEntity, "attribute values cannot refer to external entity '\(name)'", at: amp)
    case .unparsed:
      throw error(.undefinedEntity, "unparsed entity '\(name)' cannot be referenced in an attribute value", at: amp)
    case .internal(let replacementText, _):
      try expand(name, replacementText, at: amp, inAttribute: true)
    }
    return reference.next
  }

  /// Drops leading and trailing spaces from the heap's tail and collapses runs of spaces
  /// (values of attributes declared with a type other than CDATA).
  mutating func collapseSpaces(from start: Int) {
    var write = start
    var pendingSpace = false
    for read in start..<heap.count {
      let byte = heap[read]
      if byte == 0x20 {
        pendingSpace = write > start
      } else {
        if pendingSpace {
          heap[write] = 0x20
          write += 1
          pendingSpace = false
        }
        heap[write] = byte
        write += 1
      }
    }
    heap.removeLast(heap.count - write)
  }
}
