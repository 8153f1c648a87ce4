import FoundryInternals

extension XMLScanner {
  // MARK: - Names

  /// Scans a `Name` whose first character was checked: its end and the first colon's offset.
  @inline(__always)
  mutating func scanName(from start: Int) -> (end: Int, colon: Int, colons: Int) {
    var index = start
    var colon = -1
    var colons = 0
    while index < end {
      // ASCII letters eight at a time; the byte that ends the run is read on its own below.
      if index + 8 <= end, let base = input.baseAddress {
        let letters = Self.asciiLetters(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        guard letters != 0x8080_8080_8080_8080 else {
          index += 8
          continue
        }
        index += (~letters & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
      }
      let byte = input[index]
      if classes[Int(byte)] & ByteClass.nameChar != 0 {
        if byte == UInt8(ascii: ":") {
          if colon < 0 { colon = index - start }
          colons += 1
        }
        index += 1
        continue
      }
      guard byte >= 0x80, let (scalar, length) = XMLCharacters.scalar(in: input, at: index, end: end),
        XMLCharacters.isNameChar(scalar)
      else { break }
      index += length
    }
    return (index, colon, colons)
  }

  /// The high bit of each byte of `word` (little-endian) that is an ASCII letter.
  @inline(__always)
  static func asciiLetters(in word: UInt64) -> UInt64 {
    let word = UInt64(littleEndian: word)
    // Lower-cased and without its high bit, each byte is below 0x80: adding to it carries
    // into no other byte. A byte is a letter when it is from `a` (0x61) to `z` (0x7A) and was ASCII.
    let lowered = (word | 0x2020_2020_2020_2020) & 0x7F7F_7F7F_7F7F_7F7F
    let fromA = lowered &+ 0x1F1F_1F1F_1F1F_1F1F  // 0x80 - 0x61 in each byte
    let pastZ = lowered &+ 0x0505_0505_0505_0505  // 0x80 - 0x7B
    return fromA & ~pastZ & ~word & 0x8080_8080_8080_8080
  }

  /// Scans a name and, when namespaces are on, checks that it is a `QName` (NCName:NCName).
  mutating func scanQualifiedName(from start: Int, what: String) throws(XMLParsingError) -> (end: Int, colon: Int) {
    let name = scanName(from: start)
    if options.resolvesNamespaces, name.colons > 0 {
      let length = name.end - start
      if name.colons > 1 || name.colon == 0 || name.colon == length - 1 || !isNameStartAt(start + name.colon + 1) {
        throw error(.namespace, "\(what) '\(string(start, length))' is not a valid qualified name", at: start)
      }
    }
    return (name.end, name.colon)
  }

  // MARK: - Start tags

  /// STag ::= '<' Name (S Attribute)* S? '>'; EmptyElemTag ::= '<' Name (S Attribute)* S? '/>'.
  /// Returns whether the tag was an empty-element tag (the element is then closed already).
  @discardableResult
  mutating func parseStartTag(at start: Int) throws(XMLParsingError) -> Bool {
    flushText()
    let heapStart = heap.count
    guard open.count < options.maximumDepth else {
      throw error(.depthLimitExceeded, "elements nest deeper than the limit of \(options.maximumDepth)", at: start)
    }
    let nameStart = start + 1
    let name = try scanQualifiedName(from: nameStart, what: "element name")
    let nameLength = name.end - nameStart
    position = name.end
    attributes.removeAll()
    var isEmpty = false
    var needsNormalization = !readsSource
    while true {
      let hadSpace = skipSpaces()
      guard position < end else {
        throw error(.unexpectedEndOfInput, "the input ends inside start tag '<\(string(nameStart, nameLength))>'", at: position)
      }
      let byte = input[position]
      if byte == UInt8(ascii: ">") {
        position += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        guard position + 1 < end, input[position + 1] == UInt8(ascii: ">") else {
          throw error(.syntax, "expected '>' after '/' in start tag '<\(string(nameStart, nameLength))>'", at: position + 1)
        }
        position += 2
        isEmpty = true
        break
      }
      guard isNameStartAt(position) else {
        throw error(.syntax, "\(describe(at: position)) is not allowed in start tag '<\(string(nameStart, nameLength))>'", at: position)
      }
      guard hadSpace else {
        throw error(.syntax, "attributes must be separated by whitespace", at: position)
      }
      let attributeStart = position
      try parseAttribute()
      needsNormalization = needsNormalization || attributes[attributes.count - 1].needsNormalization
      if attributes.count > options.maximumAttributeCount { throw attributeLimit(nameStart, nameLength, at: attributeStart) }
    }

    if attributes.count > 1 { try checkDuplicateAttributes() }
    if let doctype, !doctype.attributes.isEmpty {
      try applyAttributeDeclarations(elementName: string(nameStart, nameLength), tagStart: start)
      needsNormalization = true
      if attributes.count > options.maximumAttributeCount { throw attributeLimit(nameStart, nameLength, at: start) }
    }
    if needsNormalization { try normalizeAttributeValues() }
    try appendStartTag(at: start, nameStart: nameStart, nameLength: nameLength, colon: name.colon, heapStart: heapStart)
    if isEmpty {
      closeElement()
      return true
    }
    return false
  }

  /// The error for an element with too many attributes (``XMLParsingOptions/maximumAttributeCount``).
  mutating func attributeLimit(_ nameStart: Int, _ nameLength: Int, at offset: Int) -> XMLParsingError {
    error(
      .attributeLimitExceeded,
      "element '<\(string(nameStart, nameLength))>' has more than \(options.maximumAttributeCount) attributes (maximumAttributeCount)",
      at: offset)
  }

  /// Attribute ::= Name Eq AttValue; the value is only scanned here (normalized later if needed).
  mutating func parseAttribute() throws(XMLParsingError) {
    let nameStart = position
    let name = try scanQualifiedName(from: nameStart, what: "attribute name")
    let nameLength = name.end - nameStart
    position = name.end
    skipSpaces()
    guard position < end, input[position] == UInt8(ascii: "=") else {
      throw error(.syntax, "expected '=' after attribute name '\(string(nameStart, nameLength))'", at: position)
    }
    position += 1
    skipSpaces()
    guard position < end, input[position] == UInt8(ascii: "\"") || input[position] == UInt8(ascii: "'") else {
      throw error(.syntax, "the value of attribute '\(string(nameStart, nameLength))' must be in quotes", at: position)
    }
    let quote = input[position]
    let valueStart = position + 1
    var index = valueStart
    var needsNormalization = false
    while true {
      index = firstIndex(from: index, stoppingAt: ByteClass.valueStop)
      guard index < end else {
        throw error(.unexpectedEndOfInput, "the value of attribute '\(string(nameStart, nameLength))' is not closed", at: valueStart - 1)
      }
      let byte = input[index]
      if byte == quote { break }
      switch byte {
      case UInt8(ascii: "<"):
        throw error(.syntax, "'<' is not allowed in attribute values (write '&lt;')", at: index)
      case UInt8(ascii: "&"), 0x09, 0x0A, 0x0D:
        needsNormalization = true
        index += 1
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        index += 1
      default:
        index += try checkChar(at: index, in: "attribute values")
      }
    }
    position = index + 1
    attributes.append(
      PendingAttribute(
        nameStart: nameStart, nameLength: nameLength, colon: name.colon, valueStart: valueStart, valueLength: index - valueStart,
        needsNormalization: needsNormalization || !readsSource))
  }

  /// Whether the names of two written attributes are the same bytes.
  mutating func sameName(_ first: PendingAttribute, _ second: PendingAttribute) -> Bool {
    guard first.nameLength == second.nameLength else { return false }
    for offset in 0..<first.nameLength where input[first.nameStart + offset] != input[second.nameStart + offset] { return false }
    return true
  }

  /// WFC: Unique Att Spec.
  mutating func checkDuplicateAttributes() throws(XMLParsingError) {
    let count = attributes.count
    if count <= 16 {
      for second in 1..<count {
        for first in 0..<second where sameName(attributes[first], attributes[second]) {
          let attribute = attributes[second]
          throw error(.duplicateAttribute, "attribute '\(string(attribute.nameStart, attribute.nameLength))' appears twice", at: attribute.nameStart)
        }
      }
      return
    }
    var seen = Set<String>()
    for attribute in attributes where !seen.insert(string(attribute.nameStart, attribute.nameLength)).inserted {
      throw error(.duplicateAttribute, "attribute '\(string(attribute.nameStart, attribute.nameLength))' appears twice", at: attribute.nameStart)
    }
  }

  // MARK: - End tags

  /// ETag ::= '</' Name S? '>'
  mutating func parseEndTag(at start: Int) throws(XMLParsingError) {
    flushText(endsElement: true)
    let nameStart = start + 2
    guard let top = open.last else {
      throw error(.syntax, "end tag without a matching start tag", at: start)
    }
    let length = top.nameLength
    var matches = top.entityDepth == entityStack.count && nameStart + length <= end
    if matches, let base = input.baseAddress {
      // A word at a time: both names lie inside the input (the start tag's was read there).
      matches = ByteSearch.equal(base + nameStart, base + top.nameStart, count: length)
    }
    if matches, nameStart + length < end {
      let next = input[nameStart + length]
      if next >= 0x80 ? isNameCharAt(nameStart + length) : classes[Int(next)] & ByteClass.nameChar != 0 { matches = false }
    }
    guard matches else {
      let startName = storage.names.name(nodes[top.tapeIndex].extra).qualifiedName
      guard isNameStartAt(nameStart) else {
        throw error(.syntax, "expected the name of element '<\(startName)>' after '</'", at: nameStart)
      }
      let name = scanName(from: nameStart)
      if top.entityDepth != entityStack.count {
        throw error(
          .mismatchedTag,
          "end tag '</\(string(nameStart, name.end - nameStart))>' cannot close '<\(startName)>', which starts outside the entity",
          at: start)
      }
      throw error(
        .mismatchedTag, "end tag '</\(string(nameStart, name.end - nameStart))>' does not match start tag '<\(startName)>'", at: start)
    }
    position = nameStart + length
    skipSpaces()
    guard position < end, input[position] == UInt8(ascii: ">") else {
      let startName = storage.names.name(nodes[top.tapeIndex].extra).qualifiedName
      if position >= end { throw error(.unexpectedEndOfInput, "the input ends inside end tag '</\(startName)>'", at: position) }
      throw error(.syntax, "expected '>' to close end tag '</\(startName)>'", at: position)
    }
    position += 1
    closeElement()
  }

  /// Whether a `NameChar` begins at `index`.
  mutating func isNameCharAt(_ index: Int) -> Bool {
    guard index < end else { return false }
    let byte = input[index]
    if byte < 0x80 { return classes[Int(byte)] & ByteClass.nameChar != 0 }
    guard let (scalar, _) = XMLCharacters.scalar(in: input, at: index, end: end) else { return false }
    return XMLCharacters.isNameChar(scalar)
  }

  /// Ends the innermost open element: its extent, its namespace scope, and streaming.
  mutating func closeElement() {
    guard !open.isEmpty else { return }
    let top = open.removeLast()
    nodes[top.tapeIndex].payload = UInt32(truncatingIfNeeded: nodes.count)
    if bindings.count != top.bindingCount {
      for binding in bindings[top.bindingCount...].reversed() {
        bindingIndex[binding.prefix] = binding.hidden >= 0 ? binding.hidden : nil
      }
      bindings.removeSubrange(top.bindingCount...)
      bindingGeneration &+= 1
    }
    preservesSpace = top.outerPreservesSpace
    guard streamDepth == open.count, let onElement else { return }
    swap(&nodes, &storage.nodes)
    swap(&heap, &storage.heap)
    let keepsGoing = onElement(top.tapeIndex)
    storage.truncate(nodesTo: top.tapeIndex, heapTo: top.heapCount)
    swap(&nodes, &storage.nodes)
    swap(&heap, &storage.heap)
    if !keepsGoing { isStopped = true }
  }
}
