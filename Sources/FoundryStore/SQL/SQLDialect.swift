internal import FoundryInternals

/// What differs between the databases the store runs on: type names, quoting, booleans,
/// text patterns and JSON access. The query compiler and the save planner write `?` for every
/// bound value; a backend whose database numbers its parameters (PostgreSQL's `$1`) renumbers
/// them when it runs the statement, so fragments stay free to be joined in any order.
package protocol SQLDialect: Sendable {
  /// The column type's name in `CREATE TABLE`.
  func name(of type: ColumnType) -> String
  /// Whether a text column can keep a string holding NUL (U+0000) as its UTF-8 bytes (SQLite,
  /// whose columns take any value); PostgreSQL's text cannot hold NUL, and such a string is
  /// refused there rather than stored as something else.
  var keepsNULInText: Bool { get }
  /// The SQL of the row ID column's declaration (`"_pk" INTEGER PRIMARY KEY`).
  var primaryKeyDeclaration: String { get }
  /// `a` differs from `b`, a null differing from every value (SQLite `IS NOT`, PostgreSQL
  /// `IS DISTINCT FROM`): `name != "x"` finds the objects without a name too.
  func nullSafeNotEqual(_ a: String, _ b: String) -> String
  /// `a` equals `b`, two nulls equal (SQLite `IS`, PostgreSQL `IS NOT DISTINCT FROM`): a key
  /// path compared with another, where nil equals nil as NSPredicate has it.
  func nullSafeEqual(_ a: String, _ b: String) -> String
  /// Whether `CREATE TABLE` may name a table made later in `REFERENCES` (SQLite); else the
  /// foreign keys of the family tables are added once they all exist (PostgreSQL).
  var allowsForwardReferences: Bool { get }
  /// The type a value of a joined update's `VALUES` rows is cast to for a column of `type`
  /// (PostgreSQL: the column's own, since it reads an untyped value there as text); `nil` for
  /// none (SQLite, whose columns take any value).
  func joinedValueCast(_ type: ColumnType) -> String?
  /// The false value a condition can be compared with (`0`, `FALSE`).
  var falseValue: String { get }
  /// The true condition (`1`, `TRUE`).
  var trueValue: String { get }
  /// The `LIMIT` value that limits nothing, for a fetch with an offset only (`-1`, `NULL`).
  var noLimit: SQLValue { get }
  /// How `BEGINSWITH`, `ENDSWITH`, `CONTAINS` and `LIKE` match text, case-sensitively.
  var patternStyle: SQLPatternStyle { get }
  /// `expression` (text) folded as `[c]`, `[d]` or `[cd]` asks (see ``QueryFolding``): the
  /// same on both sides of a comparison, and, on every backend, as ``QueryFolding/fold(_:)``.
  func folded(_ expression: String, _ folding: QueryFolding) -> String
  /// An `ORDER BY` term: nil sorts first ascending and last descending on every backend, as
  /// SQLite and Core Data sort it (PostgreSQL is told `NULLS FIRST` / `NULLS LAST`), and text
  /// by code point, whatever the database's collation.
  func orderTerm(_ expression: String, ascending: Bool, isText: Bool) -> String
  /// Text `expression` compared by code point in an order comparison (`<`, `BETWEEN`, `MIN`),
  /// whatever the database's collation: PostgreSQL's `COLLATE "C"`; SQLite compares so already.
  func codePointOrder(_ expression: String) -> String
  /// A decimal attribute's column (text, every digit kept) as the number comparisons, sums and
  /// sorting take: SQLite `CAST(x AS REAL)`, PostgreSQL `CAST(x AS DOUBLE PRECISION)` (its
  /// `REAL` has 24 bits).
  func decimalNumber(_ column: String) -> String
  /// `MATCHES`: whether the text `subject` matches the regular expression `pattern` whole,
  /// ignoring case when asked (see ``QueryRegex``).
  func matches(_ subject: String, _ pattern: String, caseInsensitive: Bool) -> String
  /// Whether the database reads regular expressions in a dialect of its own, so a `MATCHES`
  /// pattern is checked for constructs it reads otherwise than ICU (``QueryRegex/unportable(_:)``).
  var hasOwnRegexDialect: Bool { get }
  /// The value at JSON path `path` of a JSON column, the path written into the SQL (so that
  /// an expression index on it can serve a query): `json_extract(c, '$."a"')`.
  func jsonValue(_ column: String, at path: [JSONPathComponent]) -> String
  /// The value at `path` of a JSON column as a number, for comparisons with numbers (a JSON
  /// `true` is 1, `false` 0, anything else not a number is null).
  func jsonNumber(_ column: String, at path: [JSONPathComponent]) -> String
  /// The length of the array at `path` of a JSON column (null when it is not an array).
  func jsonArrayLength(_ column: String, at path: [JSONPathComponent]) -> SQLFragment
  /// Whether the value at `path` of a JSON column is an array.
  func jsonIsArray(_ column: String, at path: [JSONPathComponent]) -> SQLFragment
  /// A `FROM` item naming the elements of the array at `path` of a JSON column `e`, each
  /// element in column `e.value` (no rows when it is not an array).
  func jsonElements(_ column: String, at path: [JSONPathComponent]) -> SQLFragment
  /// A `FROM` item naming the numbers among the elements of the array at `path` of a JSON
  /// column `e`, each in column `e.value` as a number (none when it is not an array; strings,
  /// Booleans and the rest are left out).
  func jsonNumbers(_ column: String, at path: [JSONPathComponent]) -> SQLFragment
  /// Whether the array at `path` of a JSON column holds a value equal to the one argument
  /// (`?`, text when `isText`, else a number), as a test an index can serve: PostgreSQL's
  /// `(c #> '{tags}') @> jsonb_build_array(?::text)`, which a GIN index
  /// (``containmentIndex(on:column:at:name:)``) serves; `nil` where ``jsonElements(_:at:)``
  /// serves as well (SQLite). Null when there is nothing at `path`.
  func jsonArrayHolds(_ column: String, at path: [JSONPathComponent], isText: Bool) -> String?
  /// The statement making the index that serves ``jsonArrayHolds(_:at:isText:)`` for a key
  /// path declared indexed, beside the expression index on its value; `nil` for none.
  func containmentIndex(on table: String, column: String, at path: [JSONPathComponent], name: String) -> String?
  /// `expression` is one of the integers of a list bound as one argument (`?`), written by
  /// ``integerList(_:)``: SQLite `IN (SELECT value FROM json_each(?))`, PostgreSQL `= ANY(?)`.
  func isMember(_ expression: String) -> String
  /// A list of integers as ``isMember(_:)`` binds it.
  func integerList(_ integers: [Int64]) -> SQLValue
  /// The statement that describes how the database runs `sql` (SQLite's `EXPLAIN QUERY PLAN`).
  func queryPlan(of sql: String) -> String
  /// Whether two transactions may insert rows of the same identity at once, so that an
  /// import's inserts must say what they insert (``SQLStatement/insertedRow``) for the backend
  /// to merge them (PostgreSQL); SQLite runs one writer at a time and never reads it.
  var mergesConcurrentInserts: Bool { get }
  /// Whether one writer at a time holds the database (SQLite), so that what a write reads
  /// stays true until it commits: the next history token can be read from the table itself.
  var writersTakeTurns: Bool { get }
  /// The statements (one line each) that make the database refuse a second object with the
  /// same identity among one parent's links in a join table: a new or moved link, or a
  /// changed identity, that would give a parent two objects of one identity fails as a
  /// constraint violation carrying ``ScopedIdentity/violation``.
  func scopedIdentityChecks(_ scope: ScopedIdentity) -> [String]
}

/// How a dialect matches text patterns.
package enum SQLPatternStyle: Sendable {
  /// SQLite's case-sensitive `GLOB` (`*`, `?`, `[...]`).
  case glob
  /// `LIKE` with `\` escaping `%`, `_` and itself (PostgreSQL's `LIKE` is case-sensitive).
  case like
}

/// One step of a key path inside a JSON value: an object's key or an array's index (negative
/// counts from the end, `-1` the last element).
package enum JSONPathComponent: Sendable, Hashable {
  case key(String)
  case index(Int)
}

extension SQLDialect {
  /// `name` as a quoted identifier: double quotes, inner ones doubled.
  package func quote(_ name: String) -> String {
    Self.enclose(name, in: UInt8(ascii: "\""))
  }

  /// `text` as an SQL string literal: single quotes, inner ones doubled.
  package func literal(_ text: String) -> String {
    Self.enclose(text, in: UInt8(ascii: "'"))
  }

  /// `text` between two `mark`s, each `mark` inside it doubled: SQL's quoting of names and
  /// strings. By UTF-8 byte, as the database reads it: a mark followed by a combining accent
  /// is one `Character` but still a mark to SQL, and an ASCII byte is never part of another
  /// character's bytes. A save quotes each column it writes, so the common case (no mark
  /// inside) is one concatenation.
  private static func enclose(_ text: String, in mark: UInt8) -> String {
    let enclosing = String(decoding: [mark], as: UTF8.self)
    guard ByteSearch.contains(mark, in: text) else { return enclosing + text + enclosing }
    var bytes: [UInt8] = [mark]
    bytes.reserveCapacity(text.utf8.count + 4)
    for byte in text.utf8 {
      if byte == mark { bytes.append(mark) }
      bytes.append(byte)
    }
    bytes.append(mark)
    return String(decoding: bytes, as: UTF8.self)
  }
}
