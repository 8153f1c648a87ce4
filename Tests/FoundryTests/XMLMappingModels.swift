#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON

// Models of real-world XML shapes: RSS 2.0 with namespaced extensions, Atom, OpenStreetMap,
// OPML and a property list. Each also reads the JSON that `foundry convert` makes of it.
enum XMLModels {
  @Mappable
  struct Feed: Equatable {
    var channel: Channel
  }

  @Mappable
  struct Channel: Equatable {
    var title: String
    var link: URL
    @Key("itunes:author") var author: String?
    @Key("{http://www.itunes.com/dtds/podcast-1.0.dtd}image.@href") var artwork: URL?
    @Key("atom:link.@href") var selfLink: URL?
    @Key("item") var items: [Item]
  }

  @Mappable
  struct Item: Equatable {
    var title: String
    var description: String
    var guid: Guid
    @Key("pubDate", DateTransformer.rfc1123) var published: Date
    var enclosure: Enclosure?
    @Key("itunes:duration") var duration: String?
    @Key("media:content") var media: [Media]
    @Key("dc:creator") var creator: String?
  }

  @Mappable
  struct Guid: Equatable {
    @Key("#text") var value: String
    @Key("@isPermaLink") var isPermaLink: Bool = true
  }

  @Mappable
  struct Enclosure: Equatable {
    var url: URL
    var length: Int
    var type: String
  }

  @Mappable
  struct Media: Equatable {
    var url: URL
    var medium: String?
  }

  @Mappable
  struct AtomFeed: Equatable {
    var title: String
    @Key("link") var links: [AtomLink]
    @Key("entry") var entries: [AtomEntry]

    var alternate: URL? { links.first { $0.rel == "alternate" }?.href }
  }

  @Mappable
  struct AtomEntry: Equatable {
    var id: String
    var title: AtomText
    var updated: Date
    @Key("link") var links: [AtomLink]

    var enclosures: [AtomLink] { links.filter { $0.rel == "enclosure" } }
  }

  @Mappable
  struct AtomLink: Equatable {
    @Default("alternate") var rel: String
    var href: URL
    var type: String?
  }

  @Mappable
  struct AtomText: Equatable {
    @Key("@type") @Default("text") var type: String
    @Key("#text") var text: String
  }

  @Mappable
  struct OSM: Equatable {
    var version: String
    var bounds: Bounds
    @Key("node") var nodes: [Node]
    @Key("way") var ways: [Way]
  }

  @Mappable
  struct Bounds: Equatable {
    var minlat: Double
    var minlon: Double
    var maxlat: Double
    var maxlon: Double
  }

  @Mappable
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var visible: Bool = true
    @Key("tag") var tags: [Tag]
  }

  @Mappable
  struct Way: Equatable {
    var id: Int64
    @Key("nd") var nodes: [NodeRef]
    @Key("tag") var tags: [Tag]
  }

  @Mappable
  struct NodeRef: Equatable {
    var ref: Int64
  }

  @Mappable
  struct Tag: Equatable {
    var k: String
    var v: String
  }

  @Mappable
  struct OPML: Equatable {
    @Key("head.title") var title: String
    @Key("body.outline") var outlines: [Outline]
  }

  @Mappable
  struct Outline: Equatable {
    var text: String
    var xmlUrl: URL?
    @Key("outline") var children: [Outline]
  }
}

extension XMLModels.Node: XMLMappable {
  static let xmlMapping = XMLMapping(root: "node", attributes: ["id", "lat", "lon", "visible"])
}

extension XMLModels.Tag: XMLMappable {
  static let xmlMapping = XMLMapping(attributes: ["k", "v"])
}

extension XMLModels.Way: XMLMappable {
  static let xmlMapping = XMLMapping(attributes: ["id"])
}

extension XMLModels.NodeRef: XMLMappable {
  static let xmlMapping = XMLMapping(attributes: ["ref"])
}

extension XMLModels.Bounds: XMLMappable {
  static let xmlMapping = XMLMapping(attributes: ["minlat", "minlon", "maxlat", "maxlon"])
}

extension XMLModels.OSM: XMLMappable {
  static let xmlMapping = XMLMapping(root: "osm", attributes: ["version"])
}

/// A property list value: `<dict>` pairs come from the element's ordered `#content`, which
/// the JSON view keeps whenever grouping children by name would lose their order.
enum PropertyList: MappableValue, Equatable {
  case string(String), integer(Int), real(Double), bool(Bool), array([PropertyList]), dictionary([String: PropertyList])

  static func read(from value: ValueReader) throws -> PropertyList {
    // A value here is a one-member object naming its element: {"string": "Ada"}.
    guard let (tag, content) = try value.members().first else { throw value.mismatch(expected: "a property list element") }
    return try read(tag: tag, content)
  }

  static func read(tag: String, _ value: ValueReader) throws -> PropertyList {
    switch tag {
    case "string": return .string(try value.string())
    case "integer": return .integer(try value.integer())
    case "real": return .real(try value.double())
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "array": return .array(try ordered(value).map { try read(tag: $0.tag, $0.value) })
    case "dict":
      var result: [String: PropertyList] = [:]
      let items = try ordered(value)
      var index = 0
      while index + 1 < items.count, items[index].tag == "key" {
        result[try items[index].value.string()] = try read(tag: items[index + 1].tag, items[index + 1].value)
        index += 2
      }
      return .dictionary(result)
    default: throw value.invalid(expected: "a property list element", reason: "unknown element <\(tag)>")
    }
  }

  /// The child elements of a container in document order.
  static func ordered(_ value: ValueReader) throws -> [(tag: String, value: ValueReader)] {
    if value.kind == .string { return [] }
    if let content = try value.member("#content") {
      return try content.elements().compactMap { item in try item.members().first.map { ($0.key, $0.value) } }
    }
    // One child name (or one pair) keeps its order in the grouped form.
    return try value.members().flatMap { member in
      member.value.kind == .array ? try member.value.elements().map { (member.key, $0) } : [(member.key, member.value)]
    }
  }

  func write(to writer: inout ValueWriter) throws {
    throw MappingError.invalid("writing property lists is not part of this test")
  }
}

/// The `<dict>` at the top of a property list.
struct PropertyListDictionary: MappableValue, Equatable {
  var entries: [String: PropertyList]

  static func read(from value: ValueReader) throws -> PropertyListDictionary {
    guard case .dictionary(let entries) = try PropertyList.read(tag: "dict", value) else { throw value.mismatch(expected: "dict") }
    return PropertyListDictionary(entries: entries)
  }

  func write(to writer: inout ValueWriter) throws {
    throw MappingError.invalid("writing property lists is not part of this test")
  }
}

@Mappable
struct PropertyListDocument: Equatable {
  var version: String
  @Key("dict") var root: PropertyListDictionary
}

/// A channel's Atom links, named by namespace URI and by prefix.
@Mappable
struct AtomChannel: Equatable {
  @Mappable
  struct Link: Equatable {
    @Key("@href") var href: String
    @Key("@rel") var rel: String?
  }
  var title: String
  @Key("{http://www.w3.org/2005/Atom}link") var links: [Link]
  @Key("atom:link") var prefixed: [Link]
}

/// An RSS document holding an `AtomChannel`.
@Mappable
struct AtomFeed: Equatable {
  var channel: AtomChannel
}

/// An item whose description comes as CDATA in feeds.
@Mappable
struct FeedItem: Equatable {
  var title: String
  var description: String
}
