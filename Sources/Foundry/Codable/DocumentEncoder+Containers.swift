import FoundryJSON

/// A keyed container writing into an ``ObjectBuffer``.
struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: DocumentEncoder
  let buffer: ObjectBuffer
  let codingPath: [any CodingKey]

  private func put(_ value: EncodedValue, _ key: Key) {
    buffer.members.append((key.stringValue, value))
  }

  private func put(_ value: JSONValue, _ key: Key) { put(.value(value), key) }

  mutating func encodeNil(forKey key: Key) { put(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) { put(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { put(try scalar(value, key), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { put(try scalar(value, key), key) }
  mutating func encode(_ value: Int, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) { put(.number(JSONNumber(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) { put(.number(JSONNumber(value)), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    put(try encoder.encode(value, path: codingPath + [key], component: .key(key.stringValue)), key)
  }

  private func scalar<T: MappableValue>(_ value: T, _ key: Key) throws -> JSONValue {
    do {
      return try encoder.scalar(value)
    } catch {
      var failure = MappingError.converting(error, depth: 0, offset: -1)
      failure.offset = nil
      failure.prepend(.key(key.stringValue))
      throw failure
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectBuffer()
    put(.object(nested), key)
    return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(encoder: encoder, buffer: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayBuffer()
    put(.array(nested), key)
    return UnkeyedValueContainer(encoder: encoder, buffer: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: CodingPathKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let child = DocumentEncoder(context: encoder.context, codingPath: codingPath + [key], userInfo: encoder.userInfo)
    buffer.members.append((key.stringValue, .encoder(child)))
    return child
  }
}

/// An unkeyed container writing into an ``ArrayBuffer``.
struct UnkeyedValueContainer: UnkeyedEncodingContainer {
  let encoder: DocumentEncoder
  let buffer: ArrayBuffer
  let codingPath: [any CodingKey]

  var count: Int { buffer.elements.count }

  private func put(_ value: JSONValue) { buffer.elements.append(.value(value)) }

  mutating func encodeNil() { put(.null) }
  mutating func encode(_ value: Bool) { put(.bool(value)) }
  mutating func encode(_ value: String) { put(.string(value)) }
  mutating func encode(_ value: Double) throws { put(try scalar(value)) }
  mutating func encode(_ value: Float) throws { put(try scalar(value)) }
  mutating func encode(_ value: Int) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int8) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int16) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int32) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int64) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt8) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt16) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt32) { put(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt64) { put(.number(JSONNumber(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let index = count
    buffer.elements.append(try encoder.encode(value, path: codingPath + [CodingPathKey(intValue: index)], component: .index(index)))
  }

  private func scalar<T: MappableValue>(_ value: T) throws -> JSONValue {
    do {
      return try encoder.scalar(value)
    } catch {
      var failure = MappingError.converting(error, depth: 0, offset: -1)
      failure.offset = nil
      failure.prepend(.index(count))
      throw failure
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectBuffer()
    let key = CodingPathKey(intValue: count)
    buffer.elements.append(.object(nested))
    return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(encoder: encoder, buffer: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayBuffer()
    let key = CodingPathKey(intValue: count)
    buffer.elements.append(.array(nested))
    return UnkeyedValueContainer(encoder: encoder, buffer: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let child = DocumentEncoder(context: encoder.context, codingPath: codingPath + [CodingPathKey(intValue: count)], userInfo: encoder.userInfo)
    buffer.elements.append(.encoder(child))
    return child
  }
}
