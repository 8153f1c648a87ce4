import FoundryXML
import Testing

/// What the writer refuses to write, with its messages word for word.
@Suite("XMLWriter errors")
struct XMLWriterErrorTests {
  /// The error writing `element` compactly throws, if any.
  func error(writing element: XMLElementValue, options: XMLWritingOptions = .fragment) -> XMLWritingError? {
    do {
      _ = try element.makeXML(options: options)
      return nil
    } catch {
      return error
    }
  }

  func element(_ children: XMLContent...) -> XMLElementValue {
    XMLElementValue("feed", children: [.element(XMLElementValue("entry", children: children))])
  }

  @Test func descriptionPrintsMessageAndPath() {
    let error = error(writing: element(.text("bell\u{7}")))
    #expect(error?.code == .invalidCharacter)
    #expect(error?.message == "invalid character U+0007 in text")
    #expect(error?.elementPath == ["feed", "entry"])
    #expect(error?.path == "/feed/entry")
    #expect(error?.description == "error: invalid character U+0007 in text\n--> /feed/entry")
  }

  @Test(arguments: [
    (XMLContent.text("\u{0}"), "invalid character U+0000 in text"),
    (.text("ok\u{FFFE}"), "invalid character U+FFFE in text"),
    (.text(String(repeating: "x", count: 20) + "\u{FFFF}"), "invalid character U+FFFF in text"),
    (.cdata("a\u{1F}"), "invalid character U+001F in CDATA"),
    (.comment("\u{B}"), "invalid character U+000B in comment"),
    (.processingInstruction(target: "p", data: "\u{C}"), "invalid character U+000C in processing instruction 'p'"),
  ])
  func invalidCharacters(content: XMLContent, message: String) {
    let error = error(writing: element(content))
    #expect(error?.code == .invalidCharacter)
    #expect(error?.message == message)
    #expect(error?.path == "/feed/entry")
  }

  @Test func invalidCharacterInAnAttributeValue() {
    let error = error(writing: XMLElementValue("a", attributes: ["k": "x\u{1}"]))
    #expect(error?.message == "invalid character U+0001 in the value of attribute 'k'")
    #expect(error?.path == "/a")
  }

  @Test(arguments: ["a--b", "--", "ends-", "-"])
  func commentsThatCannotBeWritten(text: String) {
    let error = error(writing: element(.comment(text)))
    #expect(error?.code == .invalidComment)
    #expect(error?.message == "a comment cannot contain '--' or end in '-'")
  }

  @Test func processingInstructions() {
    let data = error(writing: element(.processingInstruction(target: "p", data: "a?>b")))
    #expect(data?.code == .invalidProcessingInstruction)
    #expect(data?.message == "the data of processing instruction 'p' cannot contain '?>'")
    let reserved = error(writing: element(.processingInstruction(target: "XmL", data: "")))
    #expect(reserved?.code == .invalidProcessingInstruction)
    #expect(reserved?.message == "the processing instruction target 'XmL' is reserved")
    let invalid = error(writing: element(.processingInstruction(target: "a:b", data: "")))
    #expect(invalid?.code == .invalidName)
    #expect(invalid?.message == "invalid processing instruction target 'a:b'")
  }

  @Test(arguments: ["", "1a", "a b", "a:b:c", ":a", "a:", "-x"])
  func invalidElementNames(name: String) {
    let error = error(writing: element(.element(XMLElementValue(name))))
    #expect(error?.code == .invalidName)
    #expect(error?.message == "invalid element name '\(name)'")
    #expect(error?.path == "/feed/entry")
  }

  @Test("control characters in a message or path are spelled out, not printed")
  func controlCharactersArePrintable() {
    let error = error(writing: XMLElementValue("feed", children: [.element(XMLElementValue("a\u{1B}[2Jb"))]))
    #expect(error?.message == "invalid element name 'a\\u{1B}[2Jb'")
    #expect(error?.path == "/feed")
    let value = self.error(writing: XMLElementValue("a", attributes: ["b": "x\u{7}"]))
    #expect(value?.message == "invalid character U+0007 in the value of attribute 'b'")
  }

  @Test func invalidAttributeNameAndNonASCIINamesThatAreFine() {
    let error = error(writing: XMLElementValue("a", attributes: ["b c": "1"]))
    #expect(error?.code == .invalidName)
    #expect(error?.message == "invalid attribute name 'b c'")
    #expect(error?.path == "/a")
    #expect(self.error(writing: XMLElementValue("café", attributes: ["名前": "1", "x·y": "2"])) == nil)
  }

  @Test func duplicateAttributes() {
    let plain = error(writing: XMLElementValue("a", attributes: ["k": "1", "j": "2", "k": "3"]))
    #expect(plain?.code == .duplicateAttribute)
    #expect(plain?.message == "attribute 'k' appears twice")
    let expanded = error(
      writing: XMLElementValue(
        XMLName("a"),
        attributes: [
          XMLAttributeValue("p:k", namespaceURI: "urn:u", value: "1"), XMLAttributeValue("q:k", namespaceURI: "urn:u", value: "2"),
        ]))
    #expect(expanded?.code == .duplicateAttribute)
    #expect(expanded?.message == "attribute 'q:k' appears twice")
  }

  @Test func namespaceErrors() {
    let reserved = error(writing: XMLElementValue("xmlns:a"))
    #expect(reserved?.code == .namespace)
    #expect(reserved?.message == "element 'xmlns:a' uses the reserved prefix 'xmlns'")

    let undeclare = error(writing: XMLElementValue("a", attributes: ["xmlns:p": ""]))
    #expect(undeclare?.message == "the prefix 'p' cannot be bound to an empty namespace in XML 1.0")

    let conflict = error(writing: XMLElementValue("e", namespaceURI: "urn:a", attributes: ["xmlns": "urn:b"]))
    #expect(conflict?.code == .namespace)
    #expect(conflict?.message == "element 'e' is in namespace 'urn:a', but its attributes bind the default namespace to 'urn:b'")
    #expect(conflict?.path == "/e")

    let none = error(writing: XMLElementValue("e", attributes: ["xmlns": "urn:b"]))
    #expect(none?.message == "element 'e' is in no namespace, but its attributes bind the default namespace to 'urn:b'")

    let xml = error(writing: XMLElementValue("xml:e", namespaceURI: "urn:x"))
    #expect(xml?.message == "the prefix 'xml' can only be bound to 'http://www.w3.org/XML/1998/namespace'")

    let xmlNamespace = error(writing: XMLElementValue("e", namespaceURI: XMLName.xmlNamespace))
    #expect(xmlNamespace?.message == "no prefix other than 'xml' can be bound to 'http://www.w3.org/XML/1998/namespace'")

    let xmlnsNamespace = error(writing: XMLElementValue("e", namespaceURI: "http://www.w3.org/2000/xmlns/"))
    #expect(xmlnsNamespace?.code == .namespace)
    #expect(
      xmlnsNamespace?.message == "the namespace 'http://www.w3.org/2000/xmlns/' is reserved for xmlns declarations; no prefix can be bound to it")

    let xmlnsPrefix = error(writing: XMLElementValue("a", attributes: ["xmlns:xmlns": "urn:x"]))
    #expect(xmlnsPrefix?.message == "the prefix 'xmlns' cannot be declared")
  }

  @Test func misplacedContent() {
    var writer = XMLWriter(options: .fragment)
    do {
      try writer.writeText("loose")
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .misplacedContent)
      #expect(error.description == "error: text outside the root element\n--> /")
    }
    let document = XMLDocumentValue(root: XMLElementValue("a"), prologue: [.element(XMLElementValue("b"))])
    do {
      _ = try document.makeXML()
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "an element in the prologue or epilogue (only the root is allowed)")
    }
    let epilogue = XMLDocumentValue(root: XMLElementValue("a"), epilogue: [.cdata("x")])
    #expect(throws: XMLWritingError.self) { try epilogue.makeXML() }
  }

  @Test func codesPrintTheirNames() {
    #expect(XMLWritingError.Code.invalidCharacter.description == "invalidCharacter")
    #expect(XMLWritingError.Code.namespace.description == "namespace")
  }
}
