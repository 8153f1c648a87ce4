import FoundryJSON
import FoundryTestSupport
import Testing

/// The fast paths of `double` against the C library's correctly rounded conversion
/// (`Double(String)`), on numbers built to stress them: 1 to 19 significant digits, decimal
/// points anywhere, exponents around the fast paths' limits, and exact halfway cases.
@Suite("JSON numbers: double rounding")
struct JSONDoubleRoundingTests {
  @Test func randomNumbersRoundLikeTheCLibrary() throws {
    var generator = SeededRandom(seed: 0xD0_0B1E)
    var texts: [String] = []
    for _ in 0..<60_000 {
      let digitCount = Int.random(in: 1...19, using: &generator)
      var digits = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
      let point = Int.random(in: 0...digitCount, using: &generator)
      var text = point == 0 || point == digitCount ? digits : String(digits.prefix(point)) + "." + digits.dropFirst(point)
      if point == 0 { text = "0." + digits }
      if Bool.random(using: &generator) { text += "e" + String(Int.random(in: -40...40, using: &generator)) }
      if Bool.random(using: &generator) { text = "-" + text }
      texts.append(text)
    }
    // Halfway points between neighbouring doubles, written with 17 to 19 digits.
    texts += [
      "9007199254740993", "9007199254740995", "18014398509481985", "1.0000000000000001110223024625156540",
      "2.2250738585072011e-308", "1.7976931348623157e308", "4.9406564584124654e-324", "0.1", "1e23", "8.98846567431158e307",
    ]
    for text in texts {
      let node = try JSONDocument(string: text).root
      let expected = Double(text)
      let actual = node.double
      #expect(actual == expected || (expected.map { !$0.isFinite } ?? false && actual == nil), "\(text)")
    }
  }
}
