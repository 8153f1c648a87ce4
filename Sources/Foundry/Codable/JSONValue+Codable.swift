import FoundryJSON

/// Any JSON through any `Decoder` or `Encoder`: a field of arbitrary JSON in a `Codable` model.
///
/// ```swift
/// struct Event: Codable { var name: String; var payload: JSONValue }
/// let event = try JSONDecoder().decode(Event.self, from: data)
/// ```
///
/// Through Foundry's decoder the value is read from the document exactly (numbers keep their
/// text). Other decoders are asked for a null, Bool, integer, Double, string, object or array
/// in turn, so a number that is neither an exact 64-bit integer nor a `Double` comes back rounded.
extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    if let document = decoder as? DocumentDecoder {
      self = document.node.value
      return
    }
    if let object = try? decoder.container(keyedBy: CodingPathKey.self) {
      var members: [(String, JSONValue)] = []
      for key in object.allKeys {
        members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
      }
      self = .object(JSONObject(members, uniquingKeysWith: .keepLast))
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? single.decode(Int64.self) {
      self = .number(JSONNumber(integer))
    } else if let integer = try? single.decode(UInt64.self) {
      self = .number(JSONNumber(integer))
    } else if let double = try? single.decode(Double.self), let number = JSONNumber(double) {
      self = .number(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    if let document = encoder as? DocumentEncoder {
      document.storage = .value(self)
      return
    }
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let bool):
      var single = encoder.singleValueContainer()
      try single.encode(bool)
    case .number(let number):
      var single = encoder.singleValueContainer()
      if number.isInteger, let integer = number.int64 {
        try single.encode(integer)
      } else if number.isInteger, let integer = number.uint64 {
        try single.encode(integer)
      } else {
        try single.encode(number.double ?? .nan)
      }
    case .string(let string):
      var single = encoder.singleValueContainer()
      try single.encode(string)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: CodingPathKey.self)
      for (key, value) in object { try container.encode(value, forKey: CodingPathKey(stringValue: key)) }
    }
  }
}
