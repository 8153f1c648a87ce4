import FoundryTestSupport

/// The test cases of the W3C XML Conformance Test Suite, read from its catalogs.
///
/// `xmlconf.xml` names one catalog per collection through external entity declarations
/// (`<!ENTITY sun-valid SYSTEM "sun/sun-valid.xml">`) and references them in order. The
/// catalogs are scanned as text (declarations, then `<TEST ...>` start tags and their
/// attributes), so reading them depends on nothing under test.
struct ConformanceCatalog {
  /// One `TEST` element.
  struct Case: Sendable, CustomStringConvertible {
    /// The catalog entity it came from (`jclark-xmltest`, `ibm-not-wf`, ...).
    var catalog: String
    /// The collection: the first folder of its path (`xmltest`, `sun`, `oasis`, `ibm`, `eduni`, ...).
    var collection: String
    var attributes: [String: String]
    /// The document's path inside `xml/xmlconf`.
    var path: String

    var id: String { attributes["ID"] ?? path }
    var type: String { attributes["TYPE"] ?? "" }
    /// Valid and invalid documents are well-formed: a non-validating reader accepts them.
    var mustBeAccepted: Bool { type == "valid" || type == "invalid" }
    var description: String { id }
  }

  /// The folder of the suite inside the conformance directory.
  static let folder = "xml/xmlconf"

  var cases: [Case] = []

  /// Reads every catalog that `xmlconf.xml` references; `nil` when the suite is unavailable.
  init?() {
    guard let root = Self.text("xmlconf.xml") else { return nil }
    var systemIDs: [String: String] = [:]
    for declaration in Self.tags(in: root, named: "!ENTITY") {
      let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      guard words.count >= 3, words[1] == "SYSTEM" else { continue }
      systemIDs[String(words[0])] = String(words[2].dropFirst().dropLast())
    }
    guard let body = root.firstRange(of: "<TESTSUITE") else { return nil }
    for reference in Self.entityReferences(in: String(root[body.lowerBound...])) {
      guard let catalogPath = systemIDs[reference], let catalog = Self.text(catalogPath) else { continue }
      let base = catalogPath.split(separator: "/").dropLast().joined(separator: "/")
      let collection = String(catalogPath.split(separator: "/").first ?? "")
      for tag in Self.tags(in: Self.withoutComments(catalog), named: "TEST") {
        let attributes = Self.attributes(of: tag)
        guard let uri = attributes["URI"] else { continue }
        cases.append(
          Case(catalog: reference, collection: collection, attributes: attributes, path: base.isEmpty ? uri : "\(base)/\(uri)"))
      }
    }
  }

  // MARK: - Selection

  /// The cases that apply to a namespace-aware, non-validating XML 1.0 (fifth edition) reader
  /// that never loads external entities and reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII.
  func applicableCases() -> [Case] {
    cases.filter { testCase in
      let attributes = testCase.attributes
      guard ["valid", "invalid", "not-wf"].contains(testCase.type) else { return false }
      guard (attributes["ENTITIES"] ?? "none") == "none" else { return false }
      if let version = attributes["VERSION"], !version.contains("1.0") { return false }
      if let edition = attributes["EDITION"], !edition.split(separator: " ").contains("5") { return false }
      guard attributes["NAMESPACE"] != "no" else { return false }
      guard let bytes = ConformanceSuite.contents(Self.folder, testCase.path) else { return true }
      return Self.isSupportedEncoding(Self.declaredEncoding(bytes))
    }
  }

  static func isSupportedEncoding(_ name: String?) -> Bool {
    guard let name else { return true }
    return ["UTF-8", "UTF-16", "ISO-8859-1", "US-ASCII"].contains(name.uppercased())
  }

  /// The encoding a document names: `UTF-8` or `UTF-16` for a byte order mark, else the
  /// `EncName` of its XML declaration (read through a UTF-16 declaration's zero bytes), else
  /// `nil` (UTF-8). A value that does not start like an `EncName` names no encoding: such a
  /// document is malformed, not in another encoding.
  static func declaredEncoding(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    var head = Array(bytes.prefix(400))
    if head.starts(with: [0x00, 0x3C]) || head.starts(with: [0x3C, 0x00]) { head.removeAll { $0 == 0 } }
    let text = String(decoding: head, as: UTF8.self)
    guard text.hasPrefix("<?xml"), let close = text.firstIndex(of: ">") else { return nil }
    let declaration = text[..<close]
    guard let keyword = declaration.firstRange(of: "encoding") else { return nil }
    var rest = declaration[keyword.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    rest = rest.dropFirst()
    guard let first = rest.first, first.isASCII, first.isLetter else { return nil }
    return String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") })
  }

  // MARK: - Scanning

  static func text(_ path: String) -> String? {
    ConformanceSuite.contents(folder, path).map { String(decoding: $0, as: UTF8.self) }
  }

  static func withoutComments(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstRange(of: "<!--") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "-->") else { return result }
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// The text inside each `<name ...>` tag (after the name, before `>`).
  static func tags(in text: String, named name: String) -> [Substring] {
    var found: [Substring] = []
    var rest = text[...]
    while let open = rest.firstRange(of: "<\(name)") {
      rest = rest[open.upperBound...]
      guard let next = rest.first, next == " " || next == "\t" || next == "\n" || next == "\r" || next == ">" else { continue }
      guard let close = rest.firstIndex(of: ">") else { break }
      found.append(rest[..<close])
      rest = rest[close...]
    }
    return found
  }

  /// `name="value"` and `name='value'` pairs of a start tag.
  static func attributes(of tag: Substring) -> [String: String] {
    var attributes: [String: String] = [:]
    var rest = tag
    while let equals = rest.firstIndex(of: "=") {
      let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).last
      let afterEquals = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard let quote = afterEquals.first, quote == "\"" || quote == "'" else { break }
      let value = afterEquals.dropFirst()
      guard let end = value.firstIndex(of: quote) else { break }
      if let name { attributes[String(name)] = String(value[..<end]) }
      rest = value[value.index(after: end)...]
    }
    return attributes
  }

  /// The names of `&name;` references, in order.
  static func entityReferences(in text: String) -> [String] {
    var names: [String] = []
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
      rest = rest[rest.index(after: ampersand)...]
      guard let semicolon = rest.firstIndex(of: ";") else { break }
      let name = rest[..<semicolon]
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }) {
        names.append(String(name))
      }
    }
    return names
  }
}
