#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

extension AttributeCodec {
  /// Whether values of `produced`, a transformer's value type, can be held by an attribute of
  /// `type`: checked when the transformer is bound, so a transformer of the wrong kind fails
  /// once, naming the attribute, instead of at every value it reads.
  ///
  /// A `GraphValue` or an unknown type fits a transformable attribute only; a typed value
  /// fits the `.value` attribute of its type; a scalar fits where its graph value converts
  /// (an `Int` into an integer, double or decimal attribute).
  static func canHold(_ produced: Any.Type, as type: AttributeType) -> Bool {
    if produced == GraphValue.self { return true }
    switch type {
    case .transformable: return true
    case .value(let valueType): return valueType.describes(produced)
    default: return sample(of: produced)?.converted(to: type) != nil
    }
  }

  /// A value of each scalar type a transformer may produce, as a graph value.
  private static func sample(of produced: Any.Type) -> GraphValue? {
    switch ObjectIdentifier(produced) {
    case ObjectIdentifier(String.self): .string("")
    case ObjectIdentifier(Bool.self): .bool(false)
    case ObjectIdentifier(Int.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self): .integer(0)
    case ObjectIdentifier(Double.self): .double(0)
    case ObjectIdentifier(Float.self): .float(0)
    case ObjectIdentifier(Decimal.self): .decimal(0)
    case ObjectIdentifier(Date.self): .date(Date(timeIntervalSince1970: 0))
    case ObjectIdentifier(Data.self): .data(Data())
    case ObjectIdentifier(UUID.self): .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    case ObjectIdentifier(URL.self): .url(URL(fileURLWithPath: "/"))
    case ObjectIdentifier(JSONValue.self): .json(.null)
    default: nil
    }
  }
}
