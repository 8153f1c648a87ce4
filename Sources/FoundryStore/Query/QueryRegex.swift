import Foundation
internal import FoundryInternals

/// `MATCHES`: a whole-string match of an ICU regular expression, the dialect NSPredicate and
/// Core Data use (`NSRegularExpression`). SQLite runs it through `NSRegularExpression` itself
/// (the `foundry_matches` function every store connection registers); PostgreSQL through its
/// own regular expressions (`~`, `~*`), which read most of ICU's syntax alike: a construct they
/// read otherwise is refused before the query runs (``unportable(_:)``).
///
/// ```swift
/// try QueryRegex.check("C.*é", column: 14)             // compiles
/// QueryRegex.unportable(#"\bcat\b"#)                    // "\\b (word boundary)"
/// ```
package enum QueryRegex {
  /// Checks that `pattern` is an ICU regular expression.
  /// - Throws: ``StoreError`` `invalidQuery` at `column`, with ICU's reason.
  package static func check(_ pattern: String, column: Int) throws(StoreError) {
    do {
      _ = try NSRegularExpression(pattern: pattern)
    } catch {
      throw QueryError.at(column, "MATCHES \"\(pattern)\" is not a regular expression (ICU syntax, as NSPredicate reads it)")
    }
  }

  /// Whether `text` matches `pattern` whole (`caseInsensitive`: `MATCHES[c]`); `false` for a
  /// pattern that does not compile.
  package static func matches(_ text: String, pattern: String, caseInsensitive: Bool) -> Bool {
    guard let expression = compiled(pattern, caseInsensitive: caseInsensitive) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
    return match.range == range
  }

  /// The compiled expressions of recent patterns: a query runs one pattern over many rows.
  private static let cache = Locked<[String: NSRegularExpression]>([:])

  private static func compiled(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
    let key = (caseInsensitive ? "i" : "s") + pattern
    if let known = cache.withLock({ $0[key] }) { return known }
    guard let expression = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : []) else { return nil }
    cache.withLock { cache in
      if cache.count >= 64 { cache.removeAll() }
      cache[key] = expression
    }
    return expression
  }

  /// The first construct of `pattern` that PostgreSQL's regular expressions read otherwise
  /// than ICU (or not at all), described; `nil` when every construct means the same in both.
  package static func unportable(_ pattern: String) -> String? {
    let characters = Array(pattern)
    var index = 0
    var inSet = false
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      switch character {
      case "\\":
        guard let next else { return "a trailing \\" }
        if let reason = unportableEscape(next, inSet: inSet) { return reason }
        index += 2
        continue
      case "[" where !inSet:
        inSet = true
        if next == "^" { index += 1 }
        // A `]` first in a set is a member in both dialects.
        if index + 1 < characters.count, characters[index + 1] == "]" { index += 1 }
      case "[" where inSet:
        guard next == ":" else { return "a set inside a set ([[a-z]&&[aeiou]], ICU's set operations)" }
        if let close = characters[(index + 2)...].firstIndex(of: "]") { index = close }
      case "&" where inSet && next == "&": return "&& in a set (ICU's set intersection)"
      case "]" where inSet: inSet = false
      case "(" where !inSet && next == "?":
        let kind = index + 2 < characters.count ? characters[index + 2] : nil
        guard kind == ":" || kind == "=" || kind == "!" else {
          return kind == "<" ? "(?< (lookbehind or a named group)" : "(?\(kind.map(String.init) ?? "") (a group ICU and PostgreSQL read otherwise)"
        }
      case "*", "+", "?", "}":
        if !inSet, next == "+" { return "\(character)+ (a possessive quantifier)" }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// What an escape `\c` means otherwise in PostgreSQL, or `nil` when it means the same.
  private static func unportableEscape(_ escaped: Character, inSet: Bool) -> String? {
    if escaped.isLetter {
      let same: Set<Character> = inSet ? ["d", "s", "w", "n", "r", "t", "f", "u"] : ["d", "D", "s", "S", "w", "W", "n", "r", "t", "f", "u"]
      if same.contains(escaped) { return nil }
      let meanings: [Character: String] = [
        "b": "word boundary", "B": "not a word boundary", "p": "a Unicode property", "P": "not a Unicode property", "Q": "quoting",
        "E": "quoting", "A": "the start", "Z": "the end", "z": "the end", "G": "the previous match", "x": "a hexadecimal character",
      ]
      return "\\\(escaped) (\(meanings[escaped] ?? "an ICU escape"))"
    }
    if escaped.isNumber { return escaped == "0" ? "\\0 (an octal character)" : nil }
    return nil
  }
}
