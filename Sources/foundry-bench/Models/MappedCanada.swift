import Foundry

/// `canada.json` (a GeoJSON feature collection) as `@Mappable` models: the twin of
/// ``CodableCanada``, same shapes.
enum MappedCanada {
  @Mappable
  struct Root: Equatable {
    var type: String
    var features: [Feature]
  }

  @Mappable
  struct Feature: Equatable {
    var type: String
    var properties: Properties
    var geometry: Geometry
  }

  @Mappable
  struct Properties: Equatable {
    var name: String
  }

  @Mappable
  struct Geometry: Equatable {
    var type: String
    /// The polygon: rings, each a list of `[longitude, latitude]` pairs.
    var coordinates: [[[Double]]]
  }
}
