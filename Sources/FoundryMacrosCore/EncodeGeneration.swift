import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeAnalysis {
  /// `func encode(to object: inout Foundry.ObjectWriter) throws`, writing every mapped field
  /// and then the `@UnknownKeys` bag (whose members never replace a field's key).
  ///
  /// - Parameter constraints: A contextual `where` clause, for members in a generic class's body.
  func encodeDeclaration(constraints: String = "") -> DeclSyntax {
    var lines: [String] = []
    var index = 0
    for field in fields where field.role == .mapped {
      let method = field.isOptional ? "encodeIfPresent" : "encode"
      let transformer = field.transformer.map { ", using: \($0.trimmedDescription)" } ?? ""
      lines.append("try object.\(method)(self.\(field.name), at: \(index)\(transformer))")
      index += 1
    }
    for field in fields where field.role == .unknownKeysBag {
      lines.append("object.encodeUnknownMembers(self.\(field.name))")
    }
    let body = lines.map { "\n\($0)" }.joined()
    return "\(raw: access)func encode(to object: inout Foundry.ObjectWriter) throws\(raw: constraints) {\(raw: body)\n}"
  }
}
