/// The limits of streaming, beside the ``XMLParsingOptions`` every element is parsed with.
///
/// Memory stays near ``maximumElementSize`` plus a few times ``bufferSize`` whatever the size
/// of the input: one chunk of input is held, with the elements complete in it (parsed together,
/// about ``bufferSize`` bytes of them at a time, or one larger element) and the markup between
/// elements that waits to be checked.
///
/// ```swift
/// var streaming = XMLStreamOptions()
/// streaming.maximumElementSize = 1 << 20   // refuse any element over 1 MiB
/// streaming.bufferSize = 16 << 10          // read files 16 KiB at a time
/// let reader = try XMLElementReader(contentsOfFile: "planet.osm", at: "node", streamOptions: streaming)
/// ```
public struct XMLStreamOptions: Sendable, Hashable {
  /// The largest element (or prolog, or piece of markup between elements) held at once, in
  /// bytes. A larger one is an ``XMLParsingError`` with code
  /// ``XMLParsingError/Code/sizeLimitExceeded``, as is one larger than
  /// ``XMLParsingOptions/maximumInputSize``. 64 MiB by default:
  /// `streaming.maximumElementSize = 1 << 20`.
  public var maximumElementSize: Int = 64 << 20
  /// How many bytes a file is read at a time, and about how many bytes of complete elements
  /// are parsed together, or of markup between elements gathered before it is checked. 64 KiB
  /// by default: `streaming.bufferSize = 1 << 20`.
  public var bufferSize: Int = 64 << 10

  /// The default limits.
  ///
  /// ```swift
  /// let reader = try XMLElementReader(contentsOfFile: path, at: "node", streamOptions: XMLStreamOptions())
  /// ```
  public init() {}
}
