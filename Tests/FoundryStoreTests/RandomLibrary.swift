import Foundation
import Foundry
import FoundryGraph
import FoundryJSON

/// A random schema and payload from a seed, for the differential property test: a `Root` with
/// a single or composite identity, and by chance ordered or unordered `children` (identified
/// alone or within their root), many-to-many `tags` (by chance ordered on either side, both
/// or neither), a one-to-one `note` without identity, a
/// one-way self relationship `related`, and `media` of an abstract entity with two
/// subentities; every entity gets attributes of random types, optional, required or defaulted,
/// Transformable ones with each kind of transformer (`List` = `split:,`, `Day` =
/// `date:yyyy-MM-dd`, `Raw` = `json`, or none).
struct RandomLibrary {
  let schema: Schema
  let payload: [UInt8]
  /// The transformer names the schema uses, bound to their specs.
  static var transformers: TransformerRegistry {
    var registry = TransformerRegistry.standard
    for (name, spec) in [("List", "split:,"), ("Day", "date:yyyy-MM-dd"), ("Raw", "json")] { try? registry.bind(name, to: spec) }
    return registry
  }

  /// A random library of `seed`, its schema read with `conventions` (``PayloadConventions/sync``
  /// gives its camelCase attribute names snake_case keys, and its dates any common form).
  init(seed: UInt64, conventions: PayloadConventions = .none) throws {
    var random = PayloadGenerator(schema: try Schema([]), seed: seed)
    let compositeRoot = random.next(3) == 0
    let scopedChildren = random.next(2) == 0
    let orderedChildren = random.next(2) == 0
    let hasMedia = random.next(2) == 0
    // Drawn apart, so that the draws above and below stay what they were for each seed.
    var tagDraw = PayloadGenerator(schema: try Schema([]), seed: seed &* 17)
    let tagOrder = tagDraw.next(4)
    func extras(_ prefix: String) -> [Attribute] {
      let types: [AttributeType] = [
        .string, .integer16, .integer32, .integer64, .double, .float, .decimal, .boolean, .date, .binary, .uuid, .uri, .transformable,
      ]
      return (0..<(1 + random.next(4))).map { index in
        let type = types[random.next(types.count)]
        let transformer: String? = type == .transformable ? [nil, "List", "Day", "Raw"][random.next(4)] : nil
        let optional = random.next(3) != 0
        let defaulted: GraphValue? = optional || random.next(2) == 0 ? nil : Self.defaultValue(of: type)
        return Attribute("\(prefix)Field\(index)", type, optional: optional || defaulted != nil, default: defaulted, transformer: transformer)
      }
    }
    var root = Entity(
      "Root", attributes: (compositeRoot ? [Attribute("code", .string), Attribute("n", .integer64)] : [Attribute("id", .integer64)]) + extras("r"),
      relationships: [
        Relationship("children", to: "Child", toMany: true, ordered: orderedChildren, inverse: "root", deleteRule: .cascade),
        Relationship("tags", to: "Tag", toMany: true, ordered: tagOrder & 1 != 0, inverse: "roots"),
        Relationship("note", to: "Note", inverse: "root", deleteRule: .cascade),
        Relationship("related", to: "Root", toMany: true),
      ], identity: compositeRoot ? ["code", "n"] : ["id"])
    if hasMedia { root.relationships.append(Relationship("media", to: "Media", toMany: true, inverse: "owner")) }
    var entities = [
      root,
      Entity(
        "Child", attributes: [Attribute("n", .integer64)] + extras("c"), relationships: [Relationship("root", to: "Root", inverse: "children")],
        identity: ["n"], identityScopedToParent: scopedChildren),
      Entity(
        "Tag", attributes: [Attribute("label", .string)] + extras("t"),
        relationships: [Relationship("roots", to: "Root", toMany: true, ordered: tagOrder & 2 != 0, inverse: "tags")], identity: ["label"]),
      Entity("Note", attributes: extras("o"), relationships: [Relationship("root", to: "Root", inverse: "note")]),
    ]
    if hasMedia {
      entities.append(
        Entity(
          "Media", abstract: true, attributes: [Attribute("mid", .integer64)] + extras("m"),
          relationships: [Relationship("owner", to: "Root", inverse: "media")], identity: ["mid"], subentityKeyPath: "kind"))
      entities.append(Entity("Photo", parent: "Media", attributes: extras("p"), relationships: []))
      entities.append(Entity("Video", parent: "Media", attributes: extras("v"), relationships: []))
    }
    schema = try Schema(conventions.applied(to: entities))
    random = PayloadGenerator(schema: schema, seed: seed &* 31)
    payload = Array(Self.payload(schema: schema, random: &random, scopedChildren: scopedChildren).makeJSONString().utf8)
  }

  /// Roots with nested children, tags from a small pool (shared between roots), a note, the
  /// ids of earlier roots, and media of either subentity.
  private static func payload(schema: Schema, random: inout PayloadGenerator, scopedChildren: Bool) -> JSONValue {
    guard let rootEntity = schema["Root"], let child = schema["Child"], let tag = schema["Tag"], let note = schema["Note"] else { return .array([]) }
    var roots: [JSONValue] = []
    var rootIdentities: [JSONValue] = []
    var nextChild = 1
    var nextMedia = 1
    let labels = ["é", "drama", "字", "x,y"]
    for index in 0..<(2 + random.next(4)) {
      guard case .object(var object) = random.object(of: rootEntity, depth: 0) else { continue }
      let identity: JSONValue
      if rootEntity.identitySlots.count == 2 {
        identity = .object(JSONObject([("code", .string("c\(index)é")), ("n", .number(JSONNumber(index)))]))
        object["code"] = .string("c\(index)é")
        object["n"] = .number(JSONNumber(index))
      } else {
        identity = .number(JSONNumber(index + 1))
        object["id"] = identity
      }
      object["children"] = .array(
        (0..<random.next(4)).compactMap { position in
          guard case .object(var nested) = random.object(of: child, depth: 0) else { return nil }
          nested["n"] = .number(JSONNumber(scopedChildren ? position + 1 : nextChild))
          nextChild += 1
          return .object(nested)
        })
      let chosen = labels.filter { _ in random.next(2) == 0 }
      object["tags"] = .array(
        chosen.compactMap { label in
          guard case .object(var nested) = random.object(of: tag, depth: 0) else { return nil }
          nested["label"] = .string(label)
          return .object(nested)
        })
      if random.next(3) != 0, case .object(let nested) = random.object(of: note, depth: 0) { object["note"] = .object(nested) }
      object["related"] = .array(rootIdentities.filter { _ in random.next(2) == 0 })
      if let photo = schema["Photo"], let video = schema["Video"] {
        object["media"] = .array(
          (0..<random.next(3)).compactMap { _ in
            let kind = random.next(2) == 0 ? photo : video
            guard case .object(var nested) = random.object(of: kind, depth: 0) else { return nil }
            nested["mid"] = .number(JSONNumber(nextMedia))
            nested["kind"] = .string(kind.name)
            nextMedia += 1
            return .object(nested)
          })
      }
      rootIdentities.append(identity)
      roots.append(.object(object))
    }
    return .array(roots)
  }

  /// A default value of each type (none for binary and transformable, which have none in models).
  private static func defaultValue(of type: AttributeType) -> GraphValue? {
    switch type {
    case .string: .string("défaut")
    case .integer16, .integer32, .integer64: .integer(-7)
    case .double: .double(0.25)
    case .float: .float(1.5)
    case .decimal: .decimal(Decimal(string: "12345678901234567890.5") ?? 0)
    case .boolean: .bool(true)
    case .date: .date(Date(timeIntervalSince1970: -2_208_988_800))
    case .uuid: .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
    case .uri: .url(URL(string: "https://example.com/d")!)
    default: nil
    }
  }
}
