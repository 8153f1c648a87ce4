#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
internal import FoundryInternals

/// The rows one query read, flat: every row's column values one after another, kept as plain
/// cells (kind and number) with the text and blob bytes in one buffer beside them.
///
/// No `String` or array per value: a fetch of 100,000 rows makes two allocations instead of
/// one per text value, frees them without visiting each value, and leaves a value's text as
/// bytes until something reads it (a fetched object decodes its row on first use, see
/// `FetchedRows`). Backends fill a ``SQLRowsBuilder`` as they step through their results.
///
/// ```swift
/// let rows = try backend.readNow(SQLStatement("SELECT \"_pk\", \"name\" FROM \"Author\""))
/// for row in 0..<rows.count { print(rows[row, 0], rows[row, 1]) }
/// ```
package struct SQLRows: Sendable {
  /// The values each row holds (the query's selected columns).
  package let columnCount: Int
  /// Row after row, ``columnCount`` cells each.
  private let cells: ChunkedBuffer<SQLCell>
  /// The bytes of every text and blob cell, one after another. Unchecked `Sendable` (the
  /// buffer is not): only the ``SQLRowsBuilder`` appends, before it hands the buffer to the rows
  /// it finishes, which only read.
  nonisolated(unsafe) private let bytes: GrowableBuffer<UInt8>

  /// No rows, `columnCount` values a row.
  package init(columnCount: Int) { self.init(columnCount: columnCount, cells: ChunkedBuffer(), bytes: GrowableBuffer()) }

  /// The rows of `values`, `columnCount` values each.
  package init(columnCount: Int, values: [SQLValue]) {
    var builder = SQLRowsBuilder(columnCount: columnCount)
    for value in values { builder.append(value) }
    self = builder.finish()
  }

  fileprivate init(columnCount: Int, cells: ChunkedBuffer<SQLCell>, bytes: GrowableBuffer<UInt8>) {
    self.columnCount = columnCount
    self.cells = cells
    self.bytes = bytes
  }

  /// The number of rows.
  package var count: Int { columnCount == 0 ? 0 : cells.count / columnCount }
  package var isEmpty: Bool { cells.count == 0 }

  /// Every value, row after row (for the few callers that read a short result whole).
  package var values: [SQLValue] { (0..<cells.count).map(value(at:)) }

  /// The value of column `column` in row `row`.
  package subscript(row: Int, column: Int) -> SQLValue { value(at: row * columnCount + column) }

  /// Where row `row` starts among the values.
  package func start(of row: Int) -> Int { row * columnCount }

  // MARK: - Reading cells

  /// Value number `index` (row after row): its text or bytes copied out.
  package func value(at index: Int) -> SQLValue {
    let cell = cells[index]
    switch cell.kind {
    case SQLCell.integer: return .integer(cell.payload)
    case SQLCell.real: return .real(Double(bitPattern: UInt64(bitPattern: cell.payload)))
    case SQLCell.text: return .text(String(decoding: bytes(of: cell), as: UTF8.self))
    case SQLCell.blob: return .blob(Array(bytes(of: cell)))
    default: return .null
    }
  }

  /// The attribute value of value number `index` when it is a cell of the kind `plain` names
  /// (text of a string attribute, an integer, a double, a date), read straight from the cell
  /// with no ``SQLValue`` in between; `nil` for any other cell, null included, which the
  /// column's codec reads (``ColumnCodec/graphValue(_:)``, which this agrees with).
  func plainValue(at index: Int, _ plain: ColumnCodec.PlainCell) -> GraphValue? {
    let cell = cells[index]
    switch (cell.kind, plain) {
    case (SQLCell.text, .text): return .string(String(decoding: bytes(of: cell), as: UTF8.self))
    case (SQLCell.integer, .integer): return .integer(cell.payload)
    case (SQLCell.real, .double): return .double(Double(bitPattern: UInt64(bitPattern: cell.payload)))
    case (SQLCell.real, .date): return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bitPattern: cell.payload))))
    default: return nil
    }
  }

  /// The integer of value number `index`, `nil` when it holds another kind.
  package func integer(at index: Int) -> Int64? {
    let cell = cells[index]
    return cell.kind == SQLCell.integer ? cell.payload : nil
  }

  /// Whether value number `index` is SQL null.
  package func isNull(at index: Int) -> Bool { cells[index].kind == SQLCell.null }

  /// Whether value number `index` is text whose bytes are `text`'s UTF-8 (no `String` made).
  package func text(at index: Int, equals text: String) -> Bool {
    let cell = cells[index]
    guard cell.kind == SQLCell.text else { return false }
    var text = text
    return text.withUTF8 { bytes(of: cell).elementsEqual($0) }
  }

  /// The distinct integers of column `column`, in ascending order (nulls and other kinds
  /// left out).
  package func distinctIntegers(column: Int) -> [Int64] {
    guard column >= 0, column < columnCount else { return [] }
    let indices = stride(from: column, to: cells.count, by: columnCount)
    var (low, high) = (Int64.max, Int64.min)
    for index in indices {
      guard let integer = integer(at: index) else { continue }
      (low, high) = (min(low, integer), max(high, integer))
    }
    guard low <= high else { return [] }
    // Row numbers (what foreign keys hold) are dense: a bit per number in their range, when
    // that range is not much larger than the rows, sorts them as it finds them.
    let (span, overflow) = high.subtractingReportingOverflow(low)
    guard !overflow, span < Int64(count) * 8 + 4_096 else { return hashedDistinctIntegers(at: indices) }
    var bits = [UInt64](repeating: 0, count: Int(span / 64) + 1)
    for index in indices {
      guard let integer = integer(at: index) else { continue }
      let offset = Int(integer - low)
      bits[offset >> 6] |= 1 << UInt64(offset & 63)
    }
    var found: [Int64] = []
    for (position, word) in bits.enumerated() {
      var word = word
      while word != 0 {
        found.append(low + Int64(position * 64 + word.trailingZeroBitCount))
        word &= word - 1
      }
    }
    return found
  }

  /// ``distinctIntegers(column:)`` for integers spread too far for a bit each.
  private func hashedDistinctIntegers(at indices: StrideTo<Int>) -> [Int64] {
    // The graph's integer table as a set: its multiply-shift hash costs a fraction of `Set`'s.
    var seen = IntegerIdentityTable()
    var found: [Int64] = []
    for index in indices {
      guard let integer = integer(at: index), seen.number(of: integer) == nil else { continue }
      seen.insert(integer, number: found.count)
      found.append(integer)
    }
    return found.sorted()
  }

  /// The bytes of a text or blob cell (valid while the rows live).
  private func bytes(of cell: SQLCell) -> UnsafeBufferPointer<UInt8> { bytes.elements(from: Int(cell.payload), count: cell.length) }
}

/// Collects the rows of one query as a backend steps through them, then hands them over whole
/// as ``SQLRows`` (which cannot change after).
///
/// ```swift
/// var builder = SQLRowsBuilder(columnCount: 2)
/// builder.append(integer: 1)
/// builder.append(.text("Ada"))
/// let rows = builder.finish()
/// ```
package struct SQLRowsBuilder: ~Copyable {
  private let columnCount: Int
  private let cells = ChunkedBuffer<SQLCell>()
  private let bytes = GrowableBuffer<UInt8>()

  /// An empty result of `columnCount` values a row.
  package init(columnCount: Int) { self.columnCount = columnCount }

  package mutating func appendNull() { cells.append(SQLCell(tag: SQLCell.null, payload: 0)) }
  package mutating func append(integer: Int64) { cells.append(SQLCell(tag: SQLCell.integer, payload: integer)) }
  package mutating func append(real: Double) { cells.append(SQLCell(tag: SQLCell.real, payload: Int64(bitPattern: real.bitPattern))) }

  /// Appends a text value given as its UTF-8 bytes.
  package mutating func append(text: UnsafeBufferPointer<UInt8>) { appendBytes(text, kind: SQLCell.text) }

  /// Appends a blob value.
  package mutating func append(blob: UnsafeRawBufferPointer) { appendBytes(blob.bindMemory(to: UInt8.self), kind: SQLCell.blob) }

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

  /// The rows appended.
  package consuming func finish() -> SQLRows { SQLRows(columnCount: columnCount, cells: cells, bytes: bytes) }

  private mutating func appendBytes(_ value: UnsafeBufferPointer<UInt8>, kind: Int) {
    cells.append(SQLCell(tag: value.count << 3 | kind, payload: Int64(bytes.count)))
    bytes.append(contentsOf: value)
  }
}

/// One value of ``SQLRows``: its kind and, for text and blobs, its length (`tag`), and the
/// integer, the double's bits, or where its bytes start (`payload`).
struct SQLCell {
  let tag: Int
  let payload: Int64

  static let null = 0, integer = 1, real = 2, text = 3, blob = 4
  var kind: Int { tag & 7 }
  var length: Int { tag >> 3 }
}

/// A growable sequence of plain values in fixed-size chunks, for results read value by value:
/// growing allocates the next chunk and copies nothing (a contiguous buffer of a million
/// cells copies them all several times over as it doubles).
///
/// Unchecked `Sendable`: only a ``SQLRowsBuilder`` appends, before it hands the buffer to the
/// ``SQLRows`` it finishes, which only reads.
final class ChunkedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  /// 8,192 elements a chunk (128 KB of 16-byte cells).
  private static var shift: Int { 13 }
  private static var chunkSize: Int { 1 << shift }
  // Unchecked exclusivity: the buffer is filled by one builder, then only read
  // (ARCHITECTURE.md, Invariants: "One owner").
  @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<Element>] = []
  /// Where the next element goes in the last chunk, and how many still fit there.
  @exclusivity(unchecked) private var next: UnsafeMutablePointer<Element>?
  @exclusivity(unchecked) private var room = 0
  @exclusivity(unchecked) private(set) var count = 0

  init() {}

  deinit { for chunk in chunks { chunk.deallocate() } }

  /// Element number `index`.
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
    return chunks[index >> Self.shift][index & (Self.chunkSize - 1)]
  }

  @inline(__always)
  func append(_ element: Element) {
    if room == 0 { addChunk() }
    let slot = next.unsafelyUnwrapped
    slot.initialize(to: element)
    next = slot + 1
    room -= 1
    count += 1
  }

  private func addChunk() {
    let chunk = UnsafeMutablePointer<Element>.allocate(capacity: Self.chunkSize)
    chunks.append(chunk)
    next = chunk
    room = Self.chunkSize
  }
}
