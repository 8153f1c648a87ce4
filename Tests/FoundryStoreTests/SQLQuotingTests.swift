import Testing

@testable import FoundryStore

/// Names and string literals in SQL: enclosed, each mark inside doubled, by byte; lists of
/// integers as the dialects bind them.
@Suite("SQL quoting and lists")
struct SQLQuotingTests {
  @Test("names and literals are enclosed, inner marks doubled, non-ASCII kept")
  func enclosing() {
    let dialect = QueryCheckDialect()
    #expect(dialect.quote("Author") == #""Author""#)
    #expect(dialect.quote(#"say "hi""#) == #""say ""hi""""#)
    #expect(dialect.quote("Zoë_名前") == "\"Zoë_名前\"")
    #expect(dialect.literal("it's") == "'it''s'")
    #expect(dialect.literal("") == "''")
  }

  @Test("a mark followed by a combining accent is still doubled")
  func combiningMark() {
    let dialect = QueryCheckDialect()
    // One Character ("\u{301} is a quote with an accent on it), but SQL sees the quote byte.
    #expect(dialect.quote("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
    #expect(dialect.literal("x'\u{301}") == "'x''\u{301}'")
  }

  @Test("integer lists are written as the dialects bind them, the extremes included")
  func integerLists() {
    #expect(SQLValue.listText([], open: "[", close: "]") == "[]")
    #expect(SQLValue.listText([0], open: "{", close: "}") == "{0}")
    let extremes: [Int64] = [0, -5, 10, Int64.min, Int64.max, 9_007_199_254_740_993]
    #expect(SQLValue.listText(extremes, open: "[", close: "]") == "[" + extremes.map(String.init).joined(separator: ",") + "]")
  }
}
