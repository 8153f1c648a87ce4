import Testing

@testable import FoundryXML

/// The document type declaration parser, on small inline documents, through
/// `XMLDoctypeParser.parse` directly.
@Suite("XMLDoctypeParser")
struct XMLDoctypeTests {
  /// Parses the `<!DOCTYPE` of `document`; returns the declaration and what follows it.
  static func parse(
    _ document: String, options: XMLParsingOptions = .init()
  ) throws(XMLParsingError) -> (doctype: XMLDoctype, rest: String) {
    let bytes = Array(document.utf8)
    let marker = Array("<!DOCTYPE".utf8)
    let start = (0...max(0, bytes.count - marker.count)).first { bytes[$0...].starts(with: marker) } ?? 0
    let result = try bytes.withUnsafeBufferPointer { buffer throws(XMLParsingError) in
      try XMLDoctypeParser.parse(buffer, from: start + marker.count, options: options, sourceName: "t.xml")
    }
    return (result.doctype, String(decoding: bytes[result.end...], as: UTF8.self))
  }

  static func error(_ document: String, options: XMLParsingOptions = .init()) -> XMLParsingError? {
    do {
      _ = try parse(document, options: options)
      return nil
    } catch {
      return error
    }
  }

  static func replacementText(_ entity: XMLEntity?) -> String? {
    guard case .internal(let text, _)? = entity?.value else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  // MARK: - Accepted

  @Test(arguments: [
    "<!DOCTYPE a>",
    "<!DOCTYPE a >",
    "<!DOCTYPE a SYSTEM 'a.dtd'>",
    "<!DOCTYPE a PUBLIC \"-//A//DTD A 1.0//EN\" \"a.dtd\">",
    "<!DOCTYPE a PUBLIC '-//A//B' 'a.dtd' [ ] >",
    "<!DOCTYPE a [<!ELEMENT a EMPTY>]>",
    "<!DOCTYPE a [<!ELEMENT a ANY >]>",
    "<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]>",
    "<!DOCTYPE a [<!ELEMENT a ( #PCDATA )*>]>",
    "<!DOCTYPE a [<!ELEMENT a (#PCDATA|b|c)*>]>",
    "<!DOCTYPE a [<!ELEMENT a (b,(c|d)*,e?)+>]>",
    "<!DOCTYPE a [<!ELEMENT a ( b | c )>]>",
    "<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED c ID #REQUIRED d (x|y) 'x' e NOTATION (n) #IMPLIED>]>",
    "<!DOCTYPE a [<!ATTLIST a b IDREFS #IMPLIED c ENTITIES #IMPLIED d NMTOKENS #FIXED 'x y'>]>",
    "<!DOCTYPE a [<!ATTLIST a>]>",
    "<!DOCTYPE a [<!ENTITY e 'a&#38;b&f;'><!ENTITY f SYSTEM 'f.xml'><!ENTITY g PUBLIC 'p' 'g' NDATA n>]>",
    "<!DOCTYPE a [<!ENTITY % p 'x'><!ENTITY % q SYSTEM 'q.ent'>]>",
    "<!DOCTYPE a [<!NOTATION n SYSTEM 'n'><!NOTATION m PUBLIC 'm'><!NOTATION o PUBLIC 'o' 'o'>]>",
    "<!DOCTYPE a [<?target data?><?t?><!-- comment - here -->]>",
    "<!DOCTYPE a [<!ENTITY % p '&#60;!ELEMENT a EMPTY>'> %p; ]>",
    "<!DOCTYPE a [<!ENTITY % q SYSTEM 'q.ent'> %q; ]>",
    "<!DOCTYPE a [\r\n<!ELEMENT a EMPTY>\r]>",
  ])
  func accepts(_ document: String) throws {
    let (_, rest) = try Self.parse(document + "<a/>")
    #expect(rest == "<a/>")
  }

  // MARK: - Rejected

  struct Rejection: Sendable, CustomStringConvertible {
    var document: String
    var code: XMLParsingError.Code
    var message: String
    var column: Int
    var description: String { document }
  }

  @Test(arguments: [
    Rejection(document: "<!DOCTYPEa>", code: .syntax, message: "expected whitespace after '<!DOCTYPE', found 'a'", column: 10),
    Rejection(document: "<!DOCTYPE a", code: .unexpectedEndOfInput, message: "expected '>' to end the document type declaration, found the end of the input", column: 12),
    Rejection(document: "<!DOCTYPE a SYSTEM>", code: .syntax, message: "expected whitespace after 'SYSTEM', found '>'", column: 19),
    Rejection(document: "<!DOCTYPE a PUBLIC 'a{b' 'c'>", code: .invalidCharacter, message: "'{' is not allowed in a public identifier", column: 22),
    Rejection(document: "<!DOCTYPE a PUBLIC 'p'>", code: .syntax, message: "expected whitespace before the system literal, found '>'", column: 23),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a (b|c,d)>]>", code: .syntax, message: "'|' and ',' cannot be mixed in one content model group", column: 30),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a (#PCDATA|b)>]>", code: .syntax, message: "expected '*' after a mixed content model that names elements, found '>'", column: 37),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a (b|#PCDATA)*>]>", code: .syntax, message: "'#PCDATA' can only start the outermost group of a mixed content model", column: 29),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a(b)>]>", code: .syntax, message: "expected whitespace after the element name, found '('", column: 25),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a empty>]>", code: .syntax, message: "expected 'EMPTY', 'ANY' or '(' to start the content model, found 'e'", column: 26),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a ()>]>", code: .syntax, message: "expected an element name or '(' in the content model, found ')'", column: 27),
    Rejection(document: "<!DOCTYPE a [<!ATTLIST a b CDATA>]>", code: .syntax, message: "expected whitespace after the attribute type, found '>'", column: 33),
    Rejection(document: "<!DOCTYPE a [<!ATTLIST a b CDATA #DEFAULT>]>", code: .syntax, message: "expected '#REQUIRED', '#IMPLIED', '#FIXED' or a quoted default value", column: 34),
    Rejection(document: "<!DOCTYPE a [<!ATTLIST a b CDATA 'x'c CDATA #IMPLIED>]>", code: .syntax, message: "expected whitespace or '>', found 'c'", column: 37),
    Rejection(document: "<!DOCTYPE a [<!ATTLIST a b CDATA '<'>]>", code: .syntax, message: "'<' is not allowed in an attribute value", column: 35),
    Rejection(document: "<!DOCTYPE a [<!ATTLIST a b CDATA '&e;'>]>", code: .undefinedEntity, message: "entity '&e;' is not declared", column: 35),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY e SYSTEM 'e'><!ATTLIST a b CDATA '&e;'>]>", code: .externalEntity, message: "attribute values cannot reference external entity '&e;'",
      column: 57),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY e '&#60;'><!ATTLIST a b CDATA 'x&e;'>]>", code: .syntax,
      message: "'<' in the replacement text of entity '&e;' is not allowed in an attribute value", column: 55),
    Rejection(document: "<!DOCTYPE a [<!ENTITY e '&e;'><!ATTLIST a b CDATA '&e;'>]>", code: .recursiveEntity, message: "entity '&e;' refers to itself", column: 52),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY e 'a%p;'>]>", code: .syntax, message: "parameter entity references may not occur within markup declarations in the internal subset",
      column: 27),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY % p 'EMPTY'><!ELEMENT a %p;>]>", code: .syntax,
      message: "expected 'EMPTY', 'ANY' or '(' to start the content model; parameter entity references may not occur within markup declarations in the internal subset", column: 47),
    Rejection(document: "<!DOCTYPE a [<!ENTITY e '&#0;'>]>", code: .invalidCharacter, message: "character reference to U+0000 names a character XML does not allow", column: 26),
    Rejection(document: "<!DOCTYPE a [<!ENTITY e 'a&b'>]>", code: .syntax, message: "expected ';' to end the entity reference, found '''", column: 29),
    Rejection(document: "<!DOCTYPE a [<!ENTITY e SYSTEM 'e'NDATA n>]>", code: .syntax, message: "expected whitespace before 'NDATA', found 'N'", column: 35),
    Rejection(document: "<!DOCTYPE a [<!ENTITY % e SYSTEM 'e' NDATA n>]>", code: .syntax, message: "a parameter entity cannot be unparsed ('NDATA')", column: 38),
    Rejection(document: "<!DOCTYPE a [<!ENTITY a:b 'x'>]>", code: .namespace, message: "entity name 'a:b' must not contain a colon", column: 23),
    Rejection(document: "<!DOCTYPE a [<?xml version='1.0'?>]>", code: .syntax, message: "the processing instruction target 'xml' is reserved", column: 16),
    Rejection(document: "<!DOCTYPE a [<!-- a -- b -->]>", code: .syntax, message: "'--' is not allowed inside a comment", column: 21),
    Rejection(document: "<!DOCTYPE a [<![INCLUDE[<!ELEMENT a EMPTY>]]>]>", code: .syntax, message: "conditional sections are not allowed in the internal subset", column: 14),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a EMPTY>", code: .unexpectedEndOfInput, message: "expected ']' to end the internal subset, found the end of the input", column: 32),
    Rejection(document: "<!DOCTYPE a [<!ELEMENT a EMPTY>] x>", code: .syntax, message: "expected '>' to end the document type declaration, found 'x'", column: 34),
    Rejection(document: "<!DOCTYPE a [<!ENTITY e '\u{1}'>]>", code: .invalidCharacter, message: "character U+0001 is not allowed in XML", column: 26),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY % p '&#60;!ELEMENT a'> %p;]>", code: .syntax,
      message: "expected whitespace after the element name, found the end of the parameter entity (in the replacement text of parameter entity '%p;')", column: 46),
    Rejection(
      document: "<!DOCTYPE a [<!ENTITY % p '&#37;p;'> %p;]>", code: .recursiveEntity,
      message: "parameter entity '%p;' refers to itself (in the replacement text of parameter entity '%p;')", column: 38),
  ])
  func rejects(_ rejection: Rejection) {
    guard let error = Self.error(rejection.document) else {
      Issue.record("accepted: \(rejection.document)")
      return
    }
    #expect(error.code == rejection.code)
    #expect(error.message == rejection.message)
    #expect(error.line == 1)
    #expect(error.column == rejection.column)
  }

  @Test func errorRendersLikeACompiler() {
    let error = Self.error("<!DOCTYPE a [\n  <!ELEMENT a (b|c,d)>\n]><a/>")
    #expect(
      error?.description == """
        error: '|' and ',' cannot be mixed in one content model group
        --> t.xml:2:19
         2 |   <!ELEMENT a (b|c,d)>
           |                   ^
        """)
  }

  // MARK: - What is recorded

  @Test func recordsTheNameAndExternalSubset() throws {
    let (doctype, _) = try Self.parse("<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.0 Strict//EN' 'x.dtd'><html/>")
    #expect(doctype.name == "html")
    #expect(doctype.hasExternalSubset)
    #expect(!doctype.hasParameterEntityReferences)
    #expect(!doctype.hasUnreadParameterEntityReferences)
  }

  @Test func buildsReplacementText() throws {
    let (doctype, _) = try Self.parse("<!DOCTYPE a [<!ENTITY e 'a&#38;b&#x41;&f;\r\nc\rd&#13;'>]><a/>")
    #expect(Self.replacementText(doctype.generalEntities["e"]) == "a&bA&f;\nc\nd\r")
    guard case .internal(_, let offset)? = doctype.generalEntities["e"]?.value else { return }
    #expect(offset == 24)
  }

  @Test func recordsExternalAndUnparsedEntities() throws {
    let (doctype, _) = try Self.parse("<!DOCTYPE a [<!ENTITY f PUBLIC 'p' 'f.xml'><!ENTITY g SYSTEM 'g.gif' NDATA gif>]><a/>")
    guard case .external(let systemID, let publicID)? = doctype.generalEntities["f"]?.value else {
      Issue.record("f is not external")
      return
    }
    #expect(systemID == "f.xml" && publicID == "p")
    guard case .unparsed(let notation)? = doctype.generalEntities["g"]?.value else {
      Issue.record("g is not unparsed")
      return
    }
    #expect(notation == "gif")
  }

  @Test func firstDeclarationWins() throws {
    let (doctype, _) = try Self.parse("<!DOCTYPE a [<!ENTITY e 'one'><!ENTITY e 'two'><!ENTITY lt '&#38;#60;'>]><a/>")
    #expect(Self.replacementText(doctype.generalEntities["e"]) == "one")
    // Predefined entities are built in; their declarations are not recorded.
    #expect(doctype.generalEntities["lt"] == nil)
  }

  @Test func recordsAttributeDeclarations() throws {
    let (doctype, _) = try Self.parse(
      """
      <!DOCTYPE a [
      <!ATTLIST a b CDATA 'x &amp; y' c (p|q) #FIXED "p" d ID #IMPLIED>
      <!ATTLIST a b CDATA 'second' e NMTOKENS #REQUIRED>
      ]><a/>
      """)
    let declarations = doctype.attributes["a"] ?? []
    #expect(declarations.map(\.name) == ["b", "c", "d", "e"])
    #expect(declarations.map(\.isCDATA) == [true, false, false, false])
    #expect(declarations.map { $0.defaultValue.map { String(decoding: $0, as: UTF8.self) } } == ["x &amp; y", "p", nil, nil])
    #expect(declarations.first?.defaultOffset == 34)
  }

  @Test func readsInternalParameterEntitiesBetweenDeclarations() throws {
    let (doctype, _) = try Self.parse(
      """
      <!DOCTYPE a [
      <!ENTITY % decls '&#60;!ENTITY e "x"> &#60;!ATTLIST a b CDATA "y">'>
      %decls;
      <!ENTITY f "z">
      ]><a/>
      """)
    #expect(doctype.hasParameterEntityReferences)
    #expect(!doctype.hasUnreadParameterEntityReferences)
    #expect(Self.replacementText(doctype.generalEntities["e"]) == "x")
    #expect(doctype.generalEntities["e"]?.isExternallyDeclared == true)
    #expect(doctype.generalEntities["f"]?.isExternallyDeclared == false)
    #expect(doctype.attributes["a"]?.first?.defaultValue == Array("y".utf8))
  }

  @Test func stopsProcessingAfterAnUnreadParameterEntity() throws {
    let document = """
      <!DOCTYPE a [
      <!ENTITY before "1">
      <!ENTITY % ext SYSTEM "ext.ent">
      %ext;
      <!ENTITY after "2">
      <!ATTLIST a b CDATA "3">
      ]><a/>
      """
    let (doctype, _) = try Self.parse(document)
    #expect(doctype.hasParameterEntityReferences)
    #expect(doctype.unreadParameterEntity == "ext")
    #expect(doctype.generalEntities["before"] != nil)
    #expect(doctype.generalEntities["after"] == nil)
    #expect(doctype.attributes["a"] == nil)
    // A standalone document's declarations are all processed (XML 1.0 §5.1).
    let (standalone, _) = try Self.parse("<?xml version='1.0' standalone='yes'?>" + document)
    #expect(standalone.generalEntities["after"] != nil)
    #expect(standalone.attributes["a"]?.count == 1)
    #expect(standalone.unreadParameterEntity == "ext")
    // An undeclared parameter entity is not read either; the first one unread is recorded.
    let (undeclared, _) = try Self.parse("<!DOCTYPE a [<!ENTITY % p ''>%p;%q;<!ENTITY % r SYSTEM 'r.ent'>%r;<!ENTITY after '2'>]><a/>")
    #expect(undeclared.unreadParameterEntity == "q")
    #expect(undeclared.generalEntities["after"] == nil)
  }

  @Test func generalAndParameterEntitiesHaveSeparateNames() throws {
    let (doctype, _) = try Self.parse(
      "<!DOCTYPE a [<!ENTITY a 'x'><!ENTITY % a '&#60;!ATTLIST a b CDATA \"&#38;a;\">'> %a;]><a/>")
    #expect(doctype.attributes["a"]?.first?.defaultValue == Array("&a;".utf8))
  }

  @Test func undeclaredEntityInDefaultIsAllowedAfterParameterEntityReferences() throws {
    _ = try Self.parse("<!DOCTYPE a SYSTEM 'a.dtd' [<!ATTLIST a b CDATA '&e;'>]><a/>")
    _ = try Self.parse("<!DOCTYPE a [<!ENTITY % p ''>%p;<!ATTLIST a b CDATA '&e;'>]><a/>")
  }

  @Test func colonsAreAllowedWithoutNamespaces() throws {
    var options = XMLParsingOptions()
    options.resolvesNamespaces = false
    let (doctype, _) = try Self.parse("<!DOCTYPE a [<!ENTITY a:b 'x'><?a:b?><!NOTATION n:m SYSTEM 'n'>]><a/>", options: options)
    #expect(doctype.generalEntities["a:b"] != nil)
    #expect(Self.error("<!DOCTYPE a [<?a:b?>]><a/>")?.code == .namespace)
    #expect(Self.error("<!DOCTYPE a [<!NOTATION n:m SYSTEM 'n'>]><a/>")?.code == .namespace)
  }

  // MARK: - Limits

  @Test func parameterEntityLaughsStopAtTheBudget() {
    // Each level references the one below ten times: 10^6 declarations if unchecked.
    var document = "<!DOCTYPE a [<!ENTITY % l0 '&#60;!-- lol -->'>"
    for level in 1...6 {
      document += "<!ENTITY % l\(level) '" + String(repeating: "&#37;l\(level - 1);", count: 10) + "'>"
    }
    document += "%l6;]><a/>"
    var options = XMLParsingOptions()
    options.maximumEntityExpansion = 100_000
    let error = Self.error(document, options: options)
    #expect(error?.code == .entityExpansionLimit)
    #expect(error?.message.hasPrefix("parameter entity expansion exceeds the limit of 100000 bytes") == true)
  }

  @Test func parameterEntityNestingStopsAtTheDepthLimit() {
    var document = "<!DOCTYPE a [<!ENTITY % p0 ''>"
    for level in 1...20 {
      document += "<!ENTITY % p\(level) '&#37;p\(level - 1);'>"
    }
    document += "%p20;]><a/>"
    #expect(Self.error(document)?.code == .entityExpansionLimit)
  }

  @Test func generalEntityLaughsInDefaultsAreCheckedOnce() throws {
    // Checking a default value visits each entity once, however often it is referenced.
    var document = "<!DOCTYPE a [<!ENTITY l0 'lol'>"
    for level in 1...30 {
      document += "<!ENTITY l\(level) '" + String(repeating: "&l\(level - 1);", count: 10) + "'>"
    }
    var options = XMLParsingOptions()
    options.maximumEntityDepth = 64
    document += "<!ATTLIST a b CDATA '&l30;'>]><a/>"
    let (doctype, _) = try Self.parse(document, options: options)
    #expect(doctype.attributes["a"]?.count == 1)
  }

  @Test func generalEntityLaughsInContentStopAtTheBudget() {
    var document = "<!DOCTYPE a [<!ENTITY l0 'lol'>"
    for level in 1...9 {
      document += "<!ENTITY l\(level) '" + String(repeating: "&l\(level - 1);", count: 10) + "'>"
    }
    document += "]><a>&l9;</a>"
    #expect(throws: XMLParsingError.self) { try XMLTree(string: document) }
    do {
      _ = try XMLTree(string: document)
    } catch let error as XMLParsingError {
      #expect(error.code == .entityExpansionLimit)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func neverReadsPastTheInput() {
    let document = "<!DOCTYPE a [<!ENTITY e 'x'><!ATTLIST a b (c|d) 'c'><!ELEMENT a (b,c)*>]>"
    let bytes = Array(document.utf8)
    for length in 10..<bytes.count - 1 {
      let prefix = Array(bytes[..<length])
      let result = prefix.withUnsafeBufferPointer { buffer in
        Result { () throws(XMLParsingError) in try XMLDoctypeParser.parse(buffer, from: 9, options: .init(), sourceName: nil) }
      }
      guard case .failure(let error) = result else {
        Issue.record("accepted a truncated declaration of \(length) bytes")
        continue
      }
      #expect(error.offset.map { $0 <= length } == true)
    }
  }
}
