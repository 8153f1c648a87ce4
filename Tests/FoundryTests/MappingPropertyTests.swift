import Foundry
import FoundryJSON
import PropertyBased
import Testing

/// Models whose random values the property tests encode and decode.
enum PropertyModels {
  enum Mood: String, MappableValue, MappingKey, Equatable, CaseIterable, Sendable { case calm, busy, tired }

  @Mappable
  struct Part: Equatable, Sendable {
    var id: Int64
    var label: String
    var weight: Double?
  }

  @Mappable
  struct Order: Equatable, Sendable {
    var name: String
    var count: Int
    var ratio: Double
    // A key of its own, and a key path into a nested object (absent when nil).
    @Key("is_open") var isOpen: Bool
    @Key("meta.note") var note: String?
    var mood: Mood
    // Repeated elements in XML; none for an empty array.
    var tags: [String]
    var scores: [Int]
    @Key("main_part") var main: Part?
    var parts: [Part]
  }
}

/// Generators of ``PropertyModels`` values, within what each format holds.
enum PropertyGenerators {
  /// Characters that need care: quotes, escapes, markup, non-ASCII and astral-plane ones.
  static let awkward: [Character] = ["\"", "'", "\\", "/", "<", ">", "&", ";", "]", "é", "ß", "漢", "🙂", "\u{301}", " "]
  /// Control characters JSON escapes (XML 1.0 allows only tab, line feed and carriage return,
  /// and reads a carriage return as a line feed).
  static let controls: [Character] = ["\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}"]

  /// Text of `pool`'s characters between a letter or digit at each end: XML mapping trims
  /// whitespace around text (and drops text that is only whitespace), as documented.
  static func text(_ pool: [Character], length: ClosedRange<Int>) -> Generator<String, some SendableSequenceType> {
    zip(Gen.letterOrNumber, Gen<Character?>.element(of: pool).array(of: length), Gen.letterOrNumber)
      .map { first, middle, last in String(first) + String(middle.compactMap { $0 }) + String(last) }
  }

  static func part(_ text: Generator<String, some SendableSequenceType>) -> Generator<PropertyModels.Part, some SendableSequenceType> {
    zip(Gen.int64(in: .min ... .max), text, Gen.double(in: -1e9...1e9).optional)
      .map { id, label, weight in PropertyModels.Part(id: id, label: label, weight: weight) }
  }

  /// Orders whose strings come from `pool` (with letters and digits).
  static func order(_ pool: [Character]) -> Generator<PropertyModels.Order, some SendableSequenceType> {
    let letters = Array("abcXYZ019")
    let text = text(letters + pool, length: 0...12)
    let scalars = zip(text, Gen.int(in: .min ... .max), Gen.double(in: -1e12...1e12), Gen.bool, text.optional, Gen<PropertyModels.Mood>.case)
    let collections = zip(text.array(of: 0...4), Gen.int(in: -1_000...1_000).array(of: 0...5), part(text).optional, part(text).array(of: 0...3))
    return zip(scalars, collections).map { scalars, collections in
      PropertyModels.Order(
        name: scalars.0, count: scalars.1, ratio: scalars.2, isOpen: scalars.3, note: scalars.4, mood: scalars.5,
        tags: collections.0, scores: collections.1, main: collections.2, parts: collections.3)
    }
  }
}

/// Random `@Mappable` values encode and decode to the same value, through JSON and through
/// XML (PropertyBased: a failure prints its input, shrunk, and the seed that repeats it).
@Suite("Property: mapped values round-trip")
struct MappingPropertyTests {
  @Test("encode → decode through JSON gives the same value")
  func jsonRoundTrip() async {
    await propertyCheck(count: 200, input: PropertyGenerators.order(PropertyGenerators.awkward + PropertyGenerators.controls)) { order in
      let bytes = try MappingEncoder().encode(order)
      #expect(try MappingDecoder().decode(PropertyModels.Order.self, from: bytes) == order)
    }
  }

  @Test("encode → decode through XML gives the same value")
  func xmlRoundTrip() async {
    await propertyCheck(count: 200, input: PropertyGenerators.order(PropertyGenerators.awkward + ["\n", "\t"])) { order in
      let xml = try MappingEncoder().encodeXMLString(order)
      #expect(try MappingDecoder().decode(PropertyModels.Order.self, fromXML: xml) == order, "\(xml)")
    }
  }
}
