import FoundryInternals

// Package-level access for the mapping layer (module Foundry): fast member lookup that follows
// the order fields are usually read in, and source locations for mapping errors.

extension JSONNode {
  /// The member named `key` (UTF-8), scanning from the member after the last hit and wrapping.
  ///
  /// Payloads usually list keys in the order a model reads them, so each lookup is one
  /// comparison. `hint` is a tape index carried from one lookup to the next (0 to start).
  /// Ignores the duplicate-key policy: callers check ``mayRepeatKeys(scratch:)`` first.
  package func member(utf8 key: UnsafeBufferPointer<UInt8>, hint: inout Int) -> JSONNode? {
    memberIndex(utf8: key, hint: &hint).map(node(atTapeIndex:))
  }

  /// The tape index of member `key`'s value: what ``member(utf8:hint:)`` finds, without a node.
  package func memberIndex(utf8 key: UnsafeBufferPointer<UInt8>, hint: inout Int) -> Int? {
    let node = storage.nodes[index]
    guard node.kind == .object, node.count > 0 else { return nil }
    return memberIndex(utf8: key, hint: &hint, keysFrom: index + 1, to: Int(node.payload))
  }

  /// ``memberIndex(utf8:hint:)`` over the members whose keys sit at tape indices `first..<end`
  /// (a run of whole members of this object).
  package func memberIndex(utf8 key: UnsafeBufferPointer<UInt8>, hint: inout Int, keysFrom first: Int, to end: Int) -> Int? {
    assert(first > index && end <= storage.next(after: index), "memberIndex: keys \(first)..<\(end) outside the object at \(index)")
    return storage.memberValue(utf8: key, hint: &hint, keysFrom: first, to: end)
  }

  /// Whether objects nest more than `limit` deep in this value, counting this one (an object
  /// is a level, an array is none): one pass over the value's tape, which stops as soon as
  /// the answer is known (none when the document was parsed no deeper than `limit`).
  ///
  /// ```swift
  /// try JSONDocument(string: #"{"a": [{"b": {}}]}"#).root.nestsObjects(deeperThan: 2)  // true
  /// ```
  package func nestsObjects(deeperThan limit: Int) -> Bool {
    // A parsed document knows its deepest nesting: most are far shallower than any limit asked.
    if let deepest = storage.deepestNesting, deepest <= limit { return false }
    let end = storage.next(after: index)
    // The ends of the objects the walk is inside, innermost last.
    var ends: [Int] = []
    var position = index
    while position < end {
      while let last = ends.last, position >= last { ends.removeLast() }
      let node = storage.nodes[position]
      if node.kind == .object {
        ends.append(Int(node.payload))
        if ends.count > limit { return true }
      }
      position += 1
    }
    return false
  }

  /// The node at tape index `position` of this node's document.
  package func node(atTapeIndex position: Int) -> JSONNode {
    storage.assertTapeIndex(position)
    return JSONNode(storage: storage, index: position)
  }

  /// For an object of a markup view: the tape index of the first member key that is not a
  /// leading key (see `JSONDocumentBuilder.key(slot:sourceOffset:leading:spelling:)`), or the
  /// object's end.
  private var markupContentStart: Int {
    let node = storage.nodes[index]
    guard node.kind == .object else { return index + 1 }
    let end = Int(node.payload)
    var child = index + 1
    while child < end, storage.nodes[child].has(TapeNode.isLeadingKey) {
      child = storage.next(after: child + 1)
    }
    return child
  }

  /// The tape index of a container's first child (for objects: the first key).
  @usableFromInline
  package var firstChildIndex: Int { index + 1 }

  /// The tape index of the node after the one at `position` (past a container's contents):
  /// an array's next element.
  @usableFromInline
  package func tapeIndex(after position: Int) -> Int {
    storage.assertTapeIndex(position)
    return storage.next(after: position)
  }

  /// What an object reader needs to know before its first lookup.
  package struct ObjectLayout {
    /// Whether the node belongs to a markup (XML) view.
    package var isMarkup: Bool
    /// Whether the node is an object (a markup element with text only is a string).
    package var isObject: Bool
    /// For markup objects: the tape index of the first member that is not a leading key (in
    /// the XML view, not an attribute).
    package var contentStart: Int
    /// The tape index just past the node.
    package var end: Int
    /// Whether two keys of the object may be equal; never for markup views, whose children are
    /// grouped by name.
    package var mayRepeatKeys: Bool
  }

  /// The ``ObjectLayout`` of this node, in one call.
  package func objectLayout(scratch: inout [UInt64]) -> ObjectLayout {
    let isMarkup = storage.markup != nil
    let isObject = storage.nodes[index].kind == .object
    return ObjectLayout(
      isMarkup: isMarkup, isObject: isObject, contentStart: isMarkup ? markupContentStart : index + 1, end: storage.next(after: index),
      mayRepeatKeys: !isMarkup && isObject && storage.duplicateKeys != .reject && storage.mayRepeatKeys(inObjectAt: index, scratch: &scratch))
  }

  /// Whether two keys of this object may be equal (see `JSONStorage.mayRepeatKeys`).
  package func mayRepeatKeys(scratch: inout [UInt64]) -> Bool {
    storage.nodes[index].kind == .object && storage.duplicateKeys != .reject
      && storage.mayRepeatKeys(inObjectAt: index, scratch: &scratch)
  }

  /// The line, column and excerpt of a byte offset in this node's document; for an element of
  /// a stream, the place (and offset) in the whole input.
  package func sourceLocation(ofOffset offset: Int) -> SourceLocation {
    if let markup = storage.markup {
      if let locator = markup.locator { return locator.location(ofOffset: offset) }
      return markup.text.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    }
    let bytes = UnsafeBufferPointer(start: storage.bytes, count: storage.byteCount)
    if let origin = storage.streamOrigin { return origin.location(ofLocalOffset: offset, in: bytes) }
    return SourceLocation(offset: offset, in: bytes)
  }
}

// MARK: - Plain scalars

// The mapping layer's fast path for scalar fields: the value at a tape index of this node's
// document (from ``JSONNode/memberIndex(utf8:hint:)``), read without making a node for it.
// Each answers `nil` for anything but the plain case (another kind, a value out of range, text
// that needs the lenient rules), and the caller then reads the value the general way, which
// also says what is wrong.
extension JSONNode {
  /// Whether the value at `position` is `null`.
  package func isNull(at position: Int) -> Bool {
    storage.assertTapeIndex(position)
    return storage.nodes[position].kind == .null
  }

  /// An integer number (or, in markup, integer text) at `position` that fits `Int64`.
  @usableFromInline
  package func plainInt64(at position: Int) -> Int64? {
    storage.assertTapeIndex(position)
    let node = storage.nodes[position]
    switch node.kind {
    case .number: return node.has(TapeNode.isInteger) ? NumberText.int64(storage.rawBytes(of: position)) : nil
    case .string: return storage.markup == nil ? nil : Self.plainInteger(storage.rawBytes(of: position))
    default: return nil
    }
  }

  /// A number (or, in markup, number text) at `position`, as the nearest `Double`.
  @usableFromInline
  package func plainDouble(at position: Int) -> Double? {
    storage.assertTapeIndex(position)
    let node = storage.nodes[position]
    switch node.kind {
    case .number: return NumberText.double(storage.rawBytes(of: position))
    case .string: return storage.markup == nil ? nil : Self.markupDouble(storage.rawBytes(of: position))
    default: return nil
    }
  }

  /// `true` or `false` at `position`; `nil` for other kinds (markup text included).
  @usableFromInline
  package func plainBool(at position: Int) -> Bool? {
    storage.assertTapeIndex(position)
    switch storage.nodes[position].kind {
    case .true: return true
    case .false: return false
    default: return nil
    }
  }

  /// A string at `position`, decoded.
  @usableFromInline
  package func plainString(at position: Int) -> String? {
    storage.assertTapeIndex(position)
    return storage.nodes[position].kind == .string ? storage.string(at: position) : nil
  }
}
