import Foundation
import FoundryJSON
import FoundryTestSupport
import Testing

/// Every reading of a number token is exact (integers, `Decimal`) or correctly rounded (`Double`).
@Suite("JSON reader: numbers")
struct JSONNumberTests {
  /// One token and what each integer reader must give.
  struct IntegerCase: Sendable, CustomTestStringConvertible {
    var text: String
    var int64: Int64?
    var uint64: UInt64?
    var testDescription: String { text }
  }

  static let integerCases: [IntegerCase] = [
    IntegerCase(text: "0", int64: 0, uint64: 0),
    IntegerCase(text: "-0", int64: 0, uint64: 0),
    IntegerCase(text: "1", int64: 1, uint64: 1),
    IntegerCase(text: "-1", int64: -1, uint64: nil),
    IntegerCase(text: "9007199254740993", int64: 9_007_199_254_740_993, uint64: 9_007_199_254_740_993),
    IntegerCase(text: "-9007199254740993", int64: -9_007_199_254_740_993, uint64: nil),
    IntegerCase(text: "123456789012345678", int64: 123_456_789_012_345_678, uint64: 123_456_789_012_345_678),
    IntegerCase(text: "1234567890123456789", int64: 1_234_567_890_123_456_789, uint64: 1_234_567_890_123_456_789),
    IntegerCase(text: "9223372036854775807", int64: .max, uint64: 9_223_372_036_854_775_807),
    IntegerCase(text: "9223372036854775808", int64: nil, uint64: 9_223_372_036_854_775_808),
    IntegerCase(text: "-9223372036854775808", int64: .min, uint64: nil),
    IntegerCase(text: "-9223372036854775809", int64: nil, uint64: nil),
    IntegerCase(text: "18446744073709551615", int64: nil, uint64: .max),
    IntegerCase(text: "18446744073709551616", int64: nil, uint64: nil),
    IntegerCase(text: "99999999999999999999", int64: nil, uint64: nil),
    IntegerCase(text: "123456789012345678901234567890", int64: nil, uint64: nil),
    // Integral values written with a fraction or an exponent.
    IntegerCase(text: "1.0", int64: 1, uint64: 1),
    IntegerCase(text: "-1.0", int64: -1, uint64: nil),
    IntegerCase(text: "1e2", int64: 100, uint64: 100),
    IntegerCase(text: "1E+2", int64: 100, uint64: 100),
    IntegerCase(text: "100e-2", int64: 1, uint64: 1),
    IntegerCase(text: "12.50e1", int64: 125, uint64: 125),
    IntegerCase(text: "0.0", int64: 0, uint64: 0),
    IntegerCase(text: "-0.0", int64: 0, uint64: 0),
    IntegerCase(text: "0e10", int64: 0, uint64: 0),
    IntegerCase(text: "0.000e-5", int64: 0, uint64: 0),
    IntegerCase(text: "1e18", int64: 1_000_000_000_000_000_000, uint64: 1_000_000_000_000_000_000),
    IntegerCase(text: "1e19", int64: nil, uint64: 10_000_000_000_000_000_000),
    IntegerCase(text: "1e20", int64: nil, uint64: nil),
    IntegerCase(text: "-9.223372036854775808e18", int64: .min, uint64: nil),
    IntegerCase(text: "9007199254740993.0", int64: 9_007_199_254_740_993, uint64: 9_007_199_254_740_993),
    IntegerCase(text: "18446744073709551615.000", int64: nil, uint64: .max),
    IntegerCase(text: "1.8446744073709551615e19", int64: nil, uint64: .max),
    // More than 20 digits before the exponent brings them back.
    IntegerCase(text: "100000000000000000000e-2", int64: 1_000_000_000_000_000_000, uint64: 1_000_000_000_000_000_000),
    IntegerCase(text: "184467440737095516150e-1", int64: nil, uint64: .max),
    IntegerCase(text: "92233720368547758070000e-4", int64: .max, uint64: 9_223_372_036_854_775_807),
    // Not integers.
    IntegerCase(text: "1.5", int64: nil, uint64: nil),
    IntegerCase(text: "-1.5", int64: nil, uint64: nil),
    IntegerCase(text: "1e-1", int64: nil, uint64: nil),
    IntegerCase(text: "0.1", int64: nil, uint64: nil),
    IntegerCase(text: "1.0000000000000000001", int64: nil, uint64: nil),
    IntegerCase(text: "1e400", int64: nil, uint64: nil),
    IntegerCase(text: "1e-400", int64: nil, uint64: nil),
    IntegerCase(text: "1e999999999999999999999", int64: nil, uint64: nil),
  ]

  @Test(arguments: integerCases)
  func integerReaders(_ testCase: IntegerCase) throws {
    let node = try expectParses(testCase.text).root
    #expect(node.int64 == testCase.int64)
    #expect(node.uint64 == testCase.uint64)
    #expect(node.int == testCase.int64.flatMap { Int(exactly: $0) })
    // The same answers from the number value and from a number built from the text.
    let number = try #require(node.number)
    #expect(number.int64 == testCase.int64)
    #expect(number.uint64 == testCase.uint64)
    #expect(number.int == testCase.int64.flatMap { Int(exactly: $0) })
    let fromText = try #require(JSONNumber(text: testCase.text))
    #expect(fromText.int64 == testCase.int64)
    #expect(fromText.uint64 == testCase.uint64)
    // And from inside a container, where the token is followed by other bytes.
    let nested = try expectParses("[\(testCase.text), 7]").root[0]
    #expect(nested?.int64 == testCase.int64)
    #expect(nested?.uint64 == testCase.uint64)
  }

  @Test func integersAbove2To53KeepEveryDigit() throws {
    let document = try expectParses("[9007199254740993, 9007199254740995, 18014398509481985, -9007199254740993]")
    #expect(document.root.elements.map(\.int64) == [9_007_199_254_740_993, 9_007_199_254_740_995, 18_014_398_509_481_985, -9_007_199_254_740_993])
    #expect(document.value[0]?.int64 == 9_007_199_254_740_993)
    #expect(document.value[0]?.number?.text == "9007199254740993")
    // The double is the nearest one, which is not the integer.
    #expect(document.root[0]?.double == 9_007_199_254_740_992)
  }

  // MARK: - Double

  static let doubleCases: [String] = [
    "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.2", "0.3", "0.30000000000000004", "1e23", "8.41e21",
    "1e22", "1e-22", "1.5e-22", "2.2250738585072011e-308", "2.2250738585072012e-308",
    "2.2250738585072014e-308", "4.9406564584124654e-324", "5e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
    "9007199254740993", "9007199254740993.0", "9007199254740993.0000000001", "9007199254740995",
    "18446744073709551615", "123456789012345678901234567890", "3.141592653589793", "2.718281828459045",
    "0.12345678901234567", "1.2345678901234567e-300", "8.98846567431158e307", "123456789012345.6",
    "1234567890123456.7", "12345678901234567", "0.000001", "1e-7", "7.038531e-26", "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
    "0.1000000000000000055511151231257827021181583404541015625", "100000000000000000000000",
    "0.0000000000000000000001", "0.00000000000000000000001", "999999999999999", "9999999999999999",
    "99999999999999999", "1e-400", "-1e-400", "1E-999", "1e308", "-2.5E+3", "1.0e0",
  ]

  @Test(arguments: doubleCases)
  func doublesAreCorrectlyRounded(text: String) throws {
    let expected = try #require(Double(text))
    let node = try expectParses(text).root
    let value = try #require(node.double)
    #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) != \(expected)")
    let viaNumber = try #require(node.number?.double)
    #expect(viaNumber.bitPattern == expected.bitPattern, "via JSONNumber: \(viaNumber) != \(expected)")
  }

  @Test func wellKnownDoubles() throws {
    let document = try expectParses("[0.1, 1e23, 2.2250738585072011e-308, 9007199254740993.0, -0, 5e-324, 1.7976931348623157e308]")
    let values = document.root.elements.map(\.double)
    // 2.2250738585072011e-308 is the largest subnormal.
    let largestSubnormal = Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)
    #expect(values == [0.1, 1e23, largestSubnormal, 9_007_199_254_740_992, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude])
    #expect(document.root[4]?.double?.sign == .minus, "-0 keeps its sign")
    #expect(document.root[4]?.number?.text == "-0")
    #expect(document.root[4]?.number?.double?.sign == .minus)
    #expect(document.value[4]?.double?.sign == .minus)
  }

  @Test func randomDecimalTextsMatchTheStandardLibrary() throws {
    // Short mantissas go through the reader's fast path; compare everything with `Double(String)`.
    var random = SeededRandom(seed: 0x5EED_D0BB)
    for _ in 0..<3_000 {
      var text = random.next(upperBound: 2) == 0 ? "" : "-"
      let integerDigits = Int(random.next(upperBound: 18))
      text += integerDigits == 0 ? "0" : String(random.next(upperBound: 9) + 1)
      for _ in 0..<max(0, integerDigits - 1) { text += String(random.next(upperBound: 10)) }
      let fractionDigits = Int(random.next(upperBound: 25))
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += String(random.next(upperBound: 10)) }
      }
      if random.next(upperBound: 3) == 0 {
        text += ["e", "E", "e+", "e-", "E-"][Int(random.next(upperBound: 5))] + String(random.next(upperBound: 340))
      }
      let node = try expectParses(text).root
      let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
      #expect(node.double?.bitPattern == expected?.bitPattern, "\(text)")
    }
  }

  @Test(arguments: ["1e400", "-1e400", "1.7976931348623159e308", "123123e100000", "1e999999999999999999999", "-1.5E+9999"])
  func doubleIsNilPastTheLargestFinite(text: String) throws {
    let node = try expectParses(text).root
    #expect(node.kind == .number)
    #expect(node.double == nil)
    #expect(node.number?.double == nil)
    #expect(node.number?.text == text)
  }

  @Test func tinyNumbersUnderflowToZero() throws {
    let node = try expectParses("[1e-400, -1e-400, 123e-10000000]").root
    #expect(node[0]?.double == 0)
    #expect(node[1]?.double == 0)
    #expect(node[1]?.double?.sign == .minus)
    #expect(node[2]?.double == 0)
  }

  // MARK: - Decimal

  static let decimalCases: [String] = [
    "0", "-0", "0.1", "-0.1", "1.5", "123456789012345678901234567890.5", "0.000001", "1e10", "1.5e-10",
    "9007199254740993", "18446744073709551615", "1.000000000000000005", "12345678901234567890123456789012345678",
    "-12.5E+3", "3.14159265358979323846264338327950288",
  ]

  @Test(arguments: decimalCases)
  func decimalsAreExact(text: String) throws {
    let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    let node = try expectParses(text).root
    #expect(node.decimal == expected)
    #expect(node.number?.decimal == expected)
  }

  @Test func decimalTextIsExact() throws {
    let document = try expectParses("[0.1, 123456789012345678901234567890.5, 1.000000000000000005]")
    #expect(document.root[0]?.decimal?.description == "0.1")
    #expect(document.root[1]?.decimal?.description == "123456789012345678901234567890.5")
    #expect(document.root[2]?.decimal?.description == "1.000000000000000005")
  }

  @Test(arguments: ["1234567890123456789012345678901234567890", "1e200", "1e-200", "1.23456789012345678901234567890123456789"])
  func decimalIsNilBeyondItsRange(text: String) throws {
    let node = try expectParses(text).root
    #expect(node.decimal == nil)
    #expect(node.number?.decimal == nil)
  }

  // MARK: - JSONNumber

  @Test func numberKeepsItsText() throws {
    let texts = ["1.0", "1E2", "-0", "-0.0", "1e-5", "0.10", "18446744073709551616", "9007199254740993"]
    let document = try expectParses("[" + texts.joined(separator: ",") + "]")
    #expect(document.root.elements.map { $0.number?.text } == texts)
    #expect(document.value.array?.map { $0.number?.text } == texts)
    #expect(document.root[0]?.number?.isInteger == false)
    #expect(document.root[2]?.number?.isInteger == true)
    #expect(document.root[6]?.number?.isInteger == true)
    #expect(document.root[0]?.number?.description == "1.0")
  }

  @Test(arguments: ["0", "-0", "1.5", "-1.5e-7", "1E+2", "123456789012345678901234567890", "0.0"])
  func validNumberText(text: String) throws {
    let number = try #require(JSONNumber(text: text))
    #expect(number.text == text)
  }

  @Test(arguments: ["", "-", "01", "+1", "1.", ".5", "1e", "1e+", "NaN", "Infinity", " 1", "1 ", "0x10", "1.5.2", "--1", "1e5.5"])
  func invalidNumberText(text: String) {
    #expect(JSONNumber(text: text) == nil)
  }

  @Test func numbersFromSwiftValues() throws {
    #expect(JSONNumber(7) == JSONNumber(text: "7"))
    #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
    #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
    #expect(JSONNumber(UInt64.max).uint64 == .max)
    // `JSONNumber(2.5)` would be a literal; go through `Double` to test the failable initializer.
    let values: [Double] = [2.5, 100, 0.1, -0.0]
    #expect(JSONNumber(values[0])?.text == "2.5")
    #expect(JSONNumber(values[1])?.text == "100")
    #expect(JSONNumber(values[2])?.double == 0.1)
    #expect(JSONNumber(values[3])?.double?.sign == .minus)
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONNumber(-Double.infinity) == nil)
    let decimal = try #require(Decimal(string: "123456789012345678901234567890.5", locale: Locale(identifier: "en_US_POSIX")))
    #expect(JSONNumber(decimal)?.decimal == decimal)
    #expect(JSONNumber(Decimal.nan) == nil)
    let literal: JSONNumber = 42
    #expect(literal.int == 42)
    let floating: JSONNumber = 0.5
    #expect(floating.double == 0.5)
  }

  @Test func equalityIsByText() throws {
    let document = try expectParses("[1, 1.0, 1e0, 1]")
    let numbers = document.root.elements.compactMap(\.number)
    #expect(numbers[0] == numbers[3])
    #expect(numbers[0] != numbers[1])
    #expect(numbers[1] != numbers[2])
    #expect(numbers[0].double == numbers[1].double)
    #expect(numbers[0] == JSONNumber(1))
  }

  @Test func numberReadersOnOtherKinds() throws {
    let document = try expectParses(#"["1", true, null, [1], {"a": 1}]"#)
    for node in document.root.elements {
      #expect(node.number == nil)
      #expect(node.int == nil)
      #expect(node.int64 == nil)
      #expect(node.uint64 == nil)
      #expect(node.double == nil)
      #expect(node.decimal == nil)
    }
  }
}
