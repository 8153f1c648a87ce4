/// Why a tree could not be written as XML, and in which element.
///
/// The description prints like a compiler diagnostic, with the path of the element in place
/// of a file location (`/` for the top level of the document):
///
/// ```swift
/// do {
///   _ = try XMLElementValue("feed", children: [.element(XMLElementValue("title", text: "bell\u{7}"))]).makeXML()
/// } catch {
///   print(error)
///   // error: invalid character U+0007 in text
///   // --> /feed/title
/// }
/// ```
public struct XMLWritingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The broad class of the failure, for programmatic handling.
  ///
  /// ```swift
  /// if error.code == .invalidCharacter { options.replacesInvalidCharacters = true }
  /// ```
  public let code: Code
  /// What went wrong, in one line, without the element path.
  ///
  /// ```swift
  /// error.message  // "invalid character U+0007 in text"
  /// ```
  public let message: String
  /// The qualified names of the elements from the root down to the one being written; empty
  /// for nodes outside the root element.
  ///
  /// ```swift
  /// error.elementPath  // ["feed", "entry", "title"]
  /// ```
  public let elementPath: [String]

  init(_ code: Code, _ message: String, elementPath: [String]) {
    self.code = code
    // Names and namespaces quoted in a message are the caller's, control characters included.
    self.message = Self.printable(message)
    self.elementPath = elementPath
  }

  /// `text` with control characters spelled `\u{7}`, so a message prints on one line and
  /// moves no terminal's cursor.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The path as `/root/child/...`, or `/` at the top level.
  ///
  /// ```swift
  /// error.path  // "/feed/entry/title"
  /// ```
  public var path: String {
    elementPath.isEmpty ? "/" : "/" + elementPath.map(Self.printable).joined(separator: "/")
  }

  /// The compiler-style rendering: `error: message` then `--> /path`.
  ///
  /// ```swift
  /// print(error)
  /// // error: a comment cannot contain '--' or end in '-'
  /// // --> /feed/entry
  /// ```
  public var description: String { "error: \(message)\n--> \(path)" }

  /// The broad class of an ``XMLWritingError``.
  ///
  /// ```swift
  /// catch let error as XMLWritingError where error.code == .invalidCharacter { ... }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name, as in `invalidCharacter`.
    ///
    /// ```swift
    /// XMLWritingError.Code.namespace.description  // "namespace"
    /// ```
    public let description: String
    /// A character XML 1.0 cannot hold (see ``XMLWritingOptions/replacesInvalidCharacters``).
    ///
    /// ```swift
    /// try XMLElementValue("a", text: "\u{0}").makeXML()  // throws .invalidCharacter
    /// ```
    public static let invalidCharacter = Code(description: "invalidCharacter")
    /// An element, attribute or processing-instruction target name that is not an XML name.
    ///
    /// ```swift
    /// try XMLElementValue("1st").makeXML()  // throws .invalidName
    /// ```
    public static let invalidName = Code(description: "invalidName")
    /// A comment containing `--` or ending in `-`.
    ///
    /// ```swift
    /// try XMLElementValue("a", children: [.comment("a--b")]).makeXML()  // throws .invalidComment
    /// ```
    public static let invalidComment = Code(description: "invalidComment")
    /// A processing instruction whose data contains `?>`, or whose target is `xml`.
    ///
    /// ```swift
    /// try XMLElementValue("a", children: [.processingInstruction(target: "p", data: "?>")]).makeXML()
    /// ```
    public static let invalidProcessingInstruction = Code(description: "invalidProcessingInstruction")
    /// The same attribute twice on one element (also through two prefixes for one namespace).
    ///
    /// ```swift
    /// try XMLElementValue("a", attributes: ["k": "1", "k": "2"]).makeXML()  // throws .duplicateAttribute
    /// ```
    public static let duplicateAttribute = Code(description: "duplicateAttribute")
    /// A namespace that cannot be declared as asked: a reserved prefix or namespace misused, or
    /// an explicit `xmlns` attribute that contradicts the element's own name.
    ///
    /// ```swift
    /// try XMLElementValue("e", namespaceURI: "urn:a", attributes: ["xmlns": "urn:b"]).makeXML()
    /// ```
    public static let namespace = Code(description: "namespace")
    /// Text, CDATA or an element where the document allows none (outside the root element).
    ///
    /// ```swift
    /// var writer = XMLWriter()
    /// try writer.writeText("loose")  // throws .misplacedContent
    /// ```
    public static let misplacedContent = Code(description: "misplacedContent")
  }
}
