/// One token of a query, with the column (1-based, in characters) where it starts.
struct QueryToken: Equatable {
  enum Kind: Equatable {
    case word(String)
    case string(String)
    case number(String)
    case symbol(String)
    case options(String)
    case end
  }
  let kind: Kind
  let column: Int
}

/// Splits query text into tokens: words (key-path segments and keywords), quoted strings
/// (single or double quotes, backslash escapes), numbers, operators and `[c]`-style options.
struct QueryLexer {
  private let characters: [Character]
  private var position = 0
  /// The `%@` placeholders read so far: the next is variable `$%n` (n from 1), a positional argument.
  private var placeholders = 0

  init(_ text: String) { characters = Array(text) }

  /// Every token, ending with `.end`.
  static func tokens(_ text: String) throws(StoreError) -> [QueryToken] {
    var lexer = QueryLexer(text)
    var tokens: [QueryToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<>", "<=", ">=", "=<", "=>", "&&", "||"]

  private mutating func next() throws(StoreError) -> QueryToken {
    while position < characters.count, characters[position].isWhitespace { position += 1 }
    let start = position
    let column = start + 1
    guard position < characters.count else { return QueryToken(kind: .end, column: column) }
    let character = characters[position]
    if character == "\"" || character == "'" { return QueryToken(kind: .string(try quoted(character, column: column)), column: column) }
    if character.isNumber || (character == "-" && position + 1 < characters.count && characters[position + 1].isNumber) {
      position += 1
      while position < characters.count,
        characters[position].isNumber || "._eE".contains(characters[position])
          || ((characters[position] == "-" || characters[position] == "+") && "eE".contains(characters[position - 1]))
      {
        position += 1
      }
      return QueryToken(kind: .number(String(characters[start..<position])), column: column)
    }
    if character.isLetter || character == "_" || character == "@" || character == "$" {
      position += 1
      while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
        position += 1
      }
      return QueryToken(kind: .word(String(characters[start..<position])), column: column)
    }
    if character == "%", position + 1 < characters.count, characters[position + 1] == "@" {
      // NSPredicate's `%@`: the next argument of `QueryPredicate(format:_:)`.
      position += 2
      placeholders += 1
      return QueryToken(kind: .word("$%\(placeholders)"), column: column)
    }
    if character == "[" {
      guard let close = characters[position...].firstIndex(of: "]") else {
        throw QueryError.at(column, "unclosed option bracket: expected [c], [d] or [cd]")
      }
      let options = String(characters[(position + 1)..<close])
      position = close + 1
      return QueryToken(kind: .options(options), column: column)
    }
    if position + 1 < characters.count, Self.twoCharacterSymbols.contains(String(characters[position...(position + 1)])) {
      position += 2
      return QueryToken(kind: .symbol(String(characters[start..<position])), column: column)
    }
    guard "=<>!(){},.".contains(character) else { throw QueryError.at(column, "unexpected character '\(character)'") }
    position += 1
    return QueryToken(kind: .symbol(String(character)), column: column)
  }

  /// A quoted string's contents, with `\n`, `\t`, `\\` and escaped quotes resolved.
  private mutating func quoted(_ quote: Character, column: Int) throws(StoreError) -> String {
    position += 1
    var text = ""
    while position < characters.count {
      let character = characters[position]
      position += 1
      if character == quote { return text }
      guard character == "\\" else {
        text.append(character)
        continue
      }
      guard position < characters.count else { break }
      let escaped = characters[position]
      position += 1
      switch escaped {
      case "n": text.append("\n")
      case "t": text.append("\t")
      case "r": text.append("\r")
      default: text.append(escaped)
      }
    }
    throw QueryError.at(column, "unterminated string")
  }
}

/// Errors in query text: where (the column) and why.
enum QueryError {
  static func at(_ column: Int, _ message: String) -> StoreError {
    StoreError(.invalidQuery, "column \(column): \(message)")
  }

  /// A ``QueryLimits`` limit crossed at `column`.
  static func limit(_ column: Int, _ message: String) -> StoreError {
    StoreError(.queryLimitExceeded, "column \(column): \(message)")
  }
}
