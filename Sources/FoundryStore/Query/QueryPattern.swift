/// Patterns for `BEGINSWITH`, `ENDSWITH`, `CONTAINS` and `LIKE` (whose `*` and `?` are
/// wildcards), every other character literal: for SQLite's case-sensitive `GLOB`, or for
/// `LIKE ... ESCAPE '\'` (PostgreSQL).
enum QueryPattern {
  static func glob(_ text: String, for operation: QueryComparison.Operator) -> String {
    switch operation {
    case .beginsWith: return escaped(text) + "*"
    case .endsWith: return "*" + escaped(text)
    case .like: return escaped(text, keepingWildcards: true)
    default: return "*" + escaped(text) + "*"
    }
  }

  /// `text` with GLOB's special characters made literal (`[*]`, `[?]`, `[[]`).
  private static func escaped(_ text: String, keepingWildcards: Bool = false) -> String {
    var pattern = ""
    for character in text {
      switch character {
      case "*" where !keepingWildcards, "?" where !keepingWildcards: pattern += "[\(character)]"
      case "[": pattern += "[[]"
      default: pattern.append(character)
      }
    }
    return pattern
  }

  /// The `LIKE` pattern (escape character `\`) of `text` for `operation`.
  static func like(_ text: String, for operation: QueryComparison.Operator) -> String {
    var pattern = ""
    for character in text {
      switch character {
      case "%", "_", "\\": pattern += "\\" + String(character)
      case "*" where operation == .like: pattern += "%"
      case "?" where operation == .like: pattern += "_"
      default: pattern.append(character)
      }
    }
    switch operation {
    case .beginsWith: return pattern + "%"
    case .endsWith: return "%" + pattern
    case .like: return pattern
    default: return "%" + pattern + "%"
    }
  }

}
