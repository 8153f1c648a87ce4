/// The kind of a value as ``Shape`` tells them apart: JSON's number splits into `int` (no
/// fraction, no exponent in its text) and `double`.
package enum ValueKind: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case null, bool, int, double, string, array, object

  /// The name shapes print: `null`, `bool`, `int`, `double`, `string`, `array`, `object`.
  package var description: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .double: "double"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
