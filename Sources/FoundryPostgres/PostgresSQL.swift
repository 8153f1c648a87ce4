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
    var result = ""
    result.reserveCapacity(sql.utf8.count + 16)
    var number = 0
    var quote: Character?
    var inComment = false
    var previous: Character?
    for character in sql {
      defer { previous = character }
      if inComment {
        if character == "\n" { inComment = false }
        result.append(character)
        continue
      }
      if let open = quote {
        if character == open { quote = nil }
        result.append(character)
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        result.append(character)
      case "-" where previous == "-":
        inComment = true
        result.append(character)
      case "?":
        number += 1
        result += "$\(number)"
      default:
        result.append(character)
      }
    }
    return result
  }
}
