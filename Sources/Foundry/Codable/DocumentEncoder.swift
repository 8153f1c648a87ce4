#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// The `Encoder` that turns `Encodable` values into a ``JSONValue`` tree.
///
/// Containers write into reference buffers (a nested container keeps writing after its parent
/// has stored it), which become the tree once the value is encoded. Encoding the same key twice
/// keeps the last value, as `JSONEncoder` does.
final class DocumentEncoder: Encoder {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  let context: EncodingContext
  /// What the one container of this encoder wrote; `nil` until one writes.
  var storage: EncodedValue?

  init(context: EncodingContext, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
    self.context = context
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  /// The encoded value; an `Encodable` that wrote nothing is `{}`, as in `JSONEncoder`.
  var value: JSONValue { storage?.json ?? .object(JSONObject()) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let buffer: ObjectBuffer
    if case .object(let existing) = storage {
      buffer = existing
    } else {
      buffer = ObjectBuffer()
      storage = .object(buffer)
    }
    return KeyedEncodingContainer(KeyedValueContainer<Key>(encoder: self, buffer: buffer, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let buffer: ArrayBuffer
    if case .array(let existing) = storage {
      buffer = existing
    } else {
      buffer = ArrayBuffer()
      storage = .array(buffer)
    }
    return UnkeyedValueContainer(encoder: self, buffer: buffer, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  // MARK: - Values

  /// Encodes `value`, whose coding path is `path`; errors get `component` in front.
  func encode<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey], component: MappingPath.Component) throws -> EncodedValue {
    do {
      if let special = try SpecialEncoding.encode(value, context: context) { return .value(special) }
      let child = DocumentEncoder(context: context, codingPath: path(), userInfo: userInfo)
      try value.encode(to: child)
      return child.storage ?? .value(.object(JSONObject()))
    } catch {
      var failure = MappingError.converting(error, depth: path().count, offset: -1)
      failure.offset = nil
      failure.prepend(component)
      throw failure
    }
  }

  /// A scalar through its ``MappableValue`` conformance: the same text as the native path.
  func scalar<T: MappableValue>(_ value: T) throws -> JSONValue {
    var writer = ValueWriter(context: context)
    try value.write(to: &writer)
    return writer.value
  }
}

// MARK: - Buffers

/// A value being encoded: finished, or a container that nested containers may still fill.
enum EncodedValue {
  case value(JSONValue)
  case object(ObjectBuffer)
  case array(ArrayBuffer)
  /// A `superEncoder()`: whatever it ends up holding.
  case encoder(DocumentEncoder)

  var json: JSONValue {
    switch self {
    case .value(let value): value
    case .object(let buffer): .object(JSONObject(buffer.members.map { ($0.key, $0.value.json) }, uniquingKeysWith: .keepLast))
    case .array(let buffer): .array(buffer.elements.map(\.json))
    case .encoder(let encoder): encoder.value
    }
  }
}

final class ObjectBuffer {
  var members: [(key: String, value: EncodedValue)] = []
}

final class ArrayBuffer {
  var elements: [EncodedValue] = []
}

// MARK: - Single value

extension DocumentEncoder: SingleValueEncodingContainer {
  func encodeNil() { storage = .value(.null) }
  func encode(_ value: Bool) { storage = .value(.bool(value)) }
  func encode(_ value: String) { storage = .value(.string(value)) }
  func encode(_ value: Double) throws { storage = .value(try scalar(value)) }
  func encode(_ value: Float) throws { storage = .value(try scalar(value)) }
  func encode(_ value: Int) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: Int8) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: Int16) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: Int32) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: Int64) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: UInt) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: UInt8) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: UInt16) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: UInt32) { storage = .value(.number(JSONNumber(value))) }
  func encode(_ value: UInt64) { storage = .value(.number(JSONNumber(value))) }

  func encode<T: Encodable>(_ value: T) throws {
    if let special = try SpecialEncoding.encode(value, context: context) {
      storage = .value(special)
    } else {
      try value.encode(to: self)
    }
  }
}

/// The encoding side of ``SpecialDecoding``: `Data` as base64, `URL` as its string, `Decimal`
/// as its exact text, `[String: T]` with keys as written, scalars without a container.
enum SpecialEncoding {
  static func encode<T: Encodable>(_ value: T, context: EncodingContext) throws -> JSONValue? {
    switch value {
    case let string as String: return .string(string)
    case let int as Int: return .number(JSONNumber(int))
    case let bool as Bool: return .bool(bool)
    case let double as Double: return try scalar(double, context)
    case is Date: return nil  // deferred to Date's own Encodable, as JSONEncoder's default
    case let data as Data: return .string(data.base64EncodedString())
    case let url as URL: return .string(url.absoluteString)
    case let decimal as Decimal: return try scalar(decimal, context)
    case let dictionary as any StringKeyedEncodable: return try dictionary.encodeMembers(context: context)
    default: return nil
    }
  }

  private static func scalar<T: MappableValue>(_ value: T, _ context: EncodingContext) throws -> JSONValue {
    var writer = ValueWriter(context: context)
    try value.write(to: &writer)
    return writer.value
  }
}

/// `[String: T]` encoded member by member, keys sorted like the mapping runtime's dictionaries.
protocol StringKeyedEncodable {
  func encodeMembers(context: EncodingContext) throws -> JSONValue
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
  func encodeMembers(context: EncodingContext) throws -> JSONValue {
    let encoder = DocumentEncoder(context: context)
    var object = JSONObject()
    for (key, value) in self.sorted(by: { $0.key < $1.key }) {
      object[key] = try encoder.encode(value, path: [CodingPathKey(stringValue: key)], component: .key(key)).json
    }
    return .object(object)
  }
}
