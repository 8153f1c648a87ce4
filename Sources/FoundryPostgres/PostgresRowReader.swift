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
      for cell in row { try append(cell, to: &rows) }
    }
    return rows.finish()
  }

  /// Rows read one at a time as a query's answer arrives, into ``SQLRows``.
  ///
  /// Unchecked `Sendable`: postgres-nio hands it rows on the connection's event loop, one
  /// after another, and the query's future (which ``finish()`` follows) completes after the
  /// last, on the same loop.
  final class Collector: @unchecked Sendable {
    /// Made with the first row's width (an answer without rows has no columns).
    private var rows = SQLRowsBuilder(columnCount: 0)
    private var isEmpty = true

    func append(_ row: PostgresRow) throws {
      if isEmpty {
        rows = SQLRowsBuilder(columnCount: row.count)
        isEmpty = false
      }
      for cell in row { try PostgresRowReader.append(cell, to: &rows) }
    }

    /// The rows read.
    func finish() -> SQLRows {
      var done = SQLRowsBuilder(columnCount: 0)
      swap(&done, &rows)
      return done.finish()
    }
  }

  /// Appends one cell to `rows`: the commonest binary cells (big-endian integers, IEEE floats,
  /// UTF-8 text) straight from their bytes, without postgres-nio's generic decoding (its type
  /// lookups per cell were most of a large read's cost) or a `String` per text; any other as
  /// ``value(_:)`` reads it.
  static func append(_ cell: PostgresCell, to rows: inout SQLRowsBuilder) throws {
    guard let bytes = cell.bytes else { return rows.appendNull() }
    if cell.format == .binary {
      let start = bytes.readerIndex
      switch (cell.dataType, bytes.readableBytes) {
      case (.int8, 8): if let integer = bytes.getInteger(at: start, as: Int64.self) { return rows.append(integer: integer) }
      case (.int4, 4): if let integer = bytes.getInteger(at: start, as: Int32.self) { return rows.append(integer: Int64(integer)) }
      case (.int2, 2): if let integer = bytes.getInteger(at: start, as: Int16.self) { return rows.append(integer: Int64(integer)) }
      case (.float8, 8): if let bits = bytes.getInteger(at: start, as: UInt64.self) { return rows.append(real: Double(bitPattern: bits)) }
      case (.float4, 4): if let bits = bytes.getInteger(at: start, as: UInt32.self) { return rows.append(real: Double(Float(bitPattern: bits))) }
      case (.bool, 1): if let flag = bytes.getInteger(at: start, as: UInt8.self) { return rows.append(integer: flag == 0 ? 0 : 1) }
      case (.text, _), (.varchar, _): return bytes.withUnsafeReadableBytes { rows.append(text: $0.bindMemory(to: UInt8.self)) }
      default: break
      }
    }
    rows.append(try value(cell))
  }

  static func value(_ cell: PostgresCell) throws -> SQLValue {
    guard var bytes = cell.bytes else { return .null }
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
}
