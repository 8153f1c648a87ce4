import FoundryGraph

/// How `foundry generate` spells schema names as Swift identifiers and strings as Swift literals.
///
/// ```swift
/// SwiftNames.typeName(for: "Line-Item")    // "Line_Item"
/// SwiftNames.propertyName(for: "default")  // "`default`"
/// SwiftNames.stringLiteral("say \"hi\"")   // "\"say \\\"hi\\\"\""
/// ```
package enum SwiftNames {
  /// The words Swift reserves, which a property name can only use in backticks.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try",
  ]

  /// The names a generated class cannot take: not even in backticks (`Any`, `Type`, `_`), or
  /// it would hide a type, module or macro that generated code and `@Entity`'s expansion name
  /// (`String`, `Date`, `FoundryGraph`, `Entity`, the expansion's generic `Root`).
  static let reservedTypeNames: Set<String> = [
    "Any", "Self", "Type", "Protocol", "_", "String", "Int", "Int16", "Int32", "Int64", "Double", "Float", "Bool",
    "Decimal", "Date", "Data", "UUID", "URL", "JSONValue", "Swift", "Foundation", "FoundationEssentials", "FoundryGraph",
    "FoundryJSON", "Entity", "Property", "Related", "EntityAccessor", "EntityObject", "ManagedObject", "Root",
  ]

  /// The names a generated property cannot take: not even in backticks (`Type`, `Protocol`,
  /// `_`), the one `@Entity` adds (`managedObject`), or a type's that the class's code names
  /// (`@Entity`'s accessors write `Date.self`, where a property `Date` would be found first).
  static let reservedMemberNames: Set<String> = reservedTypeNames.union(["managedObject"])

  /// Whether `name` is a Swift identifier as written (letters, digits and `_`, not starting
  /// with a digit); keywords count as identifiers here.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first == "_" || first.isLetter else { return false }
    return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  /// `name` with every character an identifier cannot hold replaced by `_`, and `_` before a
  /// leading digit: `"2nd-edition"` is `"_2nd_edition"`.
  static func sanitized(_ name: String) -> String {
    var result = String(name.map { $0 == "_" || $0.isLetter || $0.isNumber ? $0 : "_" })
    if result.first.map({ !($0 == "_" || $0.isLetter) }) ?? true { result = "_" + result }
    return result
  }

  /// The class name for entity `name`: the name itself when it is an identifier, else
  /// `sanitized(_:)`; a trailing `_` after a keyword or reserved type name (`Type_`,
  /// `String_`).
  package static func typeName(for name: String) -> String {
    let base = isIdentifier(name) ? name : sanitized(name)
    return keywords.contains(base) || reservedTypeNames.contains(base) ? base + "_" : base
  }

  /// The name of a property for attribute or relationship `name`, without backticks: `name`
  /// itself when it is an identifier, else ``sanitized(_:)``; a trailing `_` after a reserved
  /// member name (`Type_`).
  static func memberName(_ name: String) -> String {
    let base = isIdentifier(name) ? name : sanitized(name)
    return reservedMemberNames.contains(base) ? base + "_" : base
  }

  /// The property name for attribute or relationship `name`, ready to write after `var`:
  /// `memberName(_:)`, keywords in backticks.
  package static func propertyName(for name: String) -> String { spelled(memberName(name)) }

  /// A property name ready to write after `var` or `.`: keywords in backticks.
  static func spelled(_ memberName: String) -> String {
    keywords.contains(memberName) ? "`\(memberName)`" : memberName
  }

  /// `text` as a Swift string literal, quotes, backslashes and control characters escaped.
  package static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `["a", "b"]` as a Swift array literal of strings.
  static func stringArrayLiteral(_ items: [String]) -> String {
    "[" + items.map(stringLiteral).joined(separator: ", ") + "]"
  }

  /// `["a": "1", "b": "2"]`, keys sorted.
  static func stringDictionaryLiteral(_ entries: [String: String]) -> String {
    "[" + entries.sorted { $0.key < $1.key }.map { "\(stringLiteral($0.key)): \(stringLiteral($0.value))" }.joined(separator: ", ") + "]"
  }

  /// The `userInfo:` argument for the entries the schema does not already hold as typed
  /// fields (a model file's key paths, transformer names, identities); `nil` when none remain.
  static func userInfoArgument(_ userInfo: [String: String]) -> String? {
    let remaining = userInfo.filter { !ModelFile.typedUserInfoKeys.contains($0.key) }
    return remaining.isEmpty ? nil : "userInfo: \(stringDictionaryLiteral(remaining))"
  }

  /// Names in backticks, joined for prose: "`a`", "`a` and `b`", "`a`, `b` and `c`".
  static func prose(_ names: [String]) -> String {
    proseList(names.map { "`\($0)`" })
  }

  /// Items joined for prose: "a", "a and b", "a, b and c".
  static func proseList(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }
}
