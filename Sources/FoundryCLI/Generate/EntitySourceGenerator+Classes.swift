import FoundryGraph

extension EntitySourceGenerator {
  /// The source of one class and the modules it needs beyond `FoundryGraph`.
  struct Declaration {
    var text: String
    var modules: Set<SwiftValueType.Module>
  }

  /// The doc comment, `@Entity(...)` and class of `entity`, with its declared (not inherited)
  /// attributes, then relationships.
  ///
  /// ```swift
  /// declaration(of: schema.entities[0]).text
  /// // /// The `Tag` entity.
  /// // @Entity
  /// // final class Tag {
  /// //   /// String.
  /// //   var label: String = String()
  /// // }
  /// ```
  func declaration(of entity: EntityDescription) -> Declaration {
    let declared = entity.declaration
    let ownIdentity = Set(entity.identity)
    var modules: Set<SwiftValueType.Module> = []
    var members: [String] = []
    for attribute in declared.attributes {
      let property = AttributeSource(
        attribute, propertyName: names.memberName(attribute.name, of: entity.name), isIdentity: ownIdentity.contains(attribute.name))
      if let module = property.valueType.module { modules.insert(module) }
      members += property.lines
    }
    for relationship in declared.relationships {
      members += RelationshipSource(relationship, of: entity.name, names: names).lines
    }
    let typeName = typeName(of: entity.name)
    let isFinal = entity.descendantIndices.isEmpty
    let superclass = entity.parentIndex.map { ": " + self.typeName(of: schema.entities[$0].name) } ?? ""
    var lines = classDocumentation(of: entity).map { $0.isEmpty ? "///" : "/// " + $0 }
    lines.append(entityAttribute(of: entity, typeName: typeName))
    let header = "\(isFinal ? "final " : "")class \(typeName)\(superclass)"
    if members.isEmpty {
      lines.append(header + " {}")
    } else {
      lines.append(header + " {")
      lines += members.map { "  " + $0 }
      lines.append("}")
    }
    return Declaration(text: lines.joined(separator: "\n") + "\n", modules: modules)
  }

  // MARK: - @Entity

  /// `@Entity` with the arguments that differ from the defaults, in the macro's order:
  /// `name`, `parent`, `abstract`, `identity`, `identityScopedToParent`, `subentityKeyPath`,
  /// `entityMapper`, `userInfo`.
  private func entityAttribute(of entity: EntityDescription, typeName: String) -> String {
    let declared = entity.declaration
    var arguments: [String] = []
    if typeName != entity.name { arguments.append("name: \(SwiftNames.stringLiteral(entity.name))") }
    if let parent = declared.parent { arguments.append("parent: \(SwiftNames.stringLiteral(parent))") }
    if declared.isAbstract { arguments.append("abstract: true") }
    if !declared.identity.isEmpty {
      arguments.append("identity: \(SwiftNames.stringArrayLiteral(declared.identity.map { names.memberName($0, of: entity.name) }))")
    }
    if declared.isIdentityScopedToParent { arguments.append("identityScopedToParent: true") }
    if let keyPath = declared.subentityKeyPath { arguments.append("subentityKeyPath: \(SwiftNames.stringLiteral(keyPath))") }
    if let mapper = declared.entityMapperName { arguments.append("entityMapper: \(SwiftNames.stringLiteral(mapper))") }
    if let userInfo = SwiftNames.userInfoArgument(declared.userInfo) { arguments.append(userInfo) }
    return arguments.isEmpty ? "@Entity" : "@Entity(\(arguments.joined(separator: ", ")))"
  }

  // MARK: - Documentation

  /// The class's doc comment lines: what the entity is, its identity and subentities.
  private func classDocumentation(of entity: EntityDescription) -> [String] {
    let declared = entity.declaration
    var summary = "The `\(entity.name)` entity"
    if entity.isAbstract { summary += ", abstract" }
    if let parent = declared.parent { summary += ", a kind of `\(parent)`" }
    summary += "."
    if !entity.identity.isEmpty {
      summary += " Objects are identified by \(SwiftNames.prose(entity.identity))"
      if declared.identity.isEmpty { summary += " (inherited)" }
      if entity.isIdentityScopedToParent { summary += " among the objects related to the same parent object" }
      summary += "."
    }
    let children = schema.entities.filter { $0.parentIndex == entity.index }.map(\.name)
    if !children.isEmpty { summary += " Subentities: \(SwiftNames.prose(children))." }
    if let keyPath = declared.subentityKeyPath { summary += " A payload's `\(keyPath)` names the subentity to import." }
    if let mapper = declared.entityMapperName { summary += " The `\(mapper)` entity mapper picks the subentity to import." }
    return [summary]
  }
}
