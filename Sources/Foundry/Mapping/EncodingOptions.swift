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

  public init() {}
}
