extension JSONNode {
  /// The elements of an array node, walked along the tape.
  ///
  /// ```swift
  /// for element in document.root.elements { print(element.kind) }
  /// ```
  public struct Elements: Sequence, Sendable {
    let storage: JSONStorage?
    let start: Int
    /// The number of elements.
    public let count: Int

    /// A sequence with no elements.
    public static var empty: Elements { Elements(storage: nil, start: 0, count: 0) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(storage: storage, position: start, remaining: count) }

    public struct Iterator: IteratorProtocol {
      let storage: JSONStorage?
      var position: Int
      var remaining: Int

      public mutating func next() -> JSONNode? {
        guard remaining > 0, let storage else { return nil }
        remaining -= 1
        let node = JSONNode(storage: storage, index: position)
        position = storage.next(after: position)
        return node
      }
    }
  }

  /// The members of an object node as `(key, value)` pairs, in document order.
  ///
  /// ```swift
  /// for (key, value) in document.root.members { print(key, value.kind) }
  /// ```
  public struct Members: Sequence, Sendable {
    let storage: JSONStorage?
    let start: Int
    /// The number of members, repeated keys included.
    public let count: Int

    /// A sequence with no members.
    public static var empty: Members { Members(storage: nil, start: 0, count: 0) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(storage: storage, position: start, remaining: count) }

    public struct Iterator: IteratorProtocol {
      let storage: JSONStorage?
      var position: Int
      var remaining: Int

      public mutating func next() -> (key: String, value: JSONNode)? {
        guard remaining > 0, let storage else { return nil }
        remaining -= 1
        let key = storage.string(at: position)
        let value = JSONNode(storage: storage, index: position + 1)
        position = storage.next(after: position + 1)
        return (key, value)
      }
    }
  }
}
