#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
internal import FoundryInternals

/// How one attribute's values become column values and back, exactly, by the type of the value
/// after the attribute's transformer (``StoredValueCodec/storedType``): integers of every
/// width as integers, decimals as their text, dates as seconds since 2001 (the `Date`'s own
/// `Double`, so sub-second precision survives), UUIDs and URIs as text, binary as a blob, and
/// everything else as JSON text written by Foundry's writer.
package struct ColumnCodec: Sendable {
  /// The type of the values the column holds.
  package let type: AttributeType
  private let location: String
  /// The attribute's storage: its stored type, and the JSON text of JSON-kept values.
  package let storage: StoredValueCodec
  /// Which cells of the column read without an ``SQLValue`` in between
  /// (`SQLRows.plainValue(at:_:)`): ``type`` told once, as a plain enum.
  let plainCell: PlainCell

  /// The kinds of cell `SQLRows.plainValue(at:_:)` reads straight into a value.
  enum PlainCell {
    /// Text of a string attribute.
    case text
    /// An integer of an integer attribute of any width.
    case integer
    /// A real of a double attribute.
    case double
    /// A real of a date attribute: seconds since 2001.
    case date
    /// None: every cell goes through ``ColumnCodec/graphValue(_:)``.
    case none
  }

  /// The codec of `attribute` of `entity`; transformer names are resolved in `registry`.
  package init(_ attribute: Attribute, of entity: String, registry: TransformerRegistry) throws(GraphError) {
    storage = try StoredValueCodec(attribute, of: entity, registry: registry)
    type = storage.storedType
    location = "\(entity).\(attribute.name)"
    plainCell =
      switch type {
      case .string: .text
      case .integer16, .integer32, .integer64: .integer
      case .double: .double
      case .date: .date
      default: .none
      }
  }

  /// The column value of `value` (`nil` is SQL null).
  package func sqlValue(_ value: GraphValue?) throws(StoreError) -> SQLValue {
    guard let value else { return .null }
    if storage.isJSON {
      do { return .text(try storage.jsonText(value)) } catch { throw StoreError(.invalidValue, "\(location): cannot write \(value) as JSON: \(error)") }
    }
    guard let fitted = value.converted(to: type) else { throw StoreError(.invalidValue, "\(location): kept as \(type), it cannot hold \(value)") }
    switch fitted {
    case .string(let text):
      // SQLite's C API (as GRDB calls it) ends text at a NUL: such a string is kept as its
      // UTF-8 bytes instead, and read back as text.
      return ByteSearch.contains(0, in: text) ? .blob(Array(text.utf8)) : .text(text)
    case .integer(let integer): return .integer(integer)
    case .bool(let flag): return .integer(flag ? 1 : 0)
    case .double(let double): return .real(double)
    case .float(let float): return .real(Double(float))
    case .decimal(let decimal): return .text(decimal.description)
    case .date(let date): return .real(date.timeIntervalSinceReferenceDate)
    case .data(let data): return .blob([UInt8](data))
    case .uuid(let uuid): return .text(uuid.uuidString)
    case .url(let url): return .text(url.absoluteString)
    case .json, .custom: throw StoreError(.invalidValue, "\(location): kept as \(type), it cannot hold \(value)")
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
      do { return try storage.value(fromJSON: text) } catch { throw StoreError(.invalidValue, "\(location): stored JSON does not read back: \(error)") }
    default: break
    }
    throw StoreError(.invalidValue, "\(location): column holds \(value), not a \(type)")
  }
}
