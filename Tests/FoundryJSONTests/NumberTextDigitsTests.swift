@testable import FoundryJSON
import PropertyBased
import Testing

/// Integers are read eight digits at a time (``DigitWord``): every run length, at the end of the
/// text or before another byte, must read as the digit-by-digit reference below reads it; and
/// the decimal readers beside them must agree with the same reference.
@Suite("Number text: digits eight at a time")
struct NumberTextDigitsTests {
  /// What the readers must give for `text`: the significant digits as one number, how many
  /// there are, and the power of ten (from a fraction and an exponent); `nil` past 19 digits.
  static func reference(_ text: String) -> (isNegative: Bool, mantissa: UInt64, digits: Int, scale: Int)? {
    var body = Substring(text)
    let isNegative = body.first == "-"
    if isNegative { body = body.dropFirst() }
    var exponent = 0
    if let marker = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let value = Int(body[body.index(after: marker)...]), abs(value) < 400 else { return nil }
      exponent = value
      body = body[..<marker]
    }
    let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = pieces.count > 1 ? pieces[1] : ""
    let significant = (pieces[0] + fraction).drop { $0 == "0" }
    guard significant.count <= 19 else { return nil }
    return (isNegative, UInt64(significant) ?? 0, significant.count, exponent - fraction.count)
  }

  static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    // Bytes around the text that are digits: a reader that strays past either end misreads.
    let padded = Array(("77777777" + text + "77777777").utf8)
    return padded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[8..<(8 + text.utf8.count)])) }
  }

  /// `count` digits (at least one) starting with `first`, the rest varied.
  static func digits(_ count: Int, first: Character) -> String {
    String(first) + String((1..<count).map { Character(String(($0 * 7 + 3) % 10)) })
  }

  /// Digits of every run length, starting with each of 9, 1 and 0.
  static func runs(upTo length: Int) -> [String] {
    (1...length).flatMap { count in ["9", "1", "0"].map { digits(count, first: $0) } }
  }

  @Test("integers of every length read exactly, or not at all when they overflow")
  func integers() {
    for digits in Self.runs(upTo: 22) where digits.count == 1 || digits.first != "0" {
      for text in [digits, "-" + digits] {
        let read = Self.withBytes(text) { NumberText.integerMagnitude($0) }
        let expected = UInt64(digits)
        #expect(read?.magnitude == expected && read?.isNegative == (expected == nil ? nil : text.hasPrefix("-")), "\(text)")
      }
    }
    #expect(Self.withBytes("18446744073709551615") { NumberText.integerMagnitude($0) }?.magnitude == .max)
    #expect(Self.withBytes("18446744073709551616") { NumberText.integerMagnitude($0) } == nil)
  }

  @Test("a run of digits ends at the first other byte or at the text's end", arguments: [0x2F, 0x3A, 0x2E, 0x65, 0xFA, 0x00] as [UInt8])
  func runEnds(byte: UInt8) {
    for digits in [""] + Self.runs(upTo: 24) {
      for text in [Array(digits.utf8), Array(digits.utf8) + [byte], Array(digits.utf8) + [byte] + Array("12345678".utf8)] {
        for start in 0...min(2, digits.count) {
          let run = text.withUnsafeBufferPointer { NumberText.digitRun($0, from: start) }
          let expected = digits.utf8.dropFirst(start)
          #expect(run.count == expected.count, "\(digits) from \(start)")
          if expected.count <= 19 { #expect(run.value == (expected.isEmpty ? 0 : UInt64(String(decoding: expected, as: UTF8.self))), "\(digits)") }
        }
      }
    }
  }

  @Test("markup integers: digits without a leading zero that fit Int64")
  func markupIntegers() {
    for digits in Self.runs(upTo: 21) {
      for text in [digits, "-" + digits] {
        let fits = digits.count == 1 || digits.first != "0"
        #expect(Self.withBytes(text) { JSONNode.plainInteger($0) } == (fits ? Int64(text) : nil), "\(text)")
      }
    }
    for text in ["", "-", "+1", "1.0", " 1", "1 ", "9223372036854775808", "-9223372036854775808", "1e3", "0x1"] {
      #expect(Self.withBytes(text) { JSONNode.plainInteger($0) } == nil, "\(text)")
    }
    #expect(Self.withBytes("9223372036854775807") { JSONNode.plainInteger($0) } == .max)
  }

  @Test("plain decimals of every integer and fraction length", arguments: [0, 1, 2, 7, 8, 9, 15, 16, 17, 21])
  func plainDecimals(fractionLength: Int) {
    for integer in Self.runs(upTo: 21) {
      // Half the fraction leading zeros: they are significant only after a non-zero integer.
      let zeros = String(repeating: "0", count: fractionLength / 2)
      for fraction in fractionLength == 0 ? [""] : ["." + zeros + Self.digits(fractionLength - zeros.count, first: "5")] {
        let text = integer + fraction
        let read = Self.withBytes(text) { NumberText.plainParts($0) }
        guard integer.count == 1 || integer.first != "0" else {
          #expect(read == nil, "\(text): a leading zero is not plain")
          continue
        }
        let expected = Self.reference(text)
        #expect(read?.parts.mantissa == expected?.mantissa, "\(text)")
        #expect(read?.parts.digits == expected?.digits, "\(text)")
        #expect(read?.parts.scale == expected?.scale, "\(text)")
        #expect(read.map { $0.isInteger == fraction.isEmpty } ?? true, "\(text)")
        let short = Self.withBytes(text) { NumberText.shortParts($0) }
        #expect(short?.mantissa == expected?.mantissa && short?.digits == expected?.digits && short?.scale == expected?.scale, "\(text)")
      }
    }
  }

  @Test(
    "zeros before the first other digit are not significant",
    arguments: [
      "0", "-0", "0.0", "0.000", "0.00000000000000000000000000", "0.0000000000000000000000001", "-0.10", "0.00000000000000000000123456789012345678",
      "0.000000000000000000001234567890123456789",
    ])
  func leadingZeros(text: String) {
    let expected = Self.reference(text)
    let read = Self.withBytes(text) { NumberText.plainParts($0) }
    #expect(read?.parts.mantissa == expected?.mantissa && read?.parts.digits == expected?.digits && read?.parts.scale == expected?.scale)
    let short = Self.withBytes(text) { NumberText.shortParts($0) }
    #expect(short?.mantissa == expected?.mantissa && short?.digits == expected?.digits && short?.scale == expected?.scale)
  }

  @Test("text that is not a plain decimal is not read as one")
  func notPlain() {
    for text in [
      "", "-", ".", "1.", ".5", "-.5", "01", "00.5", "1..2", "1.2.3", "1e5", "12345678x", "1234567.x", "x", "1 ", " 1", "123456789012345678.", "0x10", "1234567890123456789:",
    ] {
      #expect(Self.withBytes(text) { NumberText.plainParts($0) } == nil, "\(text)")
    }
  }

  @Test("exponents shift the scale", arguments: ["e0", "E+12", "e-7", "e399", "e400"])
  func exponents(exponent: String) {
    for text in ["0", "-0.000000000123456789", "12345678.87654321", "1234567890123456789", "12345678901234567890", "0.1"] {
      let read = Self.withBytes(text + exponent) { NumberText.shortParts($0) }
      let expected = Self.reference(text + exponent)
      #expect(read?.mantissa == expected?.mantissa && read?.digits == expected?.digits && read?.scale == expected?.scale, "\(text)\(exponent)")
    }
  }

  @Test("random decimals read like the reference")
  func randomDecimals() async {
    let run = Gen<Character?>.element(of: Array("0123456789")).array(of: 0...24).map { String($0.compactMap { $0 }) }
    let texts = zip(Gen.bool, run, Gen.bool, run).map { negative, integer, point, fraction in
      (negative ? "-" : "") + integer + (point ? "." + fraction : "")
    }
    await propertyCheck(count: 2000, input: texts) { text in
      let read = Self.withBytes(text) { NumberText.plainParts($0) }
      let integer = text.drop { $0 == "-" }.prefix { $0 != "." }
      let isPlain = !integer.isEmpty && (integer.count == 1 || integer.first != "0") && !text.hasSuffix(".")
      let expected = isPlain ? Self.reference(text) : nil
      #expect(read?.parts.mantissa == expected?.mantissa && read?.parts.digits == expected?.digits && read?.parts.scale == expected?.scale, "\(text)")
    }
  }
}
