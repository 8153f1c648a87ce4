/// A transformer made of closures, for one-off conversions.
///
/// ```swift
/// let celsius = CustomTransformer<Double>(
///   read: { value in (try value.double() - 32) * 5 / 9 },
///   write: { celsius, writer in try writer.write(celsius * 9 / 5 + 32) }
/// )
/// ```
public struct CustomTransformer<Value>: MappingTransformer {
  let reader: @Sendable (ValueReader) throws -> Value
  let writer: (@Sendable (Value, inout ValueWriter) throws -> Void)?

  /// A transformer from a read closure and an optional write closure.
  ///
  /// ```swift
  /// let shouting = CustomTransformer<String>(read: { try $0.string().uppercased() }, write: nil)
  /// ```
  /// - Parameters:
  ///   - read: Reads the value.
  ///   - write: Writes it back; `nil` makes the field read-only.
  public init(
    read: @escaping @Sendable (ValueReader) throws -> Value,
    write: (@Sendable (Value, inout ValueWriter) throws -> Void)? = nil
  ) {
    reader = read
    writer = write
  }

  /// Runs the read closure.
  /// - Parameters:
  ///   - value: The document value to read.
  public func read(from value: ValueReader) throws -> Value { try reader(value) }

  /// Runs the write closure; fails when there is none.
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    guard let write = self.writer else {
      throw MappingError(code: .invalidValue, reason: "the custom transformer for \(Value.self) cannot write values back")
    }
    try write(value, &writer)
  }
}

extension MappingTransformer {
  /// A transformer from closures, inline.
  ///
  /// Swift 6.3 does not infer `@Sendable` for closures given to a static member found through
  /// a generic context, so mark them (or write `CustomTransformer(read:write:)`):
  ///
  /// ```swift
  /// score = try object.decode(at: 0, using: .custom(read: { @Sendable in try $0.double() * 10 }, write: { @Sendable in try $1.write($0 / 10) }))
  /// ```
  /// - Parameters:
  ///   - read: Reads the value.
  ///   - write: Writes it back; `nil` makes the field read-only.
  public static func custom<T>(
    read: @escaping @Sendable (ValueReader) throws -> T,
    write: (@Sendable (T, inout ValueWriter) throws -> Void)? = nil
  ) -> CustomTransformer<T> where Self == CustomTransformer<T> {
    CustomTransformer(read: read, write: write)
  }
}
