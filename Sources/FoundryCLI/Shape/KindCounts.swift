/// How many values of each ``ValueKind`` were seen at one place.
///
/// ```swift
/// var counts = KindCounts()
/// counts[.int] += 2
/// counts.kinds  // [.int]
/// ```
package struct KindCounts: Sendable, Hashable {
  private var null = 0, bool = 0, int = 0, double = 0, string = 0, array = 0, object = 0

  package init() {}

  /// The count for `kind`.
  package subscript(kind: ValueKind) -> Int {
    get {
      switch kind {
      case .null: null
      case .bool: bool
      case .int: int
      case .double: double
      case .string: string
      case .array: array
      case .object: object
      }
    }
    set {
      switch kind {
      case .null: null = newValue
      case .bool: bool = newValue
      case .int: int = newValue
      case .double: double = newValue
      case .string: string = newValue
      case .array: array = newValue
      case .object: object = newValue
      }
    }
  }

  /// The kinds seen at least once, in ``ValueKind`` order.
  package var kinds: [ValueKind] { ValueKind.allCases.filter { self[$0] > 0 } }

  /// The number of values seen.
  package var total: Int { null + bool + int + double + string + array + object }

  /// Adds the counts of `other`.
  mutating func add(_ other: KindCounts) {
    for kind in ValueKind.allCases { self[kind] += other[kind] }
  }
}
