#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import FoundryXML
import Testing

/// The models in `SampleModels/` are what `foundry generate --from-sample` writes for the
/// repository's examples and the payloads in `Fixtures/Samples` (FoundryCLITests checks that
/// they are up to date). Compiling them here puts the generated code through the `@Mappable`
/// macros; each test decodes every sample the model was made from, encodes it back, and checks
/// that the encoding decodes to the same value and keeps every key that held a value.
@Suite("Models generated from samples")
struct GeneratedSampleModelTests {
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  static func bytes(_ relative: String) throws -> [UInt8] {
    let path = repository.appendingPathComponent(relative).path
    return Array(try #require(FileManager.default.contents(atPath: path)))
  }

  static let samples = "Tests/FoundrySampleModelTests/Fixtures/Samples/"

  @Test func ordersReadAndWriteTheirSamples() throws {
    for file in ["orders.json", "orders-2.json"] {
      let orders = try roundTripJSON(Orders.self, Self.samples + file)
      #expect(orders.orders.count == 2)
    }
    let first = try MappingDecoder().decode(Orders.self, from: Self.bytes(Self.samples + "orders.json"))
    #expect(first.orders[0].status == .paid)
    #expect(first.orders[0].class == .standard)
    #expect(first.orders[0].shipments["8812"]?.carrier == .dhl)
    #expect(first.orders[0].lines[1].qty == 1)
    #expect(first.orders[1].customerNote == nil)
    #expect(first.orders[0].createdAt == Date(timeIntervalSince1970: 1_714_566_600))
    let second = try MappingDecoder().decode(Orders.self, from: Self.bytes(Self.samples + "orders-2.json"))
    #expect(second.orders[0].id == 1003)
    #expect(second.orders[0].giftWrap == true)
    #expect(second.nextPage == nil)
  }

  @Test func postsReadAndWriteTheirSample() throws {
    let posts = try roundTripJSON([Post].self, Self.samples + "timeline.json")
    #expect(posts.count == 3)
    #expect(posts[0].id == 1_790_000_000_000_000_001)
    #expect(posts[0].createdAt == Date(timeIntervalSince1970: 1_714_566_600))
    #expect(posts[0].user.lastSeen == Date(timeIntervalSince1970: 1_714_566_600))
    #expect(posts[1].retweetCount == 7)
    #expect(posts[1].score == 4.5)
    #expect(posts[1].inReplyTo?.screenName == "ada")
    #expect(posts[0].stats["2024-05-02"] == 40)
  }

  /// Dates in two formats in one payload, nullable fields, arrays with `null` elements.
  @Test func sensorsReadAndWriteTheirSample() throws {
    let sensors = try roundTripJSON(Sensors.self, Self.samples + "sensors.json")
    #expect(sensors.sensors.count == 3)
    let (roof, cellar, garden) = (sensors.sensors[0], sensors.sensors[1], sensors.sensors[2])
    #expect(roof.installedAt == Date(timeIntervalSince1970: 1_709_280_000))
    #expect(cellar.installedAt == Date(timeIntervalSince1970: 1_709_285_400))
    #expect(garden.installedAt == Date(timeIntervalSince1970: 1_709_337_600))
    #expect(cellar.lastSeen == Date(timeIntervalSince1970: 1_714_636_800))
    #expect(roof.firmware == nil && cellar.battery == nil)
    #expect(roof.readings == [21.5, nil, 22])
    #expect(garden.readings == [nil])
    #expect(roof.checked == [Date(timeIntervalSince1970: 1_714_543_200), nil])
    #expect(garden.checked == [nil, Date(timeIntervalSince1970: 1_714_622_400)])
    #expect(roof.alerts.map { $0?.level } == [2, nil])
  }

  @Test func inventoryReadsAndWritesItsXMLSamples() throws {
    let first = try roundTripXML(Inventory.self, Self.samples + "inventory.xml")
    #expect(first.product.map(\.sku) == ["A-1", "B-7"])
    #expect(first.product[0].price.currency == "EUR")
    #expect(first.product[0].price.text == 12.5)
    #expect(first.product[0].tag == ["tools", "metal"])
    #expect(first.product[1].discontinued)
    let second = try roundTripXML(Inventory.self, Self.samples + "inventory-2.xml")
    #expect(second.product.count == 1)
    #expect(second.product[0].tag == ["tools"])
    #expect(second.product[0].note == "Back in June")
  }

  @Test("keys Swift does not take as names read and write")
  func hostileNamesReadAndWrite() throws {
    let hostile = try roundTripJSON(Hostile.self, Self.samples + "hostile.json")
    #expect(hostile.type == 1)
    #expect(hostile.type2 == 2)
    #expect(hostile.`default` == 3)
    #expect(hostile.`self` == 7)
  }

  @Test func theRepositoryExamplesReadAndWrite() throws {
    let quakes = try roundTripJSON(Earthquakes.self, "Examples/earthquakes.json")
    #expect(quakes.features.count == 10)
    #expect(quakes.features[0].properties.time == Date(timeIntervalSince1970: 1_714_553_412.310))
    for file in ["Examples/authors.json", "Examples/authors-update.json"] {
      let authors = try roundTripJSON(Authors.self, file)
      #expect(authors.authors.count == 2)
    }
    let podcast = try roundTripXML(Podcast.self, "Examples/podcast.rss")
    #expect(podcast.channel.item.count == 2)
    #expect(podcast.channel.itunesAuthor == "Ada & Grace")
    #expect(podcast.channel.item[0].mediaContent.count == 2)
    #expect(podcast.channel.item[0].guid == Guid(isPermaLink: false, text: "ep-2"))
    #expect(podcast.channel.item[1].guid == Guid(isPermaLink: nil, text: "https://example.com/1"))
  }

  // MARK: - Round trips

  /// Decodes the JSON sample, encodes it, decodes that again: the same value, and every key
  /// of the sample that held a value is in the encoding.
  func roundTripJSON<T: MappableValue & Equatable>(_ type: T.Type, _ path: String) throws -> T {
    let bytes = try Self.bytes(path)
    let value = try MappingDecoder().decode(T.self, from: bytes, sourceName: path)
    let encoded = try MappingEncoder().encode(value)
    #expect(try MappingDecoder().decode(T.self, from: encoded) == value, "\(path)")
    let missing = Self.missingKeys(of: try JSONDocument(bytes: bytes).value, in: try JSONDocument(bytes: encoded).value)
    #expect(missing == [], "\(path)")
    return value
  }

  /// The same for an XML sample, through `encodeXML` and the XML view of both documents.
  func roundTripXML<T: XMLMappable & Equatable>(_ type: T.Type, _ path: String) throws -> T {
    let bytes = try Self.bytes(path)
    let value = try MappingDecoder().decode(T.self, fromXML: bytes, sourceName: path)
    let encoded = try MappingEncoder().encodeXML(value)
    #expect(try MappingDecoder().decode(T.self, fromXML: encoded) == value, "\(path)")
    let view = { (bytes: [UInt8]) in XMLJSONView.document(of: try XMLTree(bytes: bytes).root).value }
    let missing = Self.missingKeys(of: try view(bytes), in: try view(encoded))
    #expect(missing == [], "\(path)")
    return value
  }

  /// The paths of `original`'s members with a value other than `null` or `""` that `written` lacks,
  /// walking objects and arrays in step.
  static func missingKeys(of original: JSONValue, in written: JSONValue, path: String = "$") -> [String] {
    switch (original, written) {
    case (.object(let members), .object(let other)):
      return members.flatMap { member -> [String] in
        let (key, value) = (member.key, member.value)
        // Nothing to keep: null, or an empty XML element.
        if case .null = value { return [] }
        if case .string("") = value { return [] }
        guard let counterpart = other[key] else { return [path + "." + key] }
        return missingKeys(of: value, in: counterpart, path: path + "." + key)
      }
    case (.array(let elements), .array(let other)):
      guard elements.count == other.count else { return [path + " (\(elements.count) elements, \(other.count) written)"] }
      return zip(elements, other).enumerated().flatMap { index, pair in missingKeys(of: pair.0, in: pair.1, path: path + "[\(index)]") }
    case (.object, _), (.array, _):
      return [path + " (written as another kind)"]
    default:
      return []
    }
  }
}
