import FoundryJSON
import Testing

/// Writing in pieces gives the same bytes as writing whole, in pieces of about the size asked
/// for, each ending between tokens; and a value nested far past the call stack is taken apart
/// level by level.
@Suite("JSON written in pieces")
struct JSONStreamedWritingTests {
  static let text = #"{"b": [1, 2.50, {"c": "x\/y", "d": [true, false, null]}], "a": "é\n", "e": {}}"#

  static var optionSets: [JSONWritingOptions] {
    var sorted = JSONWritingOptions.pretty
    sorted.sortsKeys = true
    var escaped = JSONWritingOptions()
    escaped.escapesNonASCII = true
    return [JSONWritingOptions(), .pretty, sorted, escaped]
  }

  @Test(arguments: optionSets)
  func piecesFromTheTapeMakeTheWhole(options: JSONWritingOptions) throws {
    let document = try JSONDocument(string: Self.text)
    var pieces: [[UInt8]] = []
    document.root.writeJSON(options: options, chunkSize: 8) { pieces.append($0) }
    #expect(pieces.count > 3)
    #expect(pieces.allSatisfy { !$0.isEmpty && String(validating: $0, as: UTF8.self) != nil })
    #expect(pieces.flatMap { $0 } == document.root.makeJSON(options: options))
  }

  @Test(arguments: optionSets)
  func piecesFromAValueMakeTheWhole(options: JSONWritingOptions) throws {
    let value = try JSONDocument(string: Self.text).value
    var pieces: [[UInt8]] = []
    value.writeJSON(options: options, chunkSize: 8) { pieces.append($0) }
    #expect(pieces.count > 3)
    #expect(pieces.flatMap { $0 } == value.makeJSON(options: options))
  }

  @Test func piecesStayNearTheirSize() throws {
    // 200 arrays nested 200 deep, pretty: 40 KB of input, 8 MB of output.
    let nested = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let text = "[" + Array(repeating: nested, count: 200).joined(separator: ",") + "]"
    var options = JSONParsingOptions()
    options.maximumDepth = 202
    let document = try JSONDocument(string: text, options: options)
    var largest = 0
    var total = 0
    document.root.writeJSON(options: .pretty, chunkSize: 1 << 16) { piece in
      largest = max(largest, piece.count)
      total += piece.count
    }
    #expect(total > 8_000_000)
    // A piece exceeds the size by one token and its indentation at most.
    #expect(largest < (1 << 16) + 2 * 202 + 8)
  }

  @Test func aValueNestedAMillionDeepIsTakenApart() throws {
    let depth = 1_000_000
    var options = JSONParsingOptions()
    options.maximumDepth = depth
    let document = try JSONDocument(string: String(repeating: "[", count: depth) + String(repeating: "]", count: depth), options: options)
    let value = document.value
    #expect(value.array?.count == 1)
    JSONValue.dismantle(consume value)
  }
}
