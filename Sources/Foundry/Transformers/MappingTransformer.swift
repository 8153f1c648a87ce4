/// Converts between a document value and a field's type, in both directions when it can.
///
/// Use one inline in `@Key("created", .iso8601)`, or register it by name for model files.
///
/// ```swift
/// struct Cents: MappingTransformer {
///   func read(from value: ValueReader) throws -> Int { Int((try value.decimal() * 100) as NSDecimalNumber) }
///   func write(_ cents: Int, to writer: inout ValueWriter) throws { try writer.write(Decimal(cents) / 100) }
/// }
/// ```
public protocol MappingTransformer<Value>: Sendable {
  /// The field's type.
  associatedtype Value
  /// Reads the field's value from a document value.
  func read(from value: ValueReader) throws -> Value
  /// Writes the field's value; the default fails: not every transformer can go back.
  func write(_ value: Value, to writer: inout ValueWriter) throws
}

extension MappingTransformer {
  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    throw MappingError(code: .invalidValue, reason: "\(Self.self) cannot write values back (it has no reverse transform)")
  }
}

/// Transformers known by name, for model files and `--transformer NAME=SPEC`.
///
/// ```swift
/// var registry = TransformerRegistry.standard
/// registry.register(Cents(), as: "cents")
/// ```
public struct TransformerRegistry: Sendable {
  private var transformers: [String: any MappingTransformer] = [:]

  /// An empty registry.
  public init() {}

  /// The registry every decoder starts with.
  public static var standard: TransformerRegistry { TransformerRegistry() }

  /// Makes `transformer` available under `name`, replacing any earlier one.
  public mutating func register(_ transformer: some MappingTransformer, as name: String) {
    transformers[name] = transformer
  }

  /// The transformer registered under `name`.
  public func transformer(named name: String) -> (any MappingTransformer)? { transformers[name] }

  /// The registered names, sorted.
  public var names: [String] { transformers.keys.sorted() }
}
