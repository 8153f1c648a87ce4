/// An RSS 2.0 podcast feed (`sample_rss.xml`) as plain `Codable` models, for XMLCoder.
///
/// XMLCoder keeps qualified names as written (namespace processing off, its default), so the
/// extension elements are keyed `itunes:author`, `media:content`. An attribute of a child
/// (`itunes:image href`) needs a nested type; every field that some items lack is optional.
/// Dates stay strings, as in ``MappedRSS``.
enum CodableRSS {
  struct Root: Codable {
    var version: String
    var channel: Channel
  }

  struct Channel: Codable {
    var title: String
    var link: String
    var description: String
    var language: String
    var pubDate: String
    var lastBuildDate: String?
    var generator: String?
    var itunesAuthor: String
    var itunesImage: Image
    var items: [Item]

    enum CodingKeys: String, CodingKey {
      case title, link, description, language, pubDate, lastBuildDate, generator
      case itunesAuthor = "itunes:author"
      case itunesImage = "itunes:image"
      case items = "item"
    }
  }

  struct Image: Codable {
    var href: String
  }

  struct Item: Codable {
    var title: String
    var link: String
    var guid: String
    var pubDate: String
    /// CDATA, usually HTML; one item has none.
    var description: String?
    var enclosure: Enclosure
    var author: String?
    var creator: String?
    var itunesAuthor: String?
    var itunesSubtitle: String?
    var itunesSummary: String?
    var itunesExplicit: String?
    var itunesDuration: String?
    var itunesKeywords: String?
    var thumbnail: Thumbnail?
    var content: MediaContent?

    enum CodingKeys: String, CodingKey {
      case title, link, guid, pubDate, description, enclosure, author
      case creator = "dc:creator"
      case itunesAuthor = "itunes:author"
      case itunesSubtitle = "itunes:subtitle"
      case itunesSummary = "itunes:summary"
      case itunesExplicit = "itunes:explicit"
      case itunesDuration = "itunes:duration"
      case itunesKeywords = "itunes:keywords"
      case thumbnail = "media:thumbnail"
      case content = "media:content"
    }
  }

  struct Enclosure: Codable {
    var url: String
    var length: Int
    var type: String
  }

  struct Thumbnail: Codable {
    var url: String
  }

  struct MediaContent: Codable {
    var url: String
    var fileSize: Int
    var type: String
  }
}
