import FoundryGraph

/// Writes a schema as the `contents` of an Xcode `.xcdatamodel`, the file Xcode's model
/// editor opens and `Schema(modelAt:)` reads back: entities with their attributes (payload key
/// paths and transformer names in user info), relationships with inverses, counts and delete
/// rules, identity as a uniqueness constraint.
///
/// ```swift
/// let contents = ModelFileWriter(schema: schema).makeContents()
/// try OutputFile.write(contents, to: "Orders.xcdatamodel/contents")
/// ```
///
/// Value-typed attributes (`.value`), which model files cannot name, are written as
/// transformable.
struct ModelFileWriter {
  let schema: Schema

  /// The XML of the model's `contents` file.
  func makeContents() -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
      #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
    ]
    for entity in schema.entities { lines += self.lines(for: entity.declaration) }
    lines.append("</model>")
    return lines.joined(separator: "\n") + "\n"
  }

  private func lines(for entity: Entity) -> [String] {
    var header =
      "    <entity"
      + attributes([
        ("name", entity.name), ("representedClassName", entity.name), ("parentEntity", entity.parent),
        ("isAbstract", entity.isAbstract ? "YES" : nil), ("syncable", "YES"), ("codeGenerationType", "class"),
      ])
    var body: [String] = []
    for attribute in entity.attributes {
      let type: AttributeType = if case .value = attribute.type { .transformable } else { attribute.type }
      let isScalar = [.integer16, .integer32, .integer64, .double, .float, .boolean].contains(type)
      body += element(
        "attribute",
        [
          ("name", attribute.name), ("optional", attribute.isOptional ? "YES" : nil), ("attributeType", type.description),
          ("usesScalarValueType", isScalar ? "YES" : nil),
        ], userInfo: [("jsonKeyPath", attribute.keyPath), ("JSONTransformerName", attribute.transformerName)])
    }
    for relationship in entity.relationships {
      body += element(
        "relationship",
        [
          ("name", relationship.name), ("optional", relationship.isOptional ? "YES" : nil), ("toMany", relationship.isToMany ? "YES" : nil),
          ("ordered", relationship.isOrdered ? "YES" : nil),
          ("minCount", relationship.isToMany && relationship.minCount > 0 ? String(relationship.minCount) : nil),
          ("maxCount", relationship.isToMany ? (relationship.maxCount > 0 ? String(relationship.maxCount) : nil) : "1"),
          ("deletionRule", Self.modelName(of: relationship.deleteRule)), ("destinationEntity", relationship.destination),
          ("inverseName", relationship.inverse), ("inverseEntity", relationship.inverse == nil ? nil : relationship.destination),
        ], userInfo: [("jsonKeyPath", relationship.keyPath), ("keyedBy", relationship.keyedBy)])
    }
    if !entity.identity.isEmpty {
      body.append("        <uniquenessConstraints>")
      body.append("            <uniquenessConstraint>")
      body += entity.identity.map { "                <constraint" + attributes([("value", $0)]) + "/>" }
      body.append("            </uniquenessConstraint>")
      body.append("        </uniquenessConstraints>")
    }
    guard !body.isEmpty else { return [header + "/>"] }
    header += ">"
    return [header] + body + ["    </entity>"]
  }

  /// `<name a="b"/>`, or with a `<userInfo>` block for the entries that have a value.
  private func element(_ name: String, _ pairs: [(String, String?)], userInfo: [(String, String?)]) -> [String] {
    let entries = userInfo.compactMap { key, value in value.map { (key, $0) } }
    let open = "        <\(name)" + attributes(pairs)
    guard !entries.isEmpty else { return [open + "/>"] }
    return [open + ">", "            <userInfo>"]
      + entries.map { "                <entry" + attributes([("key", $0.0), ("value", $0.1)]) + "/>" }
      + ["            </userInfo>", "        </\(name)>"]
  }

  /// ` a="b" c="d"`, the pairs without a value left out.
  private func attributes(_ pairs: [(String, String?)]) -> String {
    pairs.compactMap { name, value in value.map { " \(name)=\"\(SchemaDiagram.escaped($0))\"" } }.joined()
  }

  /// The name a model file gives a delete rule.
  static func modelName(of rule: DeleteRule) -> String {
    switch rule {
    case .nullify: "Nullify"
    case .cascade: "Cascade"
    case .deny: "Deny"
    case .noAction: "No Action"
    }
  }
}
