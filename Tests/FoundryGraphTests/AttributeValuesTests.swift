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

  @Test("a copy keeps its values when the original is written, and the other way round", arguments: [2, 3, 4, 9])
  func copyOnWrite(count: Int) {
    let made = (0..<count).map { GraphValue?.some(.integer(Int64($0))) }
    var original = AttributeValues(made)
    var copy = original
    original[0] = .string("changed")
    #expect(copy[0] == .integer(0))
    copy[count - 1] = .integer(-1)
    #expect(original[count - 1] == .integer(Int64(count - 1)))
    #expect(original[0] == .string("changed"))
    #expect(copy[count - 1] == .integer(-1))
    #expect(original.count == count && copy.count == count)
  }

  @Test("small and large entities hold every slot", arguments: [0, 1, 3, 4, 12])
  func everySlot(count: Int) {
    var values = AttributeValues(repeatElement(nil, count: count))
    #expect(values.count == count)
    for slot in 0..<count { values[slot] = .integer(Int64(slot * 10)) }
    for slot in 0..<count { #expect(values[slot] == .integer(Int64(slot * 10))) }
    #expect(AttributeValues.none.count == 0)
  }
}
