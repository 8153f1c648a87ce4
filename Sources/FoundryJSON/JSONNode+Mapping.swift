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
    let node = storage.nodes[index]
    guard node.kind == .object, node.count > 0 else { return nil }
    let first = index + 1
    let end = Int(node.payload)
    let start = hint > index && hint < end ? hint : first
    var child = start
    repeat {
      let value = child + 1
      let next = storage.next(after: value)
      if storage.stringEquals(child, key) {
        hint = next < end ? next : first
        return JSONNode(storage: storage, index: value)
      }
      child = next < end ? next : first
    } while child != start
    return nil
  }

  /// Whether two keys of this object may be equal (see `JSONStorage.mayRepeatKeys`).
  package func mayRepeatKeys(scratch: inout [UInt64]) -> Bool {
    storage.nodes[index].kind == .object && storage.duplicateKeys != .reject
      && storage.mayRepeatKeys(inObjectAt: index, scratch: &scratch)
  }

  /// The line, column and excerpt of a byte offset in this node's document.
  package func sourceLocation(ofOffset offset: Int) -> SourceLocation {
    if let markup = storage.markup {
      return markup.text.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    }
    return SourceLocation(offset: offset, in: UnsafeBufferPointer(start: storage.bytes, count: storage.byteCount))
  }
}
