import Foundation
import Foundry
import FoundryJSON
import Testing

/// Settings for a whole decoder or type: date and data formats, key strategies.
enum SettingsModels {
  @Mappable struct Plain: Equatable {
    var createdAt: Date
    var token: Data
    var inner: Stamped?
  }

  @Mappable(formats: ValueFormats(dates: [.rfc1123, .secondsSince1970], data: .base64URL))
  struct Stamped: Equatable {
    var at: Date
    var bytes: Data
    var plain: Inner?
  }

  @Mappable struct Inner: Equatable {
    var when: Date
  }

  @Mappable(keys: .asWritten) struct OwnKeys: Equatable {
    var userName: String
  }

  @Mappable struct Profile: Equatable {
    var userName: String
    var own: OwnKeys
    @Key("ID") var id: Int
  }
}

@Suite struct DecoderSettingsTests {
  @Test func typeFormatsHoldForItsFieldsOnly() throws {
    let json = #"{"at": "Thu, 29 Feb 2024 12:30:45 GMT", "bytes": "-_8", "plain": {"when": "2024-02-29T12:30:45Z"}}"#
    let stamped = try MappingDecoder().decode(SettingsModels.Stamped.self, from: json)
    #expect(stamped.at == Date(timeIntervalSince1970: 1_709_209_845))
    #expect(stamped.bytes == Data([0xFB, 0xFF]))
    // The nested type has no formats of its own: ISO 8601 as the decoder reads it.
    #expect(stamped.plain?.when == Date(timeIntervalSince1970: 1_709_209_845))
    #expect(throws: MappingError.self) {
      try MappingDecoder().decode(SettingsModels.Stamped.self, from: #"{"at": "2024-02-29T12:30:45Z", "bytes": ""}"#)
    }
    let text = try MappingEncoder().encodeToString(stamped)
    #expect(text == #"{"at":"Thu, 29 Feb 2024 12:30:45 GMT","bytes":"-_8","plain":{"when":"2024-02-29T12:30:45Z"}}"#)
  }

  @Test func decoderFormatsHoldForTypesWithoutTheirOwn() throws {
    var options = MappingOptions()
    options.dateFormats = [.date(format: "yyyy-MM-dd")]
    options.dataFormat = .base64URL
    let json = #"{"createdAt": "2024-02-29", "token": "-_8", "inner": {"at": 1709209845, "bytes": "_w"}}"#
    let plain = try MappingDecoder(options: options).decode(SettingsModels.Plain.self, from: json)
    #expect(plain.createdAt == Date(timeIntervalSince1970: 1_709_164_800))
    #expect(plain.token == Data([0xFB, 0xFF]))
    #expect(plain.inner?.at == Date(timeIntervalSince1970: 1_709_209_845))
    var encoding = EncodingOptions()
    encoding.dataFormat = .base64URL
    encoding.dateFormat = .date(format: "yyyy-MM-dd")
    let text = try MappingEncoder(options: encoding).encodeToString(plain)
    #expect(text.hasPrefix(#"{"createdAt":"2024-02-29","token":"-_8","inner":{"at":"Thu, 29 Feb 2024"#))
  }

  @Test func decoderKeyStrategyForTypesWithoutTheirOwn() throws {
    var options = MappingOptions()
    options.keys = .snakeCase
    let json = #"{"user_name": "ada", "own": {"userName": "grace"}, "ID": 7}"#
    let profile = try MappingDecoder(options: options).decode(SettingsModels.Profile.self, from: json)
    #expect(profile == SettingsModels.Profile(userName: "ada", own: .init(userName: "grace"), id: 7))
    // Without the option the same payload misses user_name.
    #expect(throws: MappingError.self) { try MappingDecoder().decode(SettingsModels.Profile.self, from: json) }
    var encoding = EncodingOptions()
    encoding.keys = .snakeCase
    #expect(try MappingEncoder(options: encoding).encodeToString(profile) == #"{"user_name":"ada","own":{"userName":"grace"},"ID":7}"#)
    // Arrays of a type rekey once per call and read every element.
    let many = try MappingDecoder(options: options).decode([SettingsModels.Profile].self, from: "[\(json), \(json)]")
    #expect(many.count == 2 && many[1].userName == "ada")
  }
}
