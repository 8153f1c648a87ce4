/// How `foundry generate --from-sample` names things after payload keys: properties in lower
/// camel case with acronyms in capitals, types in upper camel case, array elements in the
/// singular.
///
/// ```swift
/// SampleNames.propertyName(forKey: "user_id")          // "userID"
/// SampleNames.propertyName(forKey: "@isPermaLink")     // "isPermaLink"
/// SampleNames.propertyName(forKey: "default")          // "`default`"
/// SampleNames.typeName(forKey: "statuses", singular: true)   // "Status"
/// ```
enum SampleNames {
  /// Words written in capitals inside a name; a plural keeps a lower-case `s` (`IDs`).
  static let acronyms: Set<String> = ["id", "url", "uri", "uuid", "api", "html", "json", "xml", "http", "https", "ip", "sku", "gps", "utc"]

  /// Property names the generated code cannot use, even in backticks: members `@Mappable`
  /// adds.
  static let reservedProperties: Set<String> = ["mappingSchema"]

  /// Type names that would hide a type the generated code (or its user) needs.
  static let reservedTypes: Set<String> = [
    "Any", "Self", "Type", "Protocol", "Data", "Date", "URL", "UUID", "String", "Int", "Double", "Float", "Bool",
    "Decimal", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Character", "Never", "Void", "Mappable",
    "MappableValue", "JSONValue", "JSONObject", "Presence", "Key", "Default", "Codable", "Decoder", "Encoder", "Locale",
    "TimeZone", "Calendar", "Range", "Element", "Index", "Collection", "Sequence", "Task", "Actor", "Identifiable",
    "Hashable", "Equatable", "Comparable", "Substring", "Foundation", "Foundry", "FoundryJSON", "Transform", "Ignore",
    "Validate", "UnknownKeys",
  ]

  /// The words of a key: split at characters that are not letters or digits and where lower
  /// case turns to upper (`createdAt`, `HTTPStatus`), lower-cased.
  static func words(of key: String) -> [String] {
    var words: [String] = []
    var current: [Character] = []
    let characters = Array(key)
    for (position, character) in characters.enumerated() {
      guard character.isLetter || character.isNumber else {
        if !current.isEmpty { words.append(String(current)) }
        current = []
        continue
      }
      if character.isUppercase, let last = current.last {
        let nextIsLower = position + 1 < characters.count && characters[position + 1].isLowercase
        if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) {
          words.append(String(current))
          current = []
        }
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(String(current)) }
    return words.map { $0.lowercased() }
  }

  /// A word capitalized, or in capitals when it is an acronym (`IDs` for a plural one).
  static func capitalized(_ word: String) -> String {
    if acronyms.contains(word) { return word.uppercased() }
    if word.hasSuffix("s"), acronyms.contains(String(word.dropLast())) { return word.dropLast().uppercased() + "s" }
    return word.prefix(1).uppercased() + word.dropFirst()
  }

  /// The property name for `key`, ready to write after `var`.
  static func propertyName(forKey key: String) -> String {
    let words = words(of: key)
    guard let first = words.first else { return "value" }
    var name = first + words.dropFirst().map(capitalized).joined()
    if name.first?.isNumber == true { name = "_" + name }
    if reservedProperties.contains(name) { name += "_" }
    return SwiftNames.keywords.contains(name) ? "`\(name)`" : name
  }

  /// The type name for `key`, in the singular for array elements and dictionary values.
  static func typeName(forKey key: String, singular: Bool) -> String {
    var words = words(of: key)
    if singular, let last = words.last { words[words.count - 1] = self.singular(last) }
    var name = words.map(capitalized).joined()
    if name.isEmpty { name = "Value" }
    if name.first?.isNumber == true { name = "_" + name }
    return name
  }

  /// The enum case name for a payload string: `in-progress` → `inProgress`.
  static func caseName(forValue value: String) -> String {
    propertyName(forKey: value)
  }

  /// An English plural made singular, by the common rules: `statuses` → `status`, `entries`
  /// → `entry`, `children` → `child`; a word that is not plural stays.
  static func singular(_ word: String) -> String {
    let irregular = [
      "children": "child", "people": "person", "men": "man", "women": "woman", "data": "datum", "media": "medium", "indices": "index", "feet": "foot", "geese": "goose",
      "mice": "mouse",
      "statuses": "status", "buses": "bus", "viruses": "virus", "bonuses": "bonus", "campuses": "campus", "movies": "movie",
      "cookies": "cookie", "analyses": "analysis", "axes": "axis", "bases": "base", "leaves": "leaf", "lives": "life",
    ]
    if let known = irregular[word] { return known }
    let keep = [
      "status", "news", "series", "species", "address", "process", "access", "class", "bus", "alias", "canvas", "gas", "analysis", "basis", "axis", "this", "is", "has", "yes",
      "plus", "campus", "virus", "bonus", "corpus",
    ]
    if keep.contains(word) || word.count <= 2 || word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
    if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
    for suffix in ["sses", "shes", "ches", "xes", "zes"] where word.hasSuffix(suffix) { return String(word.dropLast(2)) }
    if word.hasSuffix("s") { return String(word.dropLast()) }
    return word
  }
}
