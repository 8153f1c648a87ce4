import FoundryStore

/// SQLite's spelling: type affinities, `INTEGER PRIMARY KEY` as the row ID, `GLOB` patterns,
/// and the JSON1 functions with `$."key"[0]` paths.
struct SQLiteDialect: SQLDialect {
  func name(of type: ColumnType) -> String {
    switch type {
    case .integer: "INTEGER"
    case .real: "REAL"
    case .text, .json: "TEXT"
    case .blob: "BLOB"
    }
  }

  var keepsNULInText: Bool { true }

  var primaryKeyDeclaration: String { "\"_pk\" INTEGER PRIMARY KEY" }

  func nullSafeNotEqual(_ a: String, _ b: String) -> String { "\(a) IS NOT \(b)" }

  func nullSafeEqual(_ a: String, _ b: String) -> String { "\(a) IS \(b)" }

  var allowsForwardReferences: Bool { true }
  func joinedValueCast(_ type: ColumnType) -> String? { nil }

  var mergesConcurrentInserts: Bool { false }

  var writersTakeTurns: Bool { true }

  var falseValue: String { "0" }

  var trueValue: String { "1" }

  var noLimit: SQLValue { .integer(-1) }

  var patternStyle: SQLPatternStyle { .glob }

  /// `foundry_fold(expression, folding)`: ``QueryFolding/fold(_:)`` itself, which every
  /// connection of a store registers (``SQLiteFolding``).
  func folded(_ expression: String, _ folding: QueryFolding) -> String { "\(SQLiteFolding.name)(\(expression), \(folding.rawValue))" }

  /// Text compared by code point in an order comparison.
  func codePointOrder(_ expression: String) -> String { expression }
  /// A decimal column as a number.
  func decimalNumber(_ column: String) -> String { "CAST(\(column) AS REAL)" }

  /// `foundry_matches(subject, pattern, caseInsensitive)`: `NSRegularExpression` itself.
  func matches(_ subject: String, _ pattern: String, caseInsensitive: Bool) -> String {
    "\(SQLiteFolding.matchesName)(\(subject), \(pattern), \(caseInsensitive ? 1 : 0))"
  }

  var hasOwnRegexDialect: Bool { false }

  func orderTerm(_ expression: String, ascending: Bool, isText: Bool) -> String { ascending ? expression : expression + " DESC" }

  func queryPlan(of sql: String) -> String { "EXPLAIN QUERY PLAN \(sql)" }

  /// The list as a JSON array, its elements the rows of `json_each`.
  func isMember(_ expression: String) -> String { "\(expression) IN (SELECT value FROM json_each(?))" }

  func integerList(_ integers: [Int64]) -> SQLValue { .text(SQLValue.listText(integers, open: "[", close: "]")) }

  /// Three triggers: a new link, a moved link, a changed identity. `RAISE(ABORT)` fails the
  /// statement with `SQLITE_CONSTRAINT`, and the save's transaction rolls back.
  func scopedIdentityChecks(_ scope: ScopedIdentity) -> [String] {
    let raise = "BEGIN SELECT RAISE(ABORT, \(literal(scope.violation))); END"
    let (join, table) = (quote(scope.join), quote(scope.table))
    let link = scope.linkConflict(self)
    return [
      "CREATE TRIGGER \(quote(scope.name + "_link")) BEFORE INSERT ON \(join) WHEN \(link) \(raise)",
      "CREATE TRIGGER \(quote(scope.name + "_move")) BEFORE UPDATE OF \(quote(scope.parentColumn)), \(quote(scope.childColumn)) ON \(join) WHEN \(link) \(raise)",
      "CREATE TRIGGER \(quote(scope.name + "_change")) BEFORE UPDATE OF \(scope.columns.map(quote).joined(separator: ", ")) ON \(table) "
        + "WHEN \(scope.identityConflict(self)) \(raise)",
    ]
  }

  func jsonValue(_ column: String, at path: [JSONPathComponent]) -> String {
    "json_extract(\(column), \(literal(Self.pathText(path))))"
  }

  /// `json_extract` gives numbers as numbers, and booleans as 1 and 0, already.
  func jsonNumber(_ column: String, at path: [JSONPathComponent]) -> String { jsonValue(column, at: path) }

  func jsonArrayLength(_ column: String, at path: [JSONPathComponent]) -> SQLFragment {
    // `json_array_length` counts a scalar or an object as 0: the length is null unless it is an array.
    let path = SQLArgument.value(.text(Self.pathText(path)))
    return SQLFragment("(CASE WHEN json_type(\(column), ?) = 'array' THEN json_array_length(\(column), ?) END)", [path, path])
  }

  func jsonIsArray(_ column: String, at path: [JSONPathComponent]) -> SQLFragment {
    SQLFragment("json_type(\(column), ?) = 'array'", [.value(.text(Self.pathText(path)))])
  }

  /// `json_each` serves: SQLite has no index over an array's elements.
  func jsonArrayHolds(_ column: String, at path: [JSONPathComponent], isText: Bool) -> String? { nil }

  func containmentIndex(on table: String, column: String, at path: [JSONPathComponent], name: String) -> String? { nil }

  /// `json_each`'s elements of an array whose type is a number (`true` is not one, though its value is 1).
  func jsonNumbers(_ column: String, at path: [JSONPathComponent]) -> SQLFragment {
    SQLFragment(
      "(SELECT value FROM json_each(\(column), ?) WHERE typeof(key) = 'integer' AND type IN ('integer', 'real')) e", [.value(.text(Self.pathText(path)))])
  }

  func jsonElements(_ column: String, at path: [JSONPathComponent]) -> SQLFragment {
    // `json_each` walks an object's members, and a scalar as one row: an array's elements
    // alone have integer keys.
    SQLFragment("(SELECT value FROM json_each(\(column), ?) WHERE typeof(key) = 'integer') e", [.value(.text(Self.pathText(path)))])
  }

  /// `$."theme"[0]`: SQLite's JSON path (`[#-1]` for the last element).
  static func pathText(_ path: [JSONPathComponent]) -> String {
    var text = "$"
    for component in path {
      switch component {
      case .index(let index): text += index < 0 ? "[#\(index)]" : "[\(index)]"
      case .key(let key):
        text += ".\""
        for character in key {
          if character == "\"" || character == "\\" { text.append("\\") }
          text.append(character)
        }
        text += "\""
      }
    }
    return text
  }
}
