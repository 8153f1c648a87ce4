import FoundryGraph

/// The SQL of an ``AggregateRequest`` and how its rows become dictionaries: one `SELECT` of
/// the group columns and the aggregates, `GROUP BY` the group columns, ordered by them.
///
/// ```swift
/// let query = try AggregateQuery(request, layout: store.layout, dialect: store.backend.dialect)
/// let rows = try query.dictionaries(try await store.backend.read(query.statement))
/// ```
struct AggregateQuery {
  let statement: SQLStatement
  /// The name and reading of each selected column, in order.
  let columns: [Column]

  /// A selected column: the key its value goes under, and how it reads back.
  struct Column {
    let name: String
    let reading: Reading
  }

  /// How a column's value reads back.
  enum Reading {
    /// As the attribute's values do.
    case attribute(ColumnCodec)
    /// As an integer (counts, sums of integers).
    case integer
    /// As a double (averages, sums of other numbers, minimums and maximums of decimals).
    case double
  }

  init(_ request: AggregateRequest, layout: StoreLayout, dialect: any SQLDialect) throws(StoreError) {
    guard let entity = layout.schema[request.entity] else { throw StoreError(.invalidQuery, "no entity named \"\(request.entity)\"") }
    try Self.checkNames(request)
    var compiler = QueryCompiler(layout: layout, codecs: layout.codecs, dialect: dialect)
    var scope = QueryCompiler.Scope(entity: entity, alias: "t")
    let conditions = try compiler.selection(of: entity, includingSubentities: request.includesSubentities, where: request.predicate, in: &scope)
    var selected: [String] = []
    var groups: [String] = []
    var order: [String] = []
    var columns: [Column] = []
    for keyPath in request.groupBy {
      let (name, type, codec) = try compiler.attributeColumn(keyPath, "to group by", in: &scope)
      selected.append(name)
      groups.append(name)
      order.append(dialect.orderTerm(type == .decimal ? dialect.decimalNumber(name) : name, ascending: true, isText: type == .string))
      columns.append(Column(name: keyPath, reading: .attribute(codec)))
    }
    for value in request.values {
      guard let keyPath = value.keyPath else {
        selected.append("COUNT(*)")
        columns.append(Column(name: value.name, reading: .integer))
        continue
      }
      let (name, type, codec) = try compiler.attributeColumn(keyPath, "to \(value.function.rawValue)", in: &scope)
      let (expression, reading) = try Self.aggregate(value, of: name, type, codec, dialect)
      selected.append(expression)
      columns.append(Column(name: value.name, reading: reading))
    }
    var sql = "SELECT \(selected.joined(separator: ", ")) FROM \(dialect.quote(layout.table(of: entity).name)) t"
    sql += scope.joins.map { " " + $0 }.joined()
    var arguments: [SQLArgument] = []
    if let first = conditions.first {
      let condition = conditions.dropFirst().reduce(first) { $0 + " AND " + $1 }
      sql += " WHERE " + condition.sql
      arguments = condition.arguments
    }
    if !groups.isEmpty { sql += " GROUP BY " + groups.joined(separator: ", ") + " ORDER BY " + order.joined(separator: ", ") }
    if let limit = request.limit {
      sql += " LIMIT ?"
      arguments.append(.value(.integer(Int64(limit))))
    }
    statement = SQLStatement(sql, arguments)
    self.columns = columns
  }

  /// Refuses a request with nothing to compute, or two columns of one name.
  private static func checkNames(_ request: AggregateRequest) throws(StoreError) {
    guard !request.groupBy.isEmpty || !request.values.isEmpty else {
      throw StoreError(.invalidQuery, "an aggregate request needs values to compute or attributes to group by")
    }
    var seen: Set<String> = []
    for name in request.groupBy + request.values.map(\.name) where !seen.insert(name).inserted {
      throw StoreError(.invalidQuery, "two columns of the aggregate request are named \"\(name)\": name the values apart (.sum(\"price\", as: \"total\"))")
    }
    for value in request.values where value.keyPath == nil && value.function != .count {
      throw StoreError(.invalidQuery, "\(value.name): \(value.function.rawValue) needs a key path")
    }
  }

  /// The SQL of `value` over column `name` of an attribute of `type`, and how it reads back.
  private static func aggregate(
    _ value: AggregateValue, of name: String, _ type: AttributeType, _ codec: ColumnCodec, _ dialect: any SQLDialect
  ) throws(StoreError) -> (String, Reading) {
    let isInteger = [.integer16, .integer32, .integer64].contains(type)
    let isNumber = isInteger || [.double, .float, .decimal].contains(type)
    let number = type == .decimal ? dialect.decimalNumber(name) : name
    switch value.function {
    case .count: return ("COUNT(\(name))", .integer)
    case .sum where isInteger: return ("CAST(SUM(\(name)) AS BIGINT)", .integer)
    case .sum where isNumber: return ("CAST(SUM(\(number)) AS DOUBLE PRECISION)", .double)
    case .avg where isNumber: return ("CAST(AVG(\(number)) AS DOUBLE PRECISION)", .double)
    case .min where isNumber || type == .date, .max where isNumber || type == .date:
      return ("\(value.function.rawValue.uppercased())(\(number))", type == .decimal ? .double : .attribute(codec))
    case .min where type == .string, .max where type == .string:
      return ("\(value.function.rawValue.uppercased())(\(dialect.codePointOrder(name)))", .attribute(codec))
    default:
      throw StoreError(
        .invalidQuery,
        "\(value.name): \(value.function.rawValue) of \(value.keyPath ?? ""), a \(type) attribute: sum and avg take numbers, min and max numbers, dates and strings")
    }
  }

  /// The rows as dictionaries, nil values left out.
  func dictionaries(_ rows: SQLRows) throws(StoreError) -> [[String: GraphValue]] {
    var dictionaries: [[String: GraphValue]] = []
    dictionaries.reserveCapacity(rows.count)
    for row in 0..<rows.count {
      var dictionary: [String: GraphValue] = [:]
      for (index, column) in columns.enumerated() where index < rows.columnCount {
        if let value = try Self.read(rows[row, index], column.reading) { dictionary[column.name] = value }
      }
      dictionaries.append(dictionary)
    }
    return dictionaries
  }

  /// A column's value as `reading` reads it back; `nil` for null.
  static func read(_ value: SQLValue, _ reading: Reading) throws(StoreError) -> GraphValue? {
    switch (reading, value) {
    case (_, .null): return nil
    case (.attribute(let codec), _): return try codec.graphValue(value)
    case (.integer, .integer(let integer)): return .integer(integer)
    case (.integer, .real(let real)): return Int64(exactly: real).map(GraphValue.integer) ?? .double(real)
    case (.double, .real(let real)): return .double(real)
    case (.double, .integer(let integer)): return .double(Double(integer))
    default: throw StoreError(.invalidValue, "an aggregate read back as \(value), not a number")
    }
  }
}
