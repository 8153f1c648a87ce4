import FoundryInternals

extension XMLScanner {
  // MARK: - Writing a start tag

  /// Declares the tag's namespaces, resolves and interns its names, and puts the element and its
  /// attributes on the tape.
  mutating func appendStartTag(at start: Int, nameStart: Int, nameLength: Int, colon: Int, heapStart: Int) throws(XMLParsingError) {
    let bindingCount = bindings.count
    let outerPreservesSpace = preservesSpace
    for index in attributes.indices {
      let attribute = attributes[index]
      // `xmlns`, `xmlns:p` and `xml:space` all start with 'x' and have at least 5 bytes.
      if attribute.defaultIndex < 0, attribute.nameLength < 5 || input[attribute.nameStart] != UInt8(ascii: "x") { continue }
      let (isDeclaration, isSpace) = withName(of: attribute) { name in
        (Self.isDeclarationName(name, colon: attribute.colon), Self.equals(name, "xml:space"))
      }
      if isDeclaration {
        attributes[index].isNamespaceDeclaration = true
        if options.resolvesNamespaces { try declareNamespace(attributes[index], elementStart: start) }
      } else if isSpace {
        let value = valueString(of: attribute)
        if value == "preserve" { preservesSpace = true } else if value == "default" { preservesSpace = false }
      }
    }
    if bindings.count != bindingCount { bindingGeneration &+= 1 }

    let elementID = try internName(nameStart, nameLength, colon: colon, kind: .element)
    let tapeIndex = nodes.count
    var element = XMLTapeNode(.element, offset: readsSource ? start : entityOrigin, payload: 0, extra: elementID)
    element.header |= UInt32(truncatingIfNeeded: attributes.count) << 8
    nodes.append(element)
    var prefixedCount = 0
    for index in attributes.indices {
      let attribute = attributes[index]
      let id: UInt32
      let kind: NameKind = attribute.isNamespaceDeclaration ? .declaration : .attribute
      if attribute.defaultIndex < 0 {
        id = try internName(attribute.nameStart, attribute.nameLength, colon: attribute.colon, kind: kind)
      } else {
        id = try currentDefaults[attribute.defaultIndex].name.withUnsafeBufferPointer { (name) throws(XMLParsingError) in
          let uri = try namespaceURI(of: name, colon: attribute.colon, kind: kind, at: start)
          return storage.names.id(of: name, namespaceURI: uri)
        }
      }
      if attribute.colon >= 0, !attribute.isNamespaceDeclaration { prefixedCount += 1 }
      var flags: UInt32 = attribute.valueInHeap ? XMLTapeNode.inHeap : 0
      if attribute.isNamespaceDeclaration { flags |= XMLTapeNode.isNamespaceDeclaration }
      nodes.append(XMLTapeNode(.attribute, flags: flags, offset: attribute.valueStart, payload: attribute.valueLength, extra: id))
    }
    if options.resolvesNamespaces, prefixedCount > 1 { try checkNamespacedDuplicates(elementStart: start, tapeIndex: tapeIndex) }
    open.append(
      OpenElement(
        tapeIndex: tapeIndex, nameStart: nameStart, nameLength: nameLength, entityDepth: entityStack.count, heapCount: heapStart,
        bindingCount: bindingCount, outerPreservesSpace: outerPreservesSpace))
  }

  /// Calls `body` with the qualified name of an attribute, written or defaulted.
  mutating func withName<R>(of attribute: PendingAttribute, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if attribute.defaultIndex < 0 {
      return body(UnsafeBufferPointer(rebasing: input[attribute.nameStart..<attribute.nameStart + attribute.nameLength]))
    }
    return currentDefaults[attribute.defaultIndex].name.withUnsafeBufferPointer(body)
  }

  /// An attribute's value (after normalization) as a string.
  mutating func valueString(of attribute: PendingAttribute) -> String {
    let range = attribute.valueStart..<attribute.valueStart + attribute.valueLength
    if attribute.valueInHeap { return String(decoding: heap[range], as: UTF8.self) }
    return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
  }

  static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    guard bytes.count == literal.utf8CodeUnitCount else { return false }
    let expected = literal.utf8Start
    for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
    return true
  }

  /// `xmlns` or `xmlns:prefix`.
  static func isDeclarationName(_ name: UnsafeBufferPointer<UInt8>, colon: Int) -> Bool {
    if colon < 0 { return equals(name, "xmlns") }
    return colon == 5 && equals(UnsafeBufferPointer(rebasing: name[0..<5]), "xmlns")
  }

  // MARK: - Declarations

  /// Binds the prefix an `xmlns` attribute declares, checking the reserved prefixes and names.
  mutating func declareNamespace(_ attribute: PendingAttribute, elementStart: Int) throws(XMLParsingError) {
    let offset = attribute.defaultIndex < 0 ? attribute.nameStart : elementStart
    let prefix: [UInt8] = withName(of: attribute) { name in
      attribute.colon < 0 ? [] : Array(name[(attribute.colon + 1)...])
    }
    let prefixText = String(decoding: prefix, as: UTF8.self)
    let uri = valueString(of: attribute)
    if prefixText == "xmlns" {
      throw error(.namespace, "the prefix 'xmlns' cannot be declared", at: offset)
    }
    if prefixText == "xml" {
      guard uri == XMLName.xmlNamespace else {
        throw error(.namespace, "the prefix 'xml' cannot be bound to a namespace other than '\(XMLName.xmlNamespace)'", at: offset)
      }
      return
    }
    if uri == XMLName.xmlNamespace {
      throw error(.namespace, "only the prefix 'xml' can be bound to '\(XMLName.xmlNamespace)'", at: offset)
    }
    if uri == XMLName.xmlnsNamespace {
      throw error(.namespace, "no prefix can be bound to '\(XMLName.xmlnsNamespace)'", at: offset)
    }
    if !prefix.isEmpty, uri.isEmpty {
      throw error(.namespace, "the prefix '\(prefixText)' cannot be undeclared (xmlns:\(prefixText)=\"\") in XML 1.0", at: offset)
    }
    bindings.append(NamespaceBinding(prefix: prefix, uri: uri.isEmpty ? nil : uri, hidden: bindingIndex[prefix] ?? -1))
    bindingIndex[prefix] = bindings.count - 1
  }

  // MARK: - Resolving

  enum NameKind: UInt32 {
    case element = 0, attribute, declaration
  }

  /// The namespace of a qualified name: declarations are in the `xmlns` namespace, unprefixed
  /// attributes in none, unprefixed elements in the default namespace.
  mutating func namespaceURI(of name: UnsafeBufferPointer<UInt8>, colon: Int, kind: NameKind, at offset: Int) throws(XMLParsingError) -> String? {
    guard options.resolvesNamespaces else { return nil }
    if kind == .declaration { return XMLName.xmlnsNamespace }
    if colon < 0 {
      guard kind == .element, !bindings.isEmpty else { return nil }
      return bindingIndex[[]].map { bindings[$0].uri } ?? nil
    }
    let prefix = UnsafeBufferPointer(rebasing: name[0..<colon])
    if Self.equals(prefix, "xml") { return XMLName.xmlNamespace }
    if Self.equals(prefix, "xmlns") {
      throw error(.namespace, "element names cannot use the prefix 'xmlns'", at: offset)
    }
    if bindings.count <= 8 {
      for binding in bindings.reversed() where ByteSearch.equal(binding.prefix, prefix) { return binding.uri }
    } else if let index = bindingIndex[Array(prefix)] {
      return bindings[index].uri
    }
    throw error(.namespace, "undeclared namespace prefix '\(String(decoding: prefix, as: UTF8.self))'", at: offset)
  }

  /// The name id of `input[start..<start + length]`, through the cache when reading the document.
  @inline(__always)
  mutating func internName(_ start: Int, _ length: Int, colon: Int, kind: NameKind) throws(XMLParsingError) -> UInt32 {
    let name = UnsafeBufferPointer(rebasing: input[start..<start + length])
    guard readsSource, length > 0, let written = name.baseAddress, let cached = source.baseAddress else {
      return storage.names.id(of: name, namespaceURI: try namespaceURI(of: name, colon: colon, kind: kind, at: start))
    }
    let key = bindingGeneration << 2 | kind.rawValue
    var hash = length &* 0x9E37 ^ Int(name[0]) &* 31 ^ Int(name[length - 1]) &* 131 ^ Int(name[length >> 1]) &* 7
    hash = (hash ^ Int(kind.rawValue) &* 0x45) & (NameCache.size - 1)
    let entry = nameCache.entries[hash]
    if entry.holds(written, length: length, key: key, source: cached) { return entry.id }
    return try internMissedName(name, start: start, colon: colon, kind: kind, slot: hash, key: key)
  }

  /// ``internName`` past a miss in the first way: the second way, then the name table. Names
  /// that share a slot and take turns (an item's `author` and `itunes:summary`) both stay; a
  /// name made takes the first way and moves the one there to the second.
  @inline(never)
  private mutating func internMissedName(
    _ name: UnsafeBufferPointer<UInt8>, start: Int, colon: Int, kind: NameKind, slot hash: Int, key: UInt32
  ) throws(XMLParsingError) -> UInt32 {
    let length = name.count
    let second = nameCache.entries[hash ^ 1]
    if let written = name.baseAddress, let cached = source.baseAddress, second.holds(written, length: length, key: key, source: cached) {
      return second.id
    }
    let entry = nameCache.entries[hash]
    let id = storage.names.id(of: name, namespaceURI: try namespaceURI(of: name, colon: colon, kind: kind, at: start))
    nameCache.entries[hash ^ 1] = entry
    nameCache.entries[hash] = NameCache.Entry(start: start, length: length, generation: key, id: id)
    return id
  }

  /// NSC: Attributes Unique — no two attributes with the same local name and namespace. The
  /// attributes' name ids are on the tape, after the element at `tapeIndex`.
  mutating func checkNamespacedDuplicates(elementStart: Int, tapeIndex: Int) throws(XMLParsingError) {
    var seen = Set<String>()
    for (index, attribute) in attributes.enumerated() where attribute.colon >= 0 && !attribute.isNamespaceDeclaration {
      let position = tapeIndex + 1 + index
      guard nodes.indices.contains(position) else { continue }
      let name = storage.names.name(nodes[position].extra)
      guard seen.insert((name.namespaceURI ?? "") + "\u{0}" + name.localName).inserted else {
        throw error(
          .duplicateAttribute, "attribute '\(name.qualifiedName)' repeats '{\(name.namespaceURI ?? "")}\(name.localName)' under another prefix",
          at: attribute.defaultIndex < 0 ? attribute.nameStart : elementStart)
      }
    }
  }
}
