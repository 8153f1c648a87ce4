import Foundry
import FoundryJSON
import FoundryXML
import Testing

@Suite("Mapping runtime: models")
struct MappingRuntimeTests {
  let decoder = MappingDecoder()

  @Test func decodesNestedPathsDefaultsAndOptionals() throws {
    let json = #"{"id": 7, "profile": {"name": "Ada"}, "tags": ["x"]}"#
    let account = try decoder.decode(Account.self, from: json)
    #expect(account == Account(id: 7, name: "Ada", email: nil, score: 0, tags: ["x"]))
  }

  @Test func encodesNestedPathsBackAndRoundTrips() throws {
    let account = Account(id: 7, name: "Ada", email: "ada@example.com", score: 1.5, tags: ["a", "b"])
    let text = try MappingEncoder().encodeToString(account)
    #expect(text == #"{"id":7,"profile":{"name":"Ada"},"email":"ada@example.com","score":1.5,"tags":["a","b"]}"#)
    #expect(try decoder.decode(Account.self, from: text) == account)
  }

  @Test func missingRequiredKey() {
    let json = "{\"id\": 7,\n \"profile\": {}}"
    let error = #expect(throws: MappingError.self) { try decoder.decode(Account.self, from: json, sourceName: "a.json") }
    #expect(error?.code == .keyNotFound)
    #expect(error?.message == "$.profile.name: required key not found, expected String")
    #expect(
      error?.description == """
        error: $.profile.name: required key not found, expected String
        --> a.json:2:13
         2 |  "profile": {}}
           |             ^
        """)
  }

  @Test("a required key that is present but null is reported as null, at the null")
  func nullRequiredValue() {
    let json = "{\"id\": 7,\n \"profile\": {\"name\": null}}"
    let error = #expect(throws: MappingError.self) { try decoder.decode(Account.self, from: json, sourceName: "a.json") }
    #expect(error?.code == .keyNotFound)
    #expect(error?.message == "$.profile.name: required value is null, expected String")
    #expect(error?.line == 2)
    #expect(error?.column == 22)
  }

  @Test func typeMismatchSaysWhatAndWhere() {
    let json = "[{\"id\": 1, \"profile\": {\"name\": \"A\"}},\n {\"id\": true, \"profile\": {\"name\": \"B\"}}]"
    let error = #expect(throws: MappingError.self) { try decoder.decode([Account].self, from: json) }
    #expect(error?.message == "$[1].id: expected Int, found bool true")
    #expect(error?.line == 2)
    #expect(error?.column == 9)
    #expect(error?.path.components == [.index(1), .key("id")])
  }

  @Test func fractionsAreNeverTruncated() throws {
    let error = #expect(throws: MappingError.self) { try decoder.decode(Int.self, from: "1.5") }
    #expect(error?.message == "$: expected Int, found number 1.5 (a fraction is never truncated)")
    #expect(try decoder.decode(Int.self, from: "1.0") == 1)
    let range = #expect(throws: MappingError.self) { try decoder.decode(Int8.self, from: "300") }
    #expect(range?.message == "$: expected Int8, found number 300 (out of range)")
  }

  @Test func bigIntegersStayExact() throws {
    #expect(try decoder.decode(UInt64.self, from: "18446744073709551615") == .max)
    #expect(try decoder.decode(Int64.self, from: "9007199254740993") == 9_007_199_254_740_993)
    #expect(try decoder.decode(Int64.self, from: "\"9007199254740993\"") == 9_007_199_254_740_993)
  }

  @Test func lenientCoercions() throws {
    #expect(try decoder.decode(Int.self, from: "\"42\"") == 42)
    #expect(try decoder.decode(Int.self, from: "\"00172\"") == 172)
    #expect(try decoder.decode(String.self, from: "\"00172\"") == "00172")
    #expect(try decoder.decode(Double.self, from: "\" 2.5 \"") == 2.5)
    #expect(try decoder.decode(String.self, from: "12.50") == "12.50")
    for (json, expected) in [("1", true), ("0", false), ("\"YES\"", true), ("\"no\"", false), ("\"true\"", true), ("\"0\"", false)] {
      #expect(try decoder.decode(Bool.self, from: json) == expected)
    }
    #expect(try decoder.decode(Set<Int>.self, from: "[1, 2, 2]") == [1, 2])
  }

  @Test func strictModeRejectsEveryCoercion() {
    var options = MappingOptions()
    options.coercion = .strict
    let strict = MappingDecoder(options: options)
    for (json, type) in [("\"42\"", "Int"), ("7", "String"), ("1", "Bool")] {
      let error = #expect(throws: MappingError.self) {
        switch type {
        case "Int": _ = try strict.decode(Int.self, from: json)
        case "String": _ = try strict.decode(String.self, from: json)
        default: _ = try strict.decode(Bool.self, from: json)
        }
      }
      #expect(error?.code == .typeMismatch)
    }
  }

  @Test func optInRelaxations() throws {
    var options = MappingOptions()
    options.wrapsSingleValues = true
    options.emptyStringsAsNil = true
    let relaxed = MappingDecoder(options: options)
    #expect(try relaxed.decode([String].self, from: "\"solo\"") == ["solo"])
    let account = try relaxed.decode(Account.self, from: #"{"id": 1, "profile": {"name": "A"}, "email": "", "tags": "t"}"#)
    #expect(account.email == "")  // a String field keeps ""
    #expect(account.tags == ["t"])
    #expect(throws: MappingError.self) { try decoder.decode([String].self, from: "\"solo\"") }
  }

  @Test func lossyDropsBadElementsAndReportsEverything() {
    let json = #"[{"id": 1, "profile": {"name": "A"}}, {"id": "x", "profile": {"name": "B"}}, {"id": "3", "profile": {"name": "C"}, "email": []}]"#
    let result = decoder.decodeLossy([Account].self, from: json)
    #expect(result.value?.map(\.id) == [1, 3])
    #expect(result.error == nil)
    #expect(
      result.issues.map(\.description) == [
        "$[1]: element dropped because $[1].id: expected Int, found string \"x\"",
        "$[2].id: value coerced: string \"3\" read as Int",
        "$[2].email: field defaulted because $[2].email: expected String, found array (0 elements)",
      ])
  }

  @Test func lossyTopLevelFailure() {
    let result = decoder.decodeLossy(Account.self, from: "[]")
    #expect(result.value == nil)
    #expect(result.error?.message == "$: expected object, found array (0 elements)")
  }

  @Test func unknownKeysRejectedWithEveryKey() {
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(Patch.self, from: #"{"id": "1", "extra": 1, "more": 2}"#)
    }
    #expect(error?.message == "$: unknown keys \"extra\", \"more\"")
  }

  @Test func fallbackKeysAndThreeStateFields() throws {
    #expect(try decoder.decode(Patch.self, from: #"{"uuid": "u"}"#) == Patch(id: "u", displayName: .absent))
    #expect(try decoder.decode(Patch.self, from: #"{"id": "i", "uuid": "u", "display_name": null}"#) == Patch(id: "i", displayName: .null))
    #expect(try decoder.decode(Patch.self, from: #"{"id": "i", "display_name": "Ada"}"#) == Patch(id: "i", displayName: .value("Ada")))
    let encoder = MappingEncoder()
    #expect(try encoder.encodeToString(Patch(id: "i", displayName: .absent)) == #"{"id":"i"}"#)
    #expect(try encoder.encodeToString(Patch(id: "i", displayName: .null)) == #"{"id":"i","display_name":null}"#)
    let missing = #expect(throws: MappingError.self) { try decoder.decode(Patch.self, from: "{}") }
    #expect(missing?.message == "$.id: required key not found (tried \"id\", \"uuid\"), expected String")
  }

  @Test func flatteningAndRawValueEnums() throws {
    let json = #"{"name": "Ada", "city": "London", "zip": "N1", "status": "active"}"#
    let customer = try decoder.decode(Customer.self, from: json)
    #expect(customer == Customer(name: "Ada", address: Address(city: "London", zip: "N1"), status: .active))
    #expect(try MappingEncoder().encodeToString(customer) == #"{"name":"Ada","city":"London","zip":"N1","status":"active"}"#)
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(Customer.self, from: #"{"name": "A", "city": "L", "zip": "1", "status": "gone"}"#)
    }
    #expect(error?.message == #"$.status: expected Status (one of "active", "banned"), found string "gone""#)
  }

  @Test func arrayIndexesInKeyPathsReadAndWrite() throws {
    let json = #"{"avatars": [{"url": "a.png"}, {"url": "b.png"}], "tags": ["x", "y", "z"]}"#
    let profile = try decoder.decode(Profile.self, from: json)
    #expect(profile == Profile(avatar: "a.png", lastTag: "z"))
    let text = try MappingEncoder().encodeToString(profile)
    #expect(text == #"{"avatars":[{"url":"a.png"}],"tags":["z"]}"#)
    #expect(try decoder.decode(Profile.self, from: text) == profile)
  }

  @Test func afterMappingHookDerivesAndValidates() throws {
    #expect(try decoder.decode(Sum.self, from: #"{"a": 2, "b": 5}"#).c == 7)
    let error = #expect(throws: MappingError.self) { try decoder.decode([Sum].self, from: #"[{"a": 2, "b": -5}]"#) }
    #expect(error?.message == "$[0]: a + b must not be negative, got -3")
    #expect(error?.code == .validationFailed)
  }

  @Test func dictionariesWithTypedKeys() throws {
    #expect(try decoder.decode([Int: String].self, from: #"{"1": "a", "2": "b"}"#) == [1: "a", 2: "b"])
    #expect(try decoder.decode([Status: Int].self, from: #"{"active": 3}"#) == [.active: 3])
    let error = #expect(throws: MappingError.self) { try decoder.decode([Int: String].self, from: #"{"x": "a"}"#) }
    #expect(error?.message == #"$.x: expected Int key, found key "x""#)
    #expect(try MappingEncoder().encodeToString([2: "b", 1: "a"]) == #"{"1":"a","2":"b"}"#)
  }

  @Test func malformedDocumentsKeepTheParserDiagnostic() {
    let error = #expect(throws: MappingError.self) { try decoder.decode(Account.self, from: "{\"id\": 1,}", sourceName: "p.json") }
    #expect(error?.code == .malformedDocument)
    #expect(error?.description == "error: unexpected character '}' after ','\n--> p.json:1:10\n 1 | {\"id\": 1,}\n   |          ^")
  }

  @Test func decodesFromManyTasksAtOnce() async throws {
    let json = #"[{"id": 1, "profile": {"name": "A"}}, {"id": 2, "profile": {"name": "B"}}]"#
    let decoder = self.decoder
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<64 {
        group.addTask { (try? decoder.decode([Account].self, from: json).count) ?? -1 }
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    #expect(counts == Array(repeating: 2, count: 64))
  }

  /// XML text parsed on each task, and one parsed tree read by every task at once.
  @Test func decodesXMLFromManyTasksAtOnce() async throws {
    let xml = "<account><id>1</id><profile><name>A</name></profile></account>"
    let tree = try XMLTree(string: xml)
    let decoder = self.decoder
    let names = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<32 {
        group.addTask {
          [
            (try? decoder.decode(Account.self, fromXML: xml).name) ?? "failed",
            (try? decoder.decode(Account.self, from: tree.root).name) ?? "failed",
          ]
        }
      }
      return await group.reduce(into: [[String]]()) { $0.append($1) }
    }
    #expect(names == Array(repeating: ["A", "A"], count: 32))
  }

  /// Generic schemas come from a cache behind a read-write lock: every task gets the one kept.
  @Test func cachedSchemasFromManyTasksAtOnce() async {
    struct Probe<Marker> {}
    let identities = await withTaskGroup(of: [ObjectIdentifier].self) { group in
      for _ in 0..<32 {
        group.addTask {
          [
            ObjectIdentifier(MappingSchema.cached(for: Probe<Int>.self) { MappingSchema(fields: [.property("a")]) }),
            ObjectIdentifier(MappingSchema.cached(for: Probe<String>.self) { MappingSchema(fields: [.property("b")]) }),
          ]
        }
      }
      var identities: [[ObjectIdentifier]] = []
      for await identity in group { identities.append(identity) }
      return identities
    }
    #expect(identities.count == 32)
    #expect(Set(identities).count == 1)
    #expect(identities[0][0] != identities[0][1])
  }

  /// `@Mappable` generic models build their schemas through that cache while decoding.
  @Test func decodesGenericModelsFromManyTasksAtOnce() async {
    let decoder = self.decoder
    let totals = await withTaskGroup(of: Int.self) { group in
      for index in 0..<64 {
        group.addTask {
          if index.isMultiple(of: 2) {
            return (try? decoder.decode(MacroModels.Page<Int>.self, from: #"{"items": [1, 2], "meta": {"total": 2}}"#).total) ?? -1
          }
          let json = #"{"items": [{"street": "a", "city": "b"}], "meta": {"total": 1}}"#
          return (try? decoder.decode(MacroModels.Page<MacroModels.Address>.self, from: json).total) ?? -1
        }
      }
      var totals: [Int] = []
      for await total in group { totals.append(total) }
      return totals
    }
    #expect(totals.sorted() == Array(repeating: 1, count: 32) + Array(repeating: 2, count: 32))
  }
}
