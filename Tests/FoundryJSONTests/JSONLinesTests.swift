import FoundryJSON
import Testing

/// JSON Lines (NDJSON): one document per line, blank lines skipped, errors on the right line.
@Suite("JSON streaming: JSON Lines")
struct JSONLinesTests {
  static let lines = "{\"id\": 1, \"s\": \"a\\nb\"}\n\n   \n[1, 2]\r\n\"text\"\n\t\r\n42\n{\"id\": [\"}\"]}"

  @Test func everyByteBoundary() {
    let bytes = Array(Self.lines.utf8)
    let expected = StreamOutcome(values: [["id": 1, "s": "a\nb"], [1, 2], "text", 42, ["id": ["}"]]])
    for (cuts, outcome) in everyChunking(bytes, layout: .lines) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test(arguments: ["", "\n", "\n\n  \n", "\r\n"])
  func blankInput(text: String) {
    #expect(stream(Array(text.utf8), layout: .lines, cuts: []) == StreamOutcome())
  }

  @Test func aBadLineIsReportedOnItsLineAndTheRestGoesOn() {
    let text = "{\"a\": 1}\n\n{\"a\": 2}\r\n  {\"a\": x}\n{\"a\": 4}\n{\"a\": 5} 6"
    let bytes = Array(text.utf8)
    let errors = [
      ErrorPlace(message: "unexpected character 'x', expected a value", line: 4, column: 9, offset: 28),
      ErrorPlace(message: "unexpected character '6' after the top-level value", line: 6, column: 10, offset: 49),
    ]
    for cuts in [[], Array(bytes.indices), [30], [41]] {
      let all = stream(bytes, layout: .lines, cuts: cuts, continuing: true)
      #expect(all.values == [["a": 1], ["a": 2], ["a": 4]])
      #expect(all.errors == errors)
    }
    for (cuts, outcome) in everyChunking(bytes, layout: .lines) {
      #expect(outcome.values == [["a": 1], ["a": 2]], "cut \(cuts)")
      #expect(outcome.error == errors.first, "cut \(cuts)")
    }
  }

  @Test func aLineLongerThanTheLimit() {
    var limits = JSONStreamOptions()
    limits.maximumElementSize = 8
    let outcome = stream(Array("[1, 2]\n\"0123456789\"\n".utf8), layout: .lines, streamOptions: limits, cuts: [])
    #expect(outcome.values == [[1, 2]])
    #expect(outcome.error == ErrorPlace(message: "element exceeds the limit of 8 bytes (maximumElementSize)", line: 2, column: 1, offset: 7))
  }
}
