import Foundry

/// OpenStreetMap XML 0.6 as `@Mappable` models: the twin of ``CodableOSM``, same shapes.
///
/// Plain property names read the attributes of the same name (`id`, `lat`, `k`); `@Key("tag")`
/// collects every `tag` child, and `@Default` makes an element without any an empty array (its
/// expression spells the nested type in full: `@Mappable` evaluates it outside the type).
enum MappedOSM {
  @Mappable
  struct Root: Equatable {
    var bounds: Bounds?
    @Key("node") @Default([MappedOSM.Node]()) var nodes: [Node]
    @Key("way") @Default([MappedOSM.Way]()) var ways: [Way]
    @Key("relation") @Default([MappedOSM.Relation]()) var relations: [Relation]
  }

  @Mappable
  struct Bounds: Equatable {
    var minlat: Double
    var minlon: Double
    var maxlat: Double
    var maxlon: Double
  }

  /// A node; the editing metadata (`user` ... `changeset`) is absent from filtered extracts.
  @Mappable
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var version: Int
    var user: String?
    var uid: Int64?
    var timestamp: String?
    var changeset: Int64?
    @Key("tag") @Default([MappedOSM.Tag]()) var tags: [Tag]
  }

  @Mappable
  struct Tag: Equatable {
    var k: String
    var v: String
  }

  /// An `nd` child of a way: the id of one of its nodes.
  @Mappable
  struct NodeRef: Equatable {
    var ref: Int64
  }

  @Mappable
  struct Way: Equatable {
    var id: Int64
    var version: Int
    var user: String?
    var uid: Int64?
    var timestamp: String?
    var changeset: Int64?
    @Key("nd") @Default([MappedOSM.NodeRef]()) var nodeRefs: [NodeRef]
    @Key("tag") @Default([MappedOSM.Tag]()) var tags: [Tag]
  }

  @Mappable
  struct Member: Equatable {
    var type: String
    var ref: Int64
    var role: String
  }

  @Mappable
  struct Relation: Equatable {
    var id: Int64
    var version: Int
    @Key("member") @Default([MappedOSM.Member]()) var members: [Member]
    @Key("tag") @Default([MappedOSM.Tag]()) var tags: [Tag]
  }
}

extension MappedOSM {
  /// The nodes alone, decoded from the whole document: what `xml.stream` streams at `node`.
  @Mappable
  struct NodeList: Equatable {
    @Key("node") @Default([MappedOSM.Node]()) var nodes: [Node]
  }
}
