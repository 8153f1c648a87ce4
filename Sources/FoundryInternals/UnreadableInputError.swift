/// A parsing error that can say a file could not be read: JSON's and XML's, so the file readers
/// written once here throw each layer's own error.
///
/// ```swift
/// extension JSONParsingError: UnreadableInputError {
///   package init(unreadable path: String, reason: String) { ... }
/// }
/// ```
package protocol UnreadableInputError: Error {
  /// The error for the file at `path` (as given, and the source errors name) that failed to
  /// open or read because of `reason` (the system's words).
  init(unreadable path: String, reason: String)
}
