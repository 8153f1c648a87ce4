import FoundryJSON

/// A field that tells an absent key, an explicit `null` and a value apart, for PATCH-style
/// payloads where "leave it alone" and "clear it" differ.
///
/// ```swift
/// @Mappable struct ProfilePatch {
///   var nickname: Presence<String> = .absent
/// }
/// // {}                    → .absent  (encodes as {})
/// // {"nickname": null}    → .null    (encodes as {"nickname":null})
/// // {"nickname": "Ada"}   → .value("Ada")
/// ```
public enum Presence<Wrapped> {
  /// The key was not there.
  case absent
  /// The key was there with `null`.
  case null
  /// The key was there with a value.
  case value(Wrapped)

  /// The value, if there is one.
  public var value: Wrapped? {
    if case .value(let wrapped) = self { wrapped } else { nil }
  }
}

extension Presence: Equatable where Wrapped: Equatable {}
extension Presence: Hashable where Wrapped: Hashable {}
extension Presence: Sendable where Wrapped: Sendable {}

extension Presence: MappableValue where Wrapped: MappableValue {
  /// Inside arrays and dictionaries there is no absent key: `null` or a value.
  /// - Parameters:
  ///   - value: The document value to read.
  public static func read(from value: ValueReader) throws -> Presence<Wrapped> {
    value.isNull ? .null : .value(try Wrapped.read(from: value))
  }

  public func write(to writer: inout ValueWriter) throws {
    switch self {
    case .absent, .null: writer.writeNull()
    case .value(let wrapped): try wrapped.write(to: &writer)
    }
  }
}

extension ObjectReader {
  /// Reads a three-state field: absent, `null`, or a value.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  public mutating func decode<T: MappableValue>(_ type: Presence<T>.Type = Presence<T>.self, at field: Int) throws -> Presence<T> {
    guard contains(field) else { return .absent }
    return try decodeIfPresent(T.self, at: field).map(Presence.value) ?? .null
  }

  /// Reads a three-state field; the default is not used (absence is a state of its own).
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - defaultValue: Not used: absence is a state of its own.
  public mutating func decode<T: MappableValue>(_ type: Presence<T>.Type = Presence<T>.self, at field: Int, default defaultValue: @autoclosure () -> Presence<T>) throws
    -> Presence<T>
  {
    try decode(type, at: field)
  }
}

extension ObjectWriter {
  /// Writes a three-state field: absent leaves the key out, `null` writes `null`.
  /// - Parameters:
  ///   - value: The field's state.
  ///   - field: The field's position in the type's ``MappingSchema``.
  public mutating func encode<T: MappableValue>(_ value: Presence<T>, at field: Int) throws {
    switch value {
    case .absent: return
    case .null: try place(.null, at: field)
    case .value(let wrapped): try encode(wrapped, at: field)
    }
  }
}
