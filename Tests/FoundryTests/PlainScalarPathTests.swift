import Foundry
import FoundryJSON
import Testing

/// `String`, `Int`, `Int64` and `Double` fields under plain keys are read straight from the
/// tape; everything else, and every value the fast path declines, goes the general way. A
/// validator anywhere in a schema turns the fast path off for that type, so these twins read
/// the same input both ways and must agree on values and on error messages.
/// The fields both twins have.
protocol PlainScalarFields {
  var name: String { get }
  var count: Int { get }
  var big: Int64? { get }
  var ratio: Double { get }
  var note: String? { get }
  var small: Int32? { get }
}

extension PlainScalarModels.Fast: PlainScalarFields {}
extension PlainScalarModels.General: PlainScalarFields {}

enum PlainScalarModels {
  @Mappable
  struct Fast: Equatable {
    var name: String
    var count: Int
    var big: Int64?
    var ratio: Double = -1
    var note: String?
    var small: Int32?
  }

  @Mappable
  struct General: Equatable {
    @Validate(Validator<String>.custom("anything") { _ in true }) var name: String
    var count: Int
    var big: Int64?
    var ratio: Double = -1
    var note: String?
    var small: Int32?
  }

  @Mappable
  struct Lenient: Equatable {
    var count: Int
    var ratio: Double = -1
    var name: String = ""
  }
}

@Suite("Plain scalar fast path")
struct PlainScalarPathTests {
  static func fields(_ value: some PlainScalarFields) -> [String] {
    [value.name, "\(value.count)", "\(String(describing: value.big))", "\(value.ratio)", "\(String(describing: value.note))", "\(String(describing: value.small))"]
  }

  static let json = [
    #"{"name": "a", "count": 1, "big": 9223372036854775807, "ratio": 0.5, "note": "x", "small": 7}"#,
    #"{"count": -0, "name": "b\u00e9\n", "ratio": 1e300}"#,
    #"{"name": "c", "count": 1.0}"#,
    #"{"name": "c", "count": 1.5}"#,
    #"{"name": "c", "count": 9223372036854775808}"#,
    #"{"name": "c", "count": "12"}"#,
    #"{"name": 12, "count": 1}"#,
    #"{"name": "d", "count": 1, "big": null, "ratio": null, "note": null}"#,
    #"{"name": "d", "count": 1, "ratio": "2.5", "note": ""}"#,
    #"{"name": "d", "count": 1, "ratio": 1e400}"#,
    #"{"name": "d"}"#,
    #"{"name": "e", "count": 1, "count": 2}"#,
    #"{"name": "f", "count": true}"#,
    #"{"name": "g", "count": 1, "small": 4294967296}"#,
    // Declined values and nulls in and out of the order fields are read in: each lookup after
    // one must still find its key.
    #"{"note": null, "small": null, "name": null, "count": 1}"#,
    #"{"count": null, "name": "h"}"#,
    #"{"small": "7", "ratio": "0.5", "note": 3, "count": "3", "name": 5, "big": "12"}"#,
    #"{"name": 1, "count": "2", "big": null, "ratio": "3", "note": null, "small": "4"}"#,
    #"[]"#,
  ]

  static let xml = [
    #"<r name="a" count="1" big="-9223372036854775808" ratio="0.25" note="x" small="7"/>"#,
    #"<r><name>b</name><count>0042</count><ratio> 3.5 </ratio></r>"#,
    #"<r name="c" count=" 7 "/>"#,
    #"<r name="c" count="7.0"/>"#,
    #"<r name="c" count="x"/>"#,
    #"<r name="c" count="1" big="" ratio="" note=""/>"#,
    #"<r count="1"><name>&amp;<![CDATA[<z>]]></name></r>"#,
    #"<r name="d" count="1"><count>2</count></r>"#,
    #"<r name="d"/>"#,
    #"<r name="e" count="-0" ratio="-0.0e1"/>"#,
  ]

  @Test("JSON: the fast path reads what the general path reads, and fails the same way", arguments: json)
  func jsonAgrees(input: String) {
    for lossy in [false, true] {
      let fast = decodeOutcome(PlainScalarModels.Fast.self, input, xml: false, lossy: lossy, describe: { Self.fields($0) })
      let general = decodeOutcome(PlainScalarModels.General.self, input, xml: false, lossy: lossy, describe: { Self.fields($0) })
      #expect(fast.values == general.values, "lossy: \(lossy)")
      #expect(fast.error == general.error, "lossy: \(lossy)")
    }
  }

  @Test("XML: the fast path reads what the general path reads, and fails the same way", arguments: xml)
  func xmlAgrees(input: String) {
    for lossy in [false, true] {
      let fast = decodeOutcome(PlainScalarModels.Fast.self, input, xml: true, lossy: lossy, describe: { Self.fields($0) })
      let general = decodeOutcome(PlainScalarModels.General.self, input, xml: true, lossy: lossy, describe: { Self.fields($0) })
      #expect(fast.values == general.values, "lossy: \(lossy)")
      #expect(fast.error == general.error, "lossy: \(lossy)")
    }
  }

  @Test("values the fast path declines still read through coercions")
  func declinedValuesCoerce() throws {
    let model = try MappingDecoder().decode(PlainScalarModels.Lenient.self, from: Array(#"{"count": "12", "ratio": "2.5", "name": 7}"#.utf8))
    #expect(model == PlainScalarModels.Lenient(count: 12, ratio: 2.5, name: "7"))
    var options = MappingOptions()
    options.coercion = .strict
    #expect(throws: MappingError.self) {
      try MappingDecoder(options: options).decode(PlainScalarModels.Lenient.self, from: Array(#"{"count": "12"}"#.utf8))
    }
  }
}
