/// OpenStreetMap XML 0.6 (`reno_east3.osm`, and the files `foundry-bench memory` generates) as
/// plain `Codable` models, for XMLCoder.
///
/// XMLCoder reads attributes and child elements through the same keys, so `id`, `lat` and `k`
/// need no annotation; repeated children (`node`, `tag`, `nd`) decode as arrays under their
/// element name. A missing repeated child decodes as an empty array (`decodeIfPresent`), as
/// ``MappedOSM``'s `@Default` does: most nodes have no `tag` children.
enum CodableOSM {
  struct Root: Codable {
    var bounds: Bounds?
    var nodes: [Node]
    var ways: [Way]
    var relations: [Relation]

    enum CodingKeys: String, CodingKey {
      case bounds
      case nodes = "node"
      case ways = "way"
      case relations = "relation"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      bounds = try container.decodeIfPresent(Bounds.self, forKey: .bounds)
      nodes = try container.decodeIfPresent([Node].self, forKey: .nodes) ?? []
      ways = try container.decodeIfPresent([Way].self, forKey: .ways) ?? []
      relations = try container.decodeIfPresent([Relation].self, forKey: .relations) ?? []
    }
  }

  struct Bounds: Codable {
    var minlat: Double
    var minlon: Double
    var maxlat: Double
    var maxlon: Double
  }

  /// A node; the editing metadata (`user` ... `changeset`) is absent from filtered extracts.
  struct Node: Codable {
    var id: Int64
    var lat: Double
    var lon: Double
    var version: Int
    var user: String?
    var uid: Int64?
    var timestamp: String?
    var changeset: Int64?
    var tags: [Tag]

    enum CodingKeys: String, CodingKey {
      case id, lat, lon, version, user, uid, timestamp, changeset
      case tags = "tag"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      lat = try container.decode(Double.self, forKey: .lat)
      lon = try container.decode(Double.self, forKey: .lon)
      version = try container.decode(Int.self, forKey: .version)
      user = try container.decodeIfPresent(String.self, forKey: .user)
      uid = try container.decodeIfPresent(Int64.self, forKey: .uid)
      timestamp = try container.decodeIfPresent(String.self, forKey: .timestamp)
      changeset = try container.decodeIfPresent(Int64.self, forKey: .changeset)
      tags = try container.decodeIfPresent([Tag].self, forKey: .tags) ?? []
    }
  }

  struct Tag: Codable {
    var k: String
    var v: String
  }

  /// An `nd` child of a way: the id of one of its nodes.
  struct NodeRef: Codable {
    var ref: Int64
  }

  struct Way: Codable {
    var id: Int64
    var version: Int
    var user: String?
    var uid: Int64?
    var timestamp: String?
    var changeset: Int64?
    var nodeRefs: [NodeRef]
    var tags: [Tag]

    enum CodingKeys: String, CodingKey {
      case id, version, user, uid, timestamp, changeset
      case nodeRefs = "nd"
      case tags = "tag"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      version = try container.decode(Int.self, forKey: .version)
      user = try container.decodeIfPresent(String.self, forKey: .user)
      uid = try container.decodeIfPresent(Int64.self, forKey: .uid)
      timestamp = try container.decodeIfPresent(String.self, forKey: .timestamp)
      changeset = try container.decodeIfPresent(Int64.self, forKey: .changeset)
      nodeRefs = try container.decodeIfPresent([NodeRef].self, forKey: .nodeRefs) ?? []
      tags = try container.decodeIfPresent([Tag].self, forKey: .tags) ?? []
    }
  }

  struct Member: Codable {
    var type: String
    var ref: Int64
    var role: String
  }

  struct Relation: Codable {
    var id: Int64
    var version: Int
    var members: [Member]
    var tags: [Tag]

    enum CodingKeys: String, CodingKey {
      case id, version
      case members = "member"
      case tags = "tag"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int64.self, forKey: .id)
      version = try container.decode(Int.self, forKey: .version)
      members = try container.decodeIfPresent([Member].self, forKey: .members) ?? []
      tags = try container.decodeIfPresent([Tag].self, forKey: .tags) ?? []
    }
  }
}
