extension XMLWriter {
  // MARK: - Content

  /// Writes character data inside the innermost element, escaped.
  ///
  /// `&`, `<` and `>` become entity references and carriage returns `&#xD;`. Pretty output
  /// adds no whitespace in an element once it holds text. Empty text writes nothing.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.beginElement(XMLName("p"))
  /// try writer.writeText("1 < 2 & 3 > 2")
  /// writer.endElement()  // <p>1 &lt; 2 &amp; 3 &gt; 2</p>
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text, escaped as it is written.
  /// - Throws: ``XMLWritingError`` for a character XML cannot hold (unless the options
  ///   replace them), or for text outside the root element.
  /// - Complexity: O(*n*) in the length of the text.
  public mutating func writeText(_ text: String) throws(XMLWritingError) {
    guard !text.isEmpty else { return }
    try prepareForText("text")
    var text = text
    if let scalar = text.withUTF8({ appendEscapedText($0, checks: true) }) {
      throw error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in text")
    }
  }

  /// Writes a CDATA section inside the innermost element.
  ///
  /// Text holding `]]>` is split into two sections after the `]]`; a carriage return is
  /// written as `&#xD;` between two sections.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.beginElement(XMLName("code"))
  /// try writer.writeCDATA("a]]>b")
  /// writer.endElement()  // <code><![CDATA[a]]]]><![CDATA[>b]]></code>
  /// ```
  ///
  /// - Parameters:
  ///   - text: The section's text; `]]>` splits it in two sections.
  /// - Throws: ``XMLWritingError`` for a character XML cannot hold, or for CDATA outside the
  ///   root element.
  public mutating func writeCDATA(_ text: String) throws(XMLWritingError) {
    try prepareForText("CDATA")
    var text = text
    if let issue = text.withUTF8({ appendCDATA($0) }) { throw error(for: issue, in: "CDATA") }
  }

  /// Writes a comment, `<!--text-->`, inside the innermost element or at the top level.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.writeComment(" generated ")  // <!-- generated -->
  /// ```
  ///
  /// - Parameters:
  ///   - text: The comment's text; it must not hold `--`.
  /// - Throws: ``XMLWritingError`` when the text contains `--`, ends in `-`, or holds a
  ///   character XML cannot hold.
  public mutating func writeComment(_ text: String) throws(XMLWritingError) {
    var text = text
    if let error = text.withUTF8({ appendComment($0) }) { throw error }
  }

  /// Writes a processing instruction, `<?target data?>`, inside the innermost element or at
  /// the top level.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.writeProcessingInstruction(target: "xml-stylesheet", data: #"href="a.css""#)
  /// // <?xml-stylesheet href="a.css"?>
  /// ```
  ///
  /// - Parameters:
  ///   - target: The instruction's target.
  ///   - data: Its data.
  /// - Throws: ``XMLWritingError`` when the target is not a name without colons or is `xml`
  ///   in any case, when the data contains `?>`, or holds a character XML cannot hold.
  public mutating func writeProcessingInstruction(target: String, data: String) throws(XMLWritingError) {
    var data = data
    if let error = data.withUTF8({ appendProcessingInstruction(target: target, data: $0) }) { throw error }
  }

  /// Writes one piece of content: an element with everything below it, text, CDATA, a
  /// comment or a processing instruction.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.write(XMLContent.comment(" top "))
  /// try writer.write(XMLContent.element(XMLElementValue("a")))
  /// // <!-- top -->
  /// // <a/>
  /// ```
  ///
  /// - Parameters:
  ///   - content: The node.
  /// - Throws: ``XMLWritingError`` as the primitives do.
  public mutating func write(_ content: XMLContent) throws(XMLWritingError) {
    switch content {
    case .element(let element): try write(element)
    case .text(let text): try writeText(text)
    case .cdata(let text): try writeCDATA(text)
    case .comment(let text): try writeComment(text)
    case .processingInstruction(let target, let data): try writeProcessingInstruction(target: target, data: data)
    }
  }

  // MARK: - Bytes

  /// Writes a comment from its UTF-8 text; returns the error instead of throwing it (callers
  /// hold the bytes in a closure, which cannot throw a typed error through `rethrows`).
  mutating func appendComment(_ utf8: UnsafeBufferPointer<UInt8>) -> XMLWritingError? {
    prepareForMarkup()
    appendLiteral("<!--")
    let issue = appendRawMarkupText(utf8) { text, index in
      text[index] == UInt8(ascii: "-") && (index + 1 == text.count || text[index + 1] == UInt8(ascii: "-"))
    }
    if let issue { return error(for: issue, in: "comment") }
    appendLiteral("-->")
    return nil
  }

  /// Writes a processing instruction from its target and UTF-8 data; returns the error
  /// instead of throwing it.
  mutating func appendProcessingInstruction(target: String, data utf8: UnsafeBufferPointer<UInt8>) -> XMLWritingError? {
    guard Self.isNCName(target) else {
      return error(.invalidName, "invalid processing instruction target '\(target)'")
    }
    guard target.lowercased() != "xml" else {
      return error(.invalidProcessingInstruction, "the processing instruction target '\(target)' is reserved")
    }
    prepareForMarkup()
    appendLiteral("<?")
    appendString(target)
    if !utf8.isEmpty { bytes.append(UInt8(ascii: " ")) }
    let issue = appendRawMarkupText(utf8) { text, index in
      text[index] == UInt8(ascii: "?") && index + 1 < text.count && text[index + 1] == UInt8(ascii: ">")
    }
    if let issue { return error(for: issue, in: "processing instruction '\(target)'") }
    appendLiteral("?>")
    return nil
  }

  private func error(for issue: MarkupIssue, in what: String) -> XMLWritingError {
    switch issue {
    case .invalidCharacter(let scalar):
      return error(.invalidCharacter, "invalid character \(Self.describe(scalar)) in \(what)")
    case .forbiddenSequence where what == "comment":
      return error(.invalidComment, "a comment cannot contain '--' or end in '-'")
    case .forbiddenSequence:
      return error(.invalidProcessingInstruction, "the data of \(what) cannot contain '?>'")
    }
  }
}
