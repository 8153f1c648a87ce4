extension XMLScanner {
  // MARK: - XML declaration

  /// XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'
  mutating func parseXMLDeclaration() throws(XMLParsingError) {
    position += 5
    skipSpaces()
    guard hasPrefix("version") else {
      throw error(.syntax, "the XML declaration must start with 'version'", at: position)
    }
    position += 7
    let (version, versionStart) = try parseDeclarationValue(named: "version")
    let versionBytes = Array(version.utf8)
    guard versionBytes.count > 2, version.hasPrefix("1."), versionBytes.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw error(.syntax, "unsupported XML version '\(version)' (expected '1.0')", at: versionStart)
    }
    var encoding: String?
    var standalone: Bool?
    var hadSpace = skipSpaces()
    if hadSpace, hasPrefix("encoding") {
      position += 8
      let (name, nameStart) = try parseDeclarationValue(named: "encoding")
      let bytes = Array(name.utf8)
      func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
      let isEncodingName =
        bytes.first.map(isLetter) == true
        && bytes.dropFirst().allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
      guard isEncodingName else {
        throw error(.syntax, "'\(name)' is not a valid encoding name", at: nameStart)
      }
      encoding = name
      hadSpace = skipSpaces()
    }
    if hadSpace, hasPrefix("standalone") {
      position += 10
      let (value, valueStart) = try parseDeclarationValue(named: "standalone")
      switch value {
      case "yes": standalone = true
      case "no": standalone = false
      default: throw error(.syntax, "standalone must be 'yes' or 'no', not '\(value)'", at: valueStart)
      }
      skipSpaces()
    }
    guard hasPrefix("?>") else {
      throw error(.syntax, "expected '?>' to end the XML declaration", at: position)
    }
    position += 2
    storage.declaration = XMLDeclaration(version: version, encoding: encoding, standalone: standalone)
    isStandalone = standalone == true
  }

  /// Eq ("'" value "'" | '"' value '"') in the XML declaration: the value and where it starts.
  mutating func parseDeclarationValue(named name: String) throws(XMLParsingError) -> (String, Int) {
    skipSpaces()
    guard position < end, input[position] == UInt8(ascii: "=") else {
      throw error(.syntax, "expected '=' after '\(name)' in the XML declaration", at: position)
    }
    position += 1
    skipSpaces()
    guard position < end, input[position] == UInt8(ascii: "\"") || input[position] == UInt8(ascii: "'") else {
      throw error(.syntax, "the value of '\(name)' in the XML declaration must be in quotes", at: position)
    }
    let quote = input[position]
    let start = position + 1
    var index = start
    while index < end, input[index] != quote, input[index] != UInt8(ascii: "?"), input[index] != UInt8(ascii: ">") { index += 1 }
    guard index < end, input[index] == quote else {
      throw error(.syntax, "the value of '\(name)' in the XML declaration is not closed", at: start - 1)
    }
    position = index + 1
    return (string(start, index - start), start)
  }

  // MARK: - Attribute declarations

  /// What the DTD says about one element's attributes.
  struct AttributeRules {
    /// Names of attributes declared with a tokenized or enumerated type.
    var collapsing: [[UInt8]] = []
    var defaults: [DefaultAttribute] = []
  }

  /// Marks the written attributes the DTD types as tokens and adds the defaults not written.
  mutating func applyAttributeDeclarations(elementName: String, tagStart: Int) throws(XMLParsingError) {
    currentDefaults = []
    let rules: AttributeRules
    if let cached = attributeRules[elementName] {
      rules = cached
    } else {
      rules = try makeAttributeRules(for: elementName)
      attributeRules[elementName] = rules
    }
    let written = attributes.count
    // Many attributes and many declarations: compare through a set, not pair by pair.
    let writtenNames: Set<[UInt8]> =
      written * (rules.collapsing.count + rules.defaults.count) > 256
      ? Set(attributes.map { Array(input[$0.nameStart..<$0.nameStart + $0.nameLength]) }) : []
    if !rules.collapsing.isEmpty {
      if writtenNames.isEmpty {
        for index in attributes.indices where rules.collapsing.contains(where: { writtenName(of: attributes[index], equals: $0) }) {
          attributes[index].collapsesSpaces = true
        }
      } else {
        let collapsing = Set(rules.collapsing)
        for index in attributes.indices
        where collapsing.contains(Array(input[attributes[index].nameStart..<attributes[index].nameStart + attributes[index].nameLength])) {
          attributes[index].collapsesSpaces = true
        }
      }
    }
    guard !rules.defaults.isEmpty else { return }
    currentDefaults = rules.defaults
    for (index, value) in rules.defaults.enumerated() {
      if writtenNames.isEmpty {
        if attributes[0..<written].contains(where: { writtenName(of: $0, equals: value.name) }) { continue }
      } else if writtenNames.contains(value.name) {
        continue
      }
      let heapStart = heap.count
      heap.append(contentsOf: value.value)
      var attribute = PendingAttribute(
        nameStart: 0, nameLength: value.name.count, colon: value.colon, valueStart: heapStart, valueLength: value.value.count,
        needsNormalization: false)
      attribute.valueInHeap = true
      attribute.defaultIndex = index
      attributes.append(attribute)
      defaultedBytes += value.name.count + value.value.count + Self.defaultedAttributeOverhead
    }
    guard defaultedBytes <= options.maximumDefaultedAttributeBytes else {
      throw error(
        .attributeLimitExceeded,
        "attributes added from DOCTYPE defaults exceed the limit of \(options.maximumDefaultedAttributeBytes) bytes (maximumDefaultedAttributeBytes)",
        at: tagStart)
    }
  }

  /// What one defaulted attribute costs beyond its name and value, in the budget: about the
  /// size of its node, so many tiny defaults cannot grow the tree unchecked.
  static let defaultedAttributeOverhead = 32

  mutating func writtenName(of attribute: PendingAttribute, equals name: [UInt8]) -> Bool {
    guard attribute.defaultIndex < 0, attribute.nameLength == name.count else { return false }
    for offset in 0..<name.count where input[attribute.nameStart + offset] != name[offset] { return false }
    return true
  }

  /// Reads the declarations of `elementName` and normalizes its default values.
  mutating func makeAttributeRules(for elementName: String) throws(XMLParsingError) -> AttributeRules {
    var rules = AttributeRules()
    guard let declarations = doctype?.attributes[elementName] else { return rules }
    var seen = Set<String>()
    for declaration in declarations where seen.insert(declaration.name).inserted {
      let name = Array(declaration.name.utf8)
      if !declaration.isCDATA { rules.collapsing.append(name) }
      guard let literal = declaration.defaultValue else { continue }
      let value = try normalizedDefault(literal, offset: declaration.defaultOffset, collapses: !declaration.isCDATA)
      rules.defaults.append(DefaultAttribute(name: name, colon: name.firstIndex(of: UInt8(ascii: ":")) ?? -1, value: value))
    }
    return rules
  }

  /// A default value's literal, normalized like a written value.
  mutating func normalizedDefault(_ literal: [UInt8], offset: Int, collapses: Bool) throws(XMLParsingError) -> [UInt8] {
    let heapStart = heap.count
    try reading(literal, asReplacementText: false, origin: offset) { (scanner) throws(XMLParsingError) in
      try scanner.appendNormalizedValue(0, scanner.end)
    }
    if collapses { collapseSpaces(from: heapStart) }
    let value = Array(heap[heapStart...])
    heap.removeLast(heap.count - heapStart)
    return value
  }
}
