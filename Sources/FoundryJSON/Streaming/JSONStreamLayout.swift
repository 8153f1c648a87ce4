import FoundryInternals

/// Where the elements of a streamed JSON input are: in an array (the top-level value, or the
/// array at a key path of objects), or one document per line (JSON Lines, NDJSON).
///
/// ```swift
/// let quakes = JSONStreamLayout.array(at: "features")   // {"type": ..., "features": [ ... ]}
/// let items = JSONStreamLayout.array(at: "data.items")  // {"data": {"items": [ ... ]}}
/// let whole = JSONStreamLayout.array()                  // [ ... ]
/// let events = JSONStreamLayout.lines                   // {"id": 1}\n{"id": 2}\n
/// ```
public struct JSONStreamLayout: Sendable, Hashable, CustomStringConvertible {
  enum Shape: Sendable, Hashable {
    case array(PathExpression)
    case lines
  }

  let shape: Shape

  /// The elements of the array at `keyPath`: object keys separated by dots (`\.` is a literal
  /// dot), the empty path for a top-level array.
  ///
  /// Every segment names an object member, even one that looks like a number: the walk never
  /// enters an array on the way. When an object along the path has the key twice, the first
  /// one is streamed and later ones are only checked (under
  /// ``JSONParsingOptions/DuplicateKeyPolicy/reject`` a repeated path key is an error).
  ///
  /// ```swift
  /// let layout = JSONStreamLayout.array(at: "data.items")
  /// ```
  /// - Parameters:
  ///   - keyPath: Object keys leading to the array (`data.items`); empty for a top-level array.
  public static func array(at keyPath: String = "") -> JSONStreamLayout {
    JSONStreamLayout(shape: .array(PathExpression(keyPath)))
  }

  /// One JSON document per line (JSON Lines, NDJSON); blank lines are skipped.
  ///
  /// ```swift
  /// let reader = try JSONElementReader(contentsOfFile: "events.ndjson", layout: .lines)
  /// ```
  public static var lines: JSONStreamLayout { JSONStreamLayout(shape: .lines) }

  /// The object keys leading to the array, in order; empty for a top-level array and for lines.
  ///
  /// ```swift
  /// JSONStreamLayout.array(at: "data.items").keyPath   // ["data", "items"]
  /// ```
  public var keyPath: [String] {
    guard case .array(let path) = shape else { return [] }
    return path.segments.map(\.name)
  }

  /// How the layout reads in messages.
  ///
  /// ```swift
  /// print(JSONStreamLayout.array(at: "features"))   // array at 'features'
  /// ```
  public var description: String {
    switch shape {
    case .array(let path): path.isEmpty ? "top-level array" : "array at '\(path.text)'"
    case .lines: "lines"
    }
  }
}
