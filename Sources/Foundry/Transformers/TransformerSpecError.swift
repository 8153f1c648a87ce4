/// A transformer spec that names no registered transformer, or names one for another type.
///
/// ```swift
/// do { _ = try TransformerRegistry.standard.transformer(spec: "dat:yyyy") }
/// catch let error as TransformerSpecError { print(error) }
/// // unknown transformer "dat:yyyy" (known: base64, base64url, bool, date:FORMAT, ...)
/// ```
public struct TransformerSpecError: Error, CustomStringConvertible, Sendable, Equatable {
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
