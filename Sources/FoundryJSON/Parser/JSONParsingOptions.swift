/// What the JSON reader accepts: RFC 8259 by default, with opt-in relaxations and limits.
///
/// ```swift
/// var options = JSONParsingOptions()
/// options.allowsComments = true
/// options.allowsTrailingCommas = true
/// options.duplicateKeys = .reject
/// let document = try JSONDocument(string: "{ \"a\": 1, /* note */ }", options: options)
/// ```
public struct JSONParsingOptions: Sendable, Hashable {
  /// The deepest nesting of arrays and objects accepted; deeper input is an error.
  public var maximumDepth: Int = 512
  /// The largest input accepted, in bytes. Documents are limited to 4 GiB by their offsets.
  public var maximumInputSize: Int = JSONParsingOptions.largestInputSize
  /// The longest number accepted, in bytes of its text (sign, digits, point, exponent).
  /// Numbers longer than any that a `Double` or an `Int64` distinguishes only cost time to convert.
  public var maximumNumberLength = 10_000
  /// The longest string (or key) accepted, in bytes between its quotes as written. By default
  /// only the input size bounds it.
  public var maximumStringLength: Int = JSONParsingOptions.largestInputSize
  /// The most elements one array, or members one object, may hold. By default only the input
  /// size bounds it.
  public var maximumMemberCount: Int = JSONParsingOptions.largestInputSize
  /// What to do when an object has the same key twice.
  public var duplicateKeys: DuplicateKeyPolicy = .keepLast
  /// What to do with a `\u` escape of a lone UTF-16 surrogate (`"\uD800"`).
  public var loneSurrogates: LoneSurrogatePolicy = .reject
  /// Accepts `[1, 2,]` and `{"a": 1,}`.
  public var allowsTrailingCommas = false
  /// Accepts `// line` and `/* block */` comments wherever whitespace may stand.
  public var allowsComments = false
  /// Skips a leading UTF-8 byte order mark (`EF BB BF`).
  public var allowsByteOrderMark = false

  /// The largest input any document can hold (offsets are 32-bit).
  public static let largestInputSize = Int(UInt32.max) - 64

  /// Strict RFC 8259 with the default limits.
  public init() {}

  /// Everything seen in real payloads accepted: trailing commas, comments and a byte order mark.
  public static var lenient: JSONParsingOptions {
    var options = JSONParsingOptions()
    options.allowsTrailingCommas = true
    options.allowsComments = true
    options.allowsByteOrderMark = true
    return options
  }

  /// How an object with a repeated key is read.
  public enum DuplicateKeyPolicy: Sendable, Hashable {
    /// The last value wins (what most parsers do).
    case keepLast
    /// The first value wins.
    case keepFirst
    /// A repeated key is a ``JSONParsingError`` naming it.
    case reject
  }

  /// How a `\u` escape of an unpaired UTF-16 surrogate is read. Swift strings cannot hold one.
  public enum LoneSurrogatePolicy: Sendable, Hashable {
    /// An unpaired surrogate is a ``JSONParsingError``.
    case reject
    /// An unpaired surrogate decodes as U+FFFD REPLACEMENT CHARACTER.
    case replace
  }
}
