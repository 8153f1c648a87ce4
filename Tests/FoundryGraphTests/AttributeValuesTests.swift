import Testing

@testable import FoundryGraph

@Suite("AttributeValues: an object's values in one allocation")
struct AttributeValuesTests {
  @Test("holds what it was made with, in order, and a write changes one slot")
  func holdsAndWrites() {
    var values = AttributeValues([.integer(1), nil, .string("three")])
    #expect(values.count == 3)
    values[1] = .double(2.5)
    #expect(values[0] == .integer(1))
    #expect(values[1] == .double(2.5))
    #expect(values[2] == .string("three"))
    values[2] = nil
    #expect(values[2] == nil)
  }

  @Test("a copy keeps its values when the original is written, and the other way round")
  func copyOnWrite() {
    var original = AttributeValues([.string("a"), .integer(2)])
    var copy = original
    original[0] = .string("changed")
    #expect(copy[0] == .string("a"))
    copy[1] = .integer(20)
    #expect(original[1] == .integer(2))
    #expect(original[0] == .string("changed"))
    #expect(copy[1] == .integer(20))
  }

  @Test("no values: the shared storage of objects still reading their row, copied before a write")
  func none() {
    let none = AttributeValues.none
    #expect(none.count == 0)
    var another = AttributeValues.none
    another = AttributeValues(repeatElement(nil, count: 2))
    another[1] = .bool(true)
    #expect(AttributeValues.none.count == 0)
    #expect(another[1] == .bool(true))
  }
}
