import FoundryInternals
import Testing

@testable import FoundryGraph

@Suite("ReferenceStack: the references an import gathers")
struct ReferenceStackTests {
  @Test("pushes past its room (16) keep every reference in order; popping to a mark leaves those below")
  func pushAndPop() throws {
    let schema = try Schema { Entity("Item") { Attribute("n", .integer64) } }
    let graph = ObjectGraph(schema: schema)
    let items = try (0..<40).map { _ in try graph.insert("Item") }
    let stack = ReferenceStack(capacity: 2)
    stack.push(ObjectReference(items[0]))
    let mark = stack.count
    for item in items.dropFirst() { stack.push(ObjectReference(item)) }
    #expect(stack.count == 40)
    #expect(stack.references(from: mark).map(\.id) == items.dropFirst().map(ObjectIdentifier.init))
    stack.pop(to: mark)
    #expect(stack.count == 1)
    #expect(stack.references(from: 0).map(\.id) == [ObjectIdentifier(items[0])])
    #expect(stack.references(from: 5).isEmpty)
    stack.reserve(100)
    stack.push(ObjectReference(items[39]))
    #expect(stack.references(from: mark).map(\.id) == [ObjectIdentifier(items[39])])
  }
}
