/// The dialect the in-memory evaluator compiles a query with before it evaluates it: the
/// compiler's checks run (so a query the store refuses is refused in memory too, with the
/// same message, even when there is nothing to evaluate it on), and the SQL is thrown away.
/// Regular expressions are checked as SQLite checks them (ICU's, which the evaluator runs).
///
/// ```swift
/// var compiler = QueryCompiler(layout: layout, codecs: layout.codecs, dialect: QueryCheckDialect())
/// _ = try compiler.condition(predicate.node, in: &scope)   // throws what a store would
/// ```
struct QueryCheckDialect: SQLDialect {
  func name(of type: ColumnType) -> String { "" }
  var keepsNULInText: Bool { true }
  var primaryKeyDeclaration: String { "" }
  func nullSafeNotEqual(_ a: String, _ b: String) -> String { "" }
  func nullSafeEqual(_ a: String, _ b: String) -> String { "" }
  var allowsForwardReferences: Bool { true }
  func joinedValueCast(_ type: ColumnType) -> String? { nil }
  var falseValue: String { "0" }
  var trueValue: String { "1" }
  var noLimit: SQLValue { .null }
  var patternStyle: SQLPatternStyle { .glob }
  func folded(_ expression: String, _ folding: QueryFolding) -> String { expression }
  func orderTerm(_ expression: String, ascending: Bool, isText: Bool) -> String { expression }
  func codePointOrder(_ expression: String) -> String { expression }
  func decimalNumber(_ column: String) -> String { column }
  func matches(_ subject: String, _ pattern: String, caseInsensitive: Bool) -> String { "" }
  var hasOwnRegexDialect: Bool { false }
  func jsonValue(_ column: String, at path: [JSONPathComponent]) -> String { "" }
  func jsonNumber(_ column: String, at path: [JSONPathComponent]) -> String { "" }
  func jsonArrayLength(_ column: String, at path: [JSONPathComponent]) -> SQLFragment { SQLFragment("") }
  func jsonIsArray(_ column: String, at path: [JSONPathComponent]) -> SQLFragment { SQLFragment("") }
  func jsonNumbers(_ column: String, at path: [JSONPathComponent]) -> SQLFragment { SQLFragment("") }
  func jsonElements(_ column: String, at path: [JSONPathComponent]) -> SQLFragment { SQLFragment("") }
  func jsonArrayHolds(_ column: String, at path: [JSONPathComponent], isText: Bool) -> String? { nil }
  func containmentIndex(on table: String, column: String, at path: [JSONPathComponent], name: String) -> String? { nil }
  func isMember(_ expression: String) -> String { "" }
  func integerList(_ integers: [Int64]) -> SQLValue { .null }
  func queryPlan(of sql: String) -> String { "" }
  var mergesConcurrentInserts: Bool { false }
  var writersTakeTurns: Bool { false }
  func scopedIdentityChecks(_ scope: ScopedIdentity) -> [String] { [] }
}
