/// Reads `null` as `nil` and anything else through another transformer; writes `nil` as
/// `null`: for arrays whose elements are sometimes `null`, as a plain `[Int?]` reads them.
///
/// ```swift
/// @Transform(.each(.optional(.iso8601))) var readings: [Date?]
/// // ["2024-05-01T12:00:00Z", null] → [Date, nil], and back
/// ```
public struct OptionalTransformer<Wrapped: MappingTransformer>: MappingTransformer {
  /// The transformer of the values that are there.
  public let wrapped: Wrapped

  /// A transformer reading `null` as `nil` and other values through `wrapped`.
  ///
  /// ```swift
  /// let stamps = OptionalTransformer(wrapped: DateTransformer.secondsSince1970)
  /// ```
  /// - Parameters:
  ///   - wrapped: The transformer of values that are not `null`.
  public init(wrapped: Wrapped) { self.wrapped = wrapped }

  /// `nil` for `null`, else what `wrapped` reads.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: What `wrapped` throws for a value it does not read.
  public func read(from value: ValueReader) throws -> Wrapped.Value? {
    value.isNull ? nil : try wrapped.read(from: value)
  }

  /// Writes `null` for `nil`, else through `wrapped`.
  /// - Parameters:
  ///   - value: The value to write; `nil` writes `null`.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ value: Wrapped.Value?, to writer: inout ValueWriter) throws {
    guard let value else { return writer.writeNull() }
    try wrapped.write(value, to: &writer)
  }
}

extension MappingTransformer {
  /// `null` as `nil`, other values through `wrapped`.
  ///
  /// ```swift
  /// @Transform(.each(.optional(.iso8601))) var readings: [Date?]
  /// ```
  /// - Parameters:
  ///   - wrapped: The transformer of values that are not `null`.
  public static func optional<T: MappingTransformer>(_ wrapped: T) -> OptionalTransformer<T> where Self == OptionalTransformer<T> {
    OptionalTransformer(wrapped: wrapped)
  }
}
