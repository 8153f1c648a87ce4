/// Converts between a document value and a field's type, in both directions when it can.
///
/// Use one inline in `@Key("created", .iso8601)`, or register it by name for model files
/// (see ``TransformerRegistry``).
///
/// ```swift
/// struct Cents: MappingTransformer {
///   func read(from value: ValueReader) throws -> Int { Int((try value.decimal() * 100) as NSDecimalNumber) }
///   func write(_ cents: Int, to writer: inout ValueWriter) throws { try writer.write(Decimal(cents) / 100) }
/// }
/// ```
///
/// Conformances with an obvious spelling offer it as a static member, so a field reads
/// `using: .date(format: "yyyy-MM-dd")`: declare it in
/// `extension MappingTransformer where Self == YourTransformer`.
public protocol MappingTransformer<Value>: Sendable {
  /// The field's type.
  associatedtype Value
  /// Reads the field's value from a document value.
  ///
  /// - Throws: ``MappingError``; build it with ``ValueReader/mismatch(expected:)`` or
  ///   ``ValueReader/invalid(expected:reason:)`` so it carries the value's location.
  func read(from value: ValueReader) throws -> Value
  /// Writes the field's value; the default fails: not every transformer can go back.
  func write(_ value: Value, to writer: inout ValueWriter) throws
  /// The value of a field whose key is missing or `null`, instead of an error (or `nil`);
  /// `nil` (the default) when the transformer has none.
  ///
  /// ```swift
  /// ValueTableTransformer(["m": Gender.male], default: .undefined).valueForMissing   // .undefined
  /// ```
  var valueForMissing: Value? { get }
}

extension MappingTransformer {
  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    throw MappingError(code: .invalidValue, reason: "\(Self.self) cannot write values back (it has no reverse transform)")
  }

  public var valueForMissing: Value? { nil }
}
