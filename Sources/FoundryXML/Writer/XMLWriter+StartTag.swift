extension XMLWriter {
  // MARK: - Start tags

  /// The namespace declarations a start tag adds and the attributes whose prefix changes.
  struct StartTagPlan {
    var declarations: [(prefix: String, uri: String)] = []
    var attributePrefixes: [(index: Int, prefix: String)] = []

    /// The prefix that replaces the attribute's own, if any.
    func replacedPrefix(ofAttribute index: Int) -> String? {
      for entry in attributePrefixes where entry.index == index { return entry.prefix }
      return nil
    }
  }

  /// Writes a start tag (leaving it open for ``closeStartTag()``) and opens the element.
  ///
  /// - Parameters:
  ///   - checksInput: Whether names and characters need checking (not for a parsed tree).
  ///   - hasText: Whether the content holds text, when known: pretty output indents only
  ///     elements without. `nil` (streaming) indents until text comes.
  mutating func beginElement<Tag: XMLStartTagSource>(_ tag: Tag, checksInput: Bool, hasText: Bool?) throws(XMLWritingError) {
    if checksInput { try checkName(tag.elementName, isElement: true) }
    prepareForMarkup()
    let nameStart = openNames.count
    tag.appendElementName(to: &openNames)
    let parentPreservesSpace = frames.last?.preservesSpace ?? false
    frames.append(Frame(nameStart: nameStart, scopeMark: scope.count, indentsContent: false, preservesSpace: parentPreservesSpace))

    var plan = StartTagPlan()
    if options.declaresNamespaces, needsNamespaceWork(tag) {
      try resolveNamespaces(of: tag, into: &plan)
    }

    bytes.append(UInt8(ascii: "<"))
    tag.appendElementName(to: &bytes)
    for declaration in plan.declarations {
      appendLiteral(" xmlns")
      if !declaration.prefix.isEmpty {
        bytes.append(UInt8(ascii: ":"))
        appendString(declaration.prefix)
      }
      appendLiteral("=\"")
      var uri = declaration.uri
      if let scalar = uri.withUTF8({ appendEscapedAttributeValue($0, checks: true) }) {
        throw error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in namespace '\(declaration.uri)'")
      }
      bytes.append(UInt8(ascii: "\""))
    }
    var preservesSpace = parentPreservesSpace
    for index in 0..<tag.attributeCount {
      if checksInput { try checkName(tag.attributeName(at: index), isElement: false) }
      bytes.append(UInt8(ascii: " "))
      if let prefix = plan.replacedPrefix(ofAttribute: index) {
        Self.appendName(prefix: prefix, localName: tag.attributeName(at: index).localName, to: &bytes)
      } else {
        tag.appendAttributeName(at: index, to: &bytes)
      }
      appendLiteral("=\"")
      if let scalar = tag.withAttributeValue(at: index, { appendEscapedAttributeValue($0, checks: checksInput) }) {
        throw error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in the value of attribute '\(tag.attributeName(at: index).qualifiedName)'")
      }
      bytes.append(UInt8(ascii: "\""))
      if tag.attributeFlags(at: index).contains(.isXMLSpace) {
        switch tag.attributeValue(at: index) {
        case "preserve": preservesSpace = true
        case "default": preservesSpace = false
        default: break
        }
      }
    }
    if checksInput, tag.attributeCount > 1 { try checkDuplicates(tag, plan: plan) }

    let top = frames.count - 1
    frames[top].preservesSpace = preservesSpace
    frames[top].indentsContent = options.isPretty && !preservesSpace && hasText != true
    isStartTagOpen = true
  }

  /// Whether the start tag has names in a namespace, declarations, or an unprefixed element
  /// where a default namespace may be in force: otherwise there is nothing to resolve.
  @inline(__always)
  private func needsNamespaceWork<Tag: XMLStartTagSource>(_ tag: Tag) -> Bool {
    let flags = tag.elementFlags
    if flags.contains(.hasNamespace) || (!flags.contains(.hasPrefix) && scope.defaultBindingCount > 0) { return true }
    for index in 0..<tag.attributeCount where !tag.attributeFlags(at: index).isDisjoint(with: [.hasNamespace, .isDeclaration]) {
      return true
    }
    return false
  }

  /// Appends `prefix:local` or `local`.
  @inline(__always)
  static func appendName(prefix: String?, localName: String, to output: inout [UInt8]) {
    if var prefix {
      prefix.withUTF8 { output.append(contentsOf: $0) }
      output.append(UInt8(ascii: ":"))
    }
    var localName = localName
    localName.withUTF8 { output.append(contentsOf: $0) }
  }

  // MARK: - Namespaces

  /// Binds the element's explicit declarations, then finds (or declares) the bindings the
  /// element's name and its attributes' names need.
  private mutating func resolveNamespaces<Tag: XMLStartTagSource>(of tag: Tag, into plan: inout StartTagPlan) throws(XMLWritingError) {
    let mark = scope.count
    for index in 0..<tag.attributeCount where tag.attributeFlags(at: index).contains(.isDeclaration) {
      let attribute = tag.attributeName(at: index)
      let prefix = attribute.prefix == nil ? "" : attribute.localName
      let uri = tag.attributeValue(at: index)
      try checkBinding(prefix: prefix, uri: uri)
      if prefix != "xml" { scope.bind(prefix, to: uri) }
    }

    // The element: its prefix must be bound to its namespace; an unprefixed element in no
    // namespace must not sit in a default namespace.
    let name = tag.elementName
    let elementURI = name.namespaceURI ?? ""
    let elementPrefix = name.prefix ?? ""
    if elementPrefix.isEmpty || !elementURI.isEmpty {
      let current = scope.lookup(elementPrefix)
      if (current?.uri ?? "") != elementURI {
        if let current, current.index >= mark {
          let bound = current.uri.isEmpty ? "no namespace" : "'\(current.uri)'"
          let target = elementPrefix.isEmpty ? "the default namespace" : "prefix '\(elementPrefix)'"
          let namespace = elementURI.isEmpty ? "in no namespace" : "in namespace '\(elementURI)'"
          throw error(.namespace, "element '\(name.qualifiedName)' is \(namespace), but its attributes bind \(target) to \(bound)")
        }
        try checkBinding(prefix: elementPrefix, uri: elementURI)
        scope.bind(elementPrefix, to: elementURI)
        plan.declarations.append((elementPrefix, elementURI))
      }
    }

    // Attributes in a namespace need a prefix bound to it; unprefixed ones never take the
    // default namespace.
    for index in 0..<tag.attributeCount {
      let flags = tag.attributeFlags(at: index)
      guard flags.contains(.hasNamespace), !flags.contains(.isDeclaration) else { continue }
      let attribute = tag.attributeName(at: index)
      guard let uri = attribute.namespaceURI else { continue }
      if let prefix = attribute.prefix, let current = scope.lookup(prefix), current.uri == uri { continue }
      if uri == XMLName.xmlnsNamespace {
        throw error(.namespace, "attribute '\(attribute.qualifiedName)' cannot be in namespace '\(uri)'")
      }
      let chosen: String
      if let prefix = attribute.prefix, prefix != "xmlns", uri != XMLName.xmlNamespace, scope.lookup(prefix) == nil {
        chosen = prefix
        scope.bind(prefix, to: uri)
        plan.declarations.append((prefix, uri))
      } else if let existing = scope.prefix(boundTo: uri) {
        chosen = existing
      } else {
        chosen = scope.unusedPrefix()
        scope.bind(chosen, to: uri)
        plan.declarations.append((chosen, uri))
      }
      if chosen != attribute.prefix { plan.attributePrefixes.append((index, chosen)) }
    }
  }

  /// Checks that `prefix` (`""` for the default namespace) may be bound to `uri`.
  private func checkBinding(prefix: String, uri: String) throws(XMLWritingError) {
    if prefix == "xmlns" {
      throw error(.namespace, "the prefix 'xmlns' cannot be declared")
    }
    if prefix == "xml" {
      guard uri == XMLName.xmlNamespace else {
        throw error(.namespace, "the prefix 'xml' can only be bound to '\(XMLName.xmlNamespace)'")
      }
      return
    }
    if uri == XMLName.xmlnsNamespace {
      throw error(.namespace, "the namespace '\(uri)' is reserved for xmlns declarations; no prefix can be bound to it")
    }
    if uri == XMLName.xmlNamespace {
      throw error(.namespace, "no prefix other than 'xml' can be bound to '\(uri)'")
    }
    if !prefix.isEmpty, uri.isEmpty {
      throw error(.namespace, "the prefix '\(prefix)' cannot be bound to an empty namespace in XML 1.0")
    }
  }

  // MARK: - Checks

  /// Checks that a name is `NCName` or `NCName:NCName`, and that an element does not use
  /// the `xmlns` prefix.
  private func checkName(_ name: XMLName, isElement: Bool) throws(XMLWritingError) {
    let kind = isElement ? "element" : "attribute"
    guard Self.isNCName(name.localName), name.prefix.map(Self.isNCName) ?? true else {
      throw error(.invalidName, "invalid \(kind) name '\(name.qualifiedName)'")
    }
    if isElement, name.prefix == "xmlns" {
      throw error(.namespace, "element '\(name.qualifiedName)' uses the reserved prefix 'xmlns'")
    }
  }

  /// Whether `text` is a `Name` without colons.
  static func isNCName(_ text: String) -> Bool {
    var isFirst = true
    for byte in text.utf8 {
      if byte >= 0x80 { return isNonASCIINCName(text) }
      let scalar = UInt32(byte)
      guard isFirst ? XMLCharacters.isNameStart(scalar) : XMLCharacters.isNameChar(scalar), byte != UInt8(ascii: ":") else {
        return false
      }
      isFirst = false
    }
    return !isFirst
  }

  private static func isNonASCIINCName(_ text: String) -> Bool {
    var isFirst = true
    for scalar in text.unicodeScalars {
      guard isFirst ? XMLCharacters.isNameStart(scalar.value) : XMLCharacters.isNameChar(scalar.value), scalar != ":" else {
        return false
      }
      isFirst = false
    }
    return !isFirst
  }

  /// Rejects two attributes written with the same name, or with the same local name in the
  /// same namespace.
  ///
  /// - Complexity: O(*n*²) in the number of attributes, without allocating; elements rarely
  ///   have more than a handful.
  private func checkDuplicates<Tag: XMLStartTagSource>(_ tag: Tag, plan: StartTagPlan) throws(XMLWritingError) {
    for second in 1..<tag.attributeCount {
      let name = tag.attributeName(at: second)
      let prefix = plan.replacedPrefix(ofAttribute: second) ?? name.prefix
      for first in 0..<second {
        let other = tag.attributeName(at: first)
        guard other.localName == name.localName else { continue }
        let otherPrefix = plan.replacedPrefix(ofAttribute: first) ?? other.prefix
        let sameExpanded = name.namespaceURI != nil && other.namespaceURI == name.namespaceURI
        if otherPrefix == prefix || sameExpanded {
          throw error(.duplicateAttribute, "attribute '\(name.qualifiedName)' appears twice")
        }
      }
    }
  }

  /// `U+0007`: a scalar as it is named in messages.
  static func describe(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
