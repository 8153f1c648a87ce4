#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph

/// How one attribute's values become column values and back, exactly: integers of every
/// width as integers, decimals as their text, dates as seconds since 2001 (the `Date`'s own
/// `Double`, so sub-second precision survives), UUIDs and URIs as text, binary as a blob,
/// transformable and typed values as JSON text written by Foundry's writer.
package struct ColumnCodec {
  private let type: AttributeType
  private let location: String
  /// For transformable and typed values: their JSON text's writer and reader.
  private let json: StoredValueCodec?

  /// The codec of `attribute` of `entity`; transformer names are resolved in `registry`.
  package init(_ attribute: Attribute, of entity: String, registry: TransformerRegistry) throws(GraphError) {
    type = attribute.type
    location = "\(entity).\(attribute.name)"
    switch attribute.type {
    case .transformable, .value: json = try StoredValueCodec(attribute, of: entity, registry: registry)
    default: json = nil
    }
  }

  /// The column value of `value` (`nil` is SQL null).
  package func sqlValue(_ value: GraphValue?) throws(StoreError) -> SQLValue {
    guard let value else { return .null }
    switch value {
    case .string(let text):
      // SQLite's C API (as GRDB calls it) ends text at a NUL: such a string is kept as its
      // UTF-8 bytes instead, and read back as text.
      return text.utf8.contains(0) ? .blob(Array(text.utf8)) : .text(text)
    case .integer(let integer): return .integer(integer)
    case .bool(let flag): return .integer(flag ? 1 : 0)
    case .double(let double): return .real(double)
    case .float(let float): return .real(Double(float))
    case .decimal(let decimal): return .text(decimal.description)
    case .date(let date): return .real(date.timeIntervalSinceReferenceDate)
    case .data(let data): return .blob([UInt8](data))
    case .uuid(let uuid): return .text(uuid.uuidString)
    case .url(let url): return .text(url.absoluteString)
    case .json, .custom:
      guard let json else { throw StoreError(.invalidValue, "\(location): \(type) attribute holds \(value)") }
      do { return .text(try json.jsonText(value)) } catch { throw StoreError(.invalidValue, "\(location): cannot write \(value) as JSON: \(error)") }
    }
  }

  /// The attribute value of a column value.
  package func graphValue(_ value: SQLValue) throws(StoreError) -> GraphValue? {
    if case .null = value { return nil }
    switch (type, value) {
    case (.string, .text(let text)): return .string(text)
    case (.string, .blob(let bytes)): return .string(String(decoding: bytes, as: UTF8.self))
    case (.integer16, .integer(let integer)), (.integer32, .integer(let integer)), (.integer64, .integer(let integer)): return .integer(integer)
    case (.boolean, .integer(let integer)): return .bool(integer != 0)
    case (.double, .real(let double)): return .double(double)
    case (.double, .integer(let integer)): return .double(Double(integer))
    case (.float, .real(let double)): return .float(Float(double))
    case (.float, .integer(let integer)): return .float(Float(integer))
    case (.date, .real(let seconds)): return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case (.date, .integer(let seconds)): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
    case (.binary, .blob(let bytes)): return .data(Data(bytes))
    case (.decimal, .text(let text)):
      if let decimal = Decimal(string: text) { return .decimal(decimal) }
    case (.uuid, .text(let text)):
      if let uuid = UUID(uuidString: text) { return .uuid(uuid) }
    case (.uri, .text(let text)):
      if let url = URL(string: text) { return .url(url) }
    case (.transformable, .text(let text)), (.value, .text(let text)):
      if let json {
        do { return try json.value(fromJSON: text) } catch { throw StoreError(.invalidValue, "\(location): stored JSON does not read back: \(error)") }
      }
    default: break
    }
    throw StoreError(.invalidValue, "\(location): column holds \(value), not a \(type)")
  }
}
