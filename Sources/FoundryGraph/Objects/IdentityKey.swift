/// The identity attribute values of one object, normalized to the attributes' types: what
/// the graph's identity index is keyed by.
struct IdentityKey: Hashable {
  /// One form per key: two integers are always an ``integerPair``, never ``several``, so
  /// that equal keys are equal values.
  enum Values: Hashable {
    case one(GraphValue)
    /// Two integers, the common composite identity (a price by seat and audience category),
    /// kept without an array: an import makes one per payload object it reads.
    case integerPair(Int64, Int64)
    case several([GraphValue])
  }
  let values: Values

  init(_ values: [GraphValue]) {
    switch values.count {
    case 1: self.init(one: values[0])
    case 2: self.init(values[0], values[1])
    default: self.init(values: .several(values))
    }
  }

  /// The key of two identity values.
  init(_ first: GraphValue, _ second: GraphValue) {
    if case .integer(let first) = first, case .integer(let second) = second {
      values = .integerPair(first, second)
    } else {
      values = .several([first, second])
    }
  }

  init(one value: GraphValue) { values = .one(value) }

  /// The key of the values `value` gives for the identity `slots`, or `nil` when one is
  /// missing (a partial identity identifies nothing). One or two values make no array.
  ///
  /// ```swift
  /// IdentityKey(slots: entity.identitySlots) { values[$0] }
  /// ```
  @inline(__always)
  init?(slots: [Int], value: (Int) throws -> GraphValue?) rethrows {
    switch slots.count {
    case 0:
      return nil
    case 1:
      guard let only = try value(slots[0]) else { return nil }
      self.init(one: only)
    case 2:
      guard let first = try value(slots[0]), let second = try value(slots[1]) else { return nil }
      self.init(first, second)
    default:
      var found: [GraphValue] = []
      found.reserveCapacity(slots.count)
      for slot in slots {
        guard let next = try value(slot) else { return nil }
        found.append(next)
      }
      self.init(values: .several(found))
    }
  }

  private init(values: Values) { self.values = values }

  /// The values in identity order.
  var components: [GraphValue] {
    switch values {
    case .one(let value): [value]
    case .integerPair(let first, let second): [.integer(first), .integer(second)]
    case .several(let values): values
    }
  }

  /// The values as written in messages: `7` or `(7, "EU")`.
  var display: String {
    switch values {
    case .one(let value): "\(value)"
    case .integerPair(let first, let second): "(\(first), \(second))"
    case .several(let values): "(" + values.map(\.description).joined(separator: ", ") + ")"
    }
  }
}

extension [Range<Int>] {
  /// Adds object number `number`, extending the last range when it ends there: numbers come in
  /// runs (a fetch registers its objects one after another), kept as ranges.
  mutating func append(objectNumber number: Int) {
    if let last, last.upperBound == number {
      self[count - 1] = last.lowerBound..<number + 1
    } else {
      append(number..<number + 1)
    }
  }
}
