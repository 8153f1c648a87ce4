/// Turns byte offsets of a document into places in the input it came from, when the two differ:
/// an element of a stream is parsed inside a small document of its own, and its errors must
/// point into the whole input.
///
/// ```swift
/// struct Shifted: SourceLocator {
///   let origin: StreamPosition
///   let text: [UInt8]
///   func location(ofOffset offset: Int) -> SourceLocation {
///     text.withUnsafeBufferPointer { origin.location(ofLocalOffset: offset, in: $0) }
///   }
/// }
/// ```
package protocol SourceLocator: Sendable {
  /// The place in the whole input of `offset` in the document's own text.
  func location(ofOffset offset: Int) -> SourceLocation
}
