#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import FoundryTestSupport
import Testing

enum RobustModels {
  @Mappable
  final class Node {
    var name: String = ""
    var children: [Node] = []
    var next: Node?
    init() {}
  }

  @Mappable
  struct Mixed: Equatable {
    var id: Int
    var label: String?
    var ratio: Double = 0
    var tags: [String] = []
    var flags: [String: Bool] = [:]
    var when: Date?
    var nested: Inner?
  }

  @Mappable
  struct Inner: Equatable {
    @Key("a.b.0") var deep: Int?
    @Key(["x", "y"]) var either: String = ""
  }
}

@Suite("Mapping robustness")
struct MappingRobustnessTests {
  @Test(arguments: [10, 100, 500])
  func deepNestingIntoARecursiveModel(depth: Int) throws {
    let json = String(repeating: #"{"name": "n", "next": "#, count: depth) + "null" + String(repeating: "}", count: depth)
    let node = try MappingDecoder().decode(RobustModels.Node.self, from: json)
    var count = 1
    var current = node
    while let next = current.next {
      count += 1
      current = next
    }
    #expect(count == depth)
  }

  @Test func nestingBeyondTheParserLimitIsAnError() {
    let json = String(repeating: #"{"next": "#, count: 600) + "null" + String(repeating: "}", count: 600)
    let error = #expect(throws: MappingError.self) { try MappingDecoder().decode(RobustModels.Node.self, from: json) }
    #expect(error?.code == .malformedDocument)
  }

  @Test func randomDocumentsGiveAValueOrAMappingError() throws {
    var generator = SeededRandom(seed: 0x5EED)
    var values = 0
    var errors = 0
    for _ in 0..<3000 {
      let json = RandomJSON.document(using: &generator)
      for lossy in [false, true] {
        if lossy {
          let result = MappingDecoder().decodeLossy([RobustModels.Mixed].self, from: json)
          if result.value != nil { values += 1 } else { errors += 1 }
        } else {
          do {
            _ = try MappingDecoder().decode(RobustModels.Mixed.self, from: json)
            values += 1
          } catch is MappingError {
            errors += 1
          }
        }
      }
    }
    #expect(values + errors == 6000)
    #expect(values > 0 && errors > 0)
  }
}

/// Random JSON shaped loosely like the models, with wrong types mixed in.
enum RandomJSON {
  static let keys = ["id", "label", "ratio", "tags", "flags", "when", "nested", "a", "b", "x", "y", "0", ""]

  static func document<G: RandomNumberGenerator>(using generator: inout G) -> String {
    Bool.random(using: &generator)
      ? value(depth: 0, using: &generator) : "[" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: 0, using: &generator) }.joined(separator: ",") + "]"
  }

  static func value<G: RandomNumberGenerator>(depth: Int, using generator: inout G) -> String {
    switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &generator) {
    case 0: return "null"
    case 1: return Bool.random(using: &generator) ? "true" : "false"
    case 2: return ["0", "-1", "42", "1.5", "1e400", "18446744073709551616", "9007199254740993"].randomElement(using: &generator) ?? "0"
    case 3: return ["\"\"", "\"42\"", "\"yes\"", "\"2024-01-02T03:04:05Z\"", "\"x\"", "\"00172\""].randomElement(using: &generator) ?? "\"\""
    case 4: return "\"\(Int.random(in: 0...9, using: &generator))\""
    case 5: return "-0"
    case 6:
      let count = Int.random(in: 0...4, using: &generator)
      return "[" + (0..<count).map { _ in value(depth: depth + 1, using: &generator) }.joined(separator: ",") + "]"
    default:
      let count = Int.random(in: 0...6, using: &generator)
      let members = (0..<count).map { _ in
        "\"\(keys.randomElement(using: &generator) ?? "id")\": \(value(depth: depth + 1, using: &generator))"
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }
}
