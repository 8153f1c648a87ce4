/// Reads a `Decodable` field through Foundry's `Decoder`, for ``ObjectReader``'s `Decodable`
/// overloads and `ValueReader.decode(_:)`.
///
/// ```swift
/// let money = try object.decode(at: 2, using: DecodableTransformer<Money>())
/// ```
public struct DecodableTransformer<Value: Decodable>: MappingTransformer {
  public init() {}

  public func read(from value: ValueReader) throws -> Value {
    try DocumentDecoder(reader: value).decodeRoot(Value.self)
  }
}

/// Writes an `Encodable` field through Foundry's `Encoder` (for ``ObjectWriter``'s
/// `Encodable` overloads), and reads it back through the `Decoder` when it is `Decodable` too.
///
/// ```swift
/// try object.encode(money, at: 2, using: EncodableTransformer<Money>())
/// ```
public struct EncodableTransformer<Value: Encodable>: MappingTransformer {
  public init() {}

  public func read(from value: ValueReader) throws -> Value {
    guard let decodable = Value.self as? any Decodable.Type, let decoded = try DocumentDecoder(reader: value).decodeRoot(decodable) as? Value else {
      throw value.invalid(expected: "\(Value.self)", reason: "the type is not Decodable")
    }
    return decoded
  }

  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    let encoder = DocumentEncoder(context: writer.context)
    try encoder.encode(value)
    writer.write(encoder.value)
  }
}
