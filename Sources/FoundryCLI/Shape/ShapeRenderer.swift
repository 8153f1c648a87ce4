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
    var text = ""
    render(shape) { text += $0 }
    return text
  }

  /// The tree for `shape`, handed to `write` in pieces of about 64 KB as it is laid out: its
  /// text grows with the square of the objects' nesting (each level indents its lines), so a
  /// document nested a hundred thousand deep prints gigabytes, which must not be held at once.
  ///
  /// ```swift
  /// ShapeRenderer().render(shape) { FileHandle.standardOutput.write(Data($0.utf8)) }
  /// ```
  package func render(_ shape: Shape, to write: (String) -> Void) {
    var walk = RenderWalk(shape: shape, options: options)
    Self.layout(walk.run(), commentColumn: options.commentColumn, to: write)
  }

  // MARK: - Layout

  /// One output line: its indentation level, its text, and an optional comment.
  struct Line {
    var depth: Int
    var text: String
    var comment: String
  }

  /// The size of the pieces ``render(_:to:)`` writes.
  private static let pieceSize = 64 << 10

  /// Joins lines, padding comments to a shared column: two spaces past the widest commented
  /// line, but no further right than `commentColumn`.
  private static func layout(_ lines: [Line], commentColumn: Int, to write: (String) -> Void) {
    let width = { (line: Line) in line.depth * 2 + line.text.count }
    let widest = lines.lazy.filter { !$0.comment.isEmpty }.map(width).max() ?? 0
    var piece = ""
    for (number, line) in lines.enumerated() {
      if number > 0 { piece += "\n" }
      // Written a piece at a time: one line of a deep document may be megabytes of indentation.
      var indentation = line.depth * 2
      while indentation > 0 {
        let spaces = min(indentation, max(1, pieceSize - piece.utf8.count))
        piece += String(repeating: " ", count: spaces)
        indentation -= spaces
        if piece.utf8.count >= pieceSize { flush(&piece, to: write) }
      }
      piece += line.text
      if !line.comment.isEmpty {
        let column = max(width(line) + 2, min(widest + 2, commentColumn))
        piece += String(repeating: " ", count: column - width(line)) + "// " + line.comment
      }
      if piece.utf8.count >= pieceSize { flush(&piece, to: write) }
    }
    flush(&piece, to: write)
  }

  private static func flush(_ piece: inout String, to write: (String) -> Void) {
    guard !piece.isEmpty else { return }
    write(piece)
    piece = ""
  }
}
