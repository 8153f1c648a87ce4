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

  /// An object update of `columns` of row `row` (version `version`, or none) with `values`.
  static func objectUpdate(_ columns: [String], _ values: [SQLValue], row: Int64, version: Int64? = 3, casts: [String?]? = nil) -> SQLStatement {
    let update = ObjectUpdate(table: "\"T\"", columns: columns, casts: casts ?? columns.map { _ in nil }, checksVersion: version != nil)
    let sql =
      "UPDATE \"T\" SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), \"_version\" = \"_version\" + 1 WHERE \"_pk\" = ?" + (version == nil ? "" : " AND \"_version\" = ?")
    let arguments = (values + [.integer(row)] + (version.map { [SQLValue.integer($0)] } ?? [])).map(SQLArgument.value)
    var statement = SQLStatement(sql, arguments, conflict: ConflictCheck(object: "T #\(row)", attributes: columns))
    statement.objectUpdate = update
    return statement
  }

  @Test("object updates of the same columns join, each row's conflict kept in order; other columns, an unchecked version or a row set twice apart")
  func objectUpdates() throws {
    let statements = [
      Self.objectUpdate(["\"a\""], [.text("x")], row: 1), Self.objectUpdate(["\"a\"", "\"b\""], [.text("y"), .null], row: 2),
      Self.objectUpdate(["\"a\""], [.null], row: 3), Self.objectUpdate(["\"a\""], [.text("z")], row: 4, version: nil),
      Self.objectUpdate(["\"a\""], [.text("w")], row: 1),
    ]
    let batches = StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100))
    // Kinds in the order they first appear; a second update of row 1 waits for a batch of its own.
    #expect(batches.map(\.members) == [[0, 2], [4], [1], [3]])
    let joined = batches[0].statement
    #expect(
      joined.sql
        == #"UPDATE "T" AS r SET "a" = v.column1, "_version" = r."_version" + 1 FROM (VALUES (?, ?, ?), (?, ?, ?)) AS v WHERE r."_pk" = v.column2 AND r."_version" = v.column3 RETURNING "_pk""#
    )
    #expect(joined.arguments == [.text("x"), .integer(1), .integer(3), .null, .integer(3), .integer(3)].map(SQLArgument.value))
    #expect(joined.updatedRows?.map(\.row) == [1, 3])
    #expect(joined.conflict == nil)
    // One left alone keeps its own check.
    #expect(batches[2].statement.conflict?.object == "T #2" && batches[2].statement.updatedRows == nil)
    // The first row listed that the statement did not return is the conflict.
    let updated = try #require(joined.updatedRows)
    let missing = try #require(ConflictCheck.firstMissing(updated, returned: [1]))
    #expect(missing.message == "T #3 was changed or deleted in the store since this context read it (\"a\")")
    #expect(ConflictCheck.firstMissing(updated, returned: [1, 3]) == nil)
    // Cast where the backend needs it (PostgreSQL reads an untyped VALUES column as text).
    let cast = [Self.objectUpdate(["\"j\""], [.text("{}")], row: 1, casts: ["JSONB"]), Self.objectUpdate(["\"j\""], [.null], row: 2, casts: ["JSONB"])]
    #expect(StatementBatch.batches(of: cast, limits: .init(maxArguments: 100, maxRows: 100))[0].statement.sql.hasPrefix(#"UPDATE "T" AS r SET "j" = CAST(v.column1 AS JSONB), "#))
    #expect(StatementBatch.batches(of: statements, limits: .init(maxArguments: 100, maxRows: 100, joinsUpdates: false)).count == 5)
  }
}
