import SwiftDiagnostics
import SwiftSyntax

// MARK: - Attributes

extension AttributeSyntax {
  /// The attribute's name without a module qualifier: `Key` for `@Key` and `@Foundry.Key`.
  var simpleName: String? {
    if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
    return nil
  }

  /// The arguments between the parentheses; empty without parentheses.
  var argumentList: LabeledExprListSyntax {
    if case .argumentList(let list) = arguments { return list }
    return []
  }
}

extension AttributeListSyntax {
  /// The attributes named `name` (`@name` or `@Foundry.name`), in order.
  func named(_ name: String) -> [AttributeSyntax] {
    compactMap { element in
      guard case .attribute(let attribute) = element, attribute.simpleName == name else { return nil }
      return attribute
    }
  }
}

// MARK: - Properties

extension VariableDeclSyntax {
  /// A fix-it that deletes `attribute` from this declaration, keeping its indentation, named
  /// by `message`: what the field attributes of `@Mappable` and `@Entity` offer alike.
  func removal(of attribute: AttributeSyntax, message: some FixItMessage) -> FixIt {
    var fixed = self
    fixed.attributes = attributes.filter { element in
      guard case .attribute(let other) = element else { return true }
      return other.trimmedDescription != attribute.trimmedDescription
    }
    fixed.leadingTrivia = leadingTrivia
    return FixIt(message: message, changes: [.replace(oldNode: Syntax(self), newNode: Syntax(fixed))])
  }

  var isStatic: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } }
  var isLazy: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } }
  var isLet: Bool { bindingSpecifier.tokenKind == .keyword(.let) }
}

extension PatternBindingSyntax {
  /// Whether the binding has a getter (observers alone keep a property stored).
  var isComputed: Bool {
    guard let accessorBlock else { return false }
    switch accessorBlock.accessors {
    case .getter: return true
    case .accessors(let accessors):
      return accessors.contains { accessor in
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.willSet), .keyword(.didSet): false
        default: true
        }
      }
    }
  }
}

extension VariableDeclSyntax {
  /// Why an attribute cannot go on this declaration (`nil` when it is a stored instance property).
  var notStoredReason: String? {
    if isStatic { return "static properties" }
    if isLazy { return "lazy properties" }
    if bindings.contains(where: \.isComputed) { return "computed properties" }
    return nil
  }
}

// MARK: - Types

extension TypeSyntax {
  /// The wrapped type of `T?`, `T!`, `Optional<T>` and `Swift.Optional<T>`; `nil` for other types.
  var optionalWrapped: TypeSyntax? {
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
    var generic: GenericArgumentClauseSyntax?
    if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" {
      generic = identifier.genericArgumentClause
    } else if let member = self.as(MemberTypeSyntax.self), member.name.text == "Optional",
      member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
    {
      generic = member.genericArgumentClause
    }
    guard let arguments = generic?.arguments, arguments.count == 1, let first = arguments.first,
      case .type(let wrapped) = first.argument
    else { return nil }
    return wrapped
  }
}

// MARK: - Literals

extension ExprSyntax {
  /// Whether the expression is a constant: a literal (not an interpolated string), an array or
  /// dictionary of constants, or an enumeration case (`.draft`, `Status.draft`).
  var isConstant: Bool {
    if let array = self.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { $0.expression.isConstant } }
    if let dictionary = self.as(DictionaryExprSyntax.self) {
      guard case .elements(let elements) = dictionary.content else { return true }
      return elements.allSatisfy { $0.key.isConstant && $0.value.isConstant }
    }
    if let member = self.as(MemberAccessExprSyntax.self) {
      guard let base = member.base else { return true }
      return base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
    }
    if let string = self.as(StringLiteralExprSyntax.self) { return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } }
    return LiteralKind(self) != nil
  }
}

/// What kind of literal an expression obviously is, for type inference and default checks.
enum LiteralKind: Equatable {
  case string, integer, float, boolean, array, dictionary, nilLiteral

  init?(_ expression: ExprSyntax) {
    var expression = expression
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      expression = prefix.expression
      guard expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) else { return nil }
    }
    if expression.is(StringLiteralExprSyntax.self) {
      self = .string
    } else if expression.is(IntegerLiteralExprSyntax.self) {
      self = .integer
    } else if expression.is(FloatLiteralExprSyntax.self) {
      self = .float
    } else if expression.is(BooleanLiteralExprSyntax.self) {
      self = .boolean
    } else if expression.is(ArrayExprSyntax.self) {
      self = .array
    } else if expression.is(DictionaryExprSyntax.self) {
      self = .dictionary
    } else if expression.is(NilLiteralExprSyntax.self) {
      self = .nilLiteral
    } else {
      return nil
    }
  }

  /// The type Swift gives the literal without context, when it is a plain scalar.
  var inferredType: String? {
    switch self {
    case .string: "Swift.String"
    case .integer: "Swift.Int"
    case .float: "Swift.Double"
    case .boolean: "Swift.Bool"
    case .array, .dictionary, .nilLiteral: nil
    }
  }

  var description: String {
    switch self {
    case .string: "a string literal"
    case .integer: "an integer literal"
    case .float: "a floating-point literal"
    case .boolean: "a Boolean literal"
    case .array: "an array literal"
    case .dictionary: "a dictionary literal"
    case .nilLiteral: "nil"
    }
  }

  /// Whether the literal clearly cannot initialise `type`; unknown types never mismatch.
  func clearlyMismatches(_ type: TypeSyntax) -> Bool {
    if type.optionalWrapped != nil { return false }
    if self == .nilLiteral { return true }
    let category: LiteralKind?
    if type.is(ArrayTypeSyntax.self) {
      category = .array
    } else if type.is(DictionaryTypeSyntax.self) {
      category = .dictionary
    } else {
      let name = type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self).map { $0.name.text }
      switch name {
      case "String", "Substring", "Character": category = .string
      case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": category = .integer
      case "Double", "Float", "Float16", "Float80", "CGFloat", "Decimal": category = .float
      case "Bool": category = .boolean
      default: category = nil
      }
    }
    guard let category else { return false }
    switch (self, category) {
    case (.integer, .float): return false
    default: return self != category
    }
  }
}
