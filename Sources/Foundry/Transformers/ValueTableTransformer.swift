/// Maps document values to Swift values through a table, with an optional default for
/// unknown, missing and `null` values (Motis's `mts_valueMappingForKey` and `MTSDefaultValue`).
///
/// ```swift
/// gender = try object.decode(at: 0, using: .values(["male": Gender.male, "female": .female], default: .undefined))
/// // "male" → .male; "other", null or no key → .undefined
/// ```
///
/// Without a default an unknown value is an error listing the known ones:
/// `expected one of "female", "male", found string "other"`. Writing looks the value up in
/// reverse; when several keys map to it the first in sorted order is written, and the default
/// (when the table has no key for it) writes `null`.
public struct ValueTableTransformer<Key: Hashable & MappableValue & Sendable, Value: Equatable & Sendable>: MappingTransformer {
  /// The document values and what they map to.
  public let table: [Key: Value]
  /// The value for unknown, missing and `null` document values; `nil` makes them errors.
  public let defaultValue: Value?
  /// The keys, in the order messages list them and reverse lookups try them.
  private let sortedKeys: [Key]

  /// A table with an optional default.
  ///
  /// ```swift
  /// let levels = ValueTableTransformer([1: Level.low, 2: .high], default: nil)
  /// ```
  /// - Parameters:
  ///   - table: Each document value and the value it stands for.
  ///   - defaultValue: The value for unknown, missing and `null` values; `nil` makes them errors.
  public init(_ table: [Key: Value], default defaultValue: Value? = nil) {
    self.table = table
    self.defaultValue = defaultValue
    sortedKeys = table.keys.sorted { Self.describe($0) < Self.describe($1) }
  }

  /// What the field accepts, for messages: `one of "female", "male"`.
  private var expectation: String {
    "one of " + sortedKeys.map(Self.describe).joined(separator: ", ")
  }

  private static func describe(_ key: Key) -> String {
    key is String ? "\"\(key)\"" : "\(key)"
  }

  /// Looks the value up; unknown values (and values of another type) take the default.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` listing the known values when there is no default.
  public func read(from value: ValueReader) throws -> Value {
    if value.isNull, let defaultValue { return defaultValue }
    let key: Key
    do {
      key = try Key.read(from: value)
    } catch {
      if let defaultValue { return defaultValue }
      throw value.mismatch(expected: expectation)
    }
    if let mapped = table[key] { return mapped }
    if let defaultValue { return defaultValue }
    throw value.invalid(expected: expectation)
  }

  /// Writes the key of `value`, or `null` for a default that no key maps to.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  /// - Throws: ``MappingError`` when no key maps to `value`.
  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    if let key = sortedKeys.first(where: { table[$0] == value }) {
      return try key.write(to: &writer)
    }
    if value == defaultValue { return writer.writeNull() }
    throw MappingError(code: .invalidValue, expected: expectation, found: "\(value)", reason: "no key maps to this value")
  }

  /// The default, for a missing key.
  public var valueForMissing: Value? { defaultValue }
}

extension MappingTransformer {
  /// A value table, inline.
  ///
  /// ```swift
  /// gender = try object.decode(at: 0, using: .values(["male": Gender.male, "female": .female], default: .undefined))
  /// ```
  /// - Parameters:
  ///   - table: Document values (strings, integers, any hashable mappable type) and what they map to.
  ///   - defaultValue: The value for unknown, missing and `null` values; `nil` makes them errors.
  public static func values<K, V>(_ table: [K: V], default defaultValue: V? = nil) -> ValueTableTransformer<K, V>
  where Self == ValueTableTransformer<K, V> {
    ValueTableTransformer(table, default: defaultValue)
  }
}
