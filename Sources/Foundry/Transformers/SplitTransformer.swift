/// Reads a string split by a separator into an array of strings; writes them joined.
///
/// An empty string reads as `[]`. Pieces are kept as they are (no trimming), so writing gives
/// back the text that was read.
///
/// ```swift
/// tags = try object.decode(at: 0, using: .split(separator: ","))   // "a,b,c" → ["a", "b", "c"]
/// ```
public struct SplitTransformer: MappingTransformer, Hashable {
  /// The text between the pieces; never empty.
  public let separator: String

  /// A transformer splitting at `separator` (a comma when empty).
  ///
  /// ```swift
  /// let words = SplitTransformer(separator: " ")
  /// ```
  /// - Parameters:
  ///   - separator: The separator; empty means `,`.
  public init(separator: String) { self.separator = separator.isEmpty ? "," : separator }

  /// Splits a string.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-string (numbers read as text in lenient mode).
  /// - Complexity: O(n) in the length of the string.
  public func read(from value: ValueReader) throws -> [String] {
    let string = try value.string()
    guard !string.isEmpty else { return [] }
    return string.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }

  /// Joins the strings with the separator.
  /// - Parameters:
  ///   - pieces: The pieces to join.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ pieces: [String], to writer: inout ValueWriter) throws {
    writer.write(pieces.joined(separator: separator))
  }
}

extension MappingTransformer where Self == SplitTransformer {
  /// A string split at `separator`.
  ///
  /// ```swift
  /// tags = try object.decode(at: 0, using: .split(separator: ","))
  /// ```
  /// - Parameters:
  ///   - separator: The separator; empty means `,`.
  public static func split(separator: String) -> SplitTransformer { SplitTransformer(separator: separator) }
}
