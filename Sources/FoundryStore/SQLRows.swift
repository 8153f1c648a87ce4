/// The rows one query read, flat: every row's column values one after another, kept as plain
/// cells (kind and number) with the text and blob bytes in one buffer beside them.
///
/// No `String` or array per value: a fetch of 100,000 rows makes two allocations instead of
/// one per text value, frees them without visiting each value, and leaves a value's text as
/// bytes until something reads it (a fetched object decodes its row on first use, see
/// `FetchedRows`). Backends append as they step through their results.
///
/// ```swift
/// let rows = try backend.readNow(SQLStatement("SELECT \"_pk\", \"name\" FROM \"Author\""))
/// for row in 0..<rows.count { print(rows[row, 0], rows[row, 1]) }
/// ```
package struct SQLRows: Sendable {
  /// The values each row holds (the query's selected columns).
  package let columnCount: Int
  /// Row after row, ``columnCount`` cells each.
  private var cells: [Cell] = []
  /// The bytes of every text and blob cell, one after another.
  private var bytes: [UInt8] = []

  /// One value: its kind and, for text and blobs, its length (`tag`), and the integer, the
  /// double's bits, or where its bytes start in ``bytes`` (`payload`).
  private struct Cell {
    let tag: Int
    let payload: Int64

    static let null = 0, integer = 1, real = 2, text = 3, blob = 4
    var kind: Int { tag & 7 }
    var length: Int { tag >> 3 }
  }

  /// No rows yet, `columnCount` values a row.
  package init(columnCount: Int) { self.columnCount = columnCount }

  /// The rows of `values`, `columnCount` values each.
  package init(columnCount: Int, values: [SQLValue]) {
    self.columnCount = columnCount
    reserveCapacity(values: values.count)
    for value in values { append(value) }
  }

  /// The number of rows.
  package var count: Int { columnCount == 0 ? 0 : cells.count / columnCount }
  package var isEmpty: Bool { cells.isEmpty }

  /// Every value, row after row (for the few callers that read a short result whole).
  package var values: [SQLValue] { cells.indices.map(value(at:)) }

  /// The value of column `column` in row `row`.
  package subscript(row: Int, column: Int) -> SQLValue { value(at: row * columnCount + column) }

  /// Where row `row` starts among the values.
  package func start(of row: Int) -> Int { row * columnCount }

  // MARK: - Reading cells

  /// Value number `index` (row after row): its text or bytes copied out.
  package func value(at index: Int) -> SQLValue {
    let cell = cells[index]
    switch cell.kind {
    case Cell.integer: return .integer(cell.payload)
    case Cell.real: return .real(Double(bitPattern: UInt64(bitPattern: cell.payload)))
    case Cell.text: return .text(withBytes(of: cell) { String(decoding: $0, as: UTF8.self) })
    case Cell.blob: return .blob(withBytes(of: cell) { Array($0) })
    default: return .null
    }
  }

  /// The integer of value number `index`, `nil` when it holds another kind.
  package func integer(at index: Int) -> Int64? {
    let cell = cells[index]
    return cell.kind == Cell.integer ? cell.payload : nil
  }

  /// The distinct integers of column `column`, in ascending order (nulls and other kinds
  /// left out).
  package func distinctIntegers(column: Int) -> [Int64] {
    guard column >= 0, column < columnCount else { return [] }
    var found = Set<Int64>()
    for index in stride(from: column, to: cells.count, by: columnCount) {
      if let integer = integer(at: index) { found.insert(integer) }
    }
    return found.sorted()
  }

  /// Whether value number `index` is SQL null.
  package func isNull(at index: Int) -> Bool { cells[index].kind == Cell.null }

  /// Whether value number `index` is text whose bytes are `text`'s UTF-8 (no `String` made).
  package func text(at index: Int, equals text: String) -> Bool {
    let cell = cells[index]
    guard cell.kind == Cell.text else { return false }
    var text = text
    return text.withUTF8 { expected in withBytes(of: cell) { $0.elementsEqual(expected) } }
  }

  private func withBytes<R>(of cell: Cell, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { all in
      let start = Int(cell.payload)
      // Cells are only made by the appends below, so their ranges lie inside the buffer.
      return body(UnsafeBufferPointer(rebasing: all[start..<start + cell.length]))
    }
  }

  // MARK: - Appending (backends)

  /// Makes room for `values` more values (of which `textBytes` bytes of text and blobs).
  package mutating func reserveCapacity(values: Int, textBytes: Int = 0) {
    cells.reserveCapacity(cells.count + values)
    if textBytes > 0 { bytes.reserveCapacity(bytes.count + textBytes) }
  }

  package mutating func appendNull() { cells.append(Cell(tag: Cell.null, payload: 0)) }
  package mutating func append(integer: Int64) { cells.append(Cell(tag: Cell.integer, payload: integer)) }
  package mutating func append(real: Double) { cells.append(Cell(tag: Cell.real, payload: Int64(bitPattern: real.bitPattern))) }

  /// Appends a text value given as its UTF-8 bytes.
  package mutating func append(text: UnsafeBufferPointer<UInt8>) { appendBytes(text, kind: Cell.text) }

  /// Appends a blob value.
  package mutating func append(blob: UnsafeRawBufferPointer) { appendBytes(blob.bindMemory(to: UInt8.self), kind: Cell.blob) }

  /// Appends any value.
  package mutating func append(_ value: SQLValue) {
    switch value {
    case .null: appendNull()
    case .integer(let integer): append(integer: integer)
    case .real(let real): append(real: real)
    case .text(var text): text.withUTF8 { append(text: $0) }
    case .blob(let blob): blob.withUnsafeBytes { append(blob: $0) }
    }
  }

  private mutating func appendBytes(_ value: UnsafeBufferPointer<UInt8>, kind: Int) {
    cells.append(Cell(tag: value.count << 3 | kind, payload: Int64(bytes.count)))
    bytes.append(contentsOf: value)
  }
}
