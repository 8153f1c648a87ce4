import Foundation
import Foundry
import FoundryJSON
import Testing

enum PersonGender: Equatable, Sendable { case male, female, undefined }
enum PriorityLevel: Equatable, Sendable { case low, high }
enum MemberStatus: String, CaseIterable, Sendable { case active, banned }
struct OddNumberError: Error, CustomStringConvertible { var description: String { "odd numbers are not allowed" } }

/// Every inline spelling, as `@Mappable` will generate it.
struct TransformedProfile: Mappable, Equatable {
  var born: Date
  var gender: PersonGender
  var status: MemberStatus
  var holidays: [Date]
  var deadlines: [String: Date]
  var shifted: Date
  var score: Double
  var tags: [String]
  var avatar: Data

  static let mappingSchema = MappingSchema(fields: [
    .path("born"), .path("gender"), .path("status"), .path("holidays"), .path("deadlines"),
    .path("shifted"), .path("score"), .path("tags"), .path("avatar"),
  ])

  init(
    born: Date, gender: PersonGender, status: MemberStatus, holidays: [Date], deadlines: [String: Date], shifted: Date,
    score: Double, tags: [String], avatar: Data
  ) {
    self.born = born
    self.gender = gender
    self.status = status
    self.holidays = holidays
    self.deadlines = deadlines
    self.shifted = shifted
    self.score = score
    self.tags = tags
    self.avatar = avatar
  }

  init(from object: inout ObjectReader) throws {
    born = try object.decode(at: 0, using: .date(format: "yyyy-MM-dd"))
    gender = try object.decode(at: 1, using: .values(["male": PersonGender.male, "female": .female], default: .undefined))
    status = try object.decode(at: 2, using: .rawValue(MemberStatus.self))
    holidays = try object.decode(at: 3, using: .each(.date(format: "yyyy-MM-dd")))
    deadlines = try object.decode(at: 4, using: .eachValue(.iso8601))
    shifted = try object.decode(
      at: 5,
      using: DateTransformer.secondsSince1970.then {
        $0.addingTimeInterval(3_600)
      } reverse: {
        $0.addingTimeInterval(-3_600)
      })
    score = try object.decode(at: 6, using: .custom(read: { @Sendable in try $0.double() * 10 }, write: { @Sendable in try $1.write($0 / 10) }))
    tags = try object.decode(at: 7, using: .split(separator: ","))
    avatar = try object.decode(at: 8, using: .base64URL)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(born, at: 0, using: .date(format: "yyyy-MM-dd"))
    try object.encode(gender, at: 1, using: .values(["male": PersonGender.male, "female": .female], default: .undefined))
    try object.encode(status, at: 2, using: .rawValue(MemberStatus.self))
    try object.encode(holidays, at: 3, using: .each(.date(format: "yyyy-MM-dd")))
    try object.encode(deadlines, at: 4, using: .eachValue(.iso8601))
    try object.encode(
      shifted, at: 5,
      using: DateTransformer.secondsSince1970.then {
        $0.addingTimeInterval(3_600)
      } reverse: {
        $0.addingTimeInterval(-3_600)
      })
    try object.encode(score, at: 6, using: .custom(read: { @Sendable in try $0.double() * 10 }, write: { @Sendable in try $1.write($0 / 10) }))
    try object.encode(tags, at: 7, using: .split(separator: ","))
    try object.encode(avatar, at: 8, using: .base64URL)
  }
}

@Suite("Transformers inline in a model")
struct InlineTransformerTests {
  let json = """
    {"born": "1815-12-10", "gender": "female", "status": "active", "holidays": ["2024-12-25", "2024-12-26"],
     "deadlines": {"draft": "2024-03-01", "final": "2024-04-01T12:00:00Z"}, "shifted": 0, "score": 4.5,
     "tags": "a,b,c", "avatar": "PDw_Pz8-Pg"}
    """

  @Test func decodesEncodesAndRoundTrips() throws {
    let profile = try MappingDecoder().decode(TransformedProfile.self, from: json)
    #expect(profile.born.timeIntervalSince1970 == -4_861_728_000)
    #expect(profile.gender == .female)
    #expect(profile.status == .active)
    #expect(profile.holidays.map(\.timeIntervalSince1970) == [1_735_084_800, 1_735_171_200])
    #expect(profile.deadlines.mapValues(\.timeIntervalSince1970) == ["draft": 1_709_251_200, "final": 1_711_972_800])
    #expect(profile.shifted.timeIntervalSince1970 == 3_600)
    #expect(profile.score == 45)
    #expect(profile.tags == ["a", "b", "c"])
    #expect(profile.avatar == Data("<<???>>".utf8))
    let text = try MappingEncoder().encodeToString(profile)
    #expect(
      text == """
        {"born":"1815-12-10","gender":"female","status":"active","holidays":["2024-12-25","2024-12-26"],\
        "deadlines":{"draft":"2024-03-01T00:00:00Z","final":"2024-04-01T12:00:00Z"},"shifted":0,"score":4.5,\
        "tags":"a,b,c","avatar":"PDw_Pz8-Pg"}
        """)
    #expect(try MappingDecoder().decode(TransformedProfile.self, from: text) == profile)
  }
}

@Suite("Value tables and raw values")
struct ValueTableTests {
  let genders = ValueTableTransformer(["male": PersonGender.male, "female": .female], default: .undefined)
  let strictGenders = ValueTableTransformer(["male": PersonGender.male, "female": .female])
  let levels = ValueTableTransformer([1: PriorityLevel.low, 2: .high])

  @Test func knownUnknownNullAndOtherTypes() throws {
    #expect(try read("\"male\"", genders) == .male)
    #expect(try read("\"female\"", genders) == .female)
    #expect(try read("\"other\"", genders) == .undefined)
    #expect(try read("\"Male\"", genders) == .undefined)
    #expect(try read("5", genders) == .undefined)
    #expect(try read("{}", genders) == .undefined)
  }

  @Test func missingAndNullTakeTheDefault() throws {
    let missing = try TransformerUnderTest.$current.withValue(genders) {
      try MappingDecoder().decode(TransformedField<ValueTableTransformer<String, PersonGender>>.self, from: "{}")
    }
    #expect(missing.value == .undefined)
    #expect(try read("null", genders) == .undefined)
    #expect(genders.valueForMissing == .undefined)
    #expect(strictGenders.valueForMissing == nil)
  }

  @Test func withoutDefaultUnknownValuesAreErrors() {
    #expect(readError("\"other\"", strictGenders) == #"$.v: expected one of "female", "male", found string "other""#)
    #expect(readError("{}", strictGenders) == #"$.v: expected one of "female", "male", found object (0 members)"#)
    #expect(readError("3", levels) == "$.v: expected one of 1, 2, found number 3")
    let missing = #expect(throws: MappingError.self) {
      try TransformerUnderTest.$current.withValue(strictGenders) {
        try MappingDecoder().decode(TransformedField<ValueTableTransformer<String, PersonGender>>.self, from: "{}")
      }
    }
    #expect(missing?.code == .keyNotFound)
  }

  @Test func integerKeys() throws {
    #expect(try read("2", levels) == .high)
    #expect(try read("\"1\"", levels) == .low)
    #expect(readError("\"1\"", levels, coercion: .strict) == #"$.v: expected one of 1, 2, found string "1""#)
    #expect(try write(.high, levels) == "2")
  }

  @Test func writesTheKeyBack() throws {
    #expect(try write(.male, genders) == #""male""#)
    #expect(try write(.undefined, genders) == "null")
    let aliases = ValueTableTransformer(["m": PersonGender.male, "male": .male, "f": .female])
    #expect(try write(.male, aliases) == #""m""#)
    #expect(throws: MappingError.self) { try write(.undefined, aliases) }
    try expectRoundTrip("\"female\"", genders)
    try expectRoundTrip("\"other\"", genders)
  }

  @Test func rawValues() throws {
    #expect(try read("\"banned\"", .rawValue(MemberStatus.self)) == .banned)
    #expect(readError("\"deleted\"", .rawValue(MemberStatus.self)) == #"$.v: expected MemberStatus (one of "active", "banned"), found string "deleted""#)
    #expect(try write(.active, .rawValue(MemberStatus.self)) == #""active""#)
  }
}

@Suite("Per-element transformers")
struct EachTransformerTests {
  let dates = EachTransformer(element: DateTransformer.iso8601)
  let deadlines = EachValueTransformer<String, DateTransformer>(element: .iso8601)

  @Test func eachReadsAndWritesEveryElement() throws {
    #expect(try read(#"["2024-02-29", "1970-01-01T00:00:01Z"]"#, dates)?.map(\.timeIntervalSince1970) == [1_709_164_800, 1])
    #expect(try write([Date(timeIntervalSince1970: 1)], dates) == #"["1970-01-01T00:00:01Z"]"#)
    #expect(try read("[]", dates) == [])
    #expect(readError(#"["2024-02-29", "bad", "2024-03-01"]"#, dates) == #"$.v[1]: expected Date in ISO 8601 format, found string "bad""#)
    #expect(readError(#""2024-02-29""#, dates) == #"$.v: expected array, found string "2024-02-29""#)
  }

  @Test func eachDropsBadElementsInLossyMode() throws {
    let result = readLossy(#"["2024-02-29", "bad", "2024-03-01", 7]"#, dates)
    #expect(result.value?.value?.map(\.timeIntervalSince1970) == [1_709_164_800, 1_709_251_200])
    #expect(
      result.issues.map(\.description) == [
        #"$.v[1]: element dropped because $.v[1]: expected Date in ISO 8601 format, found string "bad""#,
        "$.v[3]: element dropped because $.v[3]: expected Date in ISO 8601 format, found number 7",
      ])
  }

  @Test func eachValueReadsAndWritesEveryMember() throws {
    let read = try read(#"{"b": "2024-02-29", "a": "1970-01-01T00:00:01Z"}"#, deadlines)
    #expect(read?.mapValues(\.timeIntervalSince1970) == ["a": 1, "b": 1_709_164_800])
    #expect(try write(["b": Date(timeIntervalSince1970: 0), "a": Date(timeIntervalSince1970: 1)], deadlines) == #"{"a":"1970-01-01T00:00:01Z","b":"1970-01-01T00:00:00Z"}"#)
    #expect(readError(#"{"a": "2024-02-29", "b": "soon"}"#, deadlines) == #"$.v.b: expected Date in ISO 8601 format, found string "soon""#)
  }

  @Test func eachValueDropsBadMembersAndKeysInLossyMode() throws {
    let result = readLossy(#"{"a": "2024-02-29", "b": "soon"}"#, deadlines)
    #expect(result.value?.value?.keys.sorted() == ["a"])
    #expect(
      result.issues.map(\.description) == [
        #"$.v.b: element dropped because $.v.b: expected Date in ISO 8601 format, found string "soon""#
      ])
    let byNumber = EachValueTransformer<Int, DateTransformer>(element: .secondsSince1970)
    let numbered = readLossy(#"{"1": 10, "x": 20}"#, byNumber)
    #expect(numbered.value?.value == [1: Date(timeIntervalSince1970: 10)])
    #expect(numbered.issues.map(\.description) == [#"$.v.x: element dropped because $.v.x: expected Int key, found key "x""#])
  }

  @Test func nestedEach() throws {
    let grid = EachTransformer(element: EachTransformer(element: DateTransformer.secondsSince1970))
    #expect(try read("[[1, 2], [], [3]]", grid)?.map { $0.map(\.timeIntervalSince1970) } == [[1, 2], [], [3]])
    #expect(readError("[[1], [2, \"x\"]]", grid, coercion: .strict) == #"$.v[1][1]: expected Date as seconds since 1970, found string "x""#)
  }
}

@Suite("Composition and closures")
struct ComposedTransformerTests {
  @Test func thenConvertsAndReverts() throws {
    let doubled = IdentityTransformer<Int>().then(
      .map { @Sendable in
        $0 * 2
      } reverse: { @Sendable in
        $0 / 2
      })
    #expect(try read("21", doubled) == 42)
    #expect(try write(42, doubled) == "21")
    let hours = IdentityTransformer<Int>().then { Double($0) / 60 }
    #expect(try read("90", hours) == 1.5)
    #expect(throws: MappingError.self) { try write(1.5, hours) }
    let chained = IdentityTransformer<Int>().then {
      $0 + 1
    } reverse: {
      $0 - 1
    }.then {
      String($0)
    } reverse: {
      Int($0) ?? 0
    }
    #expect(try read("41", chained) == "42")
    #expect(try write("42", chained) == "41")
  }

  @Test func stepErrorsAreInvalidValuesAtTheField() {
    let even = IdentityTransformer<Int>().then { value -> Int in
      guard value % 2 == 0 else { throw OddNumberError() }
      return value
    }
    #expect(readError("3", even) == "$.v: expected Int, found number 3 (odd numbers are not allowed)")
    #expect(readError("\"x\"", even) == #"$.v: expected Int, found string "x""#)
  }

  @Test func conversionProtocol() throws {
    struct Uppercased: ValueConversion {
      func convert(_ input: String) throws -> String { input.uppercased() }
    }
    let shouting = IdentityTransformer<String>().then(Uppercased())
    #expect(try read("\"hey\"", shouting) == "HEY")
    #expect(throws: MappingError.self) { try write("HEY", shouting) }
  }

  @Test func customTransformer() throws {
    let fahrenheit = CustomTransformer<Double>(
      read: { (try $0.double() - 32) * 5 / 9 }, write: { celsius, writer in try writer.write(celsius * 9 / 5 + 32) })
    #expect(try read("212", fahrenheit) == 100)
    #expect(try write(100, fahrenheit) == "212")
    let readOnly = CustomTransformer<String>(read: { try $0.string() })
    #expect(throws: MappingError.self) { try write("x", readOnly) }
  }

  @Test func composedValueTableKeepsItsDefault() throws {
    let genders = ValueTableTransformer(["male": PersonGender.male], default: .undefined).then { $0 == .male }
    #expect(genders.valueForMissing == false)
    #expect(try read("null", genders) == false)
  }
}

@Suite("URL, UUID, Decimal, base64 and split")
struct ScalarTransformerTests {
  @Test func urls() throws {
    #expect(try read("\"https://example.org/a?b=1\"", .url) == URL(string: "https://example.org/a?b=1"))
    #expect(readError("\"\"", .url) == #"$.v: expected URL, found string """#)
    #expect(readError("5", .url) == "$.v: expected URL, found number 5")
    let base = URL(string: "https://example.org/docs/")
    let relative = try #require(try read("\"guide.html\"", .url(relativeTo: base)))
    #expect(relative.absoluteString == "https://example.org/docs/guide.html")
    #expect(try write(relative, .url(relativeTo: base)) == #""guide.html""#)
    try expectRoundTrip("\"https://example.org/a?b=1\"", .url)
  }

  @Test func uuids() throws {
    let text = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    let uuid = try #require(try read("\"\(text)\"", .uuid))
    #expect(uuid == UUID(uuidString: text))
    #expect(try write(uuid, .uuid) == "\"\(text.uppercased())\"")
    #expect(try write(uuid, UUIDTransformer(writesLowercase: true)) == "\"\(text)\"")
    #expect(readError("\"e621e1f8\"", .uuid) == #"$.v: expected UUID, found string "e621e1f8""#)
  }

  @Test func decimals() throws {
    #expect(try read("19.99", .decimal) == Decimal(string: "19.99"))
    #expect(try read("\"19.99\"", .decimal, coercion: .strict) == Decimal(string: "19.99"))
    #expect(try read("0.1", .decimal) == Decimal(string: "0.1"))
    #expect(try write(Decimal(string: "19.99") ?? 0, .decimal) == "19.99")
    #expect(try write(Decimal(string: "19.99") ?? 0, .decimalString) == #""19.99""#)
    #expect(readError("\"cheap\"", .decimal) == #"$.v: expected Decimal, found string "cheap""#)
    #expect(readError("true", .decimal) == "$.v: expected Decimal, found bool true")
    try expectRoundTrip("123456789.987654321", .decimal)
    try expectRoundTrip("\"0.30\"", .decimalString)
  }

  @Test(arguments: [
    ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
  ])
  func base64VectorsFromRFC4648(plain: String, encoded: String) throws {
    let data = Data(plain.utf8)
    let padded = encoded + String(repeating: "=", count: (4 - encoded.count % 4) % 4)
    #expect(try write(data, .base64) == "\"\(padded)\"")
    #expect(try write(data, .base64URL) == "\"\(encoded)\"")
    #expect(try read("\"\(padded)\"", .base64) == data)
    #expect(try read("\"\(encoded)\"", .base64) == data)
    #expect(try read("\"\(encoded)\"", .base64URL) == data)
  }

  @Test func base64Alphabets() throws {
    let bytes = Data([0xFB, 0xFF, 0xBF, 0x3C])
    #expect(try write(bytes, .base64) == #""+/+/PA==""#)
    #expect(try write(bytes, .base64URL) == #""-_-_PA""#)
    #expect(try write(bytes, Base64Transformer(alphabet: .urlSafe, writesPadding: true)) == #""-_-_PA==""#)
    #expect(try read(#""-_-_PA""#, .base64URL) == bytes)
    #expect(try read(#""+/+/\nPA==""#, .base64) == bytes)
    #expect(readError(#""-_-_PA""#, .base64) == #"$.v: expected Data in base64, found string "-_-_PA""#)
    #expect(readError(#""+/+/PA""#, .base64URL) == #"$.v: expected Data in URL-safe base64, found string "+/+/PA""#)
    #expect(readError(#""Zm9v=""#, .base64) == #"$.v: expected Data in base64, found string "Zm9v=""#)
    #expect(readError(#""Zm9vY""#, .base64) == #"$.v: expected Data in base64, found string "Zm9vY""#)
    #expect(readError(#""Zm=9v""#, .base64) == #"$.v: expected Data in base64, found string "Zm=9v""#)
    #expect(readError("12", .base64) == "$.v: expected Data in base64, found number 12")
    try expectRoundTrip(#""+/+/PA==""#, .base64)
  }

  @Test func split() throws {
    #expect(try read("\"a,b,,c\"", .split(separator: ",")) == ["a", "b", "", "c"])
    #expect(try read("\"\"", .split(separator: ",")) == [])
    #expect(try read("\"one -- two\"", .split(separator: " -- ")) == ["one", "two"])
    #expect(try write(["a", "b"], .split(separator: ";")) == #""a;b""#)
    #expect(readError("[\"a\"]", .split(separator: ",")) == #"$.v: expected String, found array (1 element)"#)
    try expectRoundTrip("\"x, y,z\"", .split(separator: ","))
  }
}
