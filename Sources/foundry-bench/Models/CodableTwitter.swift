import Foundry
import FoundryJSON

/// `twitter.json` as plain `Codable` models: every field of the payload, the shapes of the data.
///
/// Dates stay `String`s (Twitter's format is not `JSONDecoder`'s default); fields that are
/// missing or `null` somewhere are optionals; the four fields that are `null` throughout
/// (`geo`, `coordinates`, `place`, `contributors`) are `JSONValue?`. A `@Mappable` twin keeps
/// the same shapes under `MappedTwitter`.
enum CodableTwitter {
  struct Root: Codable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
      case statuses
      case searchMetadata = "search_metadata"
    }
  }

  struct Status: Codable {
    var metadata: Metadata
    var createdAt: String
    var id: Int64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusID: Int64?
    var inReplyToStatusIDStr: String?
    var inReplyToUserID: Int64?
    var inReplyToUserIDStr: String?
    var inReplyToScreenName: String?
    var user: User
    var geo: JSONValue?
    var coordinates: JSONValue?
    var place: JSONValue?
    var contributors: JSONValue?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var retweetedStatus: RetweetedStatus?
    var possiblySensitive: Bool?

    enum CodingKeys: String, CodingKey {
      case metadata
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text, source, truncated
      case inReplyToStatusID = "in_reply_to_status_id"
      case inReplyToStatusIDStr = "in_reply_to_status_id_str"
      case inReplyToUserID = "in_reply_to_user_id"
      case inReplyToUserIDStr = "in_reply_to_user_id_str"
      case inReplyToScreenName = "in_reply_to_screen_name"
      case user, geo, coordinates, place, contributors
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case entities, favorited, retweeted, lang
      case retweetedStatus = "retweeted_status"
      case possiblySensitive = "possibly_sensitive"
    }
  }

  /// A retweeted status: a ``Status`` without a `retweeted_status` of its own (a struct cannot
  /// hold itself).
  struct RetweetedStatus: Codable {
    var metadata: Metadata
    var createdAt: String
    var id: Int64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusID: Int64?
    var inReplyToStatusIDStr: String?
    var inReplyToUserID: Int64?
    var inReplyToUserIDStr: String?
    var inReplyToScreenName: String?
    var user: User
    var geo: JSONValue?
    var coordinates: JSONValue?
    var place: JSONValue?
    var contributors: JSONValue?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String

    enum CodingKeys: String, CodingKey {
      case metadata
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text, source, truncated
      case inReplyToStatusID = "in_reply_to_status_id"
      case inReplyToStatusIDStr = "in_reply_to_status_id_str"
      case inReplyToUserID = "in_reply_to_user_id"
      case inReplyToUserIDStr = "in_reply_to_user_id_str"
      case inReplyToScreenName = "in_reply_to_screen_name"
      case user, geo, coordinates, place, contributors
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case entities, favorited, retweeted
      case possiblySensitive = "possibly_sensitive"
      case lang
    }
  }

  struct Metadata: Codable {
    var resultType: String
    var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
      case resultType = "result_type"
      case isoLanguageCode = "iso_language_code"
    }
  }

  struct User: Codable {
    var id: Int64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: UserEntities
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var isTranslationEnabled: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageURL: String
    var profileBackgroundImageURLHTTPS: String
    var profileBackgroundTile: Bool
    var profileImageURL: String
    var profileImageURLHTTPS: String
    var profileBannerURL: String?
    var profileLinkColor: String
    var profileSidebarBorderColor: String
    var profileSidebarFillColor: String
    var profileTextColor: String
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case name
      case screenName = "screen_name"
      case location, description, url, entities, protected
      case followersCount = "followers_count"
      case friendsCount = "friends_count"
      case listedCount = "listed_count"
      case createdAt = "created_at"
      case favouritesCount = "favourites_count"
      case utcOffset = "utc_offset"
      case timeZone = "time_zone"
      case geoEnabled = "geo_enabled"
      case verified
      case statusesCount = "statuses_count"
      case lang
      case contributorsEnabled = "contributors_enabled"
      case isTranslator = "is_translator"
      case isTranslationEnabled = "is_translation_enabled"
      case profileBackgroundColor = "profile_background_color"
      case profileBackgroundImageURL = "profile_background_image_url"
      case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
      case profileBackgroundTile = "profile_background_tile"
      case profileImageURL = "profile_image_url"
      case profileImageURLHTTPS = "profile_image_url_https"
      case profileBannerURL = "profile_banner_url"
      case profileLinkColor = "profile_link_color"
      case profileSidebarBorderColor = "profile_sidebar_border_color"
      case profileSidebarFillColor = "profile_sidebar_fill_color"
      case profileTextColor = "profile_text_color"
      case profileUseBackgroundImage = "profile_use_background_image"
      case defaultProfile = "default_profile"
      case defaultProfileImage = "default_profile_image"
      case following
      case followRequestSent = "follow_request_sent"
      case notifications
    }
  }

  struct UserEntities: Codable {
    var description: URLList
    var url: URLList?
  }

  struct URLList: Codable {
    var urls: [URLEntity]
  }

  struct URLEntity: Codable {
    var url: String
    var expandedURL: String
    var displayURL: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
      case url
      case expandedURL = "expanded_url"
      case displayURL = "display_url"
      case indices
    }
  }

  struct Entities: Codable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?

    enum CodingKeys: String, CodingKey {
      case hashtags, symbols, urls
      case userMentions = "user_mentions"
      case media
    }
  }

  struct Hashtag: Codable {
    var text: String
    var indices: [Int]
  }

  struct UserMention: Codable {
    var screenName: String
    var name: String
    var id: Int64
    var idStr: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
      case screenName = "screen_name"
      case name, id
      case idStr = "id_str"
      case indices
    }
  }

  struct Media: Codable {
    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaURL: String
    var mediaURLHTTPS: String
    var url: String
    var displayURL: String
    var expandedURL: String
    var type: String
    var sizes: Sizes
    var sourceStatusID: Int64?
    var sourceStatusIDStr: String?

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case indices
      case mediaURL = "media_url"
      case mediaURLHTTPS = "media_url_https"
      case url
      case displayURL = "display_url"
      case expandedURL = "expanded_url"
      case type, sizes
      case sourceStatusID = "source_status_id"
      case sourceStatusIDStr = "source_status_id_str"
    }
  }

  struct Sizes: Codable {
    var medium: Size
    var small: Size
    var thumb: Size
    var large: Size
  }

  struct Size: Codable {
    var w: Int
    var h: Int
    var resize: String
  }

  struct SearchMetadata: Codable {
    var completedIn: Double
    var maxID: Int64
    var maxIDStr: String
    var nextResults: String
    var query: String
    var refreshURL: String
    var count: Int
    var sinceID: Int64
    var sinceIDStr: String

    enum CodingKeys: String, CodingKey {
      case completedIn = "completed_in"
      case maxID = "max_id"
      case maxIDStr = "max_id_str"
      case nextResults = "next_results"
      case query
      case refreshURL = "refresh_url"
      case count
      case sinceID = "since_id"
      case sinceIDStr = "since_id_str"
    }
  }
}
