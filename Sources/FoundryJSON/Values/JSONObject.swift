/// The members of a JSON object: unique keys in their original order.
///
/// Keys compare by code points, as JSON's do: `"\u{E9}"` and `"e\u{301}"` are two keys.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = "three"
/// object.keys          // ["b", "a", "c"]
/// object["a"]          // .number(2)
/// object["b"] = nil    // removes "b"
/// ```
///
/// Lookup is a linear scan for objects of up to 64 members and a hash lookup beyond.
public struct JSONObject: Sendable, RandomAccessCollection, Hashable {
  /// The keys, in order.
  public private(set) var keys: [String]
  /// The values, in the order of ``keys``.
  public private(set) var values: [JSONValue]
  /// Positions by key, kept only for larger objects.
  private var positions: [JSONKey: Int]?

  private static let indexThreshold = 64

  /// An empty object.
  public init() {
    keys = []
    values = []
  }

  /// Builds an object from pairs; `policy` decides which of two equal keys stays.
  /// - Parameters:
  ///   - members: Key and value pairs, in order.
  ///   - policy: Which of two equal keys stays.
  public init<S: Sequence>(_ members: S, uniquingKeysWith policy: JSONParsingOptions.DuplicateKeyPolicy = .keepLast)
  where S.Element == (String, JSONValue) {
    keys = []
    values = []
    for (key, value) in members {
      if let position = position(of: key) {
        if policy == .keepLast { values[position] = value }
      } else {
        append(key, value)
      }
    }
  }

  /// An empty object with room for `capacity` members.
  package init(minimumCapacity capacity: Int) {
    keys = []
    values = []
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Appends a member whose key the object does not hold yet, as the caller knows (a writer
  /// whose keys are all different): no lookup of the keys already there.
  package mutating func append(newKey key: String, _ value: JSONValue) {
    assert(position(of: key) == nil, "\(key) is in the object already")
    append(key, value)
  }

  /// Builds an object from keys known to be unique.
  init(uniqueKeys keys: [String], values: [JSONValue]) {
    self.keys = keys
    self.values = values
    if keys.count > Self.indexThreshold { rebuildIndex() }
  }

  // MARK: Collection

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }
  public subscript(position: Int) -> (key: String, value: JSONValue) { (keys[position], values[position]) }

  // MARK: Lookup

  /// The value for `key`; assigning `nil` removes the member, assigning a new key appends it.
  /// - Parameters:
  ///   - key: The member's name, compared by code points.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { values[$0] } }
    set {
      switch (position(of: key), newValue) {
      case (let position?, let value?): values[position] = value
      case (let position?, nil):
        keys.remove(at: position)
        values.remove(at: position)
        if positions != nil { rebuildIndex() }
      case (nil, let value?): append(key, value)
      case (nil, nil): break
      }
    }
  }

  /// Whether the object has a member named `key`.
  /// - Parameters:
  ///   - key: The member's name, compared by code points.
  public func contains(key: String) -> Bool { position(of: key) != nil }

  private func position(of key: String) -> Int? {
    if let positions { return positions[JSONKey(key)] }
    return keys.firstIndex { JSONKey.sameKey($0, key) }
  }

  private mutating func append(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
    if positions != nil {
      positions?[JSONKey(key)] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  private mutating func rebuildIndex() {
    var positions: [JSONKey: Int] = [:]
    positions.reserveCapacity(keys.count)
    for (position, key) in keys.enumerated() { positions[JSONKey(key)] = position }
    self.positions = positions
  }

  // MARK: Equality ignores order

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine the members' own hashes commutatively.
    var combined = 0
    for (key, value) in zip(keys, values) {
      var member = Hasher()
      member.combine(JSONKey(key))
      member.combine(value)
      combined = combined &+ member.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self.init(members, uniquingKeysWith: .keepLast)
  }
}
