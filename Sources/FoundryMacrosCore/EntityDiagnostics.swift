import SwiftDiagnostics
import SwiftSyntax

/// Everything the `@Entity` family reports, with the text the compiler prints.
///
/// Messages name the property and say what to do; fix-its are in ``EntityFixIt``.
package enum EntityDiagnostic: DiagnosticMessage, Equatable {
  // MARK: Type level
  case notAClass
  case genericClass(name: String)
  case unknownIdentityAttribute(name: String, entity: String)

  // MARK: Property level
  case missingDefault(property: String, example: String?)
  case letProperty(property: String)
  case missingTypeAnnotation(property: String)
  case severalBindings
  case observedProperty(property: String)
  case relatedNotEntityShaped(property: String, type: String)
  case requiredToOne(property: String)
  case propertyAndRelated

  // MARK: Field attributes
  case outsideEntity(attribute: String)
  case notStoredProperty(attribute: String, reason: String)
  case duplicateAttribute(attribute: String)

  package var message: String {
    switch self {
    case .notAClass:
      "@Entity applies to classes: managed objects are shared references"
    case .genericClass(let name):
      "@Entity class '\(name)' cannot be generic: its entity is declared once, for every use"
    case .unknownIdentityAttribute(let name, let entity):
      "identity names '\(name)', which is not an attribute of '\(entity)'"
    case .missingDefault(let property, let example?):
      "non-optional attribute '\(property)' needs a default value, such as '\(example)', or an optional type"
    case .missingDefault(let property, nil):
      "non-optional attribute '\(property)' needs a default value or an optional type"
    case .letProperty(let property):
      "'let' property '\(property)' cannot be an attribute: managed objects change; make it 'var'"
    case .missingTypeAnnotation(let property):
      "@Entity cannot infer the type of '\(property)'; add a type annotation"
    case .severalBindings:
      "declare one property per 'var' in an @Entity class"
    case .observedProperty(let property):
      "'\(property)' cannot have observers: its value lives in the managed object"
    case .relatedNotEntityShaped(let property, let type):
      "@Related property '\(property)' must be an optional entity ('Book?') or an array of entities ('[Book]'), not '\(type)'"
    case .requiredToOne(let property):
      "to-one relationship '\(property)' must be optional: relationships are empty until linked"
    case .propertyAndRelated:
      "a property is an attribute (@Property) or a relationship (@Related), not both"
    case .outsideEntity(let attribute):
      "@\(attribute) applies to stored properties of an @Entity class"
    case .notStoredProperty(let attribute, let reason):
      "@\(attribute) applies to stored instance properties, not to \(reason)"
    case .duplicateAttribute(let attribute):
      "a property can have only one @\(attribute)"
    }
  }

  package var severity: DiagnosticSeverity { .error }

  package var diagnosticID: MessageID {
    let name =
      switch self {
      case .notAClass: "notAClass"
      case .genericClass: "genericClass"
      case .unknownIdentityAttribute: "unknownIdentityAttribute"
      case .missingDefault: "missingDefault"
      case .letProperty: "letProperty"
      case .missingTypeAnnotation: "entityMissingTypeAnnotation"
      case .severalBindings: "severalBindings"
      case .observedProperty: "observedProperty"
      case .relatedNotEntityShaped: "relatedNotEntityShaped"
      case .requiredToOne: "requiredToOne"
      case .propertyAndRelated: "propertyAndRelated"
      case .outsideEntity: "outsideEntity"
      case .notStoredProperty: "entityNotStoredProperty"
      case .duplicateAttribute: "entityDuplicateAttribute"
      }
    return MessageID(domain: "FoundryMacros", id: name)
  }
}

/// The fix-its offered with ``EntityDiagnostic``s.
package enum EntityFixIt: FixItMessage {
  case replaceWithFinalClass(keyword: String)
  case addDefault(String)
  case addInitialValue
  case makeOptional
  case replaceLetWithVar
  case addTypeAnnotation
  case removeAttribute(String)

  package var message: String {
    switch self {
    case .replaceWithFinalClass(let keyword): "replace '\(keyword)' with 'final class'"
    case .addDefault(let value): "add '\(value)'"
    case .addInitialValue: "add an initial value"
    case .makeOptional: "make the type optional"
    case .replaceLetWithVar: "replace 'let' with 'var'"
    case .addTypeAnnotation: "add a type annotation"
    case .removeAttribute(let name): "remove @\(name)"
    }
  }

  package var fixItID: MessageID {
    let name =
      switch self {
      case .replaceWithFinalClass: "replaceWithFinalClass"
      case .addDefault: "addDefault"
      case .addInitialValue: "entityAddInitialValue"
      case .makeOptional: "entityMakeOptional"
      case .replaceLetWithVar: "entityReplaceLetWithVar"
      case .addTypeAnnotation: "entityAddTypeAnnotation"
      case .removeAttribute: "entityRemoveAttribute"
      }
    return MessageID(domain: "FoundryMacros", id: name)
  }
}

extension EntityDiagnostic {
  /// The diagnostic at `node`, with optional fix-its.
  func at(_ node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
    Diagnostic(node: Syntax(node), message: self, fixIts: fixIts)
  }
}
