import FoundryStore
internal import PostgresNIO

/// A bound value as PostgreSQL receives it: integers as `int8`, reals as `float8`, blobs as
/// `bytea` (all binary), and text with no declared type, so the server reads it as whatever
/// its place needs: `text`, `jsonb` for a JSON column, `text[]` for a JSON path.
struct PostgresParameter: PostgresDynamicTypeEncodable {
  let value: SQLValue

  var psqlType: PostgresDataType {
    switch value {
    case .integer: .int8
    case .real: .float8
    case .blob: .bytea
    // OID 0: unspecified, inferred by the server from the statement.
    case .text, .null: PostgresDataType(0)
    }
  }

  var psqlFormat: PostgresFormat {
    if case .text = value { return .text }
    return .binary
  }

  func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
    switch value {
    case .integer(let integer): byteBuffer.writeInteger(integer)
    case .real(let double): byteBuffer.writeInteger(double.bitPattern)
    case .text(let text): byteBuffer.writeString(text)
    case .blob(let bytes): byteBuffer.writeBytes(bytes)
    case .null: break
    }
  }

  /// The bindings of a statement's arguments, `.newRow(n)` as the row the save took for new
  /// object `n`.
  static func bindings(_ arguments: [SQLArgument], rows: [Int64]) -> PostgresBindings {
    var bindings = PostgresBindings(capacity: arguments.count)
    for argument in arguments {
      switch argument {
      case .newRow(let position): bindings.append(PostgresParameter(value: .integer(rows.indices.contains(position) ? rows[position] : 0)))
      // Bound before a statement runs (`SQLStatement.bindingLists`): none is left here.
      case .integers: bindings.appendNull()
      case .value(.null): bindings.appendNull()
      case .value(let value): bindings.append(PostgresParameter(value: value))
      }
    }
    return bindings
  }
}
