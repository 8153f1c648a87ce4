import FoundryJSON

/// Prints a ``Shape`` as an indented tree that reads like a type declaration.
///
/// ```
/// {
///   type: string                     // e.g. "FeatureCollection"
///   features: [{                     // 2 items
///     properties: {
///       mag: int | double
///       tz: null | int
///       felt?: int                   // in 1 of 2
///     }
///     geometry: {
///       coordinates: [int | double]  // 3 items
///     }
///   }]
///   events: {<id>: {                 // 2 keys
///     name: string                   // e.g. "Pleyel"
///     ids: [int]                     // 0...1 items
///   }}
/// }
/// ```
///
/// - `a | b`: the types found, `null` first, then `bool`, `int`, `double`, `string`, arrays
///   and objects. `int` is a number written without fraction or exponent.
/// - `key?`: a key missing from some of the objects; the comment says how many had it.
/// - `[T]`: arrays, their elements merged into one shape `T`; the comment gives the lengths,
///   `a...b` when they vary, `480 × 4...7,000 × 2 items` for nested arrays.
/// - `{<id>: T}`: an object read as a dictionary (see ``ShapeOptions/summarizesMaps``).
/// - `{...}`: an object below ``Options/maximumDepth``, its fields counted in the comment, or
///   one whose structure was already printed (`same as statuses[].user`), when
///   ``Options/abbreviatesRepeats`` is set.
/// - `e.g. "..."`: the first non-empty string seen, when ``Options/showsExamples`` is set.
///
/// Comments line up in one column. The walk uses an explicit stack: any depth renders.
package struct ShapeRenderer {
  /// What the tree shows.
  package struct Options: Sendable, Hashable {
    /// The object nesting shown in full; deeper objects print as `{...}`. `nil` shows all.
    package var maximumDepth: Int?
    /// Whether comments show an example string.
    package var showsExamples = true
    /// Whether an object whose structure (keys, optionality, types, recursively) was already
    /// printed shows as `{...}` with `same as <path>` instead of in full.
    package var abbreviatesRepeats = true
    /// The rightmost column comments line up at; longer lines push their comment further.
    package var commentColumn = 44

    /// Everything shown, examples included.
    package init() {}
  }

  /// What the tree shows.
  package var options: Options

  package init(options: Options = .init()) { self.options = options }

  /// The tree for `shape`, one line per key, without a trailing newline.
  ///
  /// - Complexity: O(*n*) in the number of nodes reachable from the root.
  package func render(_ shape: Shape) -> String {
    var walk = RenderWalk(shape: shape, options: options)
    return Self.layout(walk.run(), commentColumn: options.commentColumn)
  }

  // MARK: - Layout

  /// One output line: its indentation level, its text, and an optional comment.
  struct Line {
    var depth: Int
    var text: String
    var comment: String
  }

  /// Joins lines, padding comments to a shared column: two spaces past the widest commented
  /// line, but no further right than `commentColumn`.
  private static func layout(_ lines: [Line], commentColumn: Int) -> String {
    let width = { (line: Line) in line.depth * 2 + line.text.count }
    let widest = lines.filter { !$0.comment.isEmpty }.map(width).max() ?? 0
    return lines.map { line in
      let text = String(repeating: "  ", count: line.depth) + line.text
      guard !line.comment.isEmpty else { return text }
      let column = max(width(line) + 2, min(widest + 2, commentColumn))
      return text + String(repeating: " ", count: column - width(line)) + "// " + line.comment
    }.joined(separator: "\n")
  }
}
