/// `citm_catalog.json` as plain `Codable` models: every field, the shapes of the data.
///
/// The name tables are objects keyed by id strings (`[String: String]`); fields that are
/// `null` somewhere are optionals.
enum CodableCatalog {
  struct Root: Codable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
  }

  struct Event: Codable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
  }

  struct Performance: Codable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    var start: Int
    var venueCode: String
  }

  struct Price: Codable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
  }

  struct SeatCategory: Codable {
    var areas: [Area]
    var seatCategoryId: Int
  }

  struct Area: Codable {
    var areaId: Int
    var blockIds: [Int]
  }
}
