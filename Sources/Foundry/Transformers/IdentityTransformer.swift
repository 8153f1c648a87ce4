/// Reads and writes a ``MappableValue`` type as it maps by itself: `bool`, `int`, `double` and
/// `string` in the registry, and a building block for ``MappingTransformer/then(_:)``.
///
/// ```swift
/// count = try object.decode(at: 0, using: .identity(Int.self))   // same as decode(Int.self, at: 0)
/// ```
public struct IdentityTransformer<Value: MappableValue>: MappingTransformer {
  /// A transformer for `Value`.
  ///
  /// ```swift
  /// let flags = IdentityTransformer<Bool>()
  /// ```
  public init() {}

  /// Reads `Value` with its own rules (and the coercions of the current mode).
  /// - Parameters:
  ///   - value: The document value to read.
  public func read(from value: ValueReader) throws -> Value { try Value.read(from: value) }

  /// Writes `value` as it writes itself.
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ value: Value, to writer: inout ValueWriter) throws { try value.write(to: &writer) }
}

extension MappingTransformer {
  /// The type's own mapping, as a transformer.
  ///
  /// ```swift
  /// cents = try object.decode(at: 0, using: IdentityTransformer<Int>().then { $0 * 100 } reverse: { $0 / 100 })
  /// ```
  /// - Parameters:
  ///   - type: The value type.
  public static func identity<T: MappableValue>(_ type: T.Type) -> IdentityTransformer<T> where Self == IdentityTransformer<T> {
    IdentityTransformer()
  }
}
