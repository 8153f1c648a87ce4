/// `canada.json` (a GeoJSON feature collection) as plain `Codable` models.
enum CodableCanada {
  struct Root: Codable {
    var type: String
    var features: [Feature]
  }

  struct Feature: Codable {
    var type: String
    var properties: Properties
    var geometry: Geometry
  }

  struct Properties: Codable {
    var name: String
  }

  struct Geometry: Codable {
    var type: String
    /// The polygon: rings, each a list of `[longitude, latitude]` pairs.
    var coordinates: [[[Double]]]
  }
}
