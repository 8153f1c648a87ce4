import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeAnalysis {
  /// `static let mappingSchema = Foundry.MappingSchema(fields: [...], ...)`: one key per mapped
  /// field, in declaration order.
  ///
  /// Generic types cannot have static stored properties, so theirs is a computed `static var`
  /// that builds the schema once per specialization through `MappingSchema.cached(for:_:)`.
  func schemaDeclaration() -> DeclSyntax {
    var arguments = ["fields: [\(mappedFields.map { "\n\($0.fieldKey)," }.joined())\n]"]
    if mappedFields.isEmpty { arguments = ["fields: []"] }
    arguments += schemaArguments
    let call = "Foundry.MappingSchema(\n\(arguments.joined(separator: ",\n"))\n)"
    if isGeneric {
      return "\(raw: access)static var mappingSchema: Foundry.MappingSchema {\nFoundry.MappingSchema.cached(for: Self.self) {\n\(raw: call)\n}\n}"
    }
    return "\(raw: access)static let mappingSchema = \(raw: call)"
  }

  /// ` where T: Foundry.MappableValue, ...` for every generic parameter, or "".
  var mappableWhereClause: String {
    guard isGeneric else { return "" }
    return " where " + genericParameters.map { "\($0): Foundry.MappableValue" }.joined(separator: ", ")
  }
}
