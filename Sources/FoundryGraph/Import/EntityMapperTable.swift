import Foundry
import FoundryInternals
import FoundryJSON

extension GraphImportOptions {
  /// An entity mapper made of a table instead of code: the value at `keyPath` in each payload
  /// object (a string, or a number or boolean as written) picks the entity `table` names for
  /// it; a value the table lacks, or no value, keeps the entity the relationship names.
  ///
  /// ```swift
  /// // {"kind": "car", ...} is a Car, {"kind": "bike", ...} a Bicycle, anything else a Vehicle
  /// options.entityMappers["vehicleKind"] = GraphImportOptions.entityMapper(keyPath: "kind", table: ["car": "Car", "bike": "Bicycle"])
  /// ```
  /// The entities must be the relationship's entity or its subentities, as for any mapper.
  /// - Parameters:
  ///   - keyPath: Where the value sits in a payload object.
  ///   - table: Entity names by the value's text.
  public static func entityMapper(keyPath: String, table: [String: String]) -> EntityMapper {
    let path = PathExpression(keyPath)
    return { payload in
      guard let value = payload.descendant(at: path) else { return nil }
      switch value.kind {
      case .string: return (try? value.string()).flatMap { table[$0] }
      case .number: return (try? value.number()).flatMap { table[$0.text] }
      case .bool: return (try? value.bool()).flatMap { table[$0 ? "true" : "false"] }
      default: return nil
      }
    }
  }
}
