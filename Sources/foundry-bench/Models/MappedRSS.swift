import Foundry

/// An RSS 2.0 podcast feed as `@Mappable` models: the twin of ``CodableRSS``, same values.
///
/// Extension elements are keyed by their qualified name as written (`itunes:author`); `@url`
/// names an attribute, and a path reaches a child's attribute without a nested type
/// (`itunes:image.@href`).
enum MappedRSS {
  @Mappable
  struct Root: Equatable {
    @Key("@version") var version: String
    var channel: Channel
  }

  @Mappable
  struct Channel: Equatable {
    var title: String
    var link: String
    var description: String
    var language: String
    var pubDate: String
    var lastBuildDate: String?
    var generator: String?
    @Key("itunes:author") var itunesAuthor: String
    @Key("itunes:image.@href") var itunesImage: String
    @Key("item") var items: [Item]
  }

  @Mappable
  struct Item: Equatable {
    var title: String
    var link: String
    /// The text of `<guid isPermaLink="false">`.
    var guid: String
    var pubDate: String
    /// CDATA, usually HTML; one item has none.
    var description: String?
    var enclosure: Enclosure
    var author: String?
    @Key("dc:creator") var creator: String?
    @Key("itunes:author") var itunesAuthor: String?
    @Key("itunes:subtitle") var itunesSubtitle: String?
    @Key("itunes:summary") var itunesSummary: String?
    @Key("itunes:explicit") var itunesExplicit: String?
    @Key("itunes:duration") var itunesDuration: String?
    @Key("itunes:keywords") var itunesKeywords: String?
    @Key("media:thumbnail.@url") var thumbnail: String?
    @Key("media:content") var content: MediaContent?
  }

  @Mappable
  struct Enclosure: Equatable {
    @Key("@url") var url: String
    @Key("@length") var length: Int
    @Key("@type") var type: String
  }

  @Mappable
  struct MediaContent: Equatable {
    @Key("@url") var url: String
    @Key("@fileSize") var fileSize: Int
    @Key("@type") var type: String
  }
}

extension MappedRSS {
  /// The items alone, decoded from the whole document: what `xml.stream` streams at
  /// `channel.item`.
  @Mappable
  struct ItemList: Equatable {
    var channel: ItemChannel
  }

  @Mappable
  struct ItemChannel: Equatable {
    @Key("item") var items: [Item]
  }
}
