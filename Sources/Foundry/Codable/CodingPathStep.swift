/// One step of a coding path, kept on the decoder's stack while decoding and turned into
/// `CodingKey`s only when someone asks for `codingPath`.
///
/// Steps name the document's own keys (`created_at`, not `createdAt`), like ``MappingPath``.
enum CodingPathStep {
  case key(String)
  case index(Int)

  var codingKey: CodingPathKey {
    switch self {
    case .key(let name): CodingPathKey(stringValue: name)
    case .index(let index): CodingPathKey(intValue: index)
    }
  }

  var component: MappingPath.Component {
    switch self {
    case .key(let name): .key(name)
    case .index(let index): .index(index)
    }
  }
}

/// The `CodingKey` of coding paths, `superDecoder()` and the keys of unknown objects.
struct CodingPathKey: CodingKey, Hashable, Sendable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  /// The key `superDecoder()` and `superEncoder()` use.
  static let `super` = CodingPathKey(stringValue: "super")
}

extension MappingError {
  /// `error` as a ``MappingError`` whose path starts below the value it was thrown for.
  ///
  /// A `DecodingError` thrown by a type's own `init(from:)` keeps the part of its coding path
  /// below `depth` (the steps that lead to that value are prepended while unwinding); any
  /// other error becomes `invalidValue` with it as ``underlying``. `offset` places errors that
  /// have no place of their own.
  static func converting(_ error: any Error, depth: Int, offset: Int) -> MappingError {
    if var mapping = error as? MappingError {
      if mapping.offset == nil { mapping.offset = offset }
      return mapping
    }
    guard let decoding = error as? DecodingError else {
      return MappingError(code: .invalidValue, reason: String(describing: error), underlying: error, offset: offset)
    }
    let code: Code
    var path: [any CodingKey]
    let reason: String
    switch decoding {
    case .keyNotFound(let key, let context):
      code = .keyNotFound
      path = context.codingPath + [key]
      reason = context.debugDescription
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      code = .typeMismatch
      path = context.codingPath
      reason = context.debugDescription
    case .dataCorrupted(let context):
      code = .invalidValue
      path = context.codingPath
      reason = context.debugDescription
    @unknown default:
      code = .invalidValue
      path = []
      reason = String(describing: decoding)
    }
    var mapping = MappingError(code: code, reason: reason, underlying: error, offset: offset)
    for key in path.dropFirst(depth).reversed() {
      mapping.prepend(key.intValue.map(MappingPath.Component.index) ?? .key(key.stringValue))
    }
    return mapping
  }
}
