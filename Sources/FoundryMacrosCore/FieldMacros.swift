import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The field attributes (`@Key`, `@Transform`, `@Default`, `@Ignore`, `@UnknownKeys`) expand to
/// nothing: `@Mappable` reads them. Each one checks that it sits on a stored instance property
/// and does not contradict the property's other attributes.
///
/// As with ``MappableMacroExpansion``, the plugin declares its own types conforming to the
/// `...Expansion` protocols below; the `...Macro` enums here are the same, for tests.
public protocol FieldAttributeMacro: PeerMacro {
  static var attributeName: String { get }
  /// Extra checks once placement is known to be right.
  static func check(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic]
  /// Whether the attribute may also name an enum case (`@Key` on a variant enum's case; the
  /// enum's `@Mappable` checks its arguments).
  static var appliesToEnumCases: Bool { get }
}

extension FieldAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    for diagnostic in diagnostics(node, declaration) { context.diagnose(diagnostic) }
    return []
  }

  public static var appliesToEnumCases: Bool { false }

  static func diagnostics(_ node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol) -> [Diagnostic] {
    if appliesToEnumCases, declaration.is(EnumCaseDeclSyntax.self) { return [] }
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      return [MappingDiagnostic.notAProperty(attribute: attributeName).at(node)]
    }
    if let reason = variable.notStoredReason {
      return [MappingDiagnostic.notStoredProperty(attribute: attributeName, reason: reason).at(node, fixIts: [removal(node, from: variable)])]
    }
    // Identical repeats are harmless; a different second one is reported where it stands.
    let same = variable.attributes.named(attributeName)
    if same.count > 1, let first = same.first, first.trimmedDescription != node.trimmedDescription {
      return [MappingDiagnostic.duplicateAttribute(attribute: attributeName).at(node, fixIts: [removal(node, from: variable)])]
    }
    return check(node, on: variable)
  }

  /// By default, the warning for a mapping attribute next to `@Ignore`.
  public static func check(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic] {
    ignoredAttribute(attribute, on: variable)
  }

  /// A fix-it that deletes `attribute` from `variable`, keeping the declaration's indentation.
  static func removal(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax) -> FixIt {
    variable.removal(of: attribute, message: MappingFixIt.removeAttribute(attributeName))
  }

  /// The warning for a mapping attribute next to `@Ignore`.
  static func ignoredAttribute(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic] {
    guard !variable.attributes.named("Ignore").isEmpty else { return [] }
    return [MappingDiagnostic.keyAndIgnore(attribute: attributeName).at(attribute, fixIts: [removal(attribute, from: variable)])]
  }
}

/// `@Key("path")`, `@Key(["a", "b"])`, `@Key("path", transformer)`.
public protocol KeyMacroExpansion: FieldAttributeMacro {}
public enum KeyMacro: KeyMacroExpansion {}

extension KeyMacroExpansion {
  public static var attributeName: String { "Key" }
  public static var appliesToEnumCases: Bool { true }

  public static func check(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic] {
    if attribute.argumentList.count > 1, let transform = variable.attributes.named("Transform").first {
      return [MappingDiagnostic.twoTransformers.at(transform)]
    }
    return ignoredAttribute(attribute, on: variable)
  }
}

/// `@Transform(transformer)`.
public protocol TransformMacroExpansion: FieldAttributeMacro {}
public enum TransformMacro: TransformMacroExpansion {}

extension TransformMacroExpansion {
  public static var attributeName: String { "Transform" }
}

/// `@Default(value)`.
public protocol DefaultMacroExpansion: FieldAttributeMacro {}
public enum DefaultMacro: DefaultMacroExpansion {}

extension DefaultMacroExpansion {
  public static var attributeName: String { "Default" }

  public static func check(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic] {
    guard let value = attribute.argumentList.first?.expression else { return [] }
    var diagnostics: [Diagnostic] = []
    for binding in variable.bindings {
      let name = binding.pattern.trimmedDescription
      if let type = binding.typeAnnotation?.type, let literal = LiteralKind(value), literal.clearlyMismatches(type) {
        diagnostics.append(
          MappingDiagnostic.defaultLiteralMismatch(literal: literal.description, property: name, type: type.trimmedDescription).at(value))
      }
      if binding.initializer != nil {
        diagnostics.append(MappingDiagnostic.defaultAndInitializer(property: name).at(attribute, fixIts: [removal(attribute, from: variable)]))
      }
    }
    return diagnostics
  }
}

/// `@Ignore`: the property is not mapped.
public protocol IgnoreMacroExpansion: FieldAttributeMacro {}
public enum IgnoreMacro: IgnoreMacroExpansion {}

extension IgnoreMacroExpansion {
  public static var attributeName: String { "Ignore" }

  public static func check(_ attribute: AttributeSyntax, on variable: VariableDeclSyntax) -> [Diagnostic] {
    guard variable.attributes.named("Default").isEmpty else { return [] }
    var diagnostics: [Diagnostic] = []
    for binding in variable.bindings where binding.initializer == nil {
      guard let type = binding.typeAnnotation?.type, type.optionalWrapped == nil else { continue }
      var withValue = binding
      withValue.typeAnnotation = binding.typeAnnotation?.with(\.trailingTrivia, [])
      withValue.initializer = InitializerClauseSyntax(
        equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: ExprSyntax("<#value#>"),
        trailingTrivia: binding.typeAnnotation?.trailingTrivia ?? [])
      var optional = binding
      optional.typeAnnotation?.type = TypeSyntax(OptionalTypeSyntax(wrappedType: type.trimmed, trailingTrivia: type.trailingTrivia))
      diagnostics.append(
        MappingDiagnostic.ignoreWithoutValue(property: binding.pattern.trimmedDescription).at(
          attribute,
          fixIts: [
            FixIt(message: MappingFixIt.addInitialValue, changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(withValue))]),
            FixIt(message: MappingFixIt.makeOptional, changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(optional))]),
          ]))
    }
    return diagnostics
  }
}

/// `@UnknownKeys`: the bag for the keys no field maps.
public protocol UnknownKeysMacroExpansion: FieldAttributeMacro {}
public enum UnknownKeysMacro: UnknownKeysMacroExpansion {}

extension UnknownKeysMacroExpansion {
  public static var attributeName: String { "UnknownKeys" }
}

/// `@Validate(validator)`.
public protocol ValidateMacroExpansion: FieldAttributeMacro {}
public enum ValidateMacro: ValidateMacroExpansion {}

extension ValidateMacroExpansion {
  public static var attributeName: String { "Validate" }
}

/// `@DefaultCase`: marks the case of a variant enum that keeps unknown payloads; the enum's
/// `@Mappable` checks its payload type.
public protocol DefaultCaseMacroExpansion: PeerMacro {}
public enum DefaultCaseMacro: DefaultCaseMacroExpansion {}

extension DefaultCaseMacroExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(EnumCaseDeclSyntax.self) { context.diagnose(MappingDiagnostic.defaultCaseNotOnCase.at(node)) }
    return []
  }
}
