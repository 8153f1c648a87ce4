/// How XML text is written: layout, the XML declaration, empty elements and what happens to
/// characters XML cannot hold.
///
/// The defaults give compact output behind a declaration:
///
/// ```swift
/// let item = XMLElementValue("item", attributes: ["id": "7"], children: [.element(XMLElementValue("tag"))])
/// try item.makeXMLString()
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <item id="7"><tag/></item>
///
/// var options = XMLWritingOptions.pretty(indent: 4)
/// options.includesDeclaration = false
/// options.emptyElements = .expanded
/// try item.makeXMLString(options: options)
/// // <item id="7">
/// //     <tag></tag>
/// // </item>
/// ```
///
/// Whatever the options, the output is UTF-8, and top-level nodes (the declaration, comments
/// and processing instructions around the root, the root element) each start on a new line.
public struct XMLWritingOptions: Sendable, Hashable {
  /// Puts each child element, comment and processing instruction on its own line, indented by
  /// ``indentWidth`` spaces per level.
  ///
  /// Whitespace is never added inside an element that has text (mixed content stays as it is)
  /// nor under `xml:space="preserve"`, so pretty output reads back to the same tree when blank
  /// text is dropped (``XMLParsingOptions/Whitespace/dropBlank``, the reader's default).
  ///
  /// ```swift
  /// var options = XMLWritingOptions()
  /// options.isPretty = true
  /// options.includesDeclaration = false
  /// try XMLElementValue("a", children: [.element(XMLElementValue("b", text: "hi"))]).makeXMLString(options: options)
  /// // <a>
  /// //   <b>hi</b>
  /// // </a>
  /// ```
  public var isPretty = false

  /// The spaces per level of pretty output (clamped to 0...16); 2 by default.
  ///
  /// ```swift
  /// XMLWritingOptions.pretty(indent: 4).indentWidth  // 4
  /// ```
  public var indentWidth = 2

  /// Starts the output with `<?xml version="1.0" encoding="UTF-8"?>`.
  ///
  /// A document's own declaration gives the version and the standalone flag; the encoding is
  /// always `UTF-8`, since that is what the writer produces.
  ///
  /// ```swift
  /// var options = XMLWritingOptions()
  /// options.includesDeclaration = false
  /// try XMLElementValue("a").makeXMLString(options: options)  // <a/>
  /// ```
  public var includesDeclaration = true

  /// How an element without content is written: `<a/>` or `<a></a>`.
  ///
  /// ```swift
  /// var options = XMLWritingOptions.fragment
  /// options.emptyElements = .expanded
  /// try XMLElementValue("a").makeXMLString(options: options)  // <a></a>
  /// ```
  public var emptyElements = EmptyElementStyle.selfClosing

  /// Writes characters that XML 1.0 does not allow (control characters other than tab, line
  /// feed and carriage return; U+FFFE and U+FFFF) as U+FFFD instead of failing.
  ///
  /// ```swift
  /// var options = XMLWritingOptions.fragment
  /// options.replacesInvalidCharacters = true
  /// try XMLElementValue("a", text: "bell\u{7}").makeXMLString(options: options)  // <a>bell\u{FFFD}</a>
  /// ```
  public var replacesInvalidCharacters = false

  /// Adds the namespace declarations that element and attribute names need (an element in a
  /// namespace that is not in scope under its prefix gets `xmlns:p="uri"` or `xmlns="uri"`;
  /// an attribute in a namespace without a prefix gets a generated one, `ns1`, `ns2`, ...).
  ///
  /// Turn it off for trees read with ``XMLParsingOptions/resolvesNamespaces`` off, whose
  /// names carry no namespace: names and `xmlns` attributes are then written as given.
  ///
  /// ```swift
  /// let entry = XMLElementValue("entry", namespaceURI: "http://www.w3.org/2005/Atom")
  /// try entry.makeXMLString(options: .fragment)  // <entry xmlns="http://www.w3.org/2005/Atom"/>
  /// ```
  public var declaresNamespaces = true

  /// Compact output behind an XML declaration, empty elements self-closing, invalid
  /// characters rejected.
  ///
  /// ```swift
  /// try XMLElementValue("a").makeXMLString(options: XMLWritingOptions())
  /// // <?xml version="1.0" encoding="UTF-8"?>
  /// // <a/>
  /// ```
  public init() {}

  /// Compact output behind the XML declaration: the defaults, named.
  ///
  /// ```swift
  /// try XMLElementValue("a").makeXMLString(options: .compact)
  /// // <?xml version="1.0" encoding="UTF-8"?>
  /// // <a/>
  /// ```
  public static var compact: XMLWritingOptions { XMLWritingOptions() }

  /// Compact output without the XML declaration, for elements written on their own or
  /// inside other text.
  ///
  /// ```swift
  /// try XMLElementValue("a", text: "1 < 2").makeXMLString(options: .fragment)  // <a>1 &lt; 2</a>
  /// ```
  public static var fragment: XMLWritingOptions {
    var options = XMLWritingOptions()
    options.includesDeclaration = false
    return options
  }

  /// Pretty output indented by two spaces, with the declaration.
  ///
  /// ```swift
  /// try document.makeXMLString(options: .pretty)
  /// ```
  public static var pretty: XMLWritingOptions { pretty(indent: 2) }

  /// Pretty output indented by `indent` spaces per level, with the declaration.
  ///
  /// ```swift
  /// try document.makeXMLString(options: .pretty(indent: 4))
  /// ```
  ///
  /// - Parameter indent: Spaces per level, clamped to 0...16.
  public static func pretty(indent: Int) -> XMLWritingOptions {
    var options = XMLWritingOptions()
    options.isPretty = true
    options.indentWidth = indent
    return options
  }

  /// How an element with no content is written.
  ///
  /// ```swift
  /// var options = XMLWritingOptions()
  /// options.emptyElements = .expanded   // <br></br>
  /// ```
  public enum EmptyElementStyle: Sendable, Hashable {
    /// `<a/>`.
    case selfClosing
    /// `<a></a>`, which HTML-minded readers prefer.
    case expanded
  }
}
