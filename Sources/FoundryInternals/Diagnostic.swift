/// Renders an error the way a compiler does: a headline, the location, the line and a caret.
///
/// ```
/// error: unexpected character '}' after ','
/// --> payload.json:3:7
///  3 |   "b",}
///    |       ^
/// ```
package enum Diagnostic {
  /// The name printed for input that did not come from a named file.
  package static let anonymousSource = "<input>"

  /// Formats `message` at `location` in the source called `sourceName`.
  package static func render(message: String, location: SourceLocation, sourceName: String?) -> String {
    let name = sourceName ?? anonymousSource
    let gutter = String(location.line)
    let blank = String(repeating: " ", count: gutter.count)
    return """
      error: \(message)
      --> \(name):\(location.line):\(location.column)
       \(gutter) | \(location.lineText)
       \(blank) | \(location.caretPadding)^
      """
  }

  /// Formats a failure that concerns the whole input, not a place in it.
  package static func render(message: String, sourceName: String?) -> String {
    "error: \(message)\n--> \(sourceName ?? anonymousSource)"
  }
}
