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
  init(of owner: XMLTree.Element, in reader: ModelContentsReader) throws(GraphError) {
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
  /// identity, subentities, export); every other entry is only user info.
  static let typedKeys: Set<String> = Set(keyPathKeys + fallbackKeys + transformerKeys + primaryKeyKeys + nonExportableKeys).union([
    "keyedBy", "subentityKeyPath", "entityMapperName", "JSONDictionaryTransformerName", "identityAttributes", "identityAttribute", "identityScope",
    "indexedKeyPaths", "keepAfterDeletion", "relatedByAttribute", "dateFormat", "useDefaultValueWhenNotPresent", "className", "attributeValueClassName",
  ])

  /// The keys that name a payload key path, in order of precedence: Groot's `JSONKeyPath`,
  /// Modelmatic's `jsonKeyPath`, then `externalKeyPath`, Sync's `sync.remoteKey` and
  /// `hyper.remoteKey`, MagicalRecord's `mappedKeyName`.
  static let keyPathKeys = ["JSONKeyPath", "jsonKeyPath", "externalKeyPath", "sync.remoteKey", "hyper.remoteKey", "mappedKeyName"]
  /// MagicalRecord's numbered fallbacks, tried in order when the first key path is absent.
  static let fallbackKeys = (1...9).map { "mappedKeyName.\($0)" }
  /// The keys that name a payload transformer, in order of precedence: Groot's, then Sync's.
  static let transformerKeys = ["JSONTransformerName", "sync.valueTransformer", "hyper.valueTransformer"]
  /// Sync's flags that make an attribute the identity (`YES` or `true`).
  static let primaryKeyKeys = ["sync.isPrimaryKey", "hyper.isPrimaryKey"]
  /// Sync's flags that leave an attribute or relationship out of exports.
  static let nonExportableKeys = ["sync.nonExportable", "hyper.nonExportable"]
  /// The keys only MagicalRecord's vocabulary has.
  static let magicalRecordKeys: Set<String> = Set(["mappedKeyName", "relatedByAttribute", "useDefaultValueWhenNotPresent", "attributeValueClassName"] + fallbackKeys)

  /// Where an attribute or relationship sits in payloads.
  var keyPath: String? { Self.keyPathKeys.lazy.compactMap { entries[$0] }.first }

  /// The key paths tried after ``keyPath``: MagicalRecord's `mappedKeyName.1` … `.9`.
  var fallbackKeyPaths: [String] { Self.fallbackKeys.compactMap { entries[$0] }.filter { !$0.isEmpty } }

  /// The payload transformer, which overrides the model's `valueTransformerName`: Groot's
  /// `JSONTransformerName` or Sync's `sync.valueTransformer`; else MagicalRecord's `dateFormat`
  /// (`UnixTime` is the `epoch` spec, a pattern is `date:PATTERN`), or for a transformable
  /// attribute the spec its `attributeValueClassName` (or `className`) names.
  func transformerName(for type: AttributeType) -> String? {
    if let named = Self.transformerKeys.lazy.compactMap({ entries[$0] }).first(where: { !$0.isEmpty }) { return named }
    if let format = entries["dateFormat"], !format.isEmpty { return format == "UnixTime" ? "epoch" : "date:" + format }
    guard type == .transformable, let name = entries["attributeValueClassName"] ?? entries["className"] else { return nil }
    return Self.valueClassSpecs[name]
  }

  /// The transformer specs of the Foundation classes MagicalRecord's `attributeValueClassName`
  /// may name.
  static let valueClassSpecs = [
    "NSString": "string", "NSNumber": "double", "NSDecimalNumber": "decimal", "NSURL": "url", "NSUUID": "uuid", "NSDate": "iso8601",
  ]

  /// Whether user-info `entries` hold Sync's primary-key flag (`sync.isPrimaryKey` or
  /// `hyper.isPrimaryKey`, `YES` or `true`).
  static func isPrimaryKey(_ entries: [String: String]) -> Bool { primaryKeyKeys.contains { ["YES", "true"].contains(entries[$0]) } }

  /// Whether Sync's `sync.nonExportable` (or `hyper.nonExportable`) is given, whatever its value.
  var isNonExportable: Bool { Self.nonExportableKeys.contains { entries[$0] != nil } }

  /// MagicalRecord's `useDefaultValueWhenNotPresent` (`YES`, `true` or `1`).
  var defaultsWhenAbsent: Bool { ["YES", "true", "1"].contains(entries["useDefaultValueWhenNotPresent"] ?? "") }

  /// Foundry's `keepAfterDeletion` (`YES`, `true` or `1`): the model file's
  /// `preserveAfterDeletion` for models written by hand or for other tools.
  var keepsAfterDeletion: Bool { ["YES", "true", "1"].contains(entries["keepAfterDeletion"] ?? "") }

  /// MagicalRecord's `relatedByAttribute`: on an entity its identity, on a relationship the
  /// destination's.
  var relatedByAttribute: String? { entries["relatedByAttribute"].flatMap { $0.isEmpty ? nil : $0 } }

  /// The conventions of the library whose vocabulary these entries use, if any: Sync's for a
  /// `sync.` or `hyper.` key, MagicalRecord's for one of its own keys.
  var conventions: PayloadConventions? {
    if entries.keys.contains(where: { $0.hasPrefix("sync.") || $0.hasPrefix("hyper.") }) { return .sync }
    if entries.keys.contains(where: Self.magicalRecordKeys.contains) { return .magicalRecord }
    return nil
  }

  /// Foundry's `keyedBy` on a relationship.
  var keyedBy: String? { entries["keyedBy"] }

  /// Foundry's `subentityKeyPath` on an entity.
  var subentityKeyPath: String? { entries["subentityKeyPath"] }

  /// Foundry's `indexedKeyPaths` on an entity: comma-separated key paths a store indexes.
  var indexedKeyPaths: [String] {
    (entries["indexedKeyPaths"] ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
  }

  /// Groot's `JSONDictionaryTransformerName` on an entity.
  var payloadTransformerName: String? { entries["JSONDictionaryTransformerName"].flatMap { $0.isEmpty ? nil : $0 } }

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
  func isIdentityScopedToParent(in reader: ModelContentsReader) throws(GraphError) -> Bool {
    guard let scope = entries["identityScope"] else { return false }
    switch scope {
    case "parent": return true
    case "global": return false
    default:
      let place = elements["identityScope"] ?? reader.root
      throw reader.failure(.invalidModelValue, "identityScope must be \"parent\" or \"global\", found \"\(scope)\"", at: place)
    }
  }
}
