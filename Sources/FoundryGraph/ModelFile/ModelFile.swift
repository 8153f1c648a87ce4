#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals
import FoundryXML

/// An Xcode Core Data model, read: which version was chosen and the entities it declares.
///
/// ```swift
/// let model = try ModelFile(contentsOf: URL(fileURLWithPath: "Library.xcdatamodeld"))
/// print("model: \(model.versionName) (of \(model.versionNames.count) versions)")
/// // model: Library 2 (of 2 versions)
/// let schema = try Schema(model)
/// ```
///
/// The URL may name a `.xcdatamodeld` bundle (the version its `.xccurrentversion` names is
/// read, or its only version), a `.xcdatamodel` directory, or a `contents` file (any XML file
/// whose root is `<model>`).
///
/// ## What is read
///
/// - `<entity>`: `name`, `parentEntity`, `isAbstract`, user info; a `<uniquenessConstraints>`
///   block with exactly one constraint is the identity unless user info names one.
/// - `<attribute>`: `name`, `attributeType` (`Undefined` and `Objective-C` read as
///   ``AttributeType/transformable``), `optional` (absent: required), `defaultValueString`
///   (and `defaultDateTimeInterval`, seconds since 2001-01-01 UTC) converted to the attribute's
///   type, `valueTransformerName` (``Attribute/transformerName``), user info.
/// - `<relationship>`: `name`, `destinationEntity`, `inverseName` (which the inverse must name
///   back), `inverseEntity` (which must be the destination), `toMany`, `ordered`,
///   `deletionRule`, `optional`, and for to-many relationships `minCount` and `maxCount`
///   (checked on every relationship: counts of 0 or more, `minCount` at most a non-zero
///   `maxCount`), user info.
/// - Ignored: `<elements>` (layout), `<configuration>`, `<fetchRequest>`, `<fetchIndex>`,
///   `<compoundIndexes>`, and settings of storage and code generation (`representedClassName`,
///   `codeGenerationType`, `syncable`, `usesScalarValueType`, `customClassName`, `indexed`,
///   `transient`, `allowsExternalBinaryDataStorage`, `spotlightIndexingEnabled`,
///   `preserveAfterDeletion`, ...).
/// - Errors: `<fetchedProperty>`, derived attributes, composite attributes, any other unknown
///   element, unknown attribute types and deletion rules, defaults of the wrong type (a URI
///   whose scheme is not one, as in `::`), bad counts, inverses that do not pair up.
///
/// ## User info
///
/// Every `<userInfo>` entry is kept in the `userInfo` of the entity, attribute or relationship.
/// These keys also set fields:
///
/// | Key | On | Sets | From |
/// |---|---|---|---|
/// | `JSONKeyPath` | attribute, relationship | ``Attribute/keyPath``, ``Relationship/keyPath`` | Groot |
/// | `jsonKeyPath` | attribute, relationship | the key path | Modelmatic |
/// | `externalKeyPath` | attribute, relationship | the key path | Modelmatic |
/// | `JSONTransformerName` | attribute | ``Attribute/transformerName`` (over `valueTransformerName`) | Groot |
/// | `identityAttributes` | entity | ``Entity/identity``, comma-separated: `id, region` | Groot |
/// | `identityAttribute` | entity | ``Entity/identity`` (when `identityAttributes` is absent) | Groot |
/// | `entityMapperName` | entity | ``Entity/entityMapperName`` | Groot |
/// | `JSONDictionaryTransformerName` | entity | ``Entity/payloadTransformerName`` | Groot |
/// | `identityScope` | entity | ``Entity/isIdentityScopedToParent``: `parent` or `global` | Foundry |
/// | `subentityKeyPath` | entity | ``Entity/subentityKeyPath`` | Foundry |
/// | `keyedBy` | relationship | ``Relationship/keyedBy`` | Foundry |
/// | `keepAfterDeletion` | attribute | ``Attribute/keepsAfterDeletion`` (as `preserveAfterDeletion="YES"`) | Foundry |
/// | `sync.remoteKey`, `hyper.remoteKey` | attribute, relationship | the key path | Sync |
/// | `sync.isPrimaryKey`, `hyper.isPrimaryKey` | attribute | ``Entity/identity`` (`YES` or `true`) | Sync |
/// | `sync.nonExportable`, `hyper.nonExportable` | attribute, relationship | ``Attribute/isExported``, ``Relationship/isExported`` | Sync |
/// | `sync.valueTransformer`, `hyper.valueTransformer` | attribute | ``Attribute/transformerName`` | Sync |
/// | `mappedKeyName`, `mappedKeyName.1` … `.9` | attribute, relationship | the key path, ``Attribute/fallbackKeyPaths`` | MagicalRecord |
/// | `relatedByAttribute` | entity, relationship | ``Entity/identity``, the destination's | MagicalRecord |
/// | `dateFormat` | attribute | ``Attribute/transformerName`` `date:FORMAT` (`UnixTime`: `epoch`) | MagicalRecord |
/// | `attributeValueClassName`, `className` | attribute | a transformable attribute's transformer, for Foundation classes | MagicalRecord |
/// | `useDefaultValueWhenNotPresent` | attribute | ``Attribute/defaultsWhenAbsent`` | MagicalRecord |
///
/// When several key path keys are given, `JSONKeyPath` wins over `jsonKeyPath`, then
/// `externalKeyPath`, `sync.remoteKey`, `hyper.remoteKey` and `mappedKeyName`. Identity comes
/// from `identityAttributes`, then Sync's primary-key flags, then `relatedByAttribute`, then a
/// single uniqueness constraint. A model using Sync's or MagicalRecord's keys has their
/// ``conventions``.
public struct ModelFile: Sendable {
  /// The URL the model was read from, as given.
  public let url: URL
  /// The `contents` file that was read.
  public let contentsURL: URL
  /// The name of the version read: `Library 2` for `Library 2.xcdatamodel`.
  public let versionName: String
  /// The names of every version in the bundle, sorted; just ``versionName`` outside a bundle.
  public let versionNames: [String]
  /// The entity declarations, in the file's order, as the file writes them (before
  /// ``conventions``).
  public let entities: [Entity]
  /// The conventions of the library whose user-info vocabulary the model uses: ``PayloadConventions/sync``
  /// for a `sync.` or `hyper.` key, ``PayloadConventions/magicalRecord`` for one of
  /// MagicalRecord's keys, else none. `Schema(model)` applies them.
  ///
  /// ```swift
  /// let model = try ModelFile(contentsOf: url)
  /// model.conventions == .sync   // the model is annotated for Sync
  /// ```
  public let conventions: PayloadConventions
  /// The text read, for placing schema errors.
  private let source: [UInt8]
  /// The offset of each entity's (`Author`) and property's (`Author.books`) element.
  private let offsets: [String: Int]

  /// Reads the model at `url`.
  ///
  /// ```swift
  /// let model = try ModelFile(contentsOf: URL(fileURLWithPath: "Models/Library.xcdatamodeld"))
  /// model.entities.map(\.name)   // ["Author", "Book", "Publisher", "Tag"]
  /// ```
  /// - Parameter url: A `.xcdatamodeld` bundle, a `.xcdatamodel` directory or a `contents` file.
  /// - Throws: ``GraphError`` of the ``GraphError/Code/Group/modelFile`` group, naming the file, and the line and column when known.
  /// - Complexity: O(*n*) in the size of the file.
  public init(contentsOf url: URL) throws(GraphError) {
    let located = try ModelLocator(url)
    var reader = try ModelContentsReader(bytes: ModelLocator.read(located.contentsURL), path: located.contentsURL.relativePath)
    entities = try reader.readEntities()
    conventions = reader.conventions
    self.url = url
    contentsURL = located.contentsURL
    versionName = located.versionName
    versionNames = located.versionNames
    source = reader.root.sourceText
    offsets = reader.offsets
  }

  /// Where the element that declares an entity (`Author`) or property (`Author.books`) is, or
  /// for a property not found, its entity.
  ///
  /// ```swift
  /// model.sourceLocation(of: "Author.born")?.line   // 5
  /// ```
  package func sourceLocation(of declaration: String) -> SourceLocation? {
    let entity = declaration.split(separator: ".", maxSplits: 1).first.map(String.init) ?? declaration
    return (offsets[declaration] ?? offsets[entity]).map { offset in
      source.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    }
  }

  /// A schema error as an error of this file, at the element that declares the entity or
  /// property it names.
  func failure(for error: GraphError) -> GraphError {
    error.placed(inFile: contentsURL.relativePath, at: error.location.flatMap(sourceLocation(of:)))
  }
}

extension ModelFile {
  /// The user-info keys whose values the schema holds as typed fields (key paths, transformer
  /// names, identity, subentities); the other entries are only user info.
  package static var typedUserInfoKeys: Set<String> { ModelUserInfo.typedKeys }
}
