import FoundryJSON

// The fast path for the commonest fields: a `String`, `Int`, `Int64`, `Double` or `Bool` under a
// plain key, read straight from the tape. No node and no `ValueReader` is made for the value (each
// would retain the document and the decoding context), and nothing about paths or issues needs
// recording, because the fast path only ever succeeds. Anything else it declines, and the
// field is read the general way, which applies coercions and says what is wrong.

extension ObjectReader {
  /// Where a plain key's value is, for the fast path.
  @usableFromInline
  package enum PlainField {
    /// The key is not there.
    case absent
    /// The value's tape index in the object's document.
    case value(Int)
    /// The field needs the general lookup.
    case declined
  }

  /// The scalar types the fast path reads.
  @usableFromInline
  enum PlainScalarKind {
    case string, int64, int, double, bool
  }

  /// Field `field` of a plain scalar type read from the tape: `nil` when declined (read it the
  /// general way), `.some(nil)` when the key is absent, else the value.
  @inlinable
  mutating func plainScalar<T>(_ type: T.Type, at field: Int) -> T?? {
    // Specialized per `T`, this folds to one case or to `return nil`.
    let kind: PlainScalarKind
    if T.self == String.self {
      kind = .string
    } else if T.self == Int.self {
      kind = .int
    } else if T.self == Int64.self {
      kind = .int64
    } else if T.self == Double.self {
      kind = .double
    } else if T.self == Bool.self {
      kind = .bool
    } else {
      return nil
    }
    guard !schema.hasValidators else { return nil }
    switch simpleLookup(field) {
    case .declined: return nil
    case .absent: return .some(nil)
    case .value(let index):
      let plain: T?
      switch kind {
      case .string: plain = plainString(at: index).map { $0 as! T }
      case .int64: plain = plainInt64(at: index).map { $0 as! T }
      case .int: plain = plainInt64(at: index).flatMap { Int(exactly: $0) }.map { $0 as! T }
      case .double: plain = plainDouble(at: index).map { $0 as! T }
      case .bool: plain = plainBool(at: index).map { $0 as! T }
      }
      if let plain { return .some(plain) }
      return isNullAfterDecline(at: index) ? .some(nil) : nil
    }
  }

  /// Whether the value at tape index `index`, which the fast path just declined, is `null`
  /// (a missing value to every caller); when it is not, the next lookup is set to start at its
  /// key, so the general read that follows finds it at once instead of going round the object.
  @usableFromInline
  package mutating func isNullAfterDecline(at index: Int) -> Bool {
    if object.node.isNull(at: index) { return true }
    revisitKey(ofValueAt: index)
    return false
  }

  /// The string at tape index `index` (from ``simpleLookup(_:)``), or `nil` for another kind.
  @usableFromInline
  package func plainString(at index: Int) -> String? { object.node.plainString(at: index) }
  /// The integer at tape index `index` that fits `Int64`, or `nil`.
  @usableFromInline
  package func plainInt64(at index: Int) -> Int64? { object.node.plainInt64(at: index) }
  /// The Boolean at tape index `index`, or `nil` for another kind.
  @usableFromInline
  package func plainBool(at index: Int) -> Bool? { object.node.plainBool(at: index) }
  /// The number at tape index `index` as the nearest `Double`, or `nil`.
  @usableFromInline
  package func plainDouble(at index: Int) -> Double? { object.node.plainDouble(at: index) }
}
