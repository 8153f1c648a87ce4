/// A transformer spec that names no registered transformer, or names one for another type.
///
/// ```swift
/// do { _ = try TransformerRegistry.standard.transformer(spec: "dat:yyyy") }
/// catch let error as TransformerSpecError { print(error) }
/// // unknown transformer "dat:yyyy" (known: base64, base64url, bool, date:FORMAT, ...)
/// ```
public struct TransformerSpecError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What is wrong with the spec: `error.code == .unknownTransformer`.
  ///
  /// ```swift
  /// catch let error as TransformerSpecError where error.code == .wrongValueType { ... }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name: `TransformerSpecError.Code.badArgument.description == "badArgument"`.
    public let description: String
    /// No transformer of that name is registered (the message lists the known ones).
    public static let unknownTransformer = Code(description: "unknownTransformer")
    /// The transformer makes values of another type than the property or attribute holds.
    public static let wrongValueType = Code(description: "wrongValueType")
    /// The argument after the colon is missing or unusable (`date:` without a format).
    public static let badArgument = Code(description: "badArgument")
  }

  enum Kind: Equatable {
    case unknown(known: [String])
    case wrongType(produces: String, expected: String)
    case badArgument(expected: String)
  }

  /// The spec as written.
  public let spec: String
  let kind: Kind

  init(spec: String, kind: Kind) {
    self.spec = spec
    self.kind = kind
  }

  /// What is wrong with the spec.
  public var code: Code {
    switch kind {
    case .unknown: .unknownTransformer
    case .wrongType: .wrongValueType
    case .badArgument: .badArgument
    }
  }

  /// What went wrong, in one line: what ``description`` prints.
  public var message: String { description }

  public var description: String {
    switch kind {
    case .unknown(let known):
      "unknown transformer \"\(spec)\" (known: \(known.joined(separator: ", ")))"
    case .wrongType(let produces, let expected):
      "transformer \"\(spec)\" produces \(produces), not \(expected)"
    case .badArgument(let expected):
      "transformer \"\(spec)\" needs a \(expected) after the colon"
    }
  }
}
