/// A statement to run in place of some of a save's statements: one of them as it is, or
/// several single-row inserts (``SQLStatement/singleRow``), single-row updates
/// (``SQLStatement/singleRowUpdate``) or object updates (``SQLStatement/objectUpdate``) of one
/// kind as one statement.
///
/// A save inserts a row per new object and per new link, and sets a position per member of
/// an ordered list, each its own statement; sent as they are, every row costs the database a
/// statement to run (and a server database one to parse and plan). Gathered, a few
/// statements write them all:
///
/// ```swift
/// let batches = StatementBatch.batches(of: plan.statements, limits: StatementBatch.Limits(maxArguments: 65_535, maxRows: 1_000))
/// for batch in batches { try run(batch.statement) }  // batch.members: the statements it stands for
/// ```
package struct StatementBatch: Sendable {
  /// How large a batch may grow, and what may join one.
  package struct Limits: Sendable {
    /// The most arguments one statement may bind (PostgreSQL's protocol takes 65,535).
    package var maxArguments: Int
    /// The most rows one batch holds.
    package var maxRows: Int
    /// Whether updates join (`UPDATE ... FROM (VALUES ...) RETURNING`, SQLite 3.35 and later).
    package var joinsUpdates = true

    package init(maxArguments: Int, maxRows: Int, joinsUpdates: Bool = true) {
      self.maxArguments = maxArguments
      self.maxRows = maxRows
      self.joinsUpdates = joinsUpdates
    }
  }

  /// The statement to run.
  package var statement: SQLStatement
  /// The positions, among the statements given, of those ``statement`` runs: one, or the
  /// statements whose rows it holds, in the order of its rows.
  package var members: [Int]

  /// `statements` gathered into batches, to run in the order returned.
  ///
  /// Only single-row statements join: without a conflict check or integers read by an
  /// earlier statement, of the same kind (target, merge key and conflict handling) as the
  /// others of their batch. Any other statement is a batch of its own and keeps its place,
  /// and no statement moves across it (a link deleted then inserted again stays so); inserts
  /// never move across updates either. An update batch never sets one row twice.
  /// - Parameters:
  ///   - statements: The statements, in the order they would run one by one.
  ///   - limits: How many arguments and rows a batch holds, and whether updates join.
  ///   - keepsOrder: Whether only neighbours join, so that every row is written in the order
  ///     given (what an order of lock waits needs); otherwise the statements between two
  ///     others are grouped by kind, each kind's rows in their order, the kinds in the order
  ///     they first appear.
  /// - Complexity: O(n) in the statements' arguments.
  package static func batches(of statements: [SQLStatement], limits: Limits, keepsOrder: Bool = false) -> [StatementBatch] {
    var batches: [StatementBatch] = []
    batches.reserveCapacity(statements.count / 8 + 1)
    var start = 0
    while start < statements.count {
      guard let category = statements[start].batchCategory(limits) else {
        batches.append(StatementBatch(statement: statements[start], members: [start]))
        start += 1
        continue
      }
      var end = start + 1
      while end < statements.count, statements[end].batchCategory(limits) == category { end += 1 }
      for group in groups(statements, start..<end, keepsOrder: keepsOrder) {
        let rowsPerBatch = max(1, min(limits.maxRows, limits.maxArguments / max(1, statements[group[0]].arguments.count)))
        for members in chunks(group, of: statements, rowsPerBatch: rowsPerBatch) {
          batches.append(StatementBatch(statement: joined(members, of: statements), members: members))
        }
      }
      start = end
    }
    return batches
  }

  /// The statements of `range` that join one batch: neighbours of one kind, or (not keeping
  /// order) all of one kind, kinds in the order they first appear.
  private static func groups(_ statements: [SQLStatement], _ range: Range<Int>, keepsOrder: Bool) -> [[Int]] {
    var groups: [[Int]] = []
    var groupOfKind: [BatchKind: Int] = [:]
    var last: (kind: BatchKind, group: Int)?
    for index in range {
      let kind = BatchKind(statements[index])
      // Neighbours are mostly of one kind: compare with the last one before hashing.
      if let last, last.kind == kind {
        groups[last.group].append(index)
        continue
      }
      let group: Int
      if !keepsOrder, let known = groupOfKind[kind] {
        group = known
        groups[group].append(index)
      } else {
        group = groups.count
        groups.append([index])
        if !keepsOrder { groupOfKind[kind] = group }
      }
      last = (kind, group)
    }
    return groups
  }

  /// `group` cut into batches of at most `rowsPerBatch`, an update batch also cut before a
  /// row it already sets (`UPDATE ... FROM` would set it once, from either).
  private static func chunks(_ group: [Int], of statements: [SQLStatement], rowsPerBatch: Int) -> [[Int]] {
    var chunks: [[Int]] = []
    var chunk: [Int] = []
    var keys: Set<ArraySlice<SQLArgument>> = []
    let first = statements[group[0]]
    let isUpdate = first.singleRowUpdate != nil || first.objectUpdate != nil
    for member in group {
      // What finds an update's row: the arguments after the value (one column), or the row
      // after the values (an object).
      let arguments = statements[member].arguments
      let key = first.objectUpdate.map { arguments.dropFirst($0.columns.count).prefix(1) } ?? arguments.dropFirst()
      if chunk.count == rowsPerBatch || (isUpdate && keys.contains(key)) {
        chunks.append(chunk)
        chunk.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
      }
      chunk.append(member)
      if isUpdate { keys.insert(key) }
    }
    if !chunk.isEmpty { chunks.append(chunk) }
    return chunks
  }

  /// The statements `members` of `statements` (one kind) as one statement.
  private static func joined(_ members: [Int], of statements: [SQLStatement]) -> SQLStatement {
    let first = statements[members[0]]
    guard members.count > 1 else { return first }
    let row: String
    var sql: String
    if let singleRow = first.singleRow {
      row = singleRow.row
      sql = singleRow.target + " VALUES "
    } else if let update = first.singleRowUpdate {
      row = "(" + Array(repeating: "?", count: update.keys.count + 1).joined(separator: ", ") + ")"
      sql = "UPDATE \(update.table) AS r SET \(update.column) = v.column1 FROM (VALUES "
    } else if let update = first.objectUpdate {
      row = "(" + Array(repeating: "?", count: first.arguments.count).joined(separator: ", ") + ")"
      let values = zip(update.columns, update.casts).enumerated().map { number, column in
        "\(column.0) = " + (column.1.map { "CAST(v.column\(number + 1) AS \($0))" } ?? "v.column\(number + 1)")
      }
      sql = "UPDATE \(update.table) AS r SET \(values.joined(separator: ", ")), \"_version\" = r.\"_version\" + 1 FROM (VALUES "
    } else {
      return first
    }
    sql.reserveCapacity(sql.utf8.count + 128 + members.count * (row.utf8.count + 2))
    var arguments: [SQLArgument] = []
    arguments.reserveCapacity(members.count * first.arguments.count)
    for (number, member) in members.enumerated() {
      if number > 0 { sql += ", " }
      sql += row
      arguments += statements[member].arguments
    }
    if let update = first.singleRowUpdate {
      // VALUES names its columns column1, column2, ... in SQLite and PostgreSQL alike.
      sql += ") AS v WHERE " + update.keys.enumerated().map { "r.\($1) = v.column\($0 + 2)" }.joined(separator: " AND ")
    }
    var updatedRows: [UpdatedRow]?
    if let update = first.objectUpdate {
      let row = update.columns.count + 1
      sql += ") AS v WHERE r.\"_pk\" = v.column\(row)" + (update.checksVersion ? " AND r.\"_version\" = v.column\(row + 1)" : "") + " RETURNING \"_pk\""
      // Every member has its row as an integer and a conflict check (`batchCategory`).
      updatedRows = members.compactMap { member in
        let statement = statements[member]
        guard case .value(.integer(let key)) = statement.arguments[update.columns.count], let conflict = statement.conflict else { return nil }
        return UpdatedRow(row: key, conflict: conflict)
      }
    }
    var statement = SQLStatement(sql, arguments)
    statement.updatedRows = updatedRows
    statement.insertedRow = first.insertedRow
    statement.keepsExisting = first.keepsExisting
    return statement
  }
}

/// What statements of one batch share: their text, merge key, and conflict handling.
private struct BatchKind: Hashable {
  let singleRow: SingleRowInsert?
  let update: SingleRowUpdate?
  let objectUpdate: ObjectUpdate?
  let insertedRow: InsertedRow?
  let keepsExisting: Bool

  init(_ statement: SQLStatement) {
    singleRow = statement.singleRow
    update = statement.singleRowUpdate
    objectUpdate = statement.objectUpdate
    insertedRow = statement.insertedRow
    keepsExisting = statement.keepsExisting
  }
}

/// The statements that may join a batch: inserts, or updates; never one with the other.
private enum BatchCategory {
  case insert
  case update
  case objectUpdate
}

extension SQLStatement {
  /// Whether the statement may join a batch, and of which statements.
  fileprivate func batchCategory(_ limits: StatementBatch.Limits) -> BatchCategory? {
    guard !arguments.isEmpty, arguments.count <= limits.maxArguments, !dependsOnEarlierRows else { return nil }
    // An object update's conflict check goes with it into the joined statement (`updatedRows`).
    if limits.joinsUpdates, let update = objectUpdate, conflict != nil, arguments.count == update.columns.count + (update.checksVersion ? 2 : 1),
      case .value(.integer) = arguments[update.columns.count]
    {
      return .objectUpdate
    }
    guard conflict == nil else { return nil }
    if singleRow != nil { return .insert }
    if limits.joinsUpdates, let update = singleRowUpdate, arguments.count == update.keys.count + 1 { return .update }
    return nil
  }
}
