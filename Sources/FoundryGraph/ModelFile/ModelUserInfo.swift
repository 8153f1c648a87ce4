import FoundryXML

/// The `<userInfo>` entries of an entity, attribute or relationship, and the vocabulary of
/// keys Foundry reads from them (see ``ModelFile`` for the table).
///
/// Every entry is kept in ``entries``, understood or not; the vocabulary only adds typed
/// fields on top.
struct ModelUserInfo {
  /// Every entry, key to value.
  private(set) var entries: [String: String] = [:]
  /// The `<entry>` element of each key, for errors about its value.
  private var elements: [String: XMLTree.Element] = [:]

  /// The entries of `owner`'s `<userInfo>` child, if it has one.
  init(of owner: XMLTree.Element, in reader: ModelContentsReader) throws(ModelFileError) {
    for block in owner.elements(named: "userInfo") {
      for entry in block.elements {
        guard entry.qualifiedName == "entry" else { throw reader.unsupported(entry) }
        let key = try reader.required("key", of: entry)
        entries[key] = entry["value"] ?? ""
        elements[key] = entry
      }
    }
  }

  // MARK: - Vocabulary

  /// The keys the vocabulary turns into typed fields of the schema (key paths, transformer,
  /// identity, subentities); every other entry is only user info.
  static let typedKeys: Set<String> = Set(keyPathKeys).union([
    "JSONTransformerName", "keyedBy", "subentityKeyPath", "entityMapperName", "identityAttributes", "identityAttribute", "identityScope",
    "indexedKeyPaths",
  ])

  /// The keys that name a payload key path, in order of precedence: Groot's `JSONKeyPath`,
  /// Modelmatic's `jsonKeyPath`, then `externalKeyPath`.
  static let keyPathKeys = ["JSONKeyPath", "jsonKeyPath", "externalKeyPath"]

  /// Where an attribute or relationship sits in payloads.
  var keyPath: String? { Self.keyPathKeys.lazy.compactMap { entries[$0] }.first }

  /// Groot's `JSONTransformerName`, which overrides the model's `valueTransformerName`.
  var transformerName: String? { entries["JSONTransformerName"] }

  /// Foundry's `keyedBy` on a relationship.
  var keyedBy: String? { entries["keyedBy"] }

  /// Foundry's `subentityKeyPath` on an entity.
  var subentityKeyPath: String? { entries["subentityKeyPath"] }

  /// Foundry's `indexedKeyPaths` on an entity: comma-separated key paths a store indexes.
  var indexedKeyPaths: [String] {
    (entries["indexedKeyPaths"] ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
  }

  /// Groot's `entityMapperName` on an entity.
  var entityMapperName: String? { entries["entityMapperName"] }

  /// Groot's `identityAttributes` (or the older, single `identityAttribute`), split at commas:
  /// `"id, region"` is `["id", "region"]`; `nil` when neither is given.
  var identity: [String]? {
    guard let list = entries["identityAttributes"] ?? entries["identityAttribute"] else { return nil }
    return list.split(separator: ",").compactMap { part in
      let name = part.drop(while: \.isWhitespace)
      guard let last = name.lastIndex(where: { !$0.isWhitespace }) else { return nil }
      return String(name[...last])
    }
  }

  /// Foundry's `identityScope`: `parent` scopes identity to the parent object, `global` (the
  /// default) to the whole graph.
  func isIdentityScopedToParent(in reader: ModelContentsReader) throws(ModelFileError) -> Bool {
    guard let scope = entries["identityScope"] else { return false }
    switch scope {
    case "parent": return true
    case "global": return false
    default:
      let place = elements["identityScope"] ?? reader.root
      throw reader.failure(.invalidValue, "identityScope must be \"parent\" or \"global\", found \"\(scope)\"", at: place)
    }
  }
}
