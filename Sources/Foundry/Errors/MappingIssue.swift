/// One thing lossy decoding did instead of failing: dropped an element, defaulted a field,
/// coerced a value, or met an unknown key. A failed validation drops or defaults the value it
/// belongs to; its error says why.
///
/// ```swift
/// let result = MappingDecoder().decodeLossy([User].self, from: data)
/// for issue in result.issues { print(issue) }
/// // $[3]: element dropped because $[3].age: expected Int, found string "old"
/// ```
public struct MappingIssue: Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Sendable, Hashable {
    /// A bad array element (or dictionary value) was left out; the others were kept.
    case elementDropped
    /// A bad field took its default value (or `nil`).
    case fieldDefaulted
    /// A value was converted to fit (a number from a string, ...).
    case valueCoerced
    /// The input had a key no field maps.
    case unknownKey
    /// A payload named no case of a variant enum and its `@DefaultCase` kept it.
    case unknownVariant
  }

  /// What happened.
  public let kind: Kind
  /// Why, when an error caused it; its path is absolute, like ``path``.
  public let error: MappingError?
  /// A short note for events without an error (`"string \"42\" read as Int"`).
  public let note: String?
  var reversedPath: [MappingPath.Component]

  package init(kind: Kind, error: MappingError? = nil, note: String? = nil) {
    self.kind = kind
    self.error = error
    self.note = note
    reversedPath = []
  }

  /// Where it happened.
  public var path: MappingPath { MappingPath(components: reversedPath.reversed()) }

  /// Adds the component the issue's value sits under, to the issue and to its error.
  package mutating func prepend(_ component: MappingPath.Component) {
    reversedPath.append(component)
    if var error = self.error {
      error.prepend(component)
      self = MappingIssue(kind: kind, error: error, note: note, reversedPath: reversedPath)
    }
  }

  private init(kind: Kind, error: MappingError?, note: String?, reversedPath: [MappingPath.Component]) {
    self.kind = kind
    self.error = error
    self.note = note
    self.reversedPath = reversedPath
  }

  public var description: String {
    let what: String
    switch kind {
    case .elementDropped: what = "element dropped"
    case .fieldDefaulted: what = "field defaulted"
    case .valueCoerced: what = "value coerced"
    case .unknownKey: what = "unknown key"
    case .unknownVariant: what = "unknown variant"
    }
    var text = "\(path): \(what)"
    if let error {
      text += " because \(error.message)"
    } else if let note {
      text += ": \(note)"
    }
    return text
  }
}
