// What lies around the streamed array, kept for a reader that needs the whole document's
// structure (`foundry inspect`), not only its elements.
extension JSONElementScanner {
  /// A part of the document outside the elements, in document order.
  package enum Surrounding: Sendable {
    /// A member of an object along the key path that is not the next step of the path: its
    /// keys from the root (`["metadata"]`, `["data", "count"]`) and its parsed value.
    case member(path: [String], value: JSONDocument)
    /// The array's `[`: the members before it come before the array in the document.
    case arrayStart
  }

  /// The parts outside the elements met since the last call, in document order; with
  /// ``keepsSurroundings`` only. Take them after every call to ``next()``: those met before
  /// an element come before it.
  ///
  /// ```swift
  /// var scanner = JSONElementScanner(layout: .array(at: "features"))
  /// scanner.keepsSurroundings = true
  /// scanner.append(Array(#"{"type": "FeatureCollection", "features": []}"#.utf8))
  /// _ = try scanner.next()
  /// scanner.takeSurroundings()   // [.member(path: ["type"], ...), .arrayStart]
  /// ```
  package mutating func takeSurroundings() -> [Surrounding] {
    defer { surroundings.removeAll(keepingCapacity: true) }
    return surroundings
  }

  /// Keeps `value`, the member beside the key path just read, when surroundings are kept.
  mutating func keepMember(_ value: JSONDocument) {
    guard keepsSurroundings else { return }
    surroundings.append(.member(path: keys[..<max(0, openObjects - 1)] + [memberKey], value: value))
  }

  /// Notes the array's start when surroundings are kept.
  mutating func keepArrayStart() {
    if keepsSurroundings { surroundings.append(.arrayStart) }
  }
}
