import Foundation
import Foundry
import FoundryGraph
import FoundryInternals
import FoundryJSON

/// Random payloads for any schema, from a seed: each attribute a value of its type at its key
/// path (the edges real data has: non-ASCII text, integers past 2^53, decimals past `Double`'s
/// precision, dates before 1900 and after 2100, optional values missing or null), identities
/// unique across each inheritance family, and required to-one relationships nested.
struct PayloadGenerator {
  let schema: Schema
  private var state: UInt64
  /// The next identity number; shared by every entity, so identities never collide in a family.
  private var nextIdentity = 1

  init(schema: Schema, seed: UInt64) {
    self.schema = schema
    state = seed &+ 0x9E37_79B9_7F4A_7C15
  }

  /// Whether objects of `entity` can be imported alone: not abstract, and every required
  /// to-one relationship can be nested within `depth` levels (required to-many ones cannot).
  func canGenerate(_ entity: EntityDescription, depth: Int = 3) -> Bool {
    guard !entity.isAbstract, depth > 0 else { return false }
    for (slot, relationship) in entity.relationships.enumerated() where !relationship.isOptional || relationship.minCount > 0 {
      guard !relationship.isToMany, canGenerate(schema.entities[entity.destinationIndices[slot]], depth: depth - 1) else { return false }
    }
    return entity.identitySlots.allSatisfy { entity.attributes[$0].type != .boolean }
  }

  /// `count` objects of `entity` as a JSON array.
  mutating func objects(of entity: EntityDescription, count: Int) -> JSONValue {
    .array((0..<count).map { _ in object(of: entity, depth: 3) })
  }

  /// One object of `entity`.
  mutating func object(of entity: EntityDescription, depth: Int) -> JSONValue {
    var object = JSONObject()
    let identity = nextIdentity
    nextIdentity += 1
    for (slot, attribute) in entity.attributes.enumerated() {
      let value: JSONValue?
      if entity.identitySlots.contains(slot) {
        value = identityValue(identity, as: attribute.type)
      } else if attribute.isOptional && next(4) == 0 {
        value = next(2) == 0 ? nil : .null
      } else {
        value = self.value(for: attribute)
      }
      if let value { try? object.insert(value, at: PathExpression(attribute.payloadKeyPath)) }
    }
    for (slot, relationship) in entity.relationships.enumerated() where !relationship.isToMany && (!relationship.isOptional && depth > 0) {
      let destination = schema.entities[entity.destinationIndices[slot]]
      let concrete = destination.isAbstract ? destination.descendantIndices.map { schema.entities[$0] }.first { !$0.isAbstract } : destination
      guard let concrete else { continue }
      let nested = self.object(of: concrete, depth: depth - 1)
      try? object.insert(nested, at: PathExpression(relationship.payloadKeyPath))
    }
    return .object(object)
  }

  /// A value of `attribute`'s type, within its rules.
  mutating func value(for attribute: Attribute) -> JSONValue {
    // The transformers of `RandomLibrary`: a list, a day, any JSON.
    switch attribute.transformerName {
    case "List": return .string((0..<next(4)).map { _ in ["drama", "é", "字 😀", "melodrama"][next(4)] }.joined(separator: ","))
    case "Day": return .string(String(Self.iso8601(Double(next(15_778_800)) * 1000 - 8_520_000_000).prefix(10)))
    default: break
    }
    let rules = attribute.rules
    switch attribute.type {
    case .string:
      let fewest = max(1, Int(rules.minimum ?? 1))
      let most = max(fewest, min(Int(rules.maximum ?? 12), 12))
      let letters: [Character] = rules.pattern == nil ? ["a", "Z", "é", "ü", "ß", "字", "😀", " ", "\"", "\\"] : ["a", "b", "c"]
      let length = fewest + next(most - fewest + 1)
      return .string(String((0..<length).map { _ in letters[next(letters.count)] }))
    case .integer16: return integer(in: Int64(Int16.min)...Int64(Int16.max), rules: rules)
    case .integer32: return integer(in: Int64(Int32.min)...Int64(Int32.max), rules: rules)
    case .integer64:
      // Past 2^53 half the time: what a Double would round.
      if rules.minimum == nil, rules.maximum == nil, next(2) == 0 { return .number(JSONNumber(Int64(1) << 53 + Int64(next(1_000_000)))) }
      return integer(in: -1_000_000...1_000_000, rules: rules)
    case .double: return .number(JSONNumber(floatLiteral: bounded(Double(next(2_000_001)) / 8 - 125_000, rules)))
    case .float: return .number(JSONNumber(floatLiteral: bounded(Double(next(20_001)) / 4 - 2_500, rules)))
    case .decimal:
      let digits = "\(next(1_000_000_000))\(next(1_000_000_000)).\(next(1000))"
      return .number(JSONNumber(text: rules.minimum == nil && rules.maximum == nil ? digits : "\(bounded(Double(next(100)), rules))")!)
    case .boolean: return .bool(next(2) == 0)
    case .date:
      // Seconds since 1970 from 1700 to 2200, with fractions of a second.
      let seconds = Double(next(15_778_800_000)) - 8_520_000_000 + Double(next(1000)) / 1000
      return .string(Self.iso8601(seconds))
    case .binary: return .string(Data((0..<next(24)).map { _ in UInt8(next(256)) }).base64EncodedString())
    case .uuid: return .string(UUID().uuidString)
    case .uri: return .string("https://example.com/\(next(10_000))/b%C3%BCcher?q=\(next(100))")
    case .transformable, .value:
      return .object(JSONObject([("name", .string("é\(next(100))")), ("tags", .array([.string("a"), .number(JSONNumber(next(10)))]))]))
    }
  }

  /// A value of `type` that no other object of the run has.
  private mutating func identityValue(_ identity: Int, as type: AttributeType) -> JSONValue {
    switch type {
    case .string: .string("id-\(identity)-ü")
    case .integer16, .integer32, .integer64, .double, .float, .decimal: .number(JSONNumber(identity))
    case .date: .string(Self.iso8601(Double(identity) * 86_400))
    case .binary: .string(Data("id-\(identity)".utf8).base64EncodedString())
    case .uuid: .string(String(format: "00000000-0000-4000-8000-%012X", identity))
    case .uri: .string("https://example.com/id/\(identity)")
    default: .number(JSONNumber(identity))
    }
  }

  private mutating func integer(in range: ClosedRange<Int64>, rules: AttributeRules) -> JSONValue {
    let low = max(range.lowerBound, Int64(rules.minimum ?? -1000))
    let high = min(range.upperBound, Int64(rules.maximum ?? 1000))
    return .number(JSONNumber(low + Int64(next(Int(max(0, high - low)) + 1))))
  }

  private func bounded(_ value: Double, _ rules: AttributeRules) -> Double {
    min(max(value, rules.minimum ?? -.infinity), rules.maximum ?? .infinity)
  }

  static func iso8601(_ seconds: Double) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let date = Date(timeIntervalSince1970: seconds.rounded(.down))
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let milliseconds = Int(((seconds - seconds.rounded(.down)) * 1000).rounded())
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
      parts.second ?? 0, min(milliseconds, 999))
  }

  /// A number below `bound` (splitmix64).
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(max(1, bound)))
  }
}
