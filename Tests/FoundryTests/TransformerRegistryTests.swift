import Foundation
import Foundry
import Testing

@Suite("Transformer registry")
struct TransformerRegistryTests {
  let registry = TransformerRegistry.standard

  @Test(arguments: [
    ("iso8601", "Date"), ("iso8601-date", "Date"), ("rfc3339", "Date"), ("rfc1123", "Date"), ("rfc822", "Date"),
    ("twitter", "Date"), ("epoch-seconds", "Date"), ("epoch-ms", "Date"), ("date:yyyy-MM-dd", "Date"),
    ("bool", "Bool"), ("int", "Int"), ("double", "Double"), ("string", "String"), ("url", "URL"), ("uuid", "UUID"),
    ("decimal", "Decimal"), ("decimal-string", "Decimal"), ("base64", "Data"), ("base64url", "Data"),
    ("split:,", "Array<String>"),
  ])
  func specsNameTransformers(spec: String, valueType: String) throws {
    #expect("\(try registry.transformer(spec: spec).valueType)" == valueType)
  }

  @Test func typedLookupsReadAndWrite() throws {
    let day = try registry.transformer(spec: "date:dd.MM.yyyy", as: Date.self)
    #expect(try seconds("\"29.02.2024\"", day) == 1_709_164_800)
    #expect(try write(Date(timeIntervalSince1970: 1_709_164_800), day) == #""29.02.2024""#)
    let twitter = try registry.transformer(spec: "twitter", as: Date.self)
    #expect(try seconds("\"Sun Aug 31 00:29:15 +0000 2014\"", twitter) == 1_409_444_955)
    #expect(readError("\"yesterday\"", twitter) == #"$.v: expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "yesterday""#)
    let tags = try registry.transformer(spec: "split:;", as: [String].self)
    #expect(try read("\"a;b\"", tags) == ["a", "b"])
    #expect(try write(["x", "y"], tags) == #""x;y""#)
    let count = try registry.transformer(spec: "int", as: Int.self)
    #expect(try read("\"42\"", count) == 42)
    #expect(readError("\"42\"", count, coercion: .strict) == #"$.v: expected Int, found string "42""#)
    #expect(try read("1409444955123", try registry.transformer(spec: "epoch-ms", as: Date.self))?.timeIntervalSince1970 == 1_409_444_955.123)
  }

  @Test func unknownSpecsAndWrongTypes() {
    let unknown = #expect(throws: TransformerSpecError.self) { try registry.transformer(spec: "dat:yyyy") }
    #expect(unknown?.spec == "dat:yyyy")
    #expect(unknown?.code == .unknownTransformer)
    #expect(
      unknown?.description == """
        unknown transformer "dat:yyyy" (known: base64, base64url, bool, date:FORMAT, dates:SPEC|SPEC, decimal, decimal-string, double, \
        epoch, epoch-ms, epoch-seconds, int, iso8601, iso8601-date, json, rfc1123, rfc3339, rfc822, split:SEPARATOR, string, \
        twitter, url, uuid)
        """)
    let wrong = #expect(throws: TransformerSpecError.self) { try registry.transformer(spec: "int", as: Date.self) }
    #expect(wrong?.description == #"transformer "int" produces Int, not Date"#)
    #expect(wrong?.code == .wrongValueType && wrong?.message == wrong?.description)
    let empty = #expect(throws: TransformerSpecError.self) { try registry.transformer(spec: "date:") }
    #expect(empty?.description == #"transformer "date:" needs a FORMAT after the colon"#)
    #expect(empty?.code == .badArgument)
    #expect(registry.transformer(named: "date:yyyy") == nil)
  }

  @Test func datesInSeveralFormats() throws {
    let either = try registry.transformer(spec: "dates:rfc1123|iso8601|date:dd.MM.yyyy", as: Date.self)
    #expect(try read(#""Thu, 29 Feb 2024 12:30:45 GMT""#, either)?.timeIntervalSince1970 == 1_709_209_845)
    #expect(try read(#""2024-02-29T12:30:45Z""#, either)?.timeIntervalSince1970 == 1_709_209_845)
    #expect(try read(#""29.02.2024""#, either)?.timeIntervalSince1970 == 1_709_164_800)
    #expect(try write(Date(timeIntervalSince1970: 1_709_209_845), either) == #""Thu, 29 Feb 2024 12:30:45 GMT""#)
    for bad in ["dates:", "dates:iso8601|", "dates:iso8601|nope", "dates:date:"] {
      #expect(throws: TransformerSpecError.self, "\(bad)") { try registry.transformer(spec: bad) }
    }
  }

  @Test func customRegistrations() throws {
    var registry = TransformerRegistry.standard
    registry.register(ValueTableTransformer(["m": PersonGender.male, "f": .female], default: .undefined), as: "gender")
    registry.registerFactory("prefix", argument: "TEXT") { text in
      IdentityTransformer<String>().then {
        text + $0
      } reverse: {
        String($0.dropFirst(text.count))
      }
    }
    let gender = try registry.transformer(spec: "gender", as: PersonGender.self)
    #expect(try read("\"f\"", gender) == .female)
    #expect(gender.valueForMissing == .undefined)
    let prefixed = try registry.transformer(spec: "prefix:id-", as: String.self)
    #expect(try read("\"7\"", prefixed) == "id-7")
    #expect(try write("id-7", prefixed) == #""7""#)
    #expect(registry.names.contains("prefix:TEXT"))
    #expect(!TransformerRegistry.standard.names.contains("gender"))
  }

  @Test func untypedUseOpensTheExistential() throws {
    func describe<X: MappingTransformer>(_ transformer: X, _ json: String) throws -> String {
      "\(try read(json, transformer).map { "\($0)" } ?? "nil")"
    }
    let transformer = try registry.transformer(spec: "split:|")
    #expect(try describe(transformer, "\"a|b\"") == #"["a", "b"]"#)
  }
}

@Suite("Date and Data fields")
struct DateAndDataFieldTests {
  let decoder = MappingDecoder()

  @Test(arguments: [
    ("\"2024-02-29\"", 1_709_164_800.0), ("\"2024-02-29T12:30:45Z\"", 1_709_209_845),
    ("\"2024-02-29T12:30:45.5+00:00\"", 1_709_209_845.5), ("1709209845", 1_709_209_845), ("-86400", -86_400),
    ("0.25", 0.25),
  ])
  func dateReadsISO8601AndSeconds(json: String, expected: Double) throws {
    #expect(try decoder.decode(Date.self, from: json).timeIntervalSince1970 == expected)
  }

  @Test func dateWritesISO8601() throws {
    let encoder = MappingEncoder()
    #expect(try encoder.encodeToString(Date(timeIntervalSince1970: 1_709_209_845)) == #""2024-02-29T12:30:45Z""#)
    #expect(try encoder.encodeToString(Date(timeIntervalSince1970: 1_709_209_845.25)) == #""2024-02-29T12:30:45.25Z""#)
    #expect(try encoder.encodeToString([Date(timeIntervalSince1970: -1)]) == #"["1969-12-31T23:59:59Z"]"#)
    let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_709_209_845.123)]
    #expect(try decoder.decode([Date].self, from: try encoder.encodeToString(dates)) == dates)
  }

  @Test func dateErrors() {
    let error = #expect(throws: MappingError.self) { try decoder.decode([Date].self, from: #"["2024-02-29", "yesterday"]"#) }
    #expect(error?.message == #"$[1]: expected Date (ISO 8601 or seconds since 1970), found string "yesterday""#)
    let bool = #expect(throws: MappingError.self) { try decoder.decode(Date.self, from: "true") }
    #expect(bool?.message == "$: expected Date (ISO 8601 or seconds since 1970), found bool true")
    let leap = #expect(throws: MappingError.self) { try decoder.decode(Date.self, from: #""2023-02-29""#) }
    #expect(leap?.message == #"$: expected Date (ISO 8601 or seconds since 1970), found string "2023-02-29" (day 29 out of range for February 2023)"#)
  }

  @Test func dataReadsEitherAlphabetAndWritesStandard() throws {
    let bytes = Data([0xFB, 0xFF, 0xBF, 0x3C])
    #expect(try decoder.decode(Data.self, from: #""+/+/PA==""#) == bytes)
    #expect(try decoder.decode(Data.self, from: #""-_-_PA""#) == bytes)
    #expect(try MappingEncoder().encodeToString(bytes) == #""+/+/PA==""#)
    #expect(try decoder.decode(Data.self, from: #""""#) == Data())
    let error = #expect(throws: MappingError.self) { try decoder.decode(Data.self, from: #""not base64!""#) }
    #expect(error?.message == #"$: expected Data in base64, found string "not base64!""#)
  }
}
