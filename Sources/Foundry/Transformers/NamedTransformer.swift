/// A transformer looked up by name (or spec) in the decoder's or encoder's
/// ``TransformerRegistry`` when it is used: Mantle's keymap with transformer names, and the
/// way model files refer to transformers.
///
/// ```swift
/// @Mappable struct Photo {
///   @Key("taken", .named("iso8601")) var taken: Date
///   @Key("price", .named("cents")) var cents: Int          // registered by the app
/// }
/// var options = MappingOptions()
/// options.transformers.register(CentsTransformer(), as: "cents")
/// let photo = try MappingDecoder(options: options).decode(Photo.self, from: json)
/// ```
///
/// A name the registry does not know, or a transformer of another value type, is an
/// `invalidValue` error at the field that names it.
public struct NamedTransformer<Value>: MappingTransformer {
  /// The name or spec (`date:yyyy-MM-dd`) to resolve.
  public let name: String

  /// A transformer resolved by `name` when used: `NamedTransformer<Date>("iso8601")`.
  /// - Parameters:
  ///   - name: The name in the decoder's ``TransformerRegistry``.
  public init(_ name: String) { self.name = name }

  public func read(from value: ValueReader) throws -> Value {
    try resolve(in: value.options.transformers).read(from: value)
  }

  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    try resolve(in: writer.context.options.transformers).write(value, to: &writer)
  }

  private func resolve(in registry: TransformerRegistry) throws -> AnyMappingTransformer<Value> {
    do {
      return try registry.transformer(spec: name, as: Value.self)
    } catch {
      throw MappingError(code: .invalidValue, reason: "transformer \"\(name)\": \(error)", underlying: error)
    }
  }
}

extension MappingTransformer {
  /// The transformer registered under `name` (or built from a spec such as `date:yyyy-MM-dd`)
  /// in the registry of the decoder or encoder that uses it.
  /// - Parameters:
  ///   - name: The name in the decoder's ``TransformerRegistry``.
  public static func named<Value>(_ name: String) -> NamedTransformer<Value> where Self == NamedTransformer<Value> {
    NamedTransformer(name)
  }
}
