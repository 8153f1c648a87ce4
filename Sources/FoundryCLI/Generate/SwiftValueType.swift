#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph

/// The Swift type `foundry generate` declares for an attribute type, and how it writes that
/// type's values as Swift expressions.
///
/// ```swift
/// let type = SwiftValueType(.integer64)
/// type.name                      // "Int64"
/// type.zeroValue                 // ".zero"
/// type.literal(for: .integer(7)) // "7"
/// ```
package struct SwiftValueType {
  /// The module a generated file imports for a type.
  enum Module: String, Comparable {
    case foundation = "Foundation"
    case foundryJSON = "FoundryJSON"

    static func < (lhs: Module, rhs: Module) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The attribute type.
  let attributeType: AttributeType

  package init(_ attributeType: AttributeType) { self.attributeType = attributeType }

  /// The Swift type's name: `String`, `Int64`, `Date`, `JSONValue`, or a value type's name.
  var name: String { attributeType.swiftTypeName }

  /// The module that declares the type, when it is not the standard library (or, for a
  /// value type, the generated code's own module).
  var module: Module? {
    switch attributeType {
    case .decimal, .date, .binary, .uuid, .uri: .foundation
    case .transformable: .foundryJSON
    default: nil
    }
  }

  /// What the getter of a required attribute without a default returns while the object has
  /// no value, or `nil` when the type has no obvious zero (`URL`, value types): such
  /// attributes are generated optional.
  ///
  /// None is a literal: `@Entity` makes a literal initial value (`0`, `""`, `false`) the
  /// entity's default, and the model has none, so `.zero`, `String()` and `Bool()` keep the
  /// attribute required without one.
  var zeroValue: String? {
    switch attributeType {
    case .string: "String()"
    case .integer16, .integer32, .integer64, .double, .float, .decimal: ".zero"
    case .boolean: "Bool()"
    case .date: "Date(timeIntervalSince1970: 0)"
    case .binary: "Data()"
    case .uuid: Self.uuidExpression(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    case .transformable: ".null"
    case .uri, .value: nil
    }
  }

  /// `value` as a Swift expression of this type, or `nil` when it has none (`URL`, JSON and
  /// custom values, infinities are spelled out; others are left to the comment).
  ///
  /// Literals (`7`, `"Ada"`, `true`, `2.5`) become the entity's default through `@Entity`;
  /// other expressions (`Date(timeIntervalSince1970: 0)`) are what the getter falls back to.
  package func literal(for value: GraphValue) -> String? {
    guard let value = value.converted(to: attributeType) else { return nil }
    switch value {
    case .string(let string): return SwiftNames.stringLiteral(string)
    case .integer(let integer): return String(integer)
    case .double(let double): return Self.floatingLiteral(double.description, isFinite: double.isFinite, sign: double.sign)
    case .float(let float): return Self.floatingLiteral(float.description, isFinite: float.isFinite, sign: float.sign)
    case .decimal(let decimal):
      let text = decimal.description
      return Self.isPlainNumber(text) ? text : "Decimal(string: \(SwiftNames.stringLiteral(text))) ?? 0"
    case .bool(let bool): return bool ? "true" : "false"
    case .date(let date): return "Date(timeIntervalSince1970: \(Self.secondsText(date.timeIntervalSince1970)))"
    case .data(let data):
      return data.isEmpty ? "Data()" : "Data([" + data.map { "0x" + Self.hexByte($0) }.joined(separator: ", ") + "])"
    case .uuid(let uuid): return Self.uuidExpression(uuid)
    case .url, .json, .custom: return nil
    }
  }

  // MARK: - Spelling numbers

  private static func floatingLiteral(_ text: String, isFinite: Bool, sign: FloatingPointSign) -> String {
    if isFinite { return text }
    if text == "nan" || text == "-nan" { return ".nan" }
    return sign == .minus ? "-.infinity" : ".infinity"
  }

  /// Whether `text` is `-?digits(.digits)?`, a literal Swift reads back exactly as a `Decimal`.
  private static func isPlainNumber(_ text: String) -> Bool {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
  }

  /// Seconds without a trailing `.0` when whole: `0`, `1700000000`, `12.5`.
  private static func secondsText(_ seconds: Double) -> String {
    if seconds.rounded() == seconds, let whole = Int64(exactly: seconds) { return String(whole) }
    return seconds.description
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// `UUID(uuid: (0x12, ...))`: the only non-failable spelling of a fixed UUID.
  private static func uuidExpression(_ uuid: UUID) -> String {
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    let list = bytes.map { $0 == 0 ? "0" : "0x" + hexByte($0) }.joined(separator: ", ")
    return "UUID(uuid: (\(list)))"
  }
}
