#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// The types the decoder reads by itself rather than through their `init(from:)`.
///
/// - The common scalars, without a trip through `init(from:)` and a container.
/// - What `JSONDecoder` treats specially because their own `Decodable` shapes are not JSON's:
///   `Data` from base64, `URL` from a string, `Decimal` from the number text, and
///   `[String: T]` with its keys left alone under snake-case conversion.
/// - Arrays, element by element with their capacity reserved, the same as `Array`'s own
///   `init(from:)` minus a boxed container and the generic growth.
///
/// `Date` is left to its own `Decodable` (seconds since 2001), `JSONDecoder`'s default.
enum SpecialDecoding {
  /// How a type decodes, found once per type and remembered by the decoder.
  enum Kind {
    case plain
    case data
    case url
    case decimal
    case dictionary(any StringKeyedDictionary.Type)
    case array(any DecodableArray.Type)
  }

  @inline(__always)
  static func isScalar<T>(_ type: T.Type) -> Bool {
    T.self == String.self || T.self == Double.self || T.self == Int.self || T.self == Bool.self || T.self == Int64.self
  }

  /// Reads a scalar; only for types ``isScalar(_:)`` accepts. Each `unsafeBitCast` follows an
  /// identity check of `T` (the last one, `Int64`, is the one type ``isScalar(_:)`` leaves),
  /// so it is a plain copy.
  @inline(__always)
  static func scalar<T>(_ type: T.Type, from value: ValueReader) throws -> T {
    if T.self == String.self { return unsafeBitCast(try value.string(), to: T.self) }
    if T.self == Double.self { return unsafeBitCast(try value.double(), to: T.self) }
    if T.self == Int.self { return unsafeBitCast(try value.integer(Int.self), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try value.bool(), to: T.self) }
    assert(T.self == Int64.self, "scalar(_:from:) is only for the types isScalar accepts")
    return unsafeBitCast(try value.integer(Int64.self), to: T.self)
  }

  static func classify(_ type: Any.Type) -> Kind {
    if type == Data.self { return .data }
    if type == URL.self { return .url }
    if type == Decimal.self { return .decimal }
    if let array = type as? any DecodableArray.Type { return .array(array) }
    if let dictionary = type as? any StringKeyedDictionary.Type { return .dictionary(dictionary) }
    return .plain
  }

  /// Decodes the decoder's current value as `T` of kind `kind` (not `.plain`).
  static func decode<T>(_ type: T.Type, kind: Kind, from decoder: DocumentDecoder) throws -> T {
    switch kind {
    case .plain: preconditionFailure("plain types decode through init(from:)")
    // `kind` is `classify(T.self)` (`DocumentDecoder.kind(of:)`), so below `T` is `Data`, `URL`, `Decimal`: plain copies.
    case .data:
      assert(T.self == Data.self, "kind must be classify(T.self)")
      return unsafeBitCast(try data(decoder.reader), to: T.self)
    case .url:
      assert(T.self == URL.self, "kind must be classify(T.self)")
      return unsafeBitCast(try URL.read(from: decoder.reader), to: T.self)
    case .decimal:
      assert(T.self == Decimal.self, "kind must be classify(T.self)")
      return unsafeBitCast(try decoder.reader.decimal(), to: T.self)
    case .dictionary(let dictionary): return try dictionary.decodeDictionary(from: decoder, as: T.self)
    case .array(let array): return try array.decodeArray(from: decoder, as: T.self)
    }
  }

  /// `JSONDecoder`'s default `.base64` data strategy.
  private static func data(_ value: ValueReader) throws -> Data {
    guard value.kind == .string else { throw value.mismatch(expected: "Data (base64)") }
    let string = try value.string()
    guard let data = Data(base64Encoded: string) else { throw value.invalid(expected: "Data (base64)") }
    return data
  }
}

/// `[String: T]`, decoded member by member with keys as written.
protocol StringKeyedDictionary {
  /// Decodes the decoder's current value; `T` is `Self`.
  static func decodeDictionary<T>(from decoder: DocumentDecoder, as type: T.Type) throws -> T
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
  static func decodeDictionary<T>(from decoder: DocumentDecoder, as type: T.Type) throws -> T {
    let object = decoder.node
    guard object.kind == .object else { throw decoder.reader.mismatch(expected: "object") }
    let keepsFirst = decoder.context.options.parsing.duplicateKeys == .keepFirst
    var result: [String: Value] = [:]
    result.reserveCapacity(object.count)
    for (key, member) in object.members {
      if keepsFirst, result[key] != nil { continue }
      result[key] = try decoder.decode(Value.self, from: member, at: .key(key))
    }
    // `T` is `Self`, `[String: Value]` (see the protocol), so the cast is a plain copy.
    return unsafeBitCast(result, to: T.self)
  }
}

/// `[T]`, decoded element by element.
protocol DecodableArray {
  /// Decodes the decoder's current value; `T` is `Self`.
  static func decodeArray<T>(from decoder: DocumentDecoder, as type: T.Type) throws -> T
}

extension Array: DecodableArray where Element: Decodable {
  static func decodeArray<T>(from decoder: DocumentDecoder, as type: T.Type) throws -> T {
    // This runs unspecialized (found through a conformance), where every array of `Element`
    // asks the runtime for its type's metadata, twice. Arrays of the common scalars and of
    // arrays of them (coordinates) go to code specialized for their element type instead.
    // `T` is `Self`, `[Element]` (see the protocol), and each branch checks `Element`: every cast is a plain copy.
    if Element.self == Double.self { return unsafeBitCast(try SpecialDecoding.elements(Double.self, from: decoder), to: T.self) }
    if Element.self == [Double].self { return unsafeBitCast(try SpecialDecoding.elements([Double].self, from: decoder), to: T.self) }
    if Element.self == Int.self { return unsafeBitCast(try SpecialDecoding.elements(Int.self, from: decoder), to: T.self) }
    if Element.self == String.self { return unsafeBitCast(try SpecialDecoding.elements(String.self, from: decoder), to: T.self) }
    return unsafeBitCast(try SpecialDecoding.elements(Element.self, from: decoder), to: T.self)
  }
}

extension SpecialDecoding {
  /// The decoder's current value as an array of `Element`.
  static func elements<Element: Decodable>(_ type: Element.Type, from decoder: DocumentDecoder) throws -> [Element] {
    let array = decoder.node
    guard array.kind == .array else { throw decoder.reader.mismatch(expected: "array") }
    var result: [Element] = []
    result.reserveCapacity(array.count)
    var index = 0
    for element in array.elements {
      result.append(try decoder.decode(Element.self, from: element, at: .index(index)))
      index += 1
    }
    return result
  }
}
