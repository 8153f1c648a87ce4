/// Maps an enum (any `RawRepresentable`) through its raw value, for types that do not conform
/// to ``MappableValue`` themselves.
///
/// ```swift
/// enum Status: String, CaseIterable { case active, banned }
/// status = try object.decode(at: 0, using: .rawValue(Status.self))
/// // "deleted" → expected Status (one of "active", "banned"), found string "deleted"
/// ```
public struct RawValueTransformer<Value: RawRepresentable>: MappingTransformer where Value.RawValue: MappableValue {
  /// A transformer for `Value`.
  ///
  /// ```swift
  /// let statuses = RawValueTransformer<Status>()
  /// ```
  public init() {}

  /// Reads the raw value and makes the case from it.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` listing the cases (when `CaseIterable`) for an unknown value.
  public func read(from value: ValueReader) throws -> Value {
    let raw = try Value.RawValue.read(from: value)
    guard let result = Value(rawValue: raw) else {
      var expected = "\(Value.self)"
      if let cases = Value.self as? any CaseIterable.Type {
        expected += " (one of \(Self.describeCases(cases)))"
      }
      throw value.invalid(expected: expected)
    }
    return result
  }

  /// Writes the raw value.
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ value: Value, to writer: inout ValueWriter) throws { try value.rawValue.write(to: &writer) }

  private static func describeCases<C: CaseIterable>(_ type: C.Type) -> String {
    type.allCases.map { value -> String in
      guard let raw = (value as? any RawRepresentable)?.rawValue else { return "\(value)" }
      return raw is String ? "\"\(raw)\"" : "\(raw)"
    }.joined(separator: ", ")
  }
}

extension MappingTransformer {
  /// An enum through its raw value.
  ///
  /// ```swift
  /// status = try object.decode(at: 0, using: .rawValue(Status.self))
  /// ```
  /// - Parameters:
  ///   - type: The raw-value type, usually an enum.
  public static func rawValue<T: RawRepresentable>(_ type: T.Type) -> RawValueTransformer<T>
  where Self == RawValueTransformer<T>, T.RawValue: MappableValue {
    RawValueTransformer()
  }
}
