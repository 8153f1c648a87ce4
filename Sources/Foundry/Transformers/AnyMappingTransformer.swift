/// A transformer of a known value type whose concrete type is hidden: what a registry lookup
/// becomes once the field's type is known.
///
/// ```swift
/// let created = try TransformerRegistry.standard.transformer(spec: "date:yyyy-MM-dd", as: Date.self)
/// day = try object.decode(at: 0, using: created)
/// ```
public struct AnyMappingTransformer<Value>: MappingTransformer {
  /// The wrapped transformer.
  public let base: any MappingTransformer
  private let reader: @Sendable (ValueReader) throws -> Value
  private let writer: @Sendable (Value, inout ValueWriter) throws -> Void
  private let missing: @Sendable () -> Value?

  /// Wraps `transformer`.
  ///
  /// ```swift
  /// let erased = AnyMappingTransformer(DateTransformer.iso8601)
  /// ```
  /// - Parameters:
  ///   - transformer: The transformer that reads and writes the value.
  public init<X: MappingTransformer>(_ transformer: X) where X.Value == Value {
    base = transformer
    reader = { try transformer.read(from: $0) }
    writer = { try transformer.write($0, to: &$1) }
    missing = { transformer.valueForMissing }
  }

  /// Wraps a transformer known only as an existential, when its value type is `Value`.
  ///
  /// ```swift
  /// let erased = AnyMappingTransformer<Date>(registry.transformer(named: "iso8601")!)   // nil for another type
  /// ```
  /// - Parameters:
  ///   - transformer: The transformer that reads and writes the value.
  public init?(_ transformer: any MappingTransformer) {
    guard let typed = Self.open(transformer) else { return nil }
    self = typed
  }

  private static func open<X: MappingTransformer>(_ transformer: X) -> Self? {
    if let same = transformer as? Self { return same }
    guard X.Value.self == Value.self else { return nil }
    return Self(
      base: transformer,
      reader: { value in
        guard let read = try transformer.read(from: value) as? Value else { throw value.mismatch(expected: "\(Value.self)") }
        return read
      },
      writer: { value, writer in
        guard let typed = value as? X.Value else { throw MappingError(code: .invalidValue, expected: "\(X.Value.self)", found: "\(Value.self)") }
        try transformer.write(typed, to: &writer)
      },
      missing: { transformer.valueForMissing as? Value })
  }

  private init(
    base: any MappingTransformer, reader: @escaping @Sendable (ValueReader) throws -> Value,
    writer: @escaping @Sendable (Value, inout ValueWriter) throws -> Void, missing: @escaping @Sendable () -> Value?
  ) {
    self.base = base
    self.reader = reader
    self.writer = writer
    self.missing = missing
  }

  public func read(from value: ValueReader) throws -> Value { try reader(value) }
  public func write(_ value: Value, to writer: inout ValueWriter) throws { try self.writer(value, &writer) }
  public var valueForMissing: Value? { missing() }
}

extension MappingTransformer {
  /// The type this transformer reads, for checking a registry lookup against a field:
  /// `registry.transformer(named: "iso8601")?.valueType == Date.self`.
  ///
  /// ```swift
  /// DateTransformer.iso8601.valueType   // Date.self
  /// ```
  public var valueType: Any.Type { Value.self }
}
