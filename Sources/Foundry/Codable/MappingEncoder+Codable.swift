import FoundryJSON

// `Encodable` types through Foundry's writer; disfavored so `MappableValue` types keep the
// native path.

extension MappingEncoder {
  /// Encodes an `Encodable` value to UTF-8 JSON bytes with Foundry's writer.
  ///
  /// ```swift
  /// struct Point: Codable { var x, y: Double }
  /// let bytes = try MappingEncoder().encode(Point(x: 1, y: 2))   // {"x":1,"y":2}
  /// ```
  ///
  /// `Date` encodes through its own `Encodable` (`JSONEncoder`'s default), `Data` as base64,
  /// `URL` as its string and `Decimal` exactly. Keys are written as the coding keys say.
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  /// - Throws: ``MappingError`` (a non-finite `Double`, or an error of the value's `encode(to:)`).
  @_disfavoredOverload
  public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    try encodeToValue(value).makeJSON(options: options.writing)
  }

  /// Encodes an `Encodable` value to JSON text.
  ///
  /// ```swift
  /// print(try MappingEncoder().encodeToString(Point(x: 1, y: 2)))
  /// ```
  /// - Parameters:
  ///   - value: The value to encode.
  @_disfavoredOverload
  public func encodeToString<T: Encodable>(_ value: T) throws -> String {
    try encodeToValue(value).makeJSONString(options: options.writing)
  }

  /// Encodes an `Encodable` value to a `JSONValue` tree.
  ///
  /// ```swift
  /// let tree = try MappingEncoder().encodeToValue(Point(x: 1, y: 2))
  /// tree["x"]?.double   // 1.0
  /// ```
  /// - Parameters:
  ///   - value: The value to encode.
  @_disfavoredOverload
  public func encodeToValue<T: Encodable>(_ value: T) throws -> JSONValue {
    let encoder = DocumentEncoder(context: EncodingContext(options: options))
    try encoder.encode(value)
    return encoder.value
  }
}
