/// What the XML reader keeps and the limits it enforces.
///
/// ```swift
/// var options = XMLParsingOptions()
/// options.whitespace = .trim
/// options.keepsComments = true
/// let tree = try XMLTree(string: "<a>  hi  <!-- note --></a>", options: options)
/// tree.root.text   // "hi"
/// ```
public struct XMLParsingOptions: Sendable, Hashable {
  /// How text made only of whitespace, and whitespace around text, is kept.
  public var whitespace: Whitespace = .dropBlank
  /// Whether comments appear in the tree (they are always checked).
  public var keepsComments = false
  /// Whether processing instructions appear in the tree (they are always checked).
  public var keepsProcessingInstructions = false
  /// Whether names are resolved against namespace declarations and the Namespaces in XML
  /// constraints are checked (prefixes declared, no attribute twice through two prefixes).
  public var resolvesNamespaces = true
  /// The deepest element nesting accepted; deeper input is an error.
  public var maximumDepth = 512
  /// The largest input accepted, in bytes (offsets are 32-bit).
  public var maximumInputSize = XMLParsingOptions.largestInputSize
  /// The most attributes one element may have, written or defaulted by the DOCTYPE
  /// (namespace declarations included). The tree holds at most 16,777,215.
  public var maximumAttributeCount = 10_000
  /// The most bytes that entity references may expand to in one document, counted over every
  /// expansion: "billion laughs" input stops here with an error instead of eating memory.
  public var maximumEntityExpansion = 1 << 20
  /// The deepest nesting of entity references inside entity replacement text.
  public var maximumEntityDepth = 16
  /// The most bytes that attribute defaults from the DOCTYPE may add to one document, counted
  /// over every element (names and values, plus 32 bytes per attribute for its node): a short
  /// DTD defaulting many attributes on an element used many times stops here.
  ///
  /// ```swift
  /// var options = XMLParsingOptions()
  /// options.maximumDefaultedAttributeBytes = 1 << 20
  /// ```
  public var maximumDefaultedAttributeBytes = 16 << 20
  /// Whether a reference to an entity the document does not declare is left out, when its
  /// declaration may be in DTD text this reader never reads (an external subset, or an external
  /// or undeclared parameter entity referenced in the internal subset) and the document is not
  /// `standalone="yes"`: what XML 1.0 §4.4.3 lets a non-validating reader do. By default such
  /// a reference is an `undefinedEntity` error, so no text is lost silently.
  ///
  /// Whatever this option says, an undeclared entity is an error in a document that is
  /// `standalone="yes"` or whose DTD has neither an external subset nor a parameter entity
  /// reference (XML 1.0 §4.1, WFC "Entity Declared"), and is left out when the internal subset
  /// references parameter entities that are all internal and there is no external subset: every
  /// declaration was read, so the entity is truly undeclared (only a validity error) and no text
  /// is lost.
  ///
  /// ```swift
  /// var options = XMLParsingOptions()
  /// options.skipsUndeclaredEntities = true
  /// try XMLTree(string: "<!DOCTYPE r SYSTEM 'r.dtd'><r>a&nbsp;b</r>", options: options).root.text   // "ab"
  /// // Without the option, that is an `undefinedEntity` error. With only internal parameter
  /// // entities and no external subset, no option is needed:
  /// try XMLTree(string: "<!DOCTYPE r [<!ENTITY % p ''>%p;]><r>a&nbsp;b</r>").root.text   // "ab"
  /// ```
  public var skipsUndeclaredEntities = false

  /// The largest input any document can hold.
  public static let largestInputSize = Int(UInt32.max) - 64

  /// The defaults: blank text dropped, comments and processing instructions left out.
  public init() {}

  /// Options that keep every text node, comment and processing instruction.
  public static var faithful: XMLParsingOptions {
    var options = XMLParsingOptions()
    options.whitespace = .keep
    options.keepsComments = true
    options.keepsProcessingInstructions = true
    return options
  }

  /// How whitespace in text is kept. `xml:space="preserve"` on an element (or an ancestor)
  /// always keeps its text as written.
  public enum Whitespace: Sendable, Hashable {
    /// Every text node as written.
    case keep
    /// Text nodes made only of whitespace are dropped; other text is kept as written.
    case dropBlank
    /// Text nodes made only of whitespace are dropped, and an element's text as a whole loses
    /// its leading and trailing whitespace: the start of its first text node and the end of
    /// its last (`<p> The <b>text</b> string </p>` keeps `"The "` and `" string"`).
    case trim
  }
}
