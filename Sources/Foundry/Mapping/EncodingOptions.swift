import FoundryJSON

/// How values are written.
///
/// ```swift
/// var options = EncodingOptions()
/// options.writing = .pretty
/// let data = try MappingEncoder(options: options).encode(user)
/// ```
public struct EncodingOptions: Sendable {
  /// The JSON writer's layout and escaping.
  public var writing = JSONWritingOptions()
  /// Overrides every type's ``NilEncodingPolicy``.
  public var nilEncoding: NilEncodingPolicy?
  /// The transformers `@Key(..., "name")` refers to by name.
  public var transformers = TransformerRegistry.standard
  /// How every `Date` field without a transformer of its own is written; ISO 8601 when `nil`.
  ///
  /// ```swift
  /// options.dateFormat = .rfc1123   // "Thu, 29 Feb 2024 12:30:45 GMT"
  /// ```
  public var dateFormat: DateTransformer?
  /// How every `Data` field without a transformer of its own is written; standard padded
  /// base64 when `nil`.
  public var dataFormat: Base64Transformer?
  /// The key strategy of every `@Mappable` type that sets none itself, as
  /// ``MappingOptions/keys`` reads it.
  public var keys: KeyStrategy?

  public init() {}
}
