import FoundryJSON

// The fast path for `Codable`'s commonest fields: a `String`, `Bool`, `Double` or integer read
// straight from the tape, under its key as written. No node and no `ValueReader` is made (each
// retains the document and the decoder), and nothing about coding paths needs recording,
// because the fast path only ever succeeds. Anything else it declines (`nil`): a missing key,
// `null`, another kind of value, a key strategy or a repeated key; the field is then read the
// general way, which applies coercions and says what is wrong. A declined value's key is
// where the next lookup starts, so the general read finds it at once.

/// What the `Codable` fast path found under a key (top level: nested in the generic
/// container, each use would look up its type at run time).
enum PlainLookup<Value> {
  /// The value, read.
  case value(Value)
  /// No member has the key.
  case absent
  /// The key's value is `null`.
  case null
  /// Read it the general way.
  case declined

  /// The value, or `nil` for the general read.
  var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }

  /// For an optional field: `.some(value)`, `.some(nil)` when absent, or `nil` for the general read.
  var optional: Value?? {
    switch self {
    case .value(let value): return .some(value)
    case .absent, .null: return .some(nil)
    case .declined: return nil
    }
  }
}

extension KeyedDocumentContainer {
  /// The string under `key`.
  func plainString(_ key: Key) -> PlainLookup<String> { plain(key) { object.plainString(at: $0) } }

  /// The Boolean under `key`.
  func plainBool(_ key: Key) -> PlainLookup<Bool> { plain(key) { object.plainBool(at: $0) } }

  /// The number under `key` as the nearest `Double`.
  func plainDouble(_ key: Key) -> PlainLookup<Double> { plain(key) { object.plainDouble(at: $0) } }

  /// The integer under `key`. (Not generic over the integer type: unspecialized, each read
  /// would look up the type's conformances.)
  func plainInt64(_ key: Key) -> PlainLookup<Int64> { plain(key) { object.plainInt64(at: $0) } }

  /// The integer under `key`, when it fits `Int`.
  func plainInt(_ key: Key) -> PlainLookup<Int> { plain(key) { object.plainInt64(at: $0).flatMap { Int(exactly: $0) } } }

  /// The integer under `key`, when it fits `Int32`.
  func plainInt32(_ key: Key) -> PlainLookup<Int32> { plain(key) { object.plainInt64(at: $0).flatMap { Int32(exactly: $0) } } }

  /// The value under `key` read by `body` from its tape index, when the key is looked up the
  /// in-order way and `body` reads it.
  @inline(__always)
  private func plain<T>(_ key: Key, _ body: (Int) -> T?) -> PlainLookup<T> {
    guard !mayRepeatKeys, decoder.keyStrategy != .convertFromSnakeCase,
      let found = key.stringValue.utf8.withContiguousStorageIfAvailable({ object.memberIndex(utf8: $0, hint: &hint) })
    else { return .declined }
    guard let index = found else { return .absent }
    if let value = body(index) { return .value(value) }
    // The general read starts at the value's key (a member's value follows its key on the tape).
    hint = index - 1
    return object.isNull(at: index) ? .null : .declined
  }
}
