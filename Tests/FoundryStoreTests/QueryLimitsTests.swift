import Foundation
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import Testing

/// `QueryLimits`: a query too long or nested too deep fails at once with an error naming the
/// column and the limit, on a small stack, whatever the input's size; what the limits allow
/// parses, compiles and runs on that stack too.
@Suite("Query limits")
struct QueryLimitsTests {
  /// The smallest stack a platform gives secondary threads: nothing a query nests may need more.
  static let smallStack = 512 << 10

  /// The error `text` gets under `limits`, parsed on a 512 KB stack.
  static func limitError(_ text: String, _ limits: QueryLimits = QueryLimits()) async throws -> StoreError? {
    let parsed = try await onOwnThread(stackSize: smallStack) {
      Result { () throws(StoreError) in try QueryPredicate(text, limits: limits) }
    }
    guard case .failure(let error) = parsed else {
      Issue.record("a query of \(text.count) characters parsed")
      return nil
    }
    return error
  }

  static func parenthesized(_ depth: Int) -> String {
    String(repeating: "(", count: depth) + "id == 1" + String(repeating: ")", count: depth)
  }

  @Test("100,000 nested parentheses stop at the length limit by default, at the depth limit without it")
  func deepParentheses() async throws {
    let query = Self.parenthesized(100_000)
    let long = try await Self.limitError(query)
    #expect(long?.code == .queryLimitExceeded)
    #expect(long?.message == "column 10001: the query is longer than 10000 characters (maximumLength)")
    let deep = try await Self.limitError(query, QueryLimits(maximumLength: .max))
    #expect(deep?.code == .queryLimitExceeded)
    #expect(deep?.message == "column 101: nesting deeper than 100 levels of parentheses and NOT (maximumDepth)")
  }

  @Test(
    "NOT nests like parentheses",
    arguments: [
      ("NOT ", "", "column 401: nesting deeper than 100 levels of parentheses and NOT (maximumDepth)"),
      ("!", "", "column 101: nesting deeper than 100 levels of parentheses and NOT (maximumDepth)"),
      ("!(", ")", "column 101: nesting deeper than 100 levels of parentheses and NOT (maximumDepth)"),
    ])
  func deepNegations(opening: String, closing: String, message: String) async throws {
    let query = String(repeating: opening, count: 100_000) + "id == 1" + String(repeating: closing, count: 100_000)
    let error = try await Self.limitError(query, QueryLimits(maximumLength: .max))
    #expect(error?.code == .queryLimitExceeded)
    #expect(error?.message == message)
  }

  @Test("each limit is an option")
  func configurable() throws {
    let shallow = QueryLimits(maximumDepth: 2)
    #expect(try QueryPredicate("((id == 1))", limits: shallow).text == "((id == 1))")
    #expect(try QueryPredicate("(id == 1) AND (NOT id == 2)", limits: shallow).text == "(id == 1) AND (NOT id == 2)")
    let deep = #expect(throws: StoreError.self) { try QueryPredicate("(NOT (id == 1))", limits: shallow) }
    #expect(deep?.message == "column 6: nesting deeper than 2 levels of parentheses and NOT (maximumDepth)")

    let short = QueryLimits(maximumLength: 8)
    #expect(try QueryPredicate("id == 10", limits: short).text == "id == 10")
    // The length is in characters, as the columns are: 8 characters, 9 bytes.
    #expect(try QueryPredicate("n == 'é'", limits: short).text == "n == 'é'")
    let long = #expect(throws: StoreError.self) { try QueryPredicate("id == 100", limits: short) }
    #expect(long?.code == .queryLimitExceeded)
    #expect(long?.message == "column 9: the query is longer than 8 characters (maximumLength)")
  }

  @Test("a depth above the ceiling counts as the ceiling")
  func ceiling() async throws {
    let error = try await Self.limitError(Self.parenthesized(100_000), QueryLimits(maximumLength: .max, maximumDepth: .max))
    #expect(error?.message == "column \(QueryLimits.depthCeiling + 1): nesting deeper than \(QueryLimits.depthCeiling) levels of parentheses and NOT (maximumDepth)")
  }

  /// A store of the library payload, to run queries on.
  static func libraryStore() async throws -> (file: TemporaryStore, store: Store) {
    let file = try TemporaryStore()
    let store = try file.open()
    try await store.makeContext().importJSON(Array(Library.payload.utf8), entity: "Author", root: "authors")
    return (file, store)
  }

  @Test("a query nested as deep as the ceiling runs on a 512 KB stack", arguments: StoreBackendKind.available)
  func deepestQueryRuns(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    let limits = QueryLimits(maximumLength: .max, maximumDepth: QueryLimits.depthCeiling)
    let nested = Self.parenthesized(QueryLimits.depthCeiling - 1).replacingOccurrences(of: "id == 1", with: "NOT id == 1")
    let (found, everyone) = try await onOwnThread(stackSize: Self.smallStack) {
      let context = try store.makeContext()
      var request = FetchRequest(entity: "Author")
      request.predicate = try QueryPredicate(nested, limits: limits)
      return (try context.countNow(request), try context.countNow(FetchRequest(entity: "Author")))
    }
    #expect(found == everyone && everyone > 1)
  }

  @Test("the longest chain of OR the default length allows parses, compares and hashes on a 512 KB stack")
  func longestChainParses() async throws {
    let chain = Array(repeating: "id=1", count: 1_667).joined(separator: "||")
    #expect(chain.count == QueryLimits().maximumLength)
    let same = try await onOwnThread(stackSize: Self.smallStack) {
      let long = try QueryPredicate(chain)
      let again = try QueryPredicate(chain)
      return long == again && long.hashValue == again.hashValue
    }
    #expect(same)
  }

  @Test(
    "the longest chains the default length allows compile to shallow SQL and run on a 512 KB stack",
    arguments: StoreBackendKind.available, [("id=106", "||", 1_250), ("id>0", "&&", 1_667)])
  func longChainRuns(_ backend: StoreBackendKind, chain: (comparison: String, keyword: String, count: Int)) async throws {
    let (comparison, keyword, count) = chain
    let store = try await backend.makeLibraryStore()
    // SQLite refuses expressions over 1,000 deep, and read `a OR b OR c` a level deeper per
    // operand (500 comparisons ran, 1,000 failed); the compiler joins the operands in pairs.
    let chain = Array(repeating: comparison, count: count).joined(separator: keyword)
    #expect(chain.count <= QueryLimits().maximumLength)
    let (found, everyone) = try await onOwnThread(stackSize: Self.smallStack) {
      let context = try store.makeContext()
      return (try context.countNow(FetchRequest(entity: "Author", where: chain)), try context.countNow(FetchRequest(entity: "Author")))
    }
    #expect(found == (keyword == "||" ? 1 : everyone))
  }

  /// A comparison on `book.related.related…id` through `depth` to-many relationships.
  static func related(_ depth: Int) -> String {
    String(repeating: "related.", count: depth) + "id == 1"
  }

  @Test("a key path through more to-many relationships than the ceiling fails at its column, as a limit", arguments: StoreBackendKind.available)
  func deepToManyKeyPath(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeLibraryStore()
    // 400 nested EXISTS subqueries are deeper than SQLite allows: a database error before.
    for (query, column) in [(Self.related(400), 1), ("id > 0 AND NOT (" + Self.related(128) + ")", 17)] {
      let error = await #expect(throws: StoreError.self) {
        try await store.makeContext().count(FetchRequest(entity: "Book", where: query))
      }
      #expect(error?.code == .queryLimitExceeded)
      #expect(error?.message == "column \(column): the query nests deeper than 128 levels of NOT and to-many relationships (depthCeiling)")
    }
  }

  @Test("on PostgreSQL, a key path through as many to-many relationships as the ceiling allows runs on a 512 KB stack")
  func toManyKeyPathsPostgresTakes() async throws {
    guard StoreBackendKind.available.contains(.postgres) else { return }
    let store = try await StoreBackendKind.postgres.makeLibraryStore()
    // 128 nested subqueries, each compiled in a loop (the compiler recursed per relationship
    // and overflowed this stack before).
    let found = try await onOwnThread(stackSize: Self.smallStack) {
      try store.makeContext().countNow(FetchRequest(entity: "Book", where: Self.related(QueryLimits.depthCeiling)))
    }
    #expect(found == 0)
  }

  @Test("a key path through 8 to-many relationships runs on a 512 KB stack; through 16, too deep for SQLite, it is a limit at the key path's column")
  func toManyKeyPathsSQLiteTakes() async throws {
    let (file, store) = try await Self.libraryStore()
    let found = try await onOwnThread(stackSize: Self.smallStack) {
      try store.makeContext().countNow(FetchRequest(entity: "Book", where: Self.related(8)))
    }
    #expect(found == 0)
    // A database error ("parser stack overflow") before.
    let error = await #expect(throws: StoreError.self) {
      try await store.makeContext().count(FetchRequest(entity: "Book", where: "id > 0 AND (" + Self.related(2) + " OR " + Self.related(16) + ")"))
    }
    #expect(error?.code == .queryLimitExceeded)
    // The deeper of the two key paths, at its first character.
    #expect(
      error?.message
        == "column 40: the query nests deeper than SQLite allows (parser stack overflow): use fewer NOTs and to-many relationships in one key path")
    // The same through a fetch.
    let fetchError = await #expect(throws: StoreError.self) {
      try await store.makeContext().fetch(FetchRequest(entity: "Book", where: Self.related(16)))
    }
    #expect(fetchError?.message.hasPrefix("column 1: the query nests deeper than SQLite allows") == true)
    _ = file
  }
}
