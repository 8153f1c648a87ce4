extension JSONNode {
  /// The elements of an array node, walked along the tape.
  ///
  /// ```swift
  /// for element in document.root.elements { print(element.kind) }
  /// ```
  public struct Elements: Sequence, Sendable {
    let children: TapeChildren

    /// The number of elements.
    public var count: Int { children.remaining }

    /// A sequence with no elements.
    public static var empty: Elements { Elements(children: .none) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(children: children) }

    public struct Iterator: IteratorProtocol {
      var children: TapeChildren

      public mutating func next() -> JSONNode? {
        children.next(span: 0).map { JSONNode(storage: $0.storage, index: $0.index) }
      }
    }
  }

  /// The members of an object node as `(key, value)` pairs, in document order.
  ///
  /// ```swift
  /// for (key, value) in document.root.members { print(key, value.kind) }
  /// ```
  public struct Members: Sequence, Sendable {
    let children: TapeChildren

    /// The number of members, repeated keys included.
    public var count: Int { children.remaining }

    /// A sequence with no members.
    public static var empty: Members { Members(children: .none) }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(children: children) }

    public struct Iterator: IteratorProtocol {
      var children: TapeChildren

      public mutating func next() -> (key: String, value: JSONNode)? {
        children.next(span: 1).map { ($0.storage.string(at: $0.index), JSONNode(storage: $0.storage, index: $0.index + 1)) }
      }
    }
  }
}

/// A walk over the children of a container on the tape: elements, or key-value pairs.
struct TapeChildren: Sendable {
  let storage: JSONStorage?
  var position: Int
  var remaining: Int

  static let none = TapeChildren(storage: nil, position: 0, remaining: 0)

  /// The next child; `span` is how many nodes precede its last one (1 for a key and its value).
  mutating func next(span: Int) -> (storage: JSONStorage, index: Int)? {
    guard remaining > 0, let storage else { return nil }
    remaining -= 1
    let index = position
    position = storage.next(after: index + span)
    return (storage, index)
  }
}
