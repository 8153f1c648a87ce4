import FoundryInternals

/// Reads a UTF-8 document into an ``XMLStorage`` tape in one pass: XML 1.0 (fifth edition)
/// well-formedness and, when the options ask, Namespaces in XML 1.0.
///
/// The scanner reads through an unsafe buffer over `storage.source`; plain text and attribute
/// values point into the source, and only text that differs from it (references, line ends,
/// entity replacement text) is copied to the heap. It builds the tape in arrays of its own and
/// hands them to the storage when it ends (and around each streaming callback).
///
/// Entity replacement text is parsed by swapping the input buffer for the entity's text; errors
/// found there point at the outermost reference in the document.
struct XMLScanner {
  let storage: XMLStorage
  let options: XMLParsingOptions
  let sourceName: String?
  /// The depth whose elements go to ``onElement`` as they close (root = 0), or -1.
  var streamDepth = -1
  /// Called with the tape index of each element at ``streamDepth`` once it closes; returning
  /// `false` stops the parse (without an error). The element's nodes are dropped afterwards.
  var onElement: ((Int) -> Bool)?

  // MARK: Input

  /// What is being read now: the document, or the replacement text of an entity.
  var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  var position = 0
  var end = 0
  /// Whether ``input`` is the document (and not entity text or a DTD default value).
  var readsSource = true
  /// Whether ``input`` is an entity's replacement text, whose line ends were normalized when the
  /// DTD was read: a carriage return there came from a character reference and stays.
  var readsReplacementText = false
  /// The document itself.
  var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// The byte classes of ``ByteClass`` by byte value.
  var classes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

  // MARK: Output (moved into `storage` when the parse ends)

  var nodes: [XMLTapeNode] = []
  var heap: [UInt8] = []

  // MARK: Document state

  var doctype: XMLDoctype?
  var isStandalone = false
  var open: [OpenElement] = []
  var preservesSpace = false
  var isStopped = false
  var attributes = PendingAttributes()
  var text = PendingText()

  // MARK: Entities

  /// The entities being expanded, outermost first.
  var entityStack: [String] = []
  /// The document offset of the outermost reference being expanded, or of the DTD literal
  /// being read (errors in text other than the document point there).
  var entityOrigin = 0
  /// Bytes of replacement text expanded so far, over the whole document.
  var expandedBytes = 0
  /// The bytes DOCTYPE attribute defaults have added so far (see
  /// ``XMLParsingOptions/maximumDefaultedAttributeBytes``).
  var defaultedBytes = 0
  /// The DTD's attribute rules by element name, with defaults normalized once.
  var attributeRules: [String: AttributeRules] = [:]
  /// The defaults of the start tag being read.
  var currentDefaults: [DefaultAttribute] = []

  // MARK: Namespaces

  var bindings: [NamespaceBinding] = []
  /// The index in ``bindings`` of the binding in force for each prefix: lookups stay O(1) even
  /// when a tag declares thousands of prefixes.
  var bindingIndex: [[UInt8]: Int] = [:]
  /// Bumped on every change of the bindings, so cached name ids know when they are stale.
  var bindingGeneration: UInt32 = 0
  var nameCache = NameCache()

  init(storage: XMLStorage, options: XMLParsingOptions, sourceName: String?) {
    self.storage = storage
    self.options = options
    self.sourceName = sourceName
    // Sizes most documents stay within: a stream parses a small document per batch, and
    // growing these from nothing cost several allocations each time.
    open.reserveCapacity(16)
    attributes.reserveCapacity(8)
    bindings.reserveCapacity(8)
  }

  /// Parses the whole document (or until ``onElement`` returns `false`).
  ///
  /// - Throws: ``XMLParsingError`` at the first well-formedness or namespace error.
  /// - Complexity: O(*n*) in the document size plus the (bounded) entity expansion.
  mutating func parse() throws(XMLParsingError) {
    swap(&nodes, &storage.nodes)
    swap(&heap, &storage.heap)
    defer {
      swap(&nodes, &storage.nodes)
      swap(&heap, &storage.heap)
    }
    let document = storage.source
    try document.withUnsafeBufferPointer { (buffer) throws(XMLParsingError) in
      try ByteClass.table.withUnsafeBufferPointer { (table) throws(XMLParsingError) in
        source = buffer
        input = buffer
        end = buffer.count
        classes = table
        defer {
          source = UnsafeBufferPointer(start: nil, count: 0)
          input = source
          classes = source
        }
        try parseDocument()
      }
    }
  }

  // MARK: - Document

  /// document ::= prolog element Misc*
  mutating func parseDocument() throws(XMLParsingError) {
    if end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
    if hasPrefix("<?xml"), position + 5 < end, XMLCharacters.isSpace(input[position + 5]) {
      try parseXMLDeclaration()
    }
    try parseProlog()
    try parseRootElement()
    guard !isStopped else { return }
    try parseEpilogue()
  }

  /// The comments, processing instructions and document type declaration before the root.
  mutating func parseProlog() throws(XMLParsingError) {
    while true {
      skipSpaces()
      guard position < end else {
        throw error(.unexpectedEndOfInput, "the document has no root element", at: position)
      }
      guard input[position] == UInt8(ascii: "<") else {
        throw error(.syntax, "\(describe(at: position)) is not allowed before the root element", at: position)
      }
      if try parseMisc() { continue }
      if hasPrefix("<!DOCTYPE") {
        try parseDoctype()
        continue
      }
      return
    }
  }

  /// Reads a comment or processing instruction at the top level; `false` for other markup.
  mutating func parseMisc() throws(XMLParsingError) -> Bool {
    let start = position
    if hasPrefix("<?") {
      if let index = try parseProcessingInstruction(at: start) { storage.topLevel.append(index) }
      return true
    }
    if hasPrefix("<!--") {
      if let index = try parseComment(at: start) { storage.topLevel.append(index) }
      return true
    }
    return false
  }

  /// The document type declaration, read by ``XMLDoctypeParser``.
  mutating func parseDoctype() throws(XMLParsingError) {
    let start = position
    guard doctype == nil else {
      throw error(.syntax, "a document may have only one document type declaration", at: start)
    }
    let result = try XMLDoctypeParser.parse(input, from: start + 9, options: options, sourceName: sourceName)
    guard result.end > start, result.end <= end else {
      throw error(.syntax, "malformed document type declaration", at: start)
    }
    doctype = result.doctype
    storage.doctypeName = result.doctype.name
    position = result.end
  }

  /// The root element and its content.
  mutating func parseRootElement() throws(XMLParsingError) {
    let start = position
    guard position + 1 < end, isNameStartAt(position + 1) else {
      throw error(.syntax, "\(describe(at: position + 1)) cannot start an element name", at: position + 1)
    }
    storage.rootIndex = nodes.count
    storage.topLevel.append(nodes.count)
    let isEmpty = try parseStartTag(at: start)
    if !isEmpty {
      try parseContent()
    }
  }

  /// Misc* after the root element.
  mutating func parseEpilogue() throws(XMLParsingError) {
    while true {
      skipSpaces()
      guard position < end else { return }
      guard input[position] == UInt8(ascii: "<") else {
        throw error(.syntax, "\(describe(at: position)) is not allowed after the root element", at: position)
      }
      if try parseMisc() { continue }
      if position + 1 < end, isNameStartAt(position + 1) {
        throw error(.syntax, "a document must have exactly one root element", at: position)
      }
      if hasPrefix("<!DOCTYPE") {
        throw error(.syntax, "the document type declaration must come before the root element", at: position)
      }
      throw error(.syntax, "\(describe(at: position)) is not allowed after the root element", at: position)
    }
  }

  // MARK: - Small readers

  /// Whether the input at the current position starts with `literal` (ASCII).
  @inline(__always)
  mutating func hasPrefix(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= end else { return false }
    let bytes = literal.utf8Start
    for index in 0..<count where input[position + index] != bytes[index] { return false }
    return true
  }

  /// Skips `S*`; whether anything was skipped.
  @inline(__always)
  @discardableResult
  mutating func skipSpaces() -> Bool {
    let start = position
    while position < end, classes[Int(input[position])] & ByteClass.space != 0 { position += 1 }
    return position > start
  }

  /// Whether a `NameStartChar` begins at `index`.
  @inline(__always)
  mutating func isNameStartAt(_ index: Int) -> Bool {
    guard index < end else { return false }
    let byte = input[index]
    if byte < 0x80 { return classes[Int(byte)] & ByteClass.nameStart != 0 }
    guard let (scalar, _) = XMLCharacters.scalar(in: input, at: index, end: end) else { return false }
    return XMLCharacters.isNameStart(scalar)
  }
}
