import Foundation
import FoundryJSON
import PropertyBased
import Testing

/// Random valid JSON texts, written with every spelling JSON allows (escapes, surrogate pairs,
/// exponents, whitespace between any tokens) and drawn by PropertyBased.
enum JSONTextGenerator {
  static let whitespace = Gen<Character?>.element(of: Array(" \t\n\r")).array(of: 0...2).map { String($0.compactMap { $0 }) }

  /// One character of a string, as JSON may spell it: itself, a short escape or `\u` escapes.
  static let stringPiece = zip(Gen.int(in: 0...9), Gen<Character?>.element(of: Array("aZ0 é漢🙂\u{2028}\u{7F}~"))).map { style, character -> String in
    let scalar = character.flatMap(\.unicodeScalars.first) ?? "a"
    switch style {
    case 0: return #"\""#
    case 1: return #"\\"#
    case 2: return [#"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#][Int(scalar.value % 6)]
    case 3: return String(format: #"\u%04x"#, scalar.value % 0x20)
    case 4:
      // Any scalar as `\u` escapes: two, a surrogate pair, above U+FFFF.
      return String(scalar.utf16.map { String(format: #"\u%04X"#, $0) }.joined())
    default: return String(scalar)
    }
  }

  static let string = stringPiece.array(of: 0...8).map { #"""# + $0.joined() + #"""# }

  /// Numbers in every form: integers over the whole 64-bit range, fractions, exponents, `-0`.
  static let number = zip(Gen.int(in: 0...4), Gen.int64(in: .min ... .max), Gen.int(in: 0...999_999), Gen.int(in: -300...300)).map {
    form, integer, fraction, exponent -> String in
    switch form {
    case 0: return "\(integer)"
    case 1: return "\(integer % 1_000_000).\(fraction)"
    case 2: return "\(integer % 1_000)e\(exponent)"
    case 3: return "-\(fraction % 10).\(fraction)E+\(abs(exponent) % 20)"
    default: return fraction % 2 == 0 ? "-0" : "0.0e-0"
    }
  }

  static let scalar = Gen<String>.oneOf(
    Gen<String?>.element(of: ["null", "true", "false"]).map { $0 ?? "null" }.eraseToAny(),
    number.eraseToAny(),
    string.eraseToAny()
  ).eraseToAny()

  /// A value nested at most `depth` levels, its tokens separated by random whitespace.
  static func value(depth: Int) -> Generator<String, AnySequence<Any>> {
    guard depth > 0 else { return scalar }
    let inner = zip(whitespace, value(depth: depth - 1), whitespace).map { $0 + $1 + $2 }
    let array = inner.array(of: 0...4).map { "[" + $0.joined(separator: ",") + "]" }
    // Keys made unique by their position (`"0_…"`, `"1_…"`): JSON leaves a repeated key to the reader.
    let object = zip(string, inner).array(of: 0...4).map { members -> String in
      let written = members.enumerated().map { index, member in #"""# + "\(index)_" + member.0.dropFirst() + ":" + member.1 }
      return "{" + written.joined(separator: ",") + "}"
    }
    return Gen<String>.oneOf(scalar, array.eraseToAny(), object.eraseToAny()).eraseToAny()
  }

  static let document = zip(whitespace, value(depth: 3), whitespace).map { $0 + $1 + $2 }
}

/// Foundation's `JSONSerialization` as a second opinion: every random valid document reads as
/// the same value through both.
@Suite("Differential: JSONDocument agrees with JSONSerialization")
struct JSONDifferentialTests {
  /// Whether `ours` and Foundation's `theirs` are the same value: strings scalar for scalar
  /// (not by canonical equivalence), numbers exactly when both are integers, else as doubles.
  static func agree(_ ours: JSONValue, _ theirs: Any) -> Bool {
    switch ours {
    case .null: return theirs is NSNull
    case .bool(let value): return (theirs as? Bool) == value
    case .string(let value): return (theirs as? String).map { Array($0.unicodeScalars) == Array(value.unicodeScalars) } ?? false
    case .number(let value):
      // Foundation gives an Int, a Decimal for an integer of many digits, or a Double (an
      // NSNumber on Darwin).
      if let integer = theirs as? Int { return value.int64.map { $0 == Int64(integer) } ?? (value.double == Double(integer)) }
      if let decimal = theirs as? Decimal, let integer = value.int64 { return decimal == Decimal(integer) }
      if let double = theirs as? Double { return value.double == double }
      guard let number = theirs as? NSNumber else { return false }
      if let integer = value.int64, !["d", "f"].contains(String(cString: number.objCType)) { return number.int64Value == integer }
      return value.double == number.doubleValue
    case .array(let elements):
      guard let others = theirs as? [Any], others.count == elements.count else { return false }
      return zip(elements, others).allSatisfy { agree($0, $1) }
    case .object(let object):
      guard let others = theirs as? [String: Any], others.count == object.count else { return false }
      return object.allSatisfy { key, value in others[key].map { agree(value, $0) } ?? false }
    }
  }

  @Test("random valid documents parse to the same value")
  func agreesWithFoundation() async {
    await propertyCheck(count: 300, input: JSONTextGenerator.document) { text in
      let ours = try JSONDocument(string: text).value
      let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      #expect(Self.agree(ours, theirs), "ours: \(ours), Foundation: \(theirs)")
    }
  }

  @Test("the comparison itself tells values apart")
  func comparisonDiscriminates() throws {
    let ours = try JSONDocument(string: #"{"a": [1, 2.5, "é", null, true]}"#).value
    #expect(Self.agree(ours, ["a": [1, 2.5, "é", NSNull(), true]]))
    #expect(!Self.agree(ours, ["a": [1, 2.5, "e\u{301}", NSNull(), true]]))
    #expect(!Self.agree(ours, ["a": [1, 2.5, "é", NSNull()]]))
    #expect(!Self.agree(ours, ["b": [1, 2.5, "é", NSNull(), true]]))
    #expect(!Self.agree(ours, ["a": [2, 2.5, "é", NSNull(), true]]))
  }
}
