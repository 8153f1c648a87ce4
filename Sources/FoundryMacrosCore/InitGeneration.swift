import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeAnalysis {
  /// `init(from object: inout Foundry.ObjectReader) throws`, assigning every stored property
  /// that has no initial value and reading every mapped one.
  ///
  /// - Parameter constraints: A contextual `where` clause, for members in a generic class's body.
  func initializerDeclaration(constraints: String = "") -> DeclSyntax {
    var lines: [String] = []
    var index = 0
    for field in fields {
      switch field.role {
      case .mapped:
        lines.append("self.\(field.name) = try object.\(Self.decodeCall(field, at: index))")
        index += 1
      case .ignored:
        if !field.hasInitializer {
          if let value = field.defaultValue {
            lines.append("self.\(field.name) = \(value.trimmedDescription)")
          } else if field.isOptional {
            lines.append("self.\(field.name) = nil")
          }
        }
      case .unknownKeysBag:
        lines.append("self.\(field.name) = object.unknownMembers()")
      }
    }
    let body = lines.map { "\n\($0)" }.joined()
    return "\(raw: access)init(from object: inout Foundry.ObjectReader) throws\(raw: constraints) {\(raw: body)\n}"
  }

  /// `update(from object: inout Foundry.ObjectReader) throws`: each `var` field whose key the
  /// payload has is read again (a model in place, through its own `update`); the others keep
  /// their values. `mutating` for structs.
  func updateDeclaration(constraints: String = "") -> DeclSyntax {
    var lines: [String] = []
    var index = 0
    for field in fields {
      switch field.role {
      case .mapped:
        defer { index += 1 }
        guard !field.isLet else { continue }
        let plain = field.transformer == nil && field.defaultValue == nil && !field.isOptional
        let read = plain ? "try object.update(&self.\(field.name), at: \(index))" : "self.\(field.name) = try object.\(Self.decodeCall(field, at: index))"
        lines.append("if object.contains(\(index)) { \(read) }")
      case .unknownKeysBag where !field.isLet:
        lines.append("object.mergeUnknownMembers(into: &self.\(field.name))")
      case .ignored, .unknownKeysBag:
        continue
      }
    }
    let body = lines.map { "\n\($0)" }.joined()
    let mutating = kind == .structure ? "mutating " : ""
    return "\(raw: access)\(raw: mutating)func update(from object: inout Foundry.ObjectReader) throws\(raw: constraints) {\(raw: body)\n}"
  }

  private static func decodeCall(_ field: Field, at index: Int) -> String {
    if let transformer = field.transformer?.trimmedDescription {
      if let value = field.defaultValue {
        return "decode(at: \(index), using: \(transformer), default: \(value.trimmedDescription))"
      }
      return field.isOptional
        ? "decodeIfPresent(at: \(index), using: \(transformer))"
        : "decode(at: \(index), using: \(transformer))"
    }
    // No type arguments: the property's type is inferred, since the extension this runs in
    // sits at file scope, where the type's sibling declarations are not in scope.
    if let value = field.defaultValue {
      return "decode(at: \(index), default: \(value.trimmedDescription))"
    }
    return field.isOptional ? "decodeIfPresent(at: \(index))" : "decode(at: \(index))"
  }
}
