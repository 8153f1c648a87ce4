import FoundryStore
import Testing

@Suite("Single-row inserts and updates gathered into multi-row statements")
struct StatementBatchTests {
  /// An insert of one row into `table`, its arguments `values`.
  static func insert(_ table: String, _ values: Int64..., keepsExisting: Bool = false) -> SQLStatement {
    let singleRow = SingleRowInsert(target: "INSERT INTO \(table) (a, b)", row: "(?, ?)")
    var statement = SQLStatement(singleRow.sql, values.map { .value(.integer($0)) })
    statement.singleRow = singleRow
    statement.keepsExisting = keepsExisting
    return statement
  }

  static let delete = SQLStatement("DELETE FROM t WHERE a = ?", [.value(.integer(9))])

  /// An update of column `p` of table `table`'s row `a`, `b`.
  static func update(_ table: String, _ value: Int64, _ a: Int64, _ b: Int64) -> SQLStatement {
    let update = SingleRowUpdate(table: table, column: "p", keys: ["a", "b"])
    var statement = SQLStatement(update.sql, [value, a, b].map { .value(.integer($0)) })
    statement.singleRowUpdate = update
    return statement
  }

  @Test("inserts of one target join, in their order; other statements keep their place and no insert crosses them")
  func grouping() {
    let statements = [Self.insert("t", 1, 2), Self.insert("u", 3, 4), Self.insert("t", 5, 6), Self.delete, Self.insert("t", 7, 8)]
    let batches = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100))
    #expect(batches.map(\.members) == [[0, 2], [1], [3], [4]])
    #expect(batches[0].statement.sql == "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)")
    #expect(batches[0].statement.arguments == [1, 2, 5, 6].map { .value(.integer($0)) })
    #expect(batches[1].statement == statements[1])
    #expect(batches[2].statement == Self.delete)
  }

  @Test("keeping order, only neighbours join")
  func keepingOrder() {
    let statements = [Self.insert("t", 1, 2), Self.insert("t", 3, 4), Self.insert("u", 5, 6), Self.insert("t", 7, 8)]
    let batches = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100), keepsOrder: true)
    #expect(batches.map(\.members) == [[0, 1], [2], [3]])
  }

  @Test("a batch binds at most maxArguments and holds at most maxRows")
  func limits() {
    let statements = (0..<7).map { Self.insert("t", Int64($0), 0) }
    let byArguments = StatementBatch.batches(of: statements, limits: .init(maxArguments: 5, maxRows: 100))
    #expect(byArguments.map(\.members) == [[0, 1], [2, 3], [4, 5], [6]])
    #expect(byArguments.allSatisfy { $0.statement.arguments.count <= 5 })
    let byRows = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 3))
    #expect(byRows.map(\.members) == [[0, 1, 2], [3, 4, 5], [6]])
    #expect(byRows[2].statement == statements[6])
  }

  @Test("inserts that keep existing rows join only each other, and stay so marked; one that binds rows read earlier never joins")
  func kinds() {
    var reading = Self.insert("t", 5, 6)
    reading.arguments[1] = .integers(statement: 0, column: 0)
    let statements = [Self.insert("t", 1, 2, keepsExisting: true), Self.insert("t", 3, 4), Self.insert("t", 7, 8, keepsExisting: true), reading]
    let batches = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100))
    #expect(batches.map(\.members) == [[0, 2], [1], [3]])
    #expect(batches[0].statement.keepsExisting)
    #expect(!batches[1].statement.keepsExisting)
  }

  @Test("updates of one column join as UPDATE ... FROM (VALUES ...), never with inserts, and never setting one row twice")
  func updates() {
    let statements = [
      Self.insert("t", 1, 2), Self.update("t", 0, 1, 2), Self.update("u", 5, 1, 2), Self.update("t", 1, 3, 4), Self.update("t", 2, 1, 2), Self.insert("t", 3, 4),
    ]
    #expect(statements[1].sql == "UPDATE t SET p = ? WHERE a = ? AND b = ?")
    let batches = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100))
    #expect(batches.map(\.members) == [[0], [1, 3], [4], [2], [5]])
    #expect(batches[1].statement.sql == "UPDATE t AS r SET p = v.column1 FROM (VALUES (?, ?, ?), (?, ?, ?)) AS v WHERE r.a = v.column2 AND r.b = v.column3")
    #expect(batches[1].statement.arguments == [0, 1, 2, 1, 3, 4].map { .value(.integer($0)) })
    let apart = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100, joinsUpdates: false))
    #expect(apart.map(\.members) == [[0], [1], [2], [3], [4], [5]])
  }
}
