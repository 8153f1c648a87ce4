import Foundation
import Foundry
import FoundryGraph
import Testing

@testable import FoundryStore

/// A fetched object's values are read from its row's cells two ways: text, integers, doubles
/// and dates straight from the cell (`SQLRows.plainValue(at:_:)`), everything else through
/// the column's codec. Both must give what the codec gives for every type and every kind of
/// cell, the ones it refuses included.
@Suite("Values read straight from cells")
struct PlainCellTests {
  static let types: [AttributeType] = [
    .string, .integer16, .integer32, .integer64, .double, .float, .decimal, .boolean, .date, .binary, .uuid, .uri,
  ]

  static let cells: [SQLValue] = [
    .null, .integer(0), .integer(-3), .integer(9_007_199_254_740_993), .integer(.max), .integer(.min), .real(1.5), .real(-0.0),
    .real(-1e300), .real(9_007_199_254_740_992), .text(""), .text("Zoë 東京 🚲"), .text("12"), .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
    .blob([]), .blob([0, 1, 255]),
  ]

  @Test("each cell reads as the column's codec reads it", arguments: types)
  func agreesWithCodec(_ type: AttributeType) throws {
    let codec = try ColumnCodec(Attribute("value", type, optional: true), of: "Thing", registry: .standard)
    let rows = SQLRows(columnCount: 1, values: Self.cells)
    for index in Self.cells.indices {
      let expected = Result { () throws(StoreError) in try codec.graphValue(rows.value(at: index)) }
      guard let plain = rows.plainValue(at: index, codec.plainCell) else { continue }
      // A cell read straight is one the codec reads too, to the same value.
      #expect(try expected.get() == plain, "\(type) from \(Self.cells[index])")
    }
  }

  @Test("the plain types are read straight, the others are left to the codec")
  func plainKinds() throws {
    let rows = SQLRows(columnCount: 1, values: [.text("Zoë"), .integer(7), .real(2.5)])
    func codec(_ type: AttributeType) throws -> ColumnCodec {
      try ColumnCodec(Attribute("value", type), of: "Thing", registry: .standard)
    }
    #expect(rows.plainValue(at: 0, try codec(.string).plainCell) == .string("Zoë"))
    #expect(rows.plainValue(at: 1, try codec(.integer16).plainCell) == .integer(7))
    #expect(rows.plainValue(at: 2, try codec(.double).plainCell) == .double(2.5))
    #expect(rows.plainValue(at: 2, try codec(.date).plainCell) == .date(Date(timeIntervalSinceReferenceDate: 2.5)))
    #expect(rows.plainValue(at: 0, try codec(.uuid).plainCell) == nil)
    #expect(rows.plainValue(at: 1, try codec(.boolean).plainCell) == nil)
    #expect(rows.plainValue(at: 2, try codec(.float).plainCell) == nil)
  }
}
