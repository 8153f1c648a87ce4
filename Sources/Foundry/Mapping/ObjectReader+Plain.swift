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

  /// Field `field` of a plain scalar type read from the tape: `nil` when declined (read it the
  /// general way), `.some(nil)` when the key is absent, else the value.
  @inlinable
  mutating func plainScalar<T>(_ type: T.Type, at field: Int) -> T?? {
    // Specialized per `T`, this folds to one case or to `return nil`.
    guard let kind = PlainScalarKind(T.self), !schema.hasValidators else { return nil }
    switch simpleLookup(field) {
    case .declined: return nil
    case .absent: return .some(nil)
    case .value(let index):
      if let plain = kind.read(T.self, at: index, of: object.node) { return .some(plain) }
      return isNullAfterDecline(at: index) ? .some(nil) : nil
    }
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

  /// Whether the value at tape index `index`, which the fast path just declined, is `null`
  /// (a missing value to every caller); when it is not, the next lookup is set to start at its
  /// key, so the general read that follows finds it at once instead of going round the object.
  @usableFromInline
  package mutating func isNullAfterDecline(at index: Int) -> Bool {
    if object.node.isNull(at: index) { return true }
    revisitKey(ofValueAt: index)
    return false
  }

}

/// The scalar types the fast paths read straight from the tape.
@usableFromInline
enum PlainScalarKind {
  case string, int64, int, double, bool

  /// The kind of `T`, or `nil` when it is none of them. Specialized per `T`, this folds to a
  /// constant.
  @inlinable
  init?<T>(_: T.Type) {
    if T.self == String.self {
      self = .string
    } else if T.self == Int.self {
      self = .int
    } else if T.self == Int64.self {
      self = .int64
    } else if T.self == Double.self {
      self = .double
    } else if T.self == Bool.self {
      self = .bool
    } else {
      return nil
    }
  }

  /// The value at tape index `index` of `node`'s document as `T` (of this kind), or `nil` when
  /// it needs the general read.
  @inlinable
  func read<T>(_: T.Type, at index: Int, of node: JSONNode) -> T? {
    switch self {
    case .string: node.plainString(at: index).map { $0 as! T }
    case .int64: node.plainInt64(at: index).map { $0 as! T }
    case .int: node.plainInt64(at: index).flatMap { Int(exactly: $0) }.map { $0 as! T }
    case .double: node.plainDouble(at: index).map { $0 as! T }
    case .bool: node.plainBool(at: index).map { $0 as! T }
    }
  }

  /// A JSON array of plain scalars read from the tape without a node or a `ValueReader` per
  /// element (each retained the document and the decoding context); `nil` when `T` is not
  /// plain, the value is not a JSON array, or an element needs the general read (which applies
  /// coercions and says what is wrong).
  @inlinable
  static func array<T>(of _: T.Type, from value: ValueReader) -> [T]? {
    guard let kind = PlainScalarKind(T.self) else { return nil }
    let node = value.node
    guard node.kind == .array, !node.isMarkup else { return nil }
    var result: [T] = []
    result.reserveCapacity(node.count)
    var index = node.firstChildIndex
    for _ in 0..<node.count {
      guard let element = kind.read(T.self, at: index, of: node) else { return nil }
      result.append(element)
      index = node.tapeIndex(after: index)
    }
    return result
  }
}
