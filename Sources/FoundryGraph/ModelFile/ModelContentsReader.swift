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

  /// Parses `bytes` and checks that the root is `<model>`.
  init(bytes: [UInt8], path: String) throws(ModelFileError) {
    let tree: XMLTree
    do {
      tree = try XMLTree.parse(bytes: bytes, options: XMLParsingOptions(), sourceName: path)
    } catch {
      throw ModelFileError(wrapping: error, path: path)
    }
    self.path = path
    root = tree.root
    guard root.qualifiedName == "model" else {
      throw failure(.notAModel, "not a Core Data model: the root element is <\(root.qualifiedName)>, expected <model>", at: root)
    }
  }

  // MARK: - Entities

  /// The entities in document order.
  mutating func readEntities() throws(ModelFileError) -> [Entity] {
    var entities: [Entity] = []
    for element in root.elements {
      switch element.qualifiedName {
      case "entity": entities.append(try readEntity(element))
      // Layout, configurations and stored fetch requests say nothing about the graph.
      case "elements", "configuration", "fetchRequest": continue
      default: throw unsupported(element)
      }
    }
    return entities
  }

  private mutating func readEntity(_ element: XMLTree.Element) throws(ModelFileError) -> Entity {
    let name = try required("name", of: element)
    offsets[name] = element.byteOffset
    let userInfo = try ModelUserInfo(of: element, in: self)
    var entity = Entity(
      name, parent: element["parentEntity"], abstract: try flag("isAbstract", of: element), attributes: [],
      relationships: [], identity: [], identityScopedToParent: try userInfo.isIdentityScopedToParent(in: self),
      subentityKeyPath: userInfo.subentityKeyPath, entityMapper: userInfo.entityMapperName, userInfo: userInfo.entries)
    entity.renamingIdentifier = element["renamingIdentifier"]
    entity.indexedKeyPaths = userInfo.indexedKeyPaths
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
    // One uniqueness constraint is an identity; with several, none is the identity.
    entity.identity = userInfo.identity ?? (constraints.count == 1 ? constraints[0] : [])
    return entity
  }

  /// The attribute lists of `<uniquenessConstraint>` elements.
  private func readConstraints(_ element: XMLTree.Element) throws(ModelFileError) -> [[String]] {
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
  func required(_ name: String, of element: XMLTree.Element) throws(ModelFileError) -> String {
    guard let value = element[name] else {
      throw failure(.missingAttribute, "missing required attribute '\(name)' on <\(element.qualifiedName)>", at: element)
    }
    return value
  }

  /// A `YES`/`NO` XML attribute; absent is `NO`.
  func flag(_ name: String, of element: XMLTree.Element) throws(ModelFileError) -> Bool {
    switch element[name] {
    case nil, "NO": return false
    case "YES": return true
    case let value?:
      throw failure(.invalidValue, "expected YES or NO for '\(name)' on <\(element.qualifiedName)>, found \"\(value)\"", at: element)
    }
  }

  /// An integer XML attribute; absent is `nil`.
  func integer(_ name: String, of element: XMLTree.Element) throws(ModelFileError) -> Int? {
    guard let text = element[name] else { return nil }
    guard let value = Int(text) else {
      throw failure(.invalidValue, "expected an integer for '\(name)' on <\(element.qualifiedName)>, found \"\(text)\"", at: element)
    }
    return value
  }

  // MARK: - Errors

  /// An error at `element`'s start tag.
  func failure(_ code: ModelFileError.Code, _ message: String, at element: XMLTree.Element) -> ModelFileError {
    ModelFileError(code, message, path: path, at: element)
  }

  /// An element Foundry does not model.
  func unsupported(_ element: XMLTree.Element) -> ModelFileError {
    failure(.unsupportedConstruct, "unsupported construct <\(element.qualifiedName)>", at: element)
  }
}
