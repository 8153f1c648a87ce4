#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import FuzzSupport

@_cdecl("FuzzMappableDecode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzMappableDecode(data, count) }
}

/// `@Mappable` decoding of a model that uses key paths, alternatives, defaults, validators,
/// transformers, enums, sets, dictionaries, `Presence` and recursion, from JSON and from XML,
/// strict and lossy. What decodes is encoded and decoded again twice, and gives the same value
/// both times (the first trip may round a date or drop what JSON has no room for).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMappableDecode(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = fuzzBytes(data, count)
  let decoder = MappingDecoder()
  if let feed = try? decoder.decode(FuzzFeed.self, from: bytes) { checkRoundTrip(feed) }
  if let feed = decoder.decodeLossy(FuzzFeed.self, from: bytes).value { checkRoundTrip(feed) }
  _ = decoder.decodeLossy([FuzzItem].self, from: bytes)
  if let feed = try? decoder.decode(FuzzFeed.self, fromXML: bytes) { checkRoundTrip(feed) }
  if let feed = decoder.decodeLossy(FuzzFeed.self, fromXML: bytes).value {
    checkRoundTrip(feed)
    _ = try? MappingEncoder().encodeXML(feed, rootElement: "feed")
  }
  return 0
}

private func checkRoundTrip(_ feed: FuzzFeed) {
  let encoder = MappingEncoder()
  let decoder = MappingDecoder()
  do {
    let first = try encoder.encode(feed)
    let once = try decoder.decode(FuzzFeed.self, from: first)
    let second = try encoder.encode(once)
    let twice = try decoder.decode(FuzzFeed.self, from: second)
    fuzzCheck(once == twice, "encode → decode changed:\n\(String(decoding: first, as: UTF8.self))\n\(String(decoding: second, as: UTF8.self))")
  } catch {
    fatalError("a decoded value did not encode and decode again: \(error)")
  }
}

@Mappable(keys: .snakeCase)
struct FuzzFeed: Equatable {
  @Key(["id", "uuid"]) var id: String
  var title: String = ""
  @Key("meta.count") var count: Int = 0
  @Key("meta.ratio") var ratio: Double?
  var items: [FuzzItem] = []
  @Key("updated", .iso8601) var updated: Date?
  var kind: FuzzKind = .plain
  var tags: Set<String> = []
  var price: Decimal?
  var link: URL?
  var flags: [String: Bool] = [:]
  var nickname: Presence<String> = .absent
  @Validate(.range(0...150)) var age: Int?
  @Key("authors.0.name") var firstAuthor: String?
  @Key("authors.-1.@id") var lastAuthorID: Int64?
}

@Mappable
struct FuzzItem: Equatable {
  var name: String
  @Key("@id") var id: Int?
  var children: [FuzzItem] = []
  @Key("at", .rfc1123) var at: Date?
  @Key("when", .secondsSince1970) var when: Date?
  @Key("parts", .split(separator: ",")) var parts: [String] = []
  var small: UInt8 = 0
  var enabled: Bool?
}

@Mappable
enum FuzzKind: String, Equatable {
  case plain, rich
}
