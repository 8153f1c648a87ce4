import SwiftSyntax
import SwiftSyntaxBuilder

extension VariantAnalysis {
  /// `static func read(from:)`: finds the case through ``VariantReader``, then reads its payload.
  func readDeclaration(access: String) -> DeclSyntax {
    var lines: [String] = []
    switch style {
    case .discriminator(let key): lines.append("let _$variant = try Foundry.VariantReader(value, discriminator: \(key))")
    case .wrapped: lines.append("let _$variant = try Foundry.VariantReader(wrapped: value)")
    case .untagged: lines.append("let _$variant = Foundry.VariantReader(untagged: value)")
    }
    for variant in cases where !variant.isDefault {
      if style == .untagged {
        let function = variant.label.map { "\(variant.name)(\($0):)" } ?? variant.name
        lines.append("if let _$case = _$variant.attempt(Self.\(function)) { return _$case }")
      } else {
        let test = tags(of: variant).map { "_$variant.tag == \($0)" }.joined(separator: " || ")
        lines.append("if \(test) { return .\(construct(variant, from: "try _$variant.payload()")) }")
      }
    }
    if let fallback = defaultCase {
      lines.append("return .\(construct(fallback, from: "_$variant.unknown(keptAs: \"\(fallback.name)\")"))")
    } else {
      let expected =
        style == .untagged
        ? cases.map { "\"\($0.payloadType ?? $0.name)\"" } : cases.map { tags(of: $0).first ?? "\"\($0.name)\"" }
      lines.append("throw _$variant.unknownTag(expected: [\(expected.joined(separator: ", "))])")
    }
    return """
      \(raw: access)static func read(from value: Foundry.ValueReader) throws -> Self {
      \(raw: lines.joined(separator: "\n"))
      }
      """
  }

  /// `func write(to:)`: the case back in the shape it was read from.
  func writeDeclaration(access: String) -> DeclSyntax {
    var lines: [String] = []
    for variant in cases {
      let binding = variant.payloadType == nil ? "" : "(let _$payload)"
      let tag = tags(of: variant).first ?? "\"\(variant.name)\""
      let body: String
      switch (style, variant.payloadType != nil, variant.isDefault) {
      case (_, _, true), (.untagged, _, _): body = "try writer.encode(_$payload)"
      case (.discriminator(let key), true, _): body = "try writer.writeVariant(_$payload, discriminator: \(key), tag: \(tag))"
      case (.discriminator(let key), false, _): body = "writer.writeVariant(discriminator: \(key), tag: \(tag))"
      case (.wrapped, true, _): body = "try writer.writeVariant(_$payload, wrappedIn: \(tag))"
      case (.wrapped, false, _): body = "writer.writeVariant(wrappedIn: \(tag))"
      }
      lines.append("case .\(variant.name)\(binding): \(body)")
    }
    let body = lines.isEmpty ? "" : "switch self {\n\(lines.joined(separator: "\n"))\n}"
    return """
      \(raw: access)func write(to writer: inout Foundry.ValueWriter) throws {
      \(raw: body)
      }
      """
  }

  /// `static var markupSchema`: for XML, the names that mark an element as one value of the
  /// enum (its discriminator, or the names wrapping its payloads), so that an element whose
  /// one child has such a name is not taken for a wrapper of repeated elements. `nil` for
  /// untagged enums, which have no names.
  func markupSchemaDeclaration(access: String) -> DeclSyntax? {
    let names: [String]
    switch style {
    case .discriminator(let key): names = [key]
    case .wrapped: names = cases.filter { !$0.isDefault }.flatMap(tags(of:))
    case .untagged: return nil
    }
    return """
      \(raw: access)static var markupSchema: Foundry.MappingSchema? {
      Foundry.VariantReader.markupSchema(naming: [\(raw: names.joined(separator: ", "))])
      }
      """
  }

  /// `image(try ...)`, `image(photo: try ...)`, or `deleted` for a case without a value.
  private func construct(_ variant: Case, from expression: String) -> String {
    guard variant.payloadType != nil else { return variant.name }
    return "\(variant.name)(\(variant.label.map { "\($0): " } ?? "")\(expression))"
  }
}
