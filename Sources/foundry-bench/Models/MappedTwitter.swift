import Foundry
import FoundryJSON

/// `twitter.json` as `@Mappable` models: the twin of ``CodableTwitter``, same shapes.
///
/// Keys are the property names in snake case (`inReplyToStatusIDStr` →
/// `in_reply_to_status_id_str`); only the `…URLHTTPS` names, where the strategy would run the
/// two acronyms together, spell their key out.
enum MappedTwitter {
  @Mappable(keys: .snakeCase)
  struct Root: Equatable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata
  }

  @Mappable(keys: .snakeCase)
  struct Status: Equatable {
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
  }

  /// A retweeted status: a ``Status`` without a `retweeted_status` of its own.
  @Mappable(keys: .snakeCase)
  struct RetweetedStatus: Equatable {
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
  }

  @Mappable(keys: .snakeCase)
  struct Metadata: Equatable {
    var resultType: String
    var isoLanguageCode: String
  }

  @Mappable(keys: .snakeCase)
  struct User: Equatable {
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
    @Key("profile_background_image_url_https") var profileBackgroundImageURLHTTPS: String
    var profileBackgroundTile: Bool
    var profileImageURL: String
    @Key("profile_image_url_https") var profileImageURLHTTPS: String
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
  }

  @Mappable
  struct UserEntities: Equatable {
    var description: URLList
    var url: URLList?
  }

  @Mappable
  struct URLList: Equatable {
    var urls: [URLEntity]
  }

  @Mappable(keys: .snakeCase)
  struct URLEntity: Equatable {
    var url: String
    var expandedURL: String
    var displayURL: String
    var indices: [Int]
  }

  @Mappable(keys: .snakeCase)
  struct Entities: Equatable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?
  }

  @Mappable
  struct Hashtag: Equatable {
    var text: String
    var indices: [Int]
  }

  @Mappable(keys: .snakeCase)
  struct UserMention: Equatable {
    var screenName: String
    var name: String
    var id: Int64
    var idStr: String
    var indices: [Int]
  }

  @Mappable(keys: .snakeCase)
  struct Media: Equatable {
    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaURL: String
    @Key("media_url_https") var mediaURLHTTPS: String
    var url: String
    var displayURL: String
    var expandedURL: String
    var type: String
    var sizes: Sizes
    var sourceStatusID: Int64?
    var sourceStatusIDStr: String?
  }

  @Mappable
  struct Sizes: Equatable {
    var medium: Size
    var small: Size
    var thumb: Size
    var large: Size
  }

  @Mappable
  struct Size: Equatable {
    var w: Int
    var h: Int
    var resize: String
  }

  @Mappable(keys: .snakeCase)
  struct SearchMetadata: Equatable {
    var completedIn: Double
    var maxID: Int64
    var maxIDStr: String
    var nextResults: String
    var query: String
    var refreshURL: String
    var count: Int
    var sinceID: Int64
    var sinceIDStr: String
  }
}

extension MappedTwitter {
  /// The statuses alone, decoded from the whole document: what `json.stream` streams at
  /// `statuses`.
  @Mappable(keys: .snakeCase)
  struct StatusList: Equatable {
    var statuses: [Status]
  }
}
