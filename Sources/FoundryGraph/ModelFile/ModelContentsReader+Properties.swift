#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryXML

extension ModelContentsReader {
  // MARK: - Attributes

  /// An `<attribute>` element.
  ///
  /// `renamingIdentifier` is the attribute's name in the previous model version (what a store
  /// migration follows); `minValueString`, `maxValueString` and `regularExpressionString` are
  /// its ``AttributeRules``. Xcode's other attribute settings (`usesScalarValueType`,
  /// `customClassName`, `indexed`, `transient`, `allowsExternalBinaryDataStorage`, ...)
  /// concern storage or code generation Foundry does not do, and are ignored.
  ///
  /// A derived attribute (`derived="YES"`, which Core Data computes from its
  /// `derivationExpression` when it saves) is read as an attribute like the others, its
  /// expression kept in its user info under `derivationExpression`: Foundry keeps the value a
  /// payload gives and does not compute it.
  mutating func readAttribute(_ element: XMLTree.Element) throws(GraphError) -> Attribute {
    let name = try requiredName("name", of: element)
    try checkChildren(of: element)
    let type = try attributeType(of: element, named: name)
    let userInfo = try ModelUserInfo(of: element, in: self)
    var entries = userInfo.entries
    if try flag("derived", of: element) { entries["derivationExpression"] = element["derivationExpression"] ?? "" }
    var attribute = Attribute(
      name, type, optional: try flag("optional", of: element),
      default: try defaultValue(of: element, named: name, type: type), keyPath: userInfo.keyPath,
      transformer: userInfo.transformerName(for: type) ?? element["valueTransformerName"], userInfo: entries)
    attribute.renamingIdentifier = element["renamingIdentifier"]
    attribute.rules = try rules(of: element, named: name)
    attribute.fallbackKeyPaths = userInfo.fallbackKeyPaths
    attribute.isExported = !userInfo.isNonExportable
    attribute.defaultsWhenAbsent = userInfo.defaultsWhenAbsent
    attribute.keepsAfterDeletion = try flag("preserveAfterDeletion", of: element) || userInfo.keepsAfterDeletion
    noteVocabulary(of: userInfo)
    return attribute
  }

  /// The type `attributeType` names; `Undefined` and `Objective-C` hold any value.
  private func attributeType(of element: XMLTree.Element, named name: String) throws(GraphError) -> AttributeType {
    let modelName = try required("attributeType", of: element)
    switch modelName {
    case "Undefined", "Objective-C": return .transformable
    case "Composite":
      throw failure(.unsupportedConstruct, "unsupported construct attributeType=\"Composite\" on attribute \"\(name)\"", at: element)
    default:
      guard let type = AttributeType(modelName: modelName) else {
        throw failure(.invalidModelValue, "unknown attribute type \"\(modelName)\" for attribute \"\(name)\"", at: element)
      }
      return type
    }
  }

  /// The value of `defaultValueString`, or for dates of `defaultDateTimeInterval` (seconds since
  /// 2001-01-01 00:00 UTC, as Xcode writes them).
  private func defaultValue(of element: XMLTree.Element, named name: String, type: AttributeType) throws(GraphError) -> GraphValue? {
    let text = type == .date ? element["defaultDateTimeInterval"] ?? element["defaultValueString"] : element["defaultValueString"]
    guard let text else { return nil }
    let value: GraphValue?
    switch type {
    case .date: value = Double(text).map { .date(Date(timeIntervalSinceReferenceDate: $0)) }
    case .integer16, .integer32, .integer64:
      // Xcode writes an integer default changed from a decimal field as "0.0".
      value = GraphValue(text: text, as: type) ?? Double(text).flatMap(Int64.init(exactly:)).flatMap { GraphValue.integer($0).converted(to: type) }
    default: value = GraphValue(text: text, as: type)
    }
    guard let value else {
      throw failure(.invalidModelValue, "default value \"\(text)\" is not a valid \(type) for attribute \"\(name)\"", at: element)
    }
    return value
  }

  /// The validation settings of an attribute element.
  private func rules(of element: XMLTree.Element, named name: String) throws(GraphError) -> AttributeRules {
    var rules = AttributeRules(pattern: element["regularExpressionString"])
    for (key, keyPath) in [("minValueString", \AttributeRules.minimum), ("maxValueString", \AttributeRules.maximum)] {
      guard let text = element[key] else { continue }
      guard let number = Double(text) else {
        throw failure(.invalidModelValue, "\(key) \"\(text)\" is not a number for attribute \"\(name)\"", at: element)
      }
      rules[keyPath: keyPath] = number
    }
    return rules
  }

  // MARK: - Relationships

  /// A `<relationship>` element. `inverseEntity`, when given, must be the destination (the
  /// inverse is looked up there). Counts are checked on every relationship but kept for to-many
  /// ones only (Xcode writes `maxCount="1"` on to-one relationships).
  mutating func readRelationship(_ element: XMLTree.Element) throws(GraphError) -> Relationship {
    let name = try requiredName("name", of: element)
    try checkChildren(of: element)
    let destination = try requiredName("destinationEntity", of: element)
    let inverse = element["inverseName"]
    if let inverseEntity = element["inverseEntity"] {
      guard inverse != nil else {
        throw failure(.invalidModelValue, "inverseEntity \"\(inverseEntity)\" without inverseName for relationship \"\(name)\"", at: element)
      }
      guard inverseEntity == destination else {
        throw failure(
          .invalidModelValue, "inverseEntity \"\(inverseEntity)\" is not the destination \"\(destination)\" of relationship \"\(name)\"", at: element)
      }
    }
    let toMany = try flag("toMany", of: element)
    let (minCount, maxCount) = try counts(of: element, named: name)
    let userInfo = try ModelUserInfo(of: element, in: self)
    var relationship = Relationship(
      name, to: destination, toMany: toMany, ordered: try flag("ordered", of: element), inverse: inverse,
      deleteRule: try deleteRule(of: element, named: name), optional: try flag("optional", of: element),
      minCount: toMany ? minCount : 0, maxCount: toMany ? maxCount : 0,
      keyPath: userInfo.keyPath, keyedBy: userInfo.keyedBy, userInfo: userInfo.entries)
    relationship.renamingIdentifier = element["renamingIdentifier"]
    relationship.fallbackKeyPaths = userInfo.fallbackKeyPaths
    relationship.isExported = !userInfo.isNonExportable
    noteVocabulary(of: userInfo)
    return relationship
  }

  /// `minCount` and `maxCount` (absent: 0, and 0 is no maximum), non-negative and in order.
  private func counts(of element: XMLTree.Element, named name: String) throws(GraphError) -> (min: Int, max: Int) {
    let minCount = try count("minCount", of: element)
    let maxCount = try count("maxCount", of: element)
    if maxCount > 0, minCount > maxCount {
      throw failure(.invalidModelValue, "minCount \(minCount) is above maxCount \(maxCount) for relationship \"\(name)\"", at: element)
    }
    return (minCount, maxCount)
  }

  /// A count XML attribute: absent is 0.
  private func count(_ key: String, of element: XMLTree.Element) throws(GraphError) -> Int {
    let count = try integer(key, of: element) ?? 0
    guard count >= 0 else {
      throw failure(.invalidModelValue, "expected a count of 0 or more for '\(key)' on <relationship>, found \"\(count)\"", at: element)
    }
    return count
  }

  /// The rule `deletionRule` names; absent is `Nullify`.
  private func deleteRule(of element: XMLTree.Element, named name: String) throws(GraphError) -> DeleteRule {
    guard let modelName = element["deletionRule"] else { return .nullify }
    guard let rule = DeleteRule(modelName: modelName) else {
      throw failure(.invalidModelValue, "unknown deletion rule \"\(modelName)\" for relationship \"\(name)\"", at: element)
    }
    return rule
  }

  /// Properties hold nothing but `<userInfo>`.
  private func checkChildren(of element: XMLTree.Element) throws(GraphError) {
    if let other = element.elements.first(where: { $0.qualifiedName != "userInfo" }) { throw unsupported(other) }
  }
}
