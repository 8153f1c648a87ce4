import Foundry

/// `citm_catalog.json` as `@Mappable` models: the twin of ``CodableCatalog``, same shapes.
///
/// The keys are the property names as written (the payload is camel case).
enum MappedCatalog {
  @Mappable
  struct Root: Equatable {
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

  @Mappable
  struct Event: Equatable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
  }

  @Mappable
  struct Performance: Equatable {
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

  @Mappable
  struct Price: Equatable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
  }

  @Mappable
  struct SeatCategory: Equatable {
    var areas: [Area]
    var seatCategoryId: Int
  }

  @Mappable
  struct Area: Equatable {
    var areaId: Int
    var blockIds: [Int]
  }
}

extension MappedCatalog {
  /// The performances alone, decoded from the whole document: what `json.stream` streams at
  /// `performances`.
  @Mappable
  struct PerformanceList: Equatable {
    var performances: [Performance]
  }
}
