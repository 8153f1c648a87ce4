/// The store's SQL as PostgreSQL takes it: the `?` marks of ``FoundryStore`` numbered `$1`,
/// `$2`, ... in order, skipping those inside string literals, quoted identifiers and comments.
///
/// The fragments that make a statement are joined in any order by the query compiler and the
/// save planner; numbering them once, when the statement runs, keeps every fragment a backend
/// shares free of positions.
///
/// ```swift
/// PostgresSQL.numbered(#"SELECT "a?" FROM t WHERE x = ? AND y = '?'"#)
/// // SELECT "a?" FROM t WHERE x = $1 AND y = '?'
/// ```
/// - Complexity: O(n) in the length of `sql`.
enum PostgresSQL {
  static func numbered(_ sql: String) -> String {
    var sql = sql
    return sql.withUTF8 { source in
      // Every character that matters is ASCII, so the UTF-8 bytes are scanned as they are
      // (a batch of inserts is a long text of marks).
      var result: [UInt8] = []
      result.reserveCapacity(source.count + source.count / 2 + 16)
      var number = 0
      var quote: UInt8?
      var inComment = false
      var previous: UInt8 = 0
      for byte in source {
        defer { previous = byte }
        if inComment {
          if byte == UInt8(ascii: "\n") { inComment = false }
          result.append(byte)
          continue
        }
        if let open = quote {
          if byte == open { quote = nil }
          result.append(byte)
          continue
        }
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
          quote = byte
          result.append(byte)
        case UInt8(ascii: "-") where previous == UInt8(ascii: "-"):
          inComment = true
          result.append(byte)
        case UInt8(ascii: "?"):
          number += 1
          result.append(UInt8(ascii: "$"))
          appendDecimal(number, to: &result)
        default:
          result.append(byte)
        }
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// Appends the decimal digits of `number` (positive).
  private static func appendDecimal(_ number: Int, to result: inout [UInt8]) {
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    var rest = number
    while divisor > 0 {
      result.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
