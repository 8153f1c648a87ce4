import FoundryInternals

/// Parses a document type declaration and its internal subset (XML 1.0, productions 28–83),
/// checking every well-formedness constraint a non-validating processor must, and collects
/// what the scanner needs: general entities and attribute declarations.
///
/// Nothing external is ever loaded: external identifiers are recorded, references to
/// external parameter entities are skipped (and, as XML 1.0 §5.1 requires of a processor that
/// does not read them, later entity and attribute-list declarations are then not processed
/// unless the document is standalone).
///
/// ```swift
/// // bytes: `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`, position just after `<!DOCTYPE`
/// let (doctype, end) = try XMLDoctypeParser.parse(bytes, from: 9, options: .init(), sourceName: nil)
/// doctype.generalEntities["e"]   // internal, replacement text "x"
/// ```
enum XMLDoctypeParser {
  /// Parses from just after `<!DOCTYPE` to just after the closing `>`.
  ///
  /// - Parameters:
  ///   - bytes: The whole document as UTF-8 (line ends not yet normalized).
  ///   - position: The index just after `<!DOCTYPE`.
  /// - Returns: The declaration and the index just after its `>`.
  /// - Throws: ``XMLParsingError`` located at the offending character.
  /// - Complexity: O(*n*) in the size of the declaration plus parameter entity expansion,
  ///   which `options.maximumEntityExpansion` bounds.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from position: Int, options: XMLParsingOptions, sourceName: String?
  ) throws(XMLParsingError) -> (doctype: XMLDoctype, end: Int) {
    let state = XMLDoctypeState(
      document: bytes, options: options, sourceName: sourceName, isStandalone: isStandalone(bytes))
    var reader = XMLSubsetReader(bytes: bytes, index: min(max(position, 0), bytes.count), state: state, entity: nil)
    try reader.readDoctype()
    return (state.doctype, reader.index)
  }

  /// Whether the XML declaration at the start of `bytes` says `standalone="yes"` (the scanner
  /// has checked its syntax; this only looks for the value).
  static func isStandalone(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard bytes.count >= index + 6, bytes[index..<index + 5].elementsEqual("<?xml".utf8),
      XMLCharacters.isSpace(bytes[index + 5])
    else { return false }
    index += 5
    let keyword = Array("standalone".utf8)
    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">")) {
      if bytes[index] == keyword[0], bytes.count - index > keyword.count,
        bytes[index..<index + keyword.count].elementsEqual(keyword)
      {
        index += keyword.count
        while index < bytes.count, XMLCharacters.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "=") { index += 1 }
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
          return false
        }
        return bytes[index + 1..<index + 4].elementsEqual("yes".utf8)
      }
      index += 1
    }
    return false
  }
}

// MARK: - State

/// A parameter entity of the internal subset.
struct XMLParameterEntity {
  /// The replacement text, or `nil` for an external entity (never read).
  var replacementText: [UInt8]?
}

/// What the readers of the document and of parameter entity texts share while they run.
final class XMLDoctypeState {
  let document: UnsafeBufferPointer<UInt8>
  let options: XMLParsingOptions
  let sourceName: String?
  let isStandalone: Bool
  var doctype = XMLDoctype(name: "")
  var parameterEntities: [String: XMLParameterEntity] = [:]
  /// Bytes of parameter entity replacement text read so far, against the expansion budget.
  var expandedBytes = 0
  /// The parameter entities being read, innermost last (for recursion detection).
  var openParameterEntities: [String] = []
  /// The general entities being checked for use in a default value, innermost last.
  var openGeneralEntities: [String] = []
  /// Set after a parameter entity that is not read, in a document that is not standalone:
  /// later entity and attribute-list declarations are checked but not processed (XML §5.1).
  var skipsDeclarations = false
  /// General entities already found fit for attribute values (no `<`, nothing external).
  var entitiesFitForAttributes: Set<String> = []

  init(document: UnsafeBufferPointer<UInt8>, options: XMLParsingOptions, sourceName: String?, isStandalone: Bool) {
    self.document = document
    self.options = options
    self.sourceName = sourceName
    self.isStandalone = isStandalone
  }

  /// Whether WFC "Entity Declared" applies: no external subset or parameter entity references,
  /// or a standalone document.
  var requiresDeclaredEntities: Bool {
    isStandalone || (!doctype.hasExternalSubset && !doctype.hasParameterEntityReferences)
  }
}

// MARK: - Reader

/// A cursor over the internal subset, or over the replacement text of a parameter entity
/// referenced between declarations.
struct XMLSubsetReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  let state: XMLDoctypeState
  /// When reading a parameter entity's text: its name and the document offset of the
  /// outermost reference, where errors inside the text are reported.
  let entity: (name: String, referenceOffset: Int)?

  var end: Int { bytes.count }
  var options: XMLParsingOptions { state.options }

  /// The document offset that stands for `offset` of ``bytes``.
  func documentOffset(_ offset: Int) -> Int { entity?.referenceOffset ?? offset }

  // MARK: Errors

  func error(_ code: XMLParsingError.Code, _ message: String, at offset: Int) -> XMLParsingError {
    if let entity {
      return XMLParsingError(
        code, "\(message) (in the replacement text of parameter entity '%\(entity.name);')",
        location: SourceLocation(offset: entity.referenceOffset, in: state.document), sourceName: state.sourceName)
    }
    return XMLParsingError(code, message, location: SourceLocation(offset: offset, in: bytes), sourceName: state.sourceName)
  }

  /// The error for finding something other than `expected` at the cursor, naming what was
  /// found: the end of the input, a character XML forbids, a parameter entity reference
  /// inside a declaration (WFC "PEs in Internal Subset"), or any other character.
  func unexpected(_ expected: String) -> XMLParsingError {
    guard index < end else {
      if entity != nil { return error(.syntax, "\(expected), found the end of the parameter entity", at: index) }
      return error(.unexpectedEndOfInput, "\(expected), found the end of the input", at: index)
    }
    let byte = bytes[index]
    if byte == UInt8(ascii: "%") {
      return error(
        .syntax, "\(expected); parameter entity references may not occur within markup declarations in the internal subset",
        at: index)
    }
    guard let scalar = XMLCharacters.scalar(in: bytes, at: index, end: end) else {
      return error(.invalidCharacter, "invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), width: 2))", at: index)
    }
    guard XMLCharacters.isChar(scalar.value) else {
      return error(.invalidCharacter, "character U+\(Self.hex(scalar.value, width: 4)) is not allowed in XML", at: index)
    }
    return error(.syntax, "\(expected), found \(Self.describe(scalar.value))", at: index)
  }

  static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  static func describe(_ scalar: UInt32) -> String {
    switch scalar {
    case 0x0A: return "a line feed"
    case 0x0D: return "a carriage return"
    case 0x09: return "a tab"
    case 0x20: return "a space"
    default: return Unicode.Scalar(scalar).map { "'\(Character($0))'" } ?? "U+\(hex(scalar, width: 4))"
    }
  }

  // MARK: Cursor

  var current: UInt8? { index < end ? bytes[index] : nil }

  func isAt(_ byte: UInt8) -> Bool { index < end && bytes[index] == byte }

  func hasPrefix(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard end - index >= count else { return false }
    return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
  }

  /// Consumes `text` when the input continues with it.
  mutating func consume(_ text: StaticString) -> Bool {
    guard hasPrefix(text) else { return false }
    index += text.utf8CodeUnitCount
    return true
  }

  mutating func expect(_ byte: UInt8, _ expected: String) throws(XMLParsingError) {
    guard isAt(byte) else { throw unexpected(expected) }
    index += 1
  }

  /// Skips `S`; returns whether there was any.
  @discardableResult
  mutating func skipSpace() -> Bool {
    let start = index
    while index < end, XMLCharacters.isSpace(bytes[index]) { index += 1 }
    return index > start
  }

  mutating func requireSpace(_ context: String) throws(XMLParsingError) {
    guard skipSpace() else { throw unexpected("expected whitespace \(context)") }
  }

  /// Checks the character at the cursor is a `Char` and returns its length in bytes.
  func charLength() throws(XMLParsingError) -> Int {
    guard let scalar = XMLCharacters.scalar(in: bytes, at: index, end: end), XMLCharacters.isChar(scalar.value) else {
      throw unexpected("expected a character")
    }
    return scalar.length
  }

  // MARK: Names

  /// Reads a `Name`; `what` names it in the error when there is none.
  mutating func readName(_ what: String) throws(XMLParsingError) -> String {
    let start = index
    guard let first = XMLCharacters.scalar(in: bytes, at: index, end: end), XMLCharacters.isNameStart(first.value) else {
      throw unexpected("expected \(what)")
    }
    index += first.length
    while let next = XMLCharacters.scalar(in: bytes, at: index, end: end), XMLCharacters.isNameChar(next.value) {
      index += next.length
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Reads an `Nmtoken` (one or more name characters).
  mutating func readNmtoken() throws(XMLParsingError) {
    let start = index
    while let next = XMLCharacters.scalar(in: bytes, at: index, end: end), XMLCharacters.isNameChar(next.value) {
      index += next.length
    }
    guard index > start else { throw unexpected("expected a name token") }
  }

  /// Rejects a colon in an entity name, notation name or processing instruction target when
  /// namespaces are resolved (Namespaces in XML, §7).
  func checkNoColon(_ name: String, _ what: String, at offset: Int) throws(XMLParsingError) {
    guard options.resolvesNamespaces, name.utf8.contains(UInt8(ascii: ":")) else { return }
    throw error(.namespace, "\(what) '\(name)' must not contain a colon", at: offset)
  }
}
