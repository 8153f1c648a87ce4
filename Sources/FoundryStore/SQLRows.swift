/// The rows one query read, flat: every row's column values one after another.
///
/// One array for all the rows rather than one per row: a fetch of 100,000 rows makes one
/// allocation instead of 100,000 (and frees one), and reads its values in order. Backends
/// fill it row by row with ``append(_:)``.
///
/// ```swift
/// let rows = try backend.readNow(SQLStatement("SELECT \"_pk\", \"name\" FROM \"Author\""))
/// for row in 0..<rows.count { print(rows[row, 0], rows[row, 1]) }
/// ```
package struct SQLRows: Sendable {
  /// The values each row holds (the query's selected columns).
  package let columnCount: Int
  /// Row after row, ``columnCount`` values each.
  package private(set) var values: [SQLValue] = []

  /// No rows yet, of `columnCount` columns each.
  package init(columnCount: Int) { self.columnCount = columnCount }

  /// The number of rows.
  package var count: Int { columnCount == 0 ? 0 : values.count / columnCount }
  package var isEmpty: Bool { values.isEmpty }

  /// The value of column `column` in row `row`.
  package subscript(row: Int, column: Int) -> SQLValue { values[row * columnCount + column] }

  /// Where row `row` starts in ``values``.
  package func start(of row: Int) -> Int { row * columnCount }

  /// Adds one column value of the row being read; a backend appends ``columnCount`` per row.
  package mutating func append(_ value: SQLValue) { values.append(value) }

  /// Makes room for `rows` more rows, when a backend knows how many come.
  package mutating func reserveCapacity(rows: Int) { values.reserveCapacity(values.count + rows * columnCount) }
}
