import SwiftDiagnostics
import SwiftSyntax

/// Everything the `@Mappable` family reports, with the text the compiler prints.
///
/// Messages name the property or type and say what to do; fix-its are in ``MappingFixIt``.
package enum MappingDiagnostic: DiagnosticMessage, Equatable {
  // MARK: Type level
  case unsupportedDeclaration(kind: String)
  case nonFinalClass(name: String)
  case enumWithoutRawValues(name: String)
  case enumWithAssociatedValues(name: String)
  case missingTypeAnnotation(property: String)
  case letWithInitialValue(property: String)
  case duplicateUnknownKeysBag
  case unknownKeysBagIsRejected
  case unknownTypeArgument(label: String)

  // MARK: Variant enums
  case variantsOnNonEnum(label: String)
  case variantWithSeveralValues(name: String)
  case defaultCaseWithoutRawPayload(name: String)
  case duplicateDefaultCase
  case untaggedCaseWithoutValue(name: String)
  case caseKeyNotNames
  case defaultCaseNotOnCase

  // MARK: Field level
  case notStoredProperty(attribute: String, reason: String)
  case notAProperty(attribute: String)
  case duplicateAttribute(attribute: String)
  case keyAndIgnore(attribute: String)
  case defaultLiteralMismatch(literal: String, property: String, type: String)
  case defaultAndInitializer(property: String)
  case ignoreWithoutValue(property: String)
  case twoTransformers
  case unmappableType(property: String, type: String, reason: String)

  package var message: String {
    switch self {
    case .unsupportedDeclaration(let kind):
      "@Mappable applies to structs, final classes and enums with raw values, not to \(kind) declarations"
    case .nonFinalClass(let name):
      "@Mappable class '\(name)' must be final: its generated initializer cannot be inherited by subclasses"
    case .enumWithoutRawValues(let name):
      "@Mappable enum '\(name)' needs a raw type such as String or Int; enums map through their raw values"
    case .enumWithAssociatedValues(let name):
      "@Mappable enum '\(name)' has cases with payloads; say how a payload names its case: @Mappable(discriminator: \"type\"), @Mappable(variants: .wrapped) or @Mappable(variants: .untagged)"
    case .missingTypeAnnotation(let property):
      "@Mappable cannot infer the type of '\(property)'; add a type annotation"
    case .letWithInitialValue(let property):
      "'let' property '\(property)' has an initial value, so it cannot be decoded; make it 'var', or use @Default for a default"
    case .duplicateUnknownKeysBag:
      "only one property can be marked @UnknownKeys"
    case .unknownKeysBagIsRejected:
      "the @UnknownKeys property stays empty because unknown keys are rejected; use 'unknownKeys: .preserve'"
    case .unknownTypeArgument(let label):
      "@Mappable has no argument '\(label)'; use keys:, unknownKeys:, nilEncoding:, coercion: or formats:"
    case .variantsOnNonEnum(let label):
      "'\(label):' applies to enums whose cases carry payloads"
    case .variantWithSeveralValues(let name):
      "case '\(name)' carries several values; a variant case carries one payload (a @Mappable struct holding them) or none"
    case .defaultCaseWithoutRawPayload(let name):
      "@DefaultCase case '\(name)' keeps the payload no case reads: give it one value of type JSONValue"
    case .duplicateDefaultCase:
      "only one case can be marked @DefaultCase"
    case .untaggedCaseWithoutValue(let name):
      "case '\(name)' has no payload, so trying cases in order cannot choose it; give it a value or use a discriminator"
    case .caseKeyNotNames:
      "@Key on a case takes its names only: @Key(\"name\") or @Key([\"name\", \"other\"])"
    case .defaultCaseNotOnCase:
      "@DefaultCase applies to a case of an enum marked @Mappable(discriminator:) or @Mappable(variants:)"
    case .notStoredProperty(let attribute, let reason):
      "@\(attribute) applies to stored instance properties, not to \(reason)"
    case .notAProperty(let attribute):
      "@\(attribute) applies to stored properties of a @Mappable type"
    case .duplicateAttribute(let attribute):
      "a property can have only one @\(attribute)"
    case .keyAndIgnore(let attribute):
      "@\(attribute) has no effect on an @Ignore property"
    case .defaultLiteralMismatch(let literal, let property, let type):
      "@Default value is \(literal), but '\(property)' is \(type)"
    case .defaultAndInitializer(let property):
      "'\(property)' has both an initial value and @Default; @Default wins, remove one"
    case .ignoreWithoutValue(let property):
      "@Ignore property '\(property)' needs an initial value or an optional type: decoding does not set it"
    case .twoTransformers:
      "a property can have only one transformer: pass it in @Key or in @Transform, not both"
    case .unmappableType(let property, let type, let reason):
      "@Mappable cannot map '\(property)' of type '\(type)': \(reason); give it a transformer or mark it @Ignore"
    }
  }

  package var severity: DiagnosticSeverity {
    switch self {
    case .unknownKeysBagIsRejected, .defaultAndInitializer, .keyAndIgnore: .warning
    default: .error
    }
  }

  package var diagnosticID: MessageID {
    let name =
      switch self {
      case .unsupportedDeclaration: "unsupportedDeclaration"
      case .nonFinalClass: "nonFinalClass"
      case .enumWithoutRawValues: "enumWithoutRawValues"
      case .enumWithAssociatedValues: "enumWithAssociatedValues"
      case .missingTypeAnnotation: "missingTypeAnnotation"
      case .letWithInitialValue: "letWithInitialValue"
      case .duplicateUnknownKeysBag: "duplicateUnknownKeysBag"
      case .unknownKeysBagIsRejected: "unknownKeysBagIsRejected"
      case .unknownTypeArgument: "unknownTypeArgument"
      case .variantsOnNonEnum: "variantsOnNonEnum"
      case .variantWithSeveralValues: "variantWithSeveralValues"
      case .defaultCaseWithoutRawPayload: "defaultCaseWithoutRawPayload"
      case .duplicateDefaultCase: "duplicateDefaultCase"
      case .untaggedCaseWithoutValue: "untaggedCaseWithoutValue"
      case .caseKeyNotNames: "caseKeyNotNames"
      case .defaultCaseNotOnCase: "defaultCaseNotOnCase"
      case .notStoredProperty: "notStoredProperty"
      case .notAProperty: "notAProperty"
      case .duplicateAttribute: "duplicateAttribute"
      case .keyAndIgnore: "keyAndIgnore"
      case .defaultLiteralMismatch: "defaultLiteralMismatch"
      case .defaultAndInitializer: "defaultAndInitializer"
      case .ignoreWithoutValue: "ignoreWithoutValue"
      case .twoTransformers: "twoTransformers"
      case .unmappableType: "unmappableType"
      }
    return MessageID(domain: "FoundryMacros", id: name)
  }
}

/// The fix-its offered with ``MappingDiagnostic``s.
package enum MappingFixIt: FixItMessage {
  case addFinal
  case addRawType
  case addTypeAnnotation
  case replaceLetWithVar
  case removeAttribute(String)
  case addInitialValue
  case makeOptional
  case addIgnore
  case addDiscriminator
  case removeArgument(String)

  package var message: String {
    switch self {
    case .addFinal: "add 'final'"
    case .addRawType: "add raw type 'String'"
    case .addTypeAnnotation: "add a type annotation"
    case .replaceLetWithVar: "replace 'let' with 'var'"
    case .removeAttribute(let name): "remove @\(name)"
    case .addInitialValue: "add an initial value"
    case .makeOptional: "make the type optional"
    case .addIgnore: "add @Ignore"
    case .addDiscriminator: "add 'discriminator: \"type\"'"
    case .removeArgument(let label): "remove '\(label):'"
    }
  }

  package var fixItID: MessageID {
    let name =
      switch self {
      case .addFinal: "addFinal"
      case .addRawType: "addRawType"
      case .addTypeAnnotation: "addTypeAnnotation"
      case .replaceLetWithVar: "replaceLetWithVar"
      case .removeAttribute: "removeAttribute"
      case .addInitialValue: "addInitialValue"
      case .makeOptional: "makeOptional"
      case .addIgnore: "addIgnore"
      case .addDiscriminator: "addDiscriminator"
      case .removeArgument: "removeArgument"
      }
    return MessageID(domain: "FoundryMacros", id: name)
  }
}

extension MappingDiagnostic {
  /// The diagnostic at `node`, with optional fix-its.
  func at(_ node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
    Diagnostic(node: Syntax(node), message: self, fixIts: fixIts)
  }
}
