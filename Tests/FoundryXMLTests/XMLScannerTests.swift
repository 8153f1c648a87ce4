@testable import FoundryXML
import Testing

/// Documents the scanner accepts, checked through the public tree API.
@Suite("XMLScanner: accepted documents")
struct XMLScannerTests {
  static func parse(_ text: String, _ options: XMLParsingOptions = .init()) throws -> XMLTree {
    try XMLTree(string: text, options: options)
  }

  static var keepingAll: XMLParsingOptions { .faithful }

  /// The content of an element as (kind, text) pairs, for compact expectations.
  static func content(_ element: XMLTree.Element) -> [String] {
    element.children.map { node in
      switch node {
      case .element(let child): "<\(child.qualifiedName)>"
      case .text(let text): "text:\(text)"
      case .cdata(let text): "cdata:\(text)"
      case .comment(let text): "comment:\(text)"
      case .processingInstruction(let target, let data): "pi:\(target):\(data)"
      }
    }
  }

  // MARK: - Structure

  @Test("Elements, attributes and text make a tree")
  func structure() throws {
    let tree = try Self.parse(#"<a x="1" y='two'><b>hi</b><c/>tail</a>"#)
    #expect(tree.root.qualifiedName == "a")
    #expect(tree.root.attributes.map(\.name.qualifiedName) == ["x", "y"])
    #expect(tree.root["x"] == "1")
    #expect(tree.root["y"] == "two")
    #expect(Self.content(tree.root) == ["<b>", "<c>", "text:tail"])
    #expect(tree.root.firstElement(named: "b")?.text == "hi")
    #expect(tree.root.firstElement(named: "c")?.isEmpty == true)
  }

  @Test("Spaces are allowed around '=' and before '>' and '/>'")
  func tagSpacing() throws {
    let tree = try Self.parse("<a\n  x = \"1\"\t y\r\n=\n'2' ><b /></a >")
    #expect(tree.root["x"] == "1")
    #expect(tree.root["y"] == "2")
    #expect(tree.root.elements.count == 1)
  }

  @Test("Names may use non-ASCII letters, digits, '.', '-' and '_'")
  func names() throws {
    let tree = try Self.parse("<été_1.x-y données=\"ok\"><_a/></été_1.x-y>")
    #expect(tree.root.qualifiedName == "été_1.x-y")
    #expect(tree.root["données"] == "ok")
    #expect(tree.root.elements.first?.qualifiedName == "_a")
  }

  /// Names are read eight ASCII letters at a time: every byte value, at every place of a word,
  /// is a letter exactly when it is `A`–`Z` or `a`–`z`.
  @Test("The word-at-a-time letter test agrees with a byte at a time")
  func asciiLetterWords() {
    let letters = Array("AbcdefgZ".utf8)
    for byte in UInt8.min...UInt8.max {
      let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      for place in 0..<8 {
        var bytes = letters
        bytes[place] = byte
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let mask = XMLScanner.asciiLetters(in: word)
        #expect(mask & (0x80 << (place * 8)) != 0 || !isLetter, "byte \(byte) at \(place)")
        #expect(mask & (0x80 << (place * 8)) == 0 || isLetter, "byte \(byte) at \(place)")
        #expect(mask | (0x80 << (place * 8)) == 0x8080_8080_8080_8080, "the other bytes, beside \(byte) at \(place)")
      }
    }
  }

  @Test("Names ending in letters, digits, colons or other scripts end where they do")
  func namesAcrossWords() throws {
    let tree = try Self.parse(
      "<abcdefghijklmnop xmlns:abcdefghij='urn:x'><abcdefghij:klmnopqrstu abcdefgh1='1' abcdefghé='2'/></abcdefghijklmnop>")
    #expect(tree.root.qualifiedName == "abcdefghijklmnop")
    let child = tree.root.elements.first
    #expect(child?.qualifiedName == "abcdefghij:klmnopqrstu")
    #expect(child?.name.namespaceURI == "urn:x")
    #expect(child?["abcdefgh1"] == "1")
    #expect(child?["abcdefghé"] == "2")
  }

  @Test("The XML declaration is read into the tree")
  func declaration() throws {
    let tree = try Self.parse(#"<?xml version="1.0" encoding="UTF-8" standalone='yes' ?><a/>"#)
    #expect(tree.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: true))
    #expect(try Self.parse("<a/>").declaration == nil)
    #expect(try Self.parse("<?xml version='1.0'?><a/>").declaration == XMLDeclaration(version: "1.0"))
  }

  @Test("A UTF-8 byte order mark before the declaration is skipped")
  func byteOrderMark() throws {
    let tree = try XMLTree(bytes: [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0'?><a>x</a>".utf8))
    #expect(tree.root.text == "x")
  }

  @Test("Comments and processing instructions appear only when kept, in and around the root")
  func commentsAndInstructions() throws {
    let text = "<!--before--><?pi data?><a>x<!-- in -->y<?go now ?></a><!--after-->"
    let plain = try Self.parse(text)
    #expect(plain.topLevelNodes.count == 1)
    #expect(Self.content(plain.root) == ["text:xy"])

    let kept = try Self.parse(text, Self.keepingAll)
    #expect(kept.topLevelNodes.count == 4)
    #expect(Self.content(kept.root) == ["text:x", "comment: in ", "text:y", "pi:go:now "])
    guard case .processingInstruction(let target, let data) = kept.topLevelNodes[1] else {
      Issue.record("expected a processing instruction")
      return
    }
    #expect(target == "pi")
    #expect(data == "data")
  }

  @Test("A processing instruction without data, and targets that only start with 'xml'")
  func instructionTargets() throws {
    let tree = try Self.parse("<a><?empty?><?xml-stylesheet href='s.css'?></a>", Self.keepingAll)
    #expect(Self.content(tree.root) == ["pi:empty:", "pi:xml-stylesheet:href='s.css'"])
  }

  @Test("The DOCTYPE name is recorded")
  func doctypeName() throws {
    let tree = try Self.parse("<!DOCTYPE doc [<!ELEMENT doc ANY>]><doc/>")
    #expect(tree.doctypeName == "doc")
    #expect(try Self.parse("<doc/>").doctypeName == nil)
  }

  // MARK: - Text

  @Test("CDATA sections are separate nodes and keep markup characters")
  func cdata() throws {
    let tree = try Self.parse("<a>x<![CDATA[<b>&amp;]]]]>y</a>")
    #expect(Self.content(tree.root) == ["text:x", "cdata:<b>&amp;]]", "text:y"])
    #expect(tree.root.text == "x<b>&amp;]]y")
  }

  @Test("Line ends become '\\n' in text, CDATA, comments and attribute values")
  func lineEnds() throws {
    let tree = try Self.parse("<a b='1\r\n2\r3'>x\r\ny\rz<![CDATA[p\r\nq]]><!--c\r\nd--></a>", Self.keepingAll)
    #expect(Self.content(tree.root) == ["text:x\ny\nz", "cdata:p\nq", "comment:c\nd"])
    #expect(tree.root["b"] == "1 2 3")
  }

  @Test("Character and predefined entity references are replaced, and join adjacent text")
  func references() throws {
    let tree = try Self.parse("<a t='&lt;&#x41;&#66;&quot;&apos;'>1 &lt; 2 &amp;&amp; 3 &gt; 2 &#x1F600;&#233;</a>")
    #expect(Self.content(tree.root) == ["text:1 < 2 && 3 > 2 😀é"])
    #expect(tree.root["t"] == "<AB\"'")
  }

  @Test("Attribute values turn tabs and line ends into spaces, but not those from references")
  func attributeNormalization() throws {
    let tree = try Self.parse("<a v='a\tb\nc' w='&#9;x&#10;&#13;'/>")
    #expect(tree.root["v"] == "a b c")
    #expect(tree.root["w"] == "\tx\n\r")
  }

  @Test("Whitespace: .keep keeps blank text, .dropBlank drops it, .trim also trims")
  func whitespace() throws {
    let text = "<a>\n  <b>  x  </b>\n  <c> </c></a>"
    var options = XMLParsingOptions()
    options.whitespace = .keep
    let kept = try Self.parse(text, options)
    #expect(Self.content(kept.root) == ["text:\n  ", "<b>", "text:\n  ", "<c>"])
    #expect(kept.root.firstElement(named: "c")?.text == " ")

    options.whitespace = .dropBlank
    let dropped = try Self.parse(text, options)
    #expect(Self.content(dropped.root) == ["<b>", "<c>"])
    #expect(dropped.root.firstElement(named: "b")?.text == "  x  ")

    options.whitespace = .trim
    let trimmed = try Self.parse(text, options)
    #expect(trimmed.root.firstElement(named: "b")?.text == "x")
    #expect(trimmed.root.firstElement(named: "c")?.text == "")
  }

  @Test("xml:space='preserve' keeps whitespace below it; xml:space='default' reverts")
  func xmlSpace() throws {
    var options = XMLParsingOptions()
    options.whitespace = .trim
    let tree = try Self.parse("<a xml:space='preserve'> <b> x </b><c xml:space='default'> y <d> </d></c></a>", options)
    #expect(Self.content(tree.root) == ["text: ", "<b>", "<c>"])
    #expect(tree.root.firstElement(named: "b")?.text == " x ")
    let c = try #require(tree.root.firstElement(named: "c"))
    #expect(Self.content(c) == ["text:y ", "<d>"])
    #expect(c.firstElement(named: "d")?.text == "")
  }

  // MARK: - Entities

  @Test("Internal entities expand in content, elements included")
  func internalEntities() throws {
    let tree = try Self.parse(
      """
      <!DOCTYPE a [
        <!ENTITY who "world">
        <!ENTITY greeting "hello &who;">
        <!ENTITY item "<i n='1'>&greeting;</i>">
      ]>
      <a>say &greeting;! &item;&item;</a>
      """)
    #expect(Self.content(tree.root) == ["text:say hello world! ", "<i>", "<i>"])
    #expect(tree.root.elements.first?.text == "hello world")
    #expect(tree.root.elements.first?["n"] == "1")
  }

  @Test("Entities expand in attribute values, their white space becoming spaces")
  func entitiesInAttributes() throws {
    let tree = try Self.parse(
      """
      <!DOCTYPE a [<!ENTITY e "x&#10;y"><!ENTITY amp2 "&#38;#38;">]>
      <a v="[&e;]" w="&amp2;"/>
      """)
    #expect(tree.root["v"] == "[x y]")
    #expect(tree.root["w"] == "&")
  }

  @Test("Default attributes from the DTD are added when absent; tokenized values collapse spaces")
  func attributeDefaults() throws {
    let tree = try Self.parse(
      """
      <!DOCTYPE a [
        <!ATTLIST e kind CDATA "plain" ids IDREFS #IMPLIED tok NMTOKEN " deflt ">
      ]>
      <a><e ids="  x   y  "/><e kind="mine"/></a>
      """)
    let elements = tree.root.elements
    #expect(elements[0]["kind"] == "plain")
    #expect(elements[0]["ids"] == "x y")
    #expect(elements[0]["tok"] == "deflt")
    #expect(elements[1]["kind"] == "mine")
    #expect(elements[1].attributes.map(\.name.qualifiedName) == ["kind", "tok"])
  }

  @Test("An undeclared entity is skipped, when asked, where the DTD has an external subset and no standalone='yes'")
  func skippedEntity() throws {
    var options = XMLParsingOptions()
    options.skipsUndeclaredEntities = true
    let tree = try Self.parse(#"<!DOCTYPE a SYSTEM "a.dtd"><a>x&unknown;y</a>"#, options)
    #expect(tree.root.text == "xy")
    let attribute = try Self.parse(#"<!DOCTYPE a SYSTEM "a.dtd"><a b="x&unknown;y"/>"#, options)
    #expect(attribute.root["b"] == "xy")
  }

  @Test("By default, an undeclared entity the external DTD may declare is an error, not lost text")
  func undeclaredEntityBehindAnExternalDTD() throws {
    let message = "entity 'unknown' is not declared in the document (an external DTD, which may declare it, is never read)"
    for document in [#"<!DOCTYPE a SYSTEM "a.dtd"><a>x&unknown;y</a>"#, #"<!DOCTYPE a SYSTEM "a.dtd"><a b="x&unknown;y"/>"#] {
      let error = #expect(throws: XMLParsingError.self) { try Self.parse(document) }
      #expect(error?.code == .undefinedEntity)
      #expect(error?.message == message)
      #expect(error?.column == (document.contains("b=") ? 35 : 32))
    }
  }

  /// W3C `rmt-e3e-13` (errata-3e E13), inline.
  static let e13 = """
    <!DOCTYPE foo [
    <!ENTITY % pe "<!ENTITY ent1 'text'>">
    %pe;
    <!ELEMENT foo ANY>
    ]>
    <foo>&ent2;</foo>
    """

  /// W3C `rmt-e3e-13`: XML 1.0 §4.1 WFC "Entity Declared" no longer applies once the internal
  /// subset references a parameter entity, even an internal one, in a document that is not
  /// standalone; the undeclared entity is then only a validity error. With no external subset
  /// and only internal parameter entities every declaration was read, so nothing is lost by
  /// leaving it out: it is, by default, in the tree and in a stream alike.
  @Test("After internal parameter entity references only, an undeclared entity is left out by default")
  func undeclaredEntityAfterInternalParameterEntityReferences() throws {
    var skipping = XMLParsingOptions()
    skipping.skipsUndeclaredEntities = true
    for options in [XMLParsingOptions(), skipping] {
      let tree = try Self.parse(Self.e13, options)
      #expect(tree.root.qualifiedName == "foo")
      #expect(tree.root.text == "")
      #expect(tree.root.isEmpty)
      let bytes = Array(Self.e13.utf8)
      for cuts in [[], Array(bytes.indices)] {
        let streamed = streamXML(bytes, at: "", options: options, cuts: cuts)
        #expect(streamed == wholeXMLDocument(bytes, at: "", options: options))
        #expect(streamed.errors.isEmpty)
        #expect(streamed.values.map(\.name.qualifiedName) == ["foo"])
      }
    }
    // In attribute values and attribute defaults too.
    let attributes = try Self.parse(
      "<!DOCTYPE a [<!ENTITY % p ''>%p;<!ATTLIST a d CDATA 'x&e;y'>]><a b='x&e;y'/>")
    #expect(attributes.root["b"] == "xy")
    #expect(attributes.root["d"] == "xy")
  }

  @Test("With standalone='yes', an undeclared entity is an error even after parameter entity references and when skipping is asked")
  func undeclaredEntityInAStandaloneDocument() {
    var skipping = XMLParsingOptions()
    skipping.skipsUndeclaredEntities = true
    let document = "<?xml version='1.0' standalone='yes'?>\n" + Self.e13
    for options in [XMLParsingOptions(), skipping] {
      let error = #expect(throws: XMLParsingError.self) { try Self.parse(document, options) }
      #expect(error?.code == .undefinedEntity)
      #expect(error?.message == "entity 'ent2' is not declared")
      #expect(error?.line == 7)
      #expect(error?.column == 6)
      let streamed = streamXML(Array(document.utf8), at: "", options: options, cuts: [])
      #expect(streamed.values.isEmpty)
      #expect(streamed.error == error.map { XMLErrorPlace($0) })
    }
  }

  /// The not-well-formed counterpart of `rmt-e3e-13`: with only an internal subset and no
  /// parameter entity reference, WFC "Entity Declared" applies whatever the options say.
  @Test("Without a parameter entity reference or an external subset, an undeclared entity is an error even when skipping is asked")
  func undeclaredEntityWithoutParameterEntityReferences() throws {
    let document = """
      <!DOCTYPE foo [
      <!ENTITY ent1 'text'>
      <!ELEMENT foo ANY>
      ]>
      <foo>&ent2;</foo>
      """
    var skipping = XMLParsingOptions()
    skipping.skipsUndeclaredEntities = true
    for options in [XMLParsingOptions(), skipping] {
      let error = #expect(throws: XMLParsingError.self) { try Self.parse(document, options) }
      #expect(error?.code == .undefinedEntity)
      #expect(error?.message == "entity 'ent2' is not declared")
      #expect(error?.line == 5)
      #expect(error?.column == 6)
      let streamed = streamXML(Array(document.utf8), at: "", options: options, cuts: [])
      #expect(streamed.values.isEmpty)
      #expect(streamed.error == error.map { XMLErrorPlace($0) })
    }
  }

  /// Where an external subset or an external (or undeclared) parameter entity may declare the
  /// entity, the default stays an error, as without parameter entity references.
  @Test("By default, an undeclared entity that unread DTD text may declare is an error, even after internal parameter entities")
  func undeclaredEntityBehindUnreadDeclarations() throws {
    let external = "entity 'ent2' is not declared in the document (an external DTD, which may declare it, is never read)"
    let unread = { (name: String) in
      "entity 'ent2' is not declared in the document (parameter entity '%\(name);', which may declare it, is never read, "
        + "and the declarations after it are not processed)"
    }
    let cases: [(document: String, message: String)] = [
      (Self.e13.replacing("<!DOCTYPE foo [", with: #"<!DOCTYPE foo SYSTEM "x.dtd" ["#), external),
      (Self.e13.replacing("%pe;", with: "%pe;\n<!ENTITY % ext SYSTEM 'ext.ent'>\n%ext;"), unread("ext")),
      (Self.e13.replacing("%pe;", with: "%pe;\n%missing;"), unread("missing")),
      // An external parameter entity referenced from an internal one's text.
      (Self.e13.replacing("<!ENTITY ent1 'text'>", with: "<!ENTITY &#37; ext SYSTEM 'ext.ent'>&#37;ext;"), unread("ext")),
    ]
    var skipping = XMLParsingOptions()
    skipping.skipsUndeclaredEntities = true
    for (document, message) in cases {
      let error = #expect(throws: XMLParsingError.self) { try Self.parse(document) }
      #expect(error?.code == .undefinedEntity)
      #expect(error?.message == message)
      let streamed = streamXML(Array(document.utf8), at: "", cuts: [])
      #expect(streamed.error == error.map { XMLErrorPlace($0) })
      let tree = try Self.parse(document, skipping)
      #expect(tree.root.qualifiedName == "foo")
      #expect(tree.root.text == "")
    }
  }

  // MARK: - Limits and streaming

  @Test("Nesting up to the depth limit is accepted")
  func depthLimit() throws {
    var options = XMLParsingOptions()
    options.maximumDepth = 3
    #expect(try Self.parse("<a><b><c/></b></a>", options).root.elements.count == 1)
  }

  @Test("Streaming hands each element at the stream depth to the callback and drops it")
  func streaming() throws {
    let storage = try XMLTree.makeStorage(bytes: Array("<r><n i='1'>a</n><n i='2'/>x<n i='3'/></r>".utf8), options: .init(), sourceName: nil)
    var scanner = XMLScanner(storage: storage, options: .init(), sourceName: nil)
    scanner.streamDepth = 1
    var seen: [String] = []
    scanner.onElement = { index in
      let element = XMLTree.Element(storage: storage, index: index)
      seen.append((element["i"] ?? "?") + element.text)
      return seen.count < 2
    }
    try scanner.parse()
    #expect(seen == ["1a", "2"])
    #expect(storage.nodes.count < 4)
  }

  @Test("The entity expansion budget counts every expansion")
  func expansionWithinBudget() throws {
    var options = XMLParsingOptions()
    options.maximumEntityExpansion = 40
    let tree = try Self.parse("<!DOCTYPE a [<!ENTITY e '0123456789'>]><a>&e;&e;&e;&e;</a>", options)
    #expect(tree.root.text.count == 40)
  }
}
