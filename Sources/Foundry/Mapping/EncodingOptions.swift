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

  public init() {}
}
