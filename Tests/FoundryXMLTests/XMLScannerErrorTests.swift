import FoundryXML
import Testing

/// Documents the scanner rejects: the code, the line and column, and the message word for word.
@Suite("XMLScanner: rejected documents")
struct XMLScannerErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var code: XMLParsingError.Code
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { text }
  }

  static func failure(_ text: String, _ options: XMLParsingOptions = .init()) -> XMLParsingError? {
    do {
      _ = try XMLTree(string: text, options: options)
      return nil
    } catch let error as XMLParsingError {
      return error
    } catch {
      return nil
    }
  }

  static func check(_ testCase: Case, _ options: XMLParsingOptions = .init()) {
    guard let error = failure(testCase.text, options) else {
      Issue.record("accepted: \(testCase.text)")
      return
    }
    #expect(error.code == testCase.code, "\(error)")
    #expect(error.line == testCase.line, "\(error)")
    #expect(error.column == testCase.column, "\(error)")
    #expect(error.message == testCase.message)
  }

  static let tags: [Case] = [
    Case(text: "<a><b></a>", code: .mismatchedTag, line: 1, column: 7, message: "end tag '</a>' does not match start tag '<b>'"),
    Case(text: "<a>\n  <bc></b>\n</a>", code: .mismatchedTag, line: 2, column: 7, message: "end tag '</b>' does not match start tag '<bc>'"),
    Case(
      text: "<lastBuildDate></lastBuildDatE>", code: .mismatchedTag, line: 1, column: 16,
      message: "end tag '</lastBuildDatE>' does not match start tag '<lastBuildDate>'"),
    Case(
      text: "<lastBuildDate></lastBuildDates>", code: .mismatchedTag, line: 1, column: 16,
      message: "end tag '</lastBuildDates>' does not match start tag '<lastBuildDate>'"),
    Case(text: "<a id='1' id='2'/>", code: .duplicateAttribute, line: 1, column: 11, message: "attribute 'id' appears twice"),
    Case(text: "<a x='1'y='2'/>", code: .syntax, line: 1, column: 9, message: "attributes must be separated by whitespace"),
    Case(text: "<a x/>", code: .syntax, line: 1, column: 5, message: "expected '=' after attribute name 'x'"),
    Case(text: "<a x=1/>", code: .syntax, line: 1, column: 6, message: "the value of attribute 'x' must be in quotes"),
    Case(text: "<a x='<'/>", code: .syntax, line: 1, column: 7, message: "'<' is not allowed in attribute values (write '&lt;')"),
    Case(text: "<a x='1'", code: .unexpectedEndOfInput, line: 1, column: 9, message: "the input ends inside start tag '<a>'"),
    Case(text: "<a>text", code: .unexpectedEndOfInput, line: 1, column: 8, message: "element '<a>' is not closed"),
    Case(text: "<a></a >x", code: .syntax, line: 1, column: 9, message: "character 'x' is not allowed after the root element"),
    Case(text: "<a/><b/>", code: .syntax, line: 1, column: 5, message: "a document must have exactly one root element"),
    Case(text: "x<a/>", code: .syntax, line: 1, column: 1, message: "character 'x' is not allowed before the root element"),
    Case(text: "  ", code: .unexpectedEndOfInput, line: 1, column: 3, message: "the document has no root element"),
    Case(text: "<a>< b/></a>", code: .syntax, line: 1, column: 5, message: "character U+0020 cannot start an element name (write '&lt;' for a literal '<')"),
    Case(text: "<1a/>", code: .syntax, line: 1, column: 2, message: "character '1' cannot start an element name"),
    Case(text: "<a></a", code: .unexpectedEndOfInput, line: 1, column: 7, message: "the input ends inside end tag '</a>'"),
    Case(text: "<a/ >", code: .syntax, line: 1, column: 4, message: "expected '>' after '/' in start tag '<a>'"),
  ]

  @Test("Tags", arguments: tags)
  func tag(_ testCase: Case) { Self.check(testCase) }

  static let text: [Case] = [
    Case(text: "<a>x]]>y</a>", code: .syntax, line: 1, column: 5, message: "']]>' is not allowed in text (write ']]&gt;')"),
    Case(text: "<a>\u{1}</a>", code: .invalidCharacter, line: 1, column: 4, message: "character U+0001 is not allowed in text"),
    Case(text: "<a>\u{FFFE}</a>", code: .invalidCharacter, line: 1, column: 4, message: "character U+FFFE is not allowed in text"),
    Case(text: "<a x='\u{0}'/>", code: .invalidCharacter, line: 1, column: 7, message: "character U+0000 is not allowed in attribute values"),
    Case(text: "<a>&#0;</a>", code: .invalidCharacter, line: 1, column: 4, message: "character reference '&#0;' is not a legal XML character"),
    Case(text: "<a>&#xD800;</a>", code: .invalidCharacter, line: 1, column: 4, message: "character reference '&#xD800;' is not a legal XML character"),
    Case(text: "<a>&#x110000;</a>", code: .invalidCharacter, line: 1, column: 4, message: "character reference '&#x110000;' is not a legal XML character"),
    Case(text: "<a>&#x;</a>", code: .syntax, line: 1, column: 4, message: "malformed character reference (expected '&#digits;' or '&#xhex;')"),
    Case(text: "<a>&#12a;</a>", code: .syntax, line: 1, column: 4, message: "malformed character reference (expected '&#digits;' or '&#xhex;')"),
    Case(text: "<a>a & b</a>", code: .syntax, line: 1, column: 6, message: "'&' must start an entity or character reference (write '&amp;' for a literal '&')"),
    Case(text: "<a>&amp</a>", code: .syntax, line: 1, column: 4, message: "entity reference '&amp' must end with ';'"),
    Case(text: "<a>&nbsp;</a>", code: .undefinedEntity, line: 1, column: 4, message: "entity 'nbsp' is not declared"),
    Case(text: "<a><![CDATA[x</a>", code: .unexpectedEndOfInput, line: 1, column: 4, message: "the CDATA section is not closed (missing ']]>')"),
    Case(text: "<a><!-- a -- b --></a>", code: .syntax, line: 1, column: 11, message: "'--' is not allowed inside a comment"),
    Case(text: "<a><!-- a ---></a>", code: .syntax, line: 1, column: 11, message: "'--' is not allowed inside a comment"),
    Case(text: "<a><!-- a </a>", code: .unexpectedEndOfInput, line: 1, column: 4, message: "the comment is not closed (missing '-->')"),
    Case(text: "<a><!DOCTYPE a></a>", code: .syntax, line: 1, column: 4, message: "a document type declaration is not allowed inside an element"),
    Case(text: "<a><!ELEMENT a></a>", code: .syntax, line: 1, column: 4, message: "'<!' must start a comment or a CDATA section here"),
    Case(text: "<a><?xml version='1.0'?></a>", code: .syntax, line: 1, column: 4, message: "the XML declaration is allowed only at the very start of the document"),
    Case(text: "<a><?XmL x?></a>", code: .syntax, line: 1, column: 6, message: "the processing instruction target 'XmL' is reserved"),
    Case(text: "<a><?pi\u{1}?></a>", code: .syntax, line: 1, column: 8, message: "character U+0001 is not allowed in the processing instruction target"),
    Case(text: "<a><? pi?></a>", code: .syntax, line: 1, column: 6, message: "a processing instruction must start with a target name"),
    Case(text: "<a><?pi x</a>", code: .unexpectedEndOfInput, line: 1, column: 4, message: "the processing instruction is not closed (missing '?>')"),
  ]

  @Test("Text, references, comments, CDATA and instructions", arguments: text)
  func content(_ testCase: Case) { Self.check(testCase) }

  static let prolog: [Case] = [
    Case(text: " <?xml version='1.0'?><a/>", code: .syntax, line: 1, column: 2, message: "the XML declaration is allowed only at the very start of the document"),
    Case(text: "<?xml encoding='UTF-8'?><a/>", code: .syntax, line: 1, column: 7, message: "the XML declaration must start with 'version'"),
    Case(text: "<?xml version='2.0'?><a/>", code: .syntax, line: 1, column: 16, message: "unsupported XML version '2.0' (expected '1.0')"),
    Case(text: "<?xml version='1.0' standalone='maybe'?><a/>", code: .syntax, line: 1, column: 33, message: "standalone must be 'yes' or 'no', not 'maybe'"),
    Case(text: "<?xml version='1.0' standalone='yes' encoding='UTF-8'?><a/>", code: .syntax, line: 1, column: 38, message: "expected '?>' to end the XML declaration"),
    Case(text: "<?xml version='1.0'encoding='UTF-8'?><a/>", code: .syntax, line: 1, column: 20, message: "expected '?>' to end the XML declaration"),
    Case(text: "<?xml version='1.0' encoding='8bit'?><a/>", code: .syntax, line: 1, column: 31, message: "'8bit' is not a valid encoding name"),
    Case(text: "<?xml version = '1.0' ?><a/><!DOCTYPE a>", code: .syntax, line: 1, column: 29, message: "the document type declaration must come before the root element"),
  ]

  @Test("XML declaration and prolog", arguments: prolog)
  func prologCase(_ testCase: Case) { Self.check(testCase) }

  static let entities: [Case] = [
    Case(
      text: "<!DOCTYPE a [<!ENTITY e '&e;'>]>\n<a>&e;</a>", code: .recursiveEntity, line: 2, column: 4,
      message: "entity 'e' refers to itself (in the replacement text of entity 'e')"),
    Case(
      text: "<!DOCTYPE a [<!ENTITY e SYSTEM 'e.xml'>]>\n<a>&e;</a>", code: .externalEntity, line: 2, column: 4,
      message: "entity 'e' is external; external entities are never loaded"),
    Case(
      text: "<!DOCTYPE a [<!ENTITY e SYSTEM 'e.xml'>]>\n<a x='&e;'/>", code: .externalEntity, line: 2, column: 7,
      message: "attribute values cannot refer to external entity 'e'"),
    Case(
      text: "<!DOCTYPE a [<!NOTATION n SYSTEM 'n'><!ENTITY e SYSTEM 'e.gif' NDATA n>]>\n<a>&e;</a>", code: .undefinedEntity, line: 2,
      column: 4, message: "unparsed entity 'e' cannot be referenced in content"),
    Case(
      text: "<!DOCTYPE a [<!ENTITY e '<b>'>]>\n<a>&e;</b></a>", code: .syntax, line: 2, column: 4,
      message: "element '<b>' starts in the entity but does not end in it (in the replacement text of entity 'e')"),
    Case(
      text: "<!DOCTYPE a [<!ENTITY e '</a>'>]>\n<a>&e;", code: .mismatchedTag, line: 2, column: 4,
      message: "end tag '</a>' cannot close '<a>', which starts outside the entity (in the replacement text of entity 'e')"),
    Case(
      text: "<!DOCTYPE a [<!ENTITY e 'a&#60;b'>]>\n<a x='&e;'/>", code: .syntax, line: 2, column: 7,
      message: "'<' is not allowed in attribute values (write '&lt;') (in the replacement text of entity 'e')"),
    Case(
      text: "<?xml version='1.0' standalone='yes'?><!DOCTYPE a SYSTEM 'a.dtd'>\n<a>&x;</a>", code: .undefinedEntity, line: 2,
      column: 4, message: "entity 'x' is not declared"),
  ]

  @Test("Entity references", arguments: entities)
  func entity(_ testCase: Case) { Self.check(testCase) }

  @Test("Billion laughs stops at the expansion limit")
  func billionLaughs() {
    var declarations = "<!ENTITY lol0 'lol'>"
    for level in 1...9 {
      declarations += "<!ENTITY lol\(level) '" + String(repeating: "&lol\(level - 1);", count: 10) + "'>"
    }
    let error = Self.failure("<!DOCTYPE a [\(declarations)]><a>&lol9;</a>")
    #expect(error?.code == .entityExpansionLimit)
    #expect(error?.message.hasPrefix("entity 'lol") == true)
    #expect(error?.message.contains("expands beyond the limit of 1048576 bytes") == true)
  }

  @Test("Entity nesting deeper than the limit is an error")
  func entityDepth() {
    var options = XMLParsingOptions()
    options.maximumEntityDepth = 2
    let error = Self.failure("<!DOCTYPE a [<!ENTITY a 'x'><!ENTITY b '&a;'><!ENTITY c '&b;'>]><a>&c;</a>", options)
    #expect(error?.code == .entityExpansionLimit)
    #expect(error?.message == "entity references nest deeper than the limit of 2 (maximumEntityDepth) (in the replacement text of entity 'b')")
  }

  @Test("Nesting deeper than maximumDepth is an error at the offending tag")
  func depth() {
    var options = XMLParsingOptions()
    options.maximumDepth = 2
    Self.check(
      Case(text: "<a><b><c/></b></a>", code: .depthLimitExceeded, line: 1, column: 7, message: "elements nest deeper than the limit of 2"),
      options)
  }

  @Test("Deep nesting never overflows the stack")
  func deepNesting() {
    let text = String(repeating: "<a>", count: 100_000)
    #expect(Self.failure(text)?.code == .depthLimitExceeded)
  }

  @Test("The description prints like a compiler diagnostic")
  func description() {
    let error = Self.failure("<a><b></a>")
    #expect(
      error?.description == """
        error: end tag '</a>' does not match start tag '<b>'
        --> <input>:1:7
         1 | <a><b></a>
           |       ^
        """)
  }
}
