import FoundryGraph

/// `citm_catalog.json` as an object graph: the catalog's events (an object keyed by id),
/// performances linked to their event by `eventId`, and per performance its prices (identified
/// by seat and audience category within the performance), its seat categories (identified
/// within the performance) and their areas (one object per area id, shared by every seat
/// category that lists it). The name tables stay JSON in transformable attributes, as the
/// struct twin keeps them as dictionaries.
enum GraphCatalog {
  static func schema() throws -> Schema {
    try Schema {
      Entity("Catalog") {
        for table in [
          "areaNames", "audienceSubCategoryNames", "blockNames", "seatCategoryNames", "subTopicNames", "subjectNames",
          "topicNames", "topicSubTopics", "venueNames",
        ] {
          Attribute(table, .transformable)
        }
        Relationship("events", to: "Event", toMany: true, inverse: "catalog", deleteRule: .cascade, keyedBy: "id")
        Relationship("performances", to: "Performance", toMany: true, ordered: true, inverse: "catalog", deleteRule: .cascade)
      }
      Entity("Event", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("name", .string)
        Attribute("description", .string, optional: true)
        Attribute("logo", .string, optional: true)
        Attribute("subjectCode", .string, optional: true)
        Attribute("subtitle", .string, optional: true)
        Attribute("subTopicIds", .value(GraphValueType([Int].self)))
        Attribute("topicIds", .value(GraphValueType([Int].self)))
        Relationship("catalog", to: "Catalog", inverse: "events")
        Relationship("performances", to: "Performance", toMany: true, inverse: "event")
      }
      Entity("Performance", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("name", .string, optional: true)
        Attribute("logo", .string, optional: true)
        Attribute("seatMapImage", .string, optional: true)
        Attribute("start", .integer64)
        Attribute("venueCode", .string)
        Relationship("catalog", to: "Catalog", inverse: "performances")
        Relationship("event", to: "Event", inverse: "performances", keyPath: "eventId")
        Relationship("prices", to: "Price", toMany: true, ordered: true, inverse: "performance", deleteRule: .cascade)
        Relationship("seatCategories", to: "SeatCategory", toMany: true, ordered: true, inverse: "performance", deleteRule: .cascade)
      }
      Entity("Price", identity: ["seatCategoryId", "audienceSubCategoryId"], identityScopedToParent: true) {
        Attribute("amount", .integer64)
        Attribute("audienceSubCategoryId", .integer64)
        Attribute("seatCategoryId", .integer64)
        Relationship("performance", to: "Performance", inverse: "prices")
      }
      Entity("SeatCategory", identity: ["seatCategoryId"], identityScopedToParent: true) {
        Attribute("seatCategoryId", .integer64)
        Relationship("performance", to: "Performance", inverse: "seatCategories")
        Relationship("areas", to: "Area", toMany: true, ordered: true, inverse: "seatCategories")
      }
      Entity("Area", identity: ["areaId"]) {
        Attribute("areaId", .integer64)
        Attribute("blockIds", .value(GraphValueType([Int].self)))
        Relationship("seatCategories", to: "SeatCategory", toMany: true, inverse: "areas")
      }
    }
  }
}
