#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GraphValue {
  /// The value `text` spells for an attribute of `type` (an object key read as an identity),
  /// or `nil` when it spells none.
  ///
  /// ```swift
  /// GraphValue(text: "138586341", as: .integer64)   // .integer(138586341)
  /// ```
  /// - Parameters:
  ///   - text: The text, such as an object key.
  ///   - type: The type of the attribute it fills.
  public init?(text: String, as type: AttributeType) {
    switch type {
    case .string: self = .string(text)
    case .integer16, .integer32, .integer64:
      guard let value = Int64(text), GraphValue.integer(value).converted(to: type) != nil else { return nil }
      self = .integer(value)
    case .double: guard let value = Double(text) else { return nil }; self = .double(value)
    case .float: guard let value = Float(text) else { return nil }; self = .float(value)
    case .decimal: guard let value = Decimal(string: text) else { return nil }; self = .decimal(value)
    case .boolean:
      switch text.lowercased() {
      case "true", "yes", "1": self = .bool(true)
      case "false", "no", "0": self = .bool(false)
      default: return nil
      }
    case .uuid: guard let value = UUID(uuidString: text) else { return nil }; self = .uuid(value)
    case .uri: guard Self.isURIReference(text), let value = URL(string: text) else { return nil }; self = .url(value)
    default: return nil
    }
  }

  /// Whether `text` can be an RFC 3986 URI reference as far as its scheme goes: a colon before
  /// the first `/`, `?` or `#` must end a scheme (a letter, then letters, digits, `+`, `-`, `.`),
  /// which `URL(string:)` does not check (it takes `"::"`).
  private static func isURIReference(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    let head = text.utf8.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    guard let colon = head.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let scheme = head[..<colon]
    guard let first = scheme.first, isASCIILetter(first) else { return false }
    return scheme.allSatisfy {
      isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// The value as an object key or identity text: `138586341`, `EU`.
  var text: String {
    switch self {
    case .string(let value): value
    case .url(let value): value.absoluteString
    case .uuid(let value): value.uuidString
    default: "\(base)"
    }
  }
}
