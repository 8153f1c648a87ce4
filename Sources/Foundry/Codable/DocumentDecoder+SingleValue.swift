import FoundryJSON

// The decoder is its own single-value container, so `singleValueContainer()` allocates nothing.
extension DocumentDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { node.isNull }

  func decode(_ type: Bool.Type) throws -> Bool { try reader.bool() }
  func decode(_ type: String.Type) throws -> String { try reader.string() }
  func decode(_ type: Double.Type) throws -> Double { try reader.double() }
  func decode(_ type: Float.Type) throws -> Float { try Float.read(from: reader) }
  func decode(_ type: Int.Type) throws -> Int { try reader.integer(Int.self) }
  func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(Int8.self) }
  func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(Int16.self) }
  func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(Int32.self) }
  func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(Int64.self) }
  func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(UInt.self) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(UInt8.self) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(UInt16.self) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(UInt32.self) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(UInt64.self) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeCurrent(T.self) }
}
