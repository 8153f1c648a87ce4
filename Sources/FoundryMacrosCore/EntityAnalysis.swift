import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// An `@Entity` class read into what code generation needs, with its diagnostics.
struct EntityAnalysis {
  enum Shape {
    /// A final class: `static let entity`, a plain initializer.
    case finalClass
    /// A class that may have subclasses: `class var entity`, a `required` initializer.
    case openToSubclasses
    /// A subclass of another `@Entity` class (`@Entity(parent:)` with a superclass): it
    /// inherits `managedObject` and the initializer, and overrides `entity`.
    case subclass
  }

  /// `nil` when the declaration is not a class `@Entity` can extend.
  private(set) var shape: Shape?
  private(set) var className = ""
  /// The access of the generated members, with a trailing space, or "".
  private(set) var access = ""
  /// Whether the class is `open` (its `entity` is then `open` too).
  private(set) var isOpen = false
  /// The entity name expression: `name:` or the class name as a literal.
  private(set) var entityName = ""
  /// `Entity` arguments after the name, before `attributes:`.
  private(set) var leadingArguments: [String] = []
  /// `Entity` arguments after `relationships:`.
  private(set) var trailingArguments: [String] = []
  private(set) var properties: [EntityProperty] = []
  private(set) var diagnostics: [Diagnostic] = []

  var isValid: Bool { shape != nil && !diagnostics.contains { $0.diagMessage.severity == .error } }

  init(attribute: AttributeSyntax, declaration: some DeclGroupSyntax) {
    guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
      diagnostics.append(Self.notAClass(declaration, attribute: attribute))
      return
    }
    className = classDecl.name.text
    if classDecl.genericParameterClause != nil {
      diagnostics.append(EntityDiagnostic.genericClass(name: className).at(classDecl.name))
      return
    }
    readAccess(classDecl.modifiers)
    let isFinal = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
    let hasParent = attribute.argumentList.contains { $0.label?.text == "parent" }
    shape = hasParent && classDecl.inheritanceClause != nil ? .subclass : isFinal ? .finalClass : .openToSubclasses

    var names: Set<String> = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), variable.notStoredReason == nil else { continue }
      let reading = EntityProperty.read(variable)
      diagnostics += reading.diagnostics
      if let property = reading.property {
        properties.append(property)
        if property.isAttribute { names.insert(property.name) }
      } else if let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
        // Reported already; identity naming it is not a second problem.
        names.insert(name)
      }
    }
    readArguments(attribute, attributeNames: hasParent ? nil : names)
  }

  // MARK: - Arguments

  /// Reads the macro's arguments; `attributeNames` is `nil` when identity may name inherited
  /// attributes, which the macro cannot see.
  private mutating func readArguments(_ attribute: AttributeSyntax, attributeNames: Set<String>?) {
    entityName = stringLiteral(className)
    var shownName = className
    for argument in attribute.argumentList {
      let expression = argument.expression.trimmedDescription
      switch argument.label?.text {
      case "name":
        entityName = expression
        if let literal = Self.literalText(argument.expression) { shownName = literal }
      case "parent": leadingArguments.append("parent: \(expression)")
      case "abstract": leadingArguments.append("abstract: \(expression)")
      case "identity":
        trailingArguments.append("identity: \(expression)")
        guard let attributeNames, let array = argument.expression.as(ArrayExprSyntax.self) else { continue }
        for element in array.elements {
          guard let name = Self.literalText(element.expression),
            !attributeNames.contains(name)
          else { continue }
          diagnostics.append(EntityDiagnostic.unknownIdentityAttribute(name: name, entity: shownName).at(element.expression))
        }
      case "identityScopedToParent", "subentityKeyPath", "entityMapper", "userInfo":
        // `Entity`'s initializer takes them under the same labels, in the same order.
        trailingArguments.append("\(argument.label?.text ?? ""): \(expression)")
      default: continue  // The macro's signature rejects other labels.
      }
    }
  }

  /// The text of a string literal without interpolation, as written (escapes are rare in names).
  private static func literalText(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
      guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
      text += plain.content.text
    }
    return text
  }

  private mutating func readAccess(_ modifiers: DeclModifierListSyntax) {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.open):
        isOpen = true
        access = "public "
      case .keyword(.public): access = "public "
      case .keyword(.package): access = "package "
      case .keyword(.fileprivate), .keyword(.private): access = "fileprivate "
      default: continue
      }
    }
  }

  // MARK: - Generated members

  /// `FoundryGraph.Entity("Author", attributes: [...], relationships: [...], identity: [...])`.
  var entityExpression: String {
    func list(_ items: [EntityProperty]) -> String {
      items.isEmpty ? "[]" : "[\(items.map { "\n\($0.declaration)," }.joined())\n]"
    }
    let attributes = properties.filter(\.isAttribute)
    let relationships = properties.filter { !$0.isAttribute }
    let arguments =
      [entityName] + leadingArguments + ["attributes: \(list(attributes))", "relationships: \(list(relationships))"] + trailingArguments
    return "FoundryGraph.Entity(\n\(arguments.joined(separator: ",\n"))\n)"
  }

  /// `managedObject`, `init(managedObject:)` and `entity`, as the class's shape needs them.
  func memberDeclarations() -> [DeclSyntax] {
    guard let shape else { return [] }
    let storage: DeclSyntax = "\(raw: access)let managedObject: FoundryGraph.ManagedObject"
    switch shape {
    case .finalClass:
      return [
        storage,
        "\(raw: access)init(managedObject: FoundryGraph.ManagedObject) {\nself.managedObject = managedObject\n}",
        "\(raw: access)static let entity = \(raw: entityExpression)",
        "\(raw: access)static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {\n_$propertyKeyPaths(Self.self)\n}",
        keyPathsDeclaration,
      ]
    case .openToSubclasses:
      // A static stored property cannot be overridden; subclasses override the class var and
      // keep their own stored entity.
      return [
        storage,
        "\(raw: access)required init(managedObject: FoundryGraph.ManagedObject) {\nself.managedObject = managedObject\n}",
        "private static let _$entity = \(raw: entityExpression)",
        "\(raw: isOpen ? "open " : access)class var entity: FoundryGraph.Entity {\n_$entity\n}",
        "\(raw: isOpen ? "open " : access)class var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {\n_$propertyKeyPaths(Self.self)\n}",
        keyPathsDeclaration,
      ]
    case .subclass:
      return [
        "private static let _$entity = \(raw: entityExpression)",
        "\(raw: isOpen ? "open " : access)override class var entity: FoundryGraph.Entity {\n_$entity\n}",
        "\(raw: isOpen ? "open " : access)override class var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {\n_$propertyKeyPaths(Self.self) + super.propertyKeyPaths\n}",
        keyPathsDeclaration,
      ]
    }
  }

  /// `_$propertyKeyPaths(_:)`: the class's own properties as key paths from `Root`, the class or
  /// a subclass. Called with `Self.self`, so that a subclass's key paths start at the subclass
  /// (`\Poet.name` is not `\Author.name`); private, so each class of a hierarchy has its own.
  private var keyPathsDeclaration: DeclSyntax {
    let entries = properties.isEmpty ? "[]" : "[\(properties.map { "\n\($0.keyPathEntry(root: "Root"))," }.joined())\n]"
    return "private static func _$propertyKeyPaths<Root: \(raw: className)>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {\n\(raw: entries)\n}"
  }

  // MARK: - Diagnostics

  private static func notAClass(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> Diagnostic {
    let diagnostic = EntityDiagnostic.notAClass
    if let structure = declaration.as(StructDeclSyntax.self) {
      let keyword = structure.structKeyword
      // A fix-it replaces text, so the struct can become a class declaration.
      var modifiers = structure.modifiers
      let finalTrivia = modifiers.isEmpty ? keyword.leadingTrivia : []
      modifiers.append(DeclModifierSyntax(name: .keyword(.final, leadingTrivia: finalTrivia, trailingTrivia: .space)))
      let fixed = ClassDeclSyntax(
        leadingTrivia: structure.leadingTrivia, attributes: structure.attributes, modifiers: modifiers,
        classKeyword: .keyword(.class, trailingTrivia: keyword.trailingTrivia), name: structure.name,
        genericParameterClause: structure.genericParameterClause, inheritanceClause: structure.inheritanceClause,
        genericWhereClause: structure.genericWhereClause, memberBlock: structure.memberBlock, trailingTrivia: structure.trailingTrivia)
      let fixIt = FixIt(
        message: EntityFixIt.replaceWithFinalClass(keyword: "struct"),
        changes: [.replace(oldNode: Syntax(structure), newNode: Syntax(fixed))])
      return diagnostic.at(keyword, fixIts: [fixIt])
    }
    let keyword: TokenSyntax
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      keyword = enumDecl.enumKeyword
    } else if let actor = declaration.as(ActorDeclSyntax.self) {
      keyword = actor.actorKeyword
    } else if let proto = declaration.as(ProtocolDeclSyntax.self) {
      keyword = proto.protocolKeyword
    } else if let ext = declaration.as(ExtensionDeclSyntax.self) {
      keyword = ext.extensionKeyword
    } else {
      keyword = attribute.atSign
    }
    return diagnostic.at(keyword)
  }
}
