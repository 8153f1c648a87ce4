/// A parsing error that can say a file could not be read: JSON's and XML's, so the file readers
/// written once here (`FileChunks`, `FileElementReader`) throw each layer's own error.
///
/// Public only because ``FileChunks`` is (its error type is a generic parameter); the
/// requirements are underscored, so no format's public API shows them.
///
/// ```swift
/// extension JSONParsingError: UnreadableInputError {
///   public init(_unreadable path: String, reason: String) { ... }
///   public static var _fileChunkSize: Int { JSONStreamOptions().bufferSize }
/// }
/// ```
public protocol UnreadableInputError: Error {
  /// The error for the file at `path` (as given, and the source errors name) that failed to
  /// open or read because of `reason` (the system's words).
  init(_unreadable path: String, reason: String)
  /// How many bytes a ``FileChunks`` of this format reads at a time when not told: the
  /// format's default stream buffer size.
  static var _fileChunkSize: Int { get }
}
