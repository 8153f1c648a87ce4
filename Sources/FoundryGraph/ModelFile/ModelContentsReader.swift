import FoundryInternals
import FoundryXML

/// Reads the `<model>` XML of a Core Data `contents` file into entity declarations.
///
/// Only byte offsets are kept while reading; line and column are worked out when an error is
/// thrown.
struct ModelContentsReader {
  /// The path errors print.
  let path: String
  /// The `<model>` element.
  let root: XMLTree.Element
  /// The offset of the element that declares each entity (`Author`) and property
  /// (`Author.books`), to place schema errors found later.
  private(set) var offsets: [String: Int] = [:]
  /// The conventions of the library whose vocabulary the model uses (Sync's over
  /// MagicalRecord's), found while reading.
  private(set) var conventions = PayloadConventions.none

  /// Parses `bytes` and checks that the root is `<model>`.
  init(bytes: [UInt8], path: String) throws(GraphError) {
    let tree: XMLTree
    do {
      tree = try XMLTree.parse(bytes: bytes, options: XMLParsingOptions(), sourceName: path)
    } catch {
      throw GraphError(wrapping: error, path: path)
    }
    self.path = path
    root = tree.root
    guard root.qualifiedName == "model" else {
      throw failure(.notAModel, "not a Core Data model: the root element is <\(root.qualifiedName)>, expected <model>", at: root)
    }
  }

  // MARK: - Entities

  /// The entities in document order.
  mutating func readEntities() throws(GraphError) -> [Entity] {
    var entities: [Entity] = []
    for element in root.elements {
      switch element.qualifiedName {
      case "entity": entities.append(try readEntity(element))
      // Layout, configurations and stored fetch requests say nothing about the graph.
      case "elements", "configuration", "fetchRequest": continue
      default: throw unsupported(element)
      }
    }
    try checkInversesPointBack(entities)
    return try identitiesRelatedBy(entities)
  }

  /// Notes the library whose vocabulary `userInfo` uses.
  mutating func noteVocabulary(of userInfo: ModelUserInfo) {
    guard let found = userInfo.conventions, conventions != .sync else { return }
    conventions = found
  }

  /// `entities` with each destination of a relationship whose MagicalRecord
  /// `relatedByAttribute` names an attribute identified by it, when it declares no identity:
  /// Foundry finds related objects by their identity. A destination identified otherwise is
  /// an error naming both.
  private func identitiesRelatedBy(_ entities: [Entity]) throws(GraphError) -> [Entity] {
    var entities = entities
    for entity in entities {
      for relationship in entity.relationships {
        guard let attribute = relationship.userInfo["relatedByAttribute"], !attribute.isEmpty,
          let target = entities.firstIndex(where: { $0.name == relationship.destination })
        else { continue }
        let key = "\(entity.name).\(relationship.name)"
        let location = offsets[key].map { offset in root.sourceText.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) } }
        if entities[target].identity.isEmpty, entities[target].attributes.contains(where: { $0.name == attribute }) {
          entities[target].identity = [attribute]
        } else if entities[target].identity != [attribute] {
          let has = entities[target].identity.isEmpty ? "has no attribute \"\(attribute)\"" : "is identified by \(entities[target].identity.joined(separator: ", "))"
          throw GraphError(
            .invalidModelValue,
            "relationship \"\(key)\" is related by attribute \"\(attribute)\", but \(relationship.destination) \(has); Foundry finds related objects by identity",
            path: path, source: location)
        }
      }
    }
    return entities
  }

  /// Xcode names an inverse on both sides; one named on one side only is a hand edit gone
  /// wrong, which the schema (where naming one side is enough) would take silently.
  ///
  /// An inverse that is not a relationship of its destination is left to the schema's checks.
  private func checkInversesPointBack(_ entities: [Entity]) throws(GraphError) {
    var byName: [String: Entity] = [:]
    for entity in entities { byName[entity.name] = byName[entity.name] ?? entity }
    for entity in entities {
      for relationship in entity.relationships {
        guard let inverseName = relationship.inverse else { continue }
        var owner = byName[relationship.destination]
        var visited: Set<String> = []
        while let current = owner, !current.relationships.contains(where: { $0.name == inverseName }) {
          guard let parent = current.parent, visited.insert(parent).inserted else { owner = nil; break }
          owner = byName[parent]
        }
        guard let owner, let inverse = owner.relationships.first(where: { $0.name == inverseName }), inverse.inverse == nil else { continue }
        let key = "\(entity.name).\(relationship.name)"
        throw GraphError(
          .invalidModelValue,
          "relationship \"\(key)\" names inverse \"\(owner.name).\(inverseName)\", which names no inverse; name it on both sides",
          path: path, source: offsets[key].map { offset in root.sourceText.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) } })
      }
    }
  }

  private mutating func readEntity(_ element: XMLTree.Element) throws(GraphError) -> Entity {
    let name = try requiredName("name", of: element)
    offsets[name] = element.byteOffset
    let userInfo = try ModelUserInfo(of: element, in: self)
    noteVocabulary(of: userInfo)
    var entity = Entity(
      name, parent: element["parentEntity"], abstract: try flag("isAbstract", of: element), attributes: [],
      relationships: [], identity: [], identityScopedToParent: try userInfo.isIdentityScopedToParent(in: self),
      subentityKeyPath: userInfo.subentityKeyPath, entityMapper: userInfo.entityMapperName, userInfo: userInfo.entries)
    entity.renamingIdentifier = element["renamingIdentifier"]
    entity.indexedKeyPaths = userInfo.indexedKeyPaths
    entity.payloadTransformerName = userInfo.payloadTransformerName
    var constraints: [[String]] = []
    for child in element.elements {
      switch child.qualifiedName {
      case "attribute":
        let attribute = try readAttribute(child)
        offsets["\(name).\(attribute.name)"] = child.byteOffset
        entity.attributes.append(attribute)
      case "relationship":
        let relationship = try readRelationship(child)
        offsets["\(name).\(relationship.name)"] = child.byteOffset
        entity.relationships.append(relationship)
      case "uniquenessConstraints": constraints += try readConstraints(child)
      // Read above, or indexes: nothing the graph needs.
      case "userInfo", "fetchIndex", "compoundIndexes": continue
      default: throw unsupported(child)
      }
    }
    // Named identity first (Groot's, then Sync's primary-key flags, then MagicalRecord's);
    // one uniqueness constraint is an identity; with several, none is the identity.
    let flagged = entity.attributes.filter { ModelUserInfo.isPrimaryKey($0.userInfo) }
    entity.identity =
      userInfo.identity ?? (flagged.isEmpty ? nil : flagged.map(\.name)) ?? userInfo.relatedByAttribute.map { [$0] }
      ?? (constraints.count == 1 ? constraints[0] : [])
    return entity
  }

  /// The attribute lists of `<uniquenessConstraint>` elements.
  private func readConstraints(_ element: XMLTree.Element) throws(GraphError) -> [[String]] {
    var constraints: [[String]] = []
    for constraint in element.elements {
      guard constraint.qualifiedName == "uniquenessConstraint" else { throw unsupported(constraint) }
      var names: [String] = []
      for member in constraint.elements {
        guard member.qualifiedName == "constraint" else { throw unsupported(member) }
        names.append(try required("value", of: member))
      }
      constraints.append(names)
    }
    return constraints
  }

  // MARK: - XML attributes

  /// The value of XML attribute `name`, which the model needs.
  func required(_ name: String, of element: XMLTree.Element) throws(GraphError) -> String {
    guard let value = element[name] else {
      throw failure(.missingXMLAttribute, "missing required attribute '\(name)' on <\(element.qualifiedName)>", at: element)
    }
    return value
  }

  /// The value of XML attribute `name` that names an entity or property: needed, and not empty.
  func requiredName(_ name: String, of element: XMLTree.Element) throws(GraphError) -> String {
    let value = try required(name, of: element)
    guard !value.isEmpty else {
      throw failure(.invalidModelValue, "'\(name)' on <\(element.qualifiedName)> is empty; it must name something", at: element)
    }
    return value
  }

  /// A `YES`/`NO` XML attribute; absent is `NO`.
  func flag(_ name: String, of element: XMLTree.Element) throws(GraphError) -> Bool {
    switch element[name] {
    case nil, "NO": return false
    case "YES": return true
    case let value?:
      throw failure(.invalidModelValue, "expected YES or NO for '\(name)' on <\(element.qualifiedName)>, found \"\(value)\"", at: element)
    }
  }

  /// An integer XML attribute; absent is `nil`.
  func integer(_ name: String, of element: XMLTree.Element) throws(GraphError) -> Int? {
    guard let text = element[name] else { return nil }
    guard let value = Int(text) else {
      throw failure(.invalidModelValue, "expected an integer for '\(name)' on <\(element.qualifiedName)>, found \"\(text)\"", at: element)
    }
    return value
  }

  // MARK: - Errors

  /// An error at `element`'s start tag.
  func failure(_ code: GraphError.Code, _ message: String, at element: XMLTree.Element) -> GraphError {
    GraphError(code, message, path: path, at: element)
  }

  /// An element Foundry does not model.
  func unsupported(_ element: XMLTree.Element) -> GraphError {
    failure(.unsupportedConstruct, "unsupported construct <\(element.qualifiedName)>", at: element)
  }
}
