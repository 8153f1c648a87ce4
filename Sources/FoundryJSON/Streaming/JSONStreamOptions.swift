/// The limits of streaming, beside the ``JSONParsingOptions`` every element is parsed with.
///
/// Memory stays near ``maximumElementSize`` plus ``bufferSize`` whatever the size of the input:
/// one element (or one line) is held at a time, with one chunk of input.
///
/// ```swift
/// var streaming = JSONStreamOptions()
/// streaming.maximumElementSize = 1 << 20   // refuse any element over 1 MiB
/// streaming.bufferSize = 16 << 10          // read files 16 KiB at a time
/// let reader = try JSONElementReader(contentsOfFile: "quakes.json", layout: .array(at: "features"), streamOptions: streaming)
/// ```
public struct JSONStreamOptions: Sendable, Hashable {
  /// The largest element (or line, or value skipped beside the array) held at once, in bytes.
  /// A larger one is a ``JSONParsingError`` with code ``JSONParsingError/Code/sizeLimitExceeded``,
  /// as is one larger than ``JSONParsingOptions/maximumInputSize``. 64 MiB by default.
  public var maximumElementSize: Int = 64 << 20
  /// How many bytes a file is read at a time. 64 KiB by default.
  public var bufferSize: Int = 64 << 10

  /// The default limits.
  ///
  /// ```swift
  /// let reader = try JSONElementReader(contentsOfFile: path, streamOptions: JSONStreamOptions())
  /// ```
  public init() {}
}
