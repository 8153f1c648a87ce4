import FoundryStore
internal import PostgresNIO

/// Reads a query's rows into ``SQLRows``, each cell by its PostgreSQL type: integers and
/// booleans as integers, floats as reals, `bytea` as a blob, `jsonb` and everything else as
/// text.
enum PostgresRowReader {
  static func rows(_ result: PostgresQueryResult) throws -> SQLRows {
    guard let first = result.rows.first else { return SQLRows(columnCount: 0) }
    var rows = SQLRowsBuilder(columnCount: first.count)
    for row in result.rows {
      for cell in row { rows.append(try value(cell)) }
    }
    return rows.finish()
  }

  /// Rows read one at a time as a query's answer arrives, into ``SQLRows``.
  ///
  /// Unchecked `Sendable`: postgres-nio hands it rows on the connection's event loop, one
  /// after another, and the query's future (which ``finish()`` follows) completes after the
  /// last, on the same loop.
  final class Collector: @unchecked Sendable {
    private var rows: SQLRowsBuilder?

    func append(_ row: PostgresRow) throws {
      if rows == nil { rows = SQLRowsBuilder(columnCount: row.count) }
      for cell in row { rows?.append(try value(cell)) }
    }

    /// The rows read (none, with no columns, for an empty answer).
    func finish() -> SQLRows {
      guard let rows = rows.take() else { return SQLRows(columnCount: 0) }
      return rows.finish()
    }
  }

  static func value(_ cell: PostgresCell) throws -> SQLValue {
    guard var bytes = cell.bytes else { return .null }
    if cell.format == .binary, let value = binaryValue(&bytes, type: cell.dataType) { return value }
    switch cell.dataType {
    case .int2, .int4, .int8, .oid: return .integer(try cell.decode(Int64.self))
    case .float4, .float8: return .real(try cell.decode(Double.self))
    case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
    case .bytea: return .blob(bytes.readBytes(length: bytes.readableBytes) ?? [])
    case .jsonb where cell.format == .binary:
      // Binary `jsonb` is a version byte (1) and the JSON text.
      _ = bytes.readInteger(as: UInt8.self)
      return .text(bytes.readString(length: bytes.readableBytes) ?? "")
    default:
      if cell.format == .text { return .text(bytes.readString(length: bytes.readableBytes) ?? "") }
      if let text = try? cell.decode(String.self) { return .text(text) }
      throw StoreError(.database, "column \(cell.columnName) has PostgreSQL type \(cell.dataType), which the store does not read")
    }
  }

  /// The commonest binary cells read straight from their bytes (big-endian integers, IEEE
  /// floats, UTF-8 text), as ``value(_:)`` reads them through postgres-nio's generic decoding,
  /// whose type lookups were most of a large read's cost; `nil` for any other cell.
  private static func binaryValue(_ bytes: inout ByteBuffer, type: PostgresDataType) -> SQLValue? {
    switch (type, bytes.readableBytes) {
    case (.int8, 8): bytes.readInteger(as: Int64.self).map { .integer($0) }
    case (.int4, 4): bytes.readInteger(as: Int32.self).map { .integer(Int64($0)) }
    case (.int2, 2): bytes.readInteger(as: Int16.self).map { .integer(Int64($0)) }
    case (.float8, 8): bytes.readInteger(as: UInt64.self).map { .real(Double(bitPattern: $0)) }
    case (.float4, 4): bytes.readInteger(as: UInt32.self).map { .real(Double(Float(bitPattern: $0))) }
    case (.bool, 1): bytes.readInteger(as: UInt8.self).map { .integer($0 == 0 ? 0 : 1) }
    case (.text, _), (.varchar, _): bytes.readString(length: bytes.readableBytes).map { .text($0) }
    default: nil
    }
  }
}
