/// A document view that key paths can walk: arrays by position, everything else by name.
///
/// The walk (``walk(_:from:)``) is the only place that decides when a segment indexes: a
/// segment with an ``PathSegment/index`` steps into an array; on any other node, and for
/// every other segment, the view's ``pathChild(_:)`` decides what the name means (an object
/// key in JSON; in a markup view also the XML conventions of `@name`, `#text` and
/// `{namespace-uri}local`).
package protocol PathNavigable {
  /// Whether positional segments index this node (an array).
  var isPathIndexable: Bool { get }
  /// The element at `position` (negative counts from the end); `nil` out of range.
  subscript(position: Int) -> Self? { get }
  /// The child a segment names when it does not index this node; `nil` when there is none.
  func pathChild(_ segment: PathSegment) -> Self?
}

extension PathNavigable {
  /// The node `path` leads to from here; `nil` when a step is missing.
  ///
  /// ```swift
  /// root.walk(PathExpression("items.-1.id"))
  /// ```
  /// - Parameter start: The first segment to follow (the ones before it were followed already).
  /// - Complexity: O(*d*) steps for a path of *d* segments, each as costly as the view's lookup.
  @inlinable
  package func walk(_ path: PathExpression, from start: Int = 0) -> Self? {
    var current = self
    var position = start
    let segments = path.segments
    while position < segments.count {
      guard let next = current.step(segments[position]) else { return nil }
      current = next
      position += 1
    }
    return current
  }

  /// The last node along `path` that exists (this one when the first step is missing):
  /// where a missing key is reported.
  package func deepestNode(along path: PathExpression) -> Self {
    var current = self
    for segment in path.segments {
      guard let next = current.step(segment) else { break }
      current = next
    }
    return current
  }

  /// One step: an index into an array, else a name.
  @inlinable
  package func step(_ segment: PathSegment) -> Self? {
    if let index = segment.index, isPathIndexable { return self[index] }
    return pathChild(segment)
  }
}
