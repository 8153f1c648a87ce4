import FoundryInternals
import FoundryJSON

// The mapping layer's two uses of a parsed key path besides walking it (``PathNavigable``):
// naming it in errors and reports, and building the nested output it describes when encoding.

extension PathExpression {
  /// The path as error and report components: an index segment as `[n]`, any other as a key.
  package var mappingComponents: [MappingPath.Component] {
    segments.map { $0.index.map(MappingPath.Component.index) ?? .key($0.name) }
  }
}

extension JSONObject {
  /// Puts `value` at `path` inside this object, creating the objects and arrays on the way: a
  /// segment that indexes makes an array (`avatars.0.url`; `-1` the last element, a new one
  /// when the array is empty) unless an object is there already, and every other segment an
  /// object member. The empty path merges the members of `value`, an object, into this one
  /// (a flattened model). What is already at a place is replaced.
  ///
  /// ```swift
  /// var object = JSONObject()
  /// try object.insert(1, at: PathExpression("stats.views"))   // {"stats": {"views": 1}}
  /// ```
  /// - Throws: ``MappingError`` when the empty path is given something other than an object,
  ///   or an index is too large to write (over 10,000).
  package mutating func insert(_ value: JSONValue, at path: PathExpression) throws {
    try insert(value, at: path.segments[...])
  }

  fileprivate mutating func insert(_ value: JSONValue, at path: ArraySlice<PathSegment>) throws {
    guard let first = path.first else {
      guard case .object(let members) = value else {
        throw MappingError(code: .invalidValue, reason: "only an object can be flattened into its parent (empty key path)")
      }
      for (key, member) in members { self[key] = member }
      return
    }
    // The last segment: the value replaces what is there (as below, in one lookup).
    if path.count == 1 { return self[first.name] = value }
    var child = JSONValue.null
    if let existing = self[first.name] {
      child = existing
      self[first.name] = .null  // one reference left, so the child changes in place
    }
    try child.insert(value, at: path.dropFirst())
    self[first.name] = child
  }
}

extension JSONValue {
  /// Puts `value` at `path` inside this value (see ``JSONObject/insert(_:at:)``); the empty
  /// path replaces this value.
  fileprivate mutating func insert(_ value: JSONValue, at path: ArraySlice<PathSegment>) throws {
    guard let first = path.first else { return self = value }
    if let index = first.index, object == nil {
      var elements = array ?? []
      self = .null
      // -1 is the last element: a new one when the array is empty.
      let position = index >= 0 ? index : max(elements.count + index, 0)
      guard position <= 10_000 else {
        throw MappingError(code: .invalidValue, reason: "array index \(index) in a key path is too large to write")
      }
      while elements.count <= position { elements.append(.null) }
      try elements[position].insert(value, at: path.dropFirst())
      self = .array(elements)
    } else {
      var members = object ?? JSONObject()
      self = .null
      try members.insert(value, at: path)
      self = .object(members)
    }
  }
}
