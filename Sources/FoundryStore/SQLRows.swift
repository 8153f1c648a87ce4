/// The rows one query read, flat: every row's column values one after another.
///
/// One array for all the rows rather than one per row: a fetch of 100,000 rows makes one
/// allocation instead of 100,000 (and frees one), and reads its values in order. Backends
/// fill an array of their own (appends inlined in their module, not a call per value) and
/// hand it over whole.
///
/// ```swift
/// let rows = try backend.readNow(SQLStatement("SELECT \"_pk\", \"name\" FROM \"Author\""))
/// for row in 0..<rows.count { print(rows[row, 0], rows[row, 1]) }
/// ```
package struct SQLRows: Sendable {
  /// The values each row holds (the query's selected columns).
  package let columnCount: Int
  /// Row after row, ``columnCount`` values each.
  package let values: [SQLValue]

  /// The rows of `values`, `columnCount` values each.
  package init(columnCount: Int, values: [SQLValue] = []) {
    self.columnCount = columnCount
    self.values = values
  }

  /// The number of rows.
  package var count: Int { columnCount == 0 ? 0 : values.count / columnCount }
  package var isEmpty: Bool { values.isEmpty }

  /// The value of column `column` in row `row`.
  package subscript(row: Int, column: Int) -> SQLValue { values[row * columnCount + column] }

  /// Where row `row` starts in ``values``.
  package func start(of row: Int) -> Int { row * columnCount }
}
