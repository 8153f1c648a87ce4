import FoundryJSON
import FoundryXML

/// How values are read: coercions, relaxations, transformers, and the parser's options.
///
/// ```swift
/// var options = MappingOptions()
/// options.coercion = .strict                 // "42" is no longer an Int
/// options.wrapsSingleValues = true           // "tag" reads as ["tag"]
/// options.emptyStringsAsNil = true           // "" reads as nil for optional non-strings
/// let decoder = MappingDecoder(options: options)
/// ```
public struct MappingOptions: Sendable {
  /// Whether values may be converted to fit (<doc:Coercions> lists every coercion).
  public var coercion: CoercionMode = .lenient
  /// Reads a single value where an array is expected as a one-element array.
  public var wrapsSingleValues = false
  /// Reads `""` as `nil` for optional fields whose type is not a string.
  public var emptyStringsAsNil = false
  /// The transformers model files and `@Key(..., "name")` refer to by name.
  public var transformers = TransformerRegistry.standard
  /// What the JSON reader accepts.
  public var parsing = JSONParsingOptions()
  /// What the XML reader keeps; by default text is trimmed and blank text dropped, so
  /// `<title>\n  Notes\n</title>` reads as `"Notes"`.
  public var xmlParsing: XMLParsingOptions = {
    var options = XMLParsingOptions()
    options.whitespace = .trim
    return options
  }()
  /// The formats every `Date` field without a transformer of its own reads, tried in order;
  /// ISO 8601 and seconds since 1970 when empty (the default).
  ///
  /// ```swift
  /// options.dateFormats = [.rfc1123, .date(format: "yyyy-MM-dd HH:mm:ss"), .secondsSince1970]
  /// ```
  public var dateFormats: [DateTransformer] = []
  /// How every `Data` field without a transformer of its own reads; any base64 (standard or
  /// URL-safe, padded or not) when `nil`.
  ///
  /// ```swift
  /// options.dataFormat = .base64URL
  /// ```
  public var dataFormat: Base64Transformer?
  /// The key strategy of every `@Mappable` type that sets none itself (`keys:`), so a whole
  /// API's snake_case needs no attribute per type.
  ///
  /// ```swift
  /// options.keys = .snakeCase   // createdAt reads "created_at" in every type without keys:
  /// ```
  public var keys: KeyStrategy?
  /// How the coding keys of `Decodable` types match document keys (`Codable` interop only).
  public var codableKeys = CodableKeyStrategy.useDefaultKeys

  public init() {}
}

/// Whether a value of the wrong JSON type may be converted to the field's type.
public enum CoercionMode: Sendable, Hashable {
  /// Convert where it is safe: `"42"` → `Int`, `1` → `Bool`, `7` → `String`, ... (the default).
  case lenient
  /// Every conversion is an error.
  case strict
}
